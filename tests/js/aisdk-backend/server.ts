// AI SDK's own server side around the mock model: real tools (run on the server, or client-side
// without `execute`), approvals asked of the user or decided alone (AI SDK 7's `toolApproval`), a
// `ToolLoopAgent` or `streamText`, and the route handler's UI-message-stream response served by a
// Node `http` server on 127.0.0.1.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { aiSdk } from '../helpers/ai.js';
import { ai } from './sdk.js';

const anyObject = () => ai.jsonSchema({ type: 'object', properties: {}, additionalProperties: true });

/** How a tool is on the server: run there, or in the browser (no `execute`); whether the user approves
 *  it, or AI SDK 7's `toolApproval` decides alone ('approved' / 'denied'). */
export interface ServerTool {
  runs: 'server' | 'browser';
  approval?: 'user' | 'approved' | 'denied';
}

function serverTools(tools: Record<string, ServerTool>) {
  const set: Record<string, unknown> = {};
  const toolApproval: Record<string, string> = {};
  for (const [name, spec] of Object.entries(tools)) {
    set[name] = ai.tool({
      description: name,
      inputSchema: anyObject(),
      ...(spec.runs === 'server' ? { execute: async (input: unknown) => ({ done: name, input }) } : {}),
      // AI SDK 6 asks for the user's approval through the tool; AI SDK 7 through `toolApproval`
      // (the tool's `needsApproval` is deprecated there), which also decides alone.
      ...(aiSdk === 6 && spec.approval === 'user' ? { needsApproval: true } : {}),
    });
    if (spec.approval === 'user' && aiSdk === 7) toolApproval[name] = 'user-approval';
    else if (spec.approval && spec.approval !== 'user') toolApproval[name] = spec.approval;
  }
  // Passed to AI SDK 6 too when it holds automatic decisions: it has no such option and ignores it,
  // which the suite shows instead of skipping those scenarios silently.
  return { tools: set, ...(Object.keys(toolApproval).length > 0 ? { toolApproval } : {}) };
}

export type Backend = 'agent' | 'streamText';

export function agentFor(model: unknown, tools: Record<string, ServerTool>) {
  return new ai.ToolLoopAgent({ model, ...serverTools(tools), stopWhen: ai.stepCountIs(10) });
}

/** The UI-message-stream response of one request, as a route handler returns it. */
async function respond(backend: Backend, model: unknown, tools: Record<string, ServerTool>, uiMessages: any[], abortSignal: AbortSignal): Promise<Response> {
  if (backend === 'agent') {
    return ai.createAgentUIStreamResponse({ agent: agentFor(model, tools), uiMessages, abortSignal });
  }
  const settings = serverTools(tools);
  const result = ai.streamText({
    model,
    ...settings,
    messages: await ai.convertToModelMessages(uiMessages, { tools: settings.tools }),
    stopWhen: ai.stepCountIs(10),
    abortSignal,
  });
  return result.toUIMessageStreamResponse({ originalMessages: uiMessages });
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (piece) => (body += piece));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/** A Node `http` server on 127.0.0.1 (ephemeral port) that answers POST /chat; `close()` stops it. */
export async function startServer(backend: Backend, model: unknown, tools: Record<string, ServerTool>): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (request, response) => {
    const aborted = new AbortController();
    // The client went away (chat.stop()): the agent stops too, as a route handler's request signal does.
    response.on('close', () => aborted.abort());
    try {
      const { messages } = JSON.parse(await readBody(request));
      const answer = await respond(backend, model, tools, messages, aborted.signal);
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      if (answer.body) {
        for await (const piece of answer.body as unknown as AsyncIterable<Uint8Array>) {
          if (!response.write(piece)) await new Promise((resolve) => response.once('drain', resolve));
        }
      }
      response.end();
    } catch (error) {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/chat`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
