// A scripted SSE backend on local HTTP (node:http), in the test process: each POST gets one response
// stream (`content-type: text/event-stream`, `x-vercel-ai-ui-message-stream: v1`), chosen by the
// script from the request body. Every request body is recorded. Binds 127.0.0.1 on a free port and
// closes itself after `lifetimeMs` (default 60 s) if the test did not close it first.
import { createServer, type Server, type ServerResponse } from 'node:http';
import { DONE, data } from './fixtures.js';
// @ts-ignore -- plain JS, shared with the demo backend: what the real ADK backend reads (SPEC §4a).
import { FRONTEND_RESULT_TIMEOUT, answersIn, ignoredBecause } from '../../../www/server/adk-reading.mjs';

export interface SseRequest {
  method: string;
  url: string;
  body: any;
}

/** The frames of the n-th response (0-based); may look at the request body. */
export type SseScript = (body: any, n: number) => string[] | Promise<string[]>;

export class SseBackend {
  readonly requests: SseRequest[] = [];
  private closed = false;
  private open = new Set<ServerResponse>();

  private constructor(
    private server: Server,
    readonly url: string,
  ) {}

  static async start(script: SseScript, { path = '/stream', lifetimeMs = 60_000 } = {}): Promise<SseBackend> {
    let backend!: SseBackend;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', async () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: any;
        try {
          body = JSON.parse(text);
        } catch {
          body = { unparsed: text };
        }
        const n = backend.requests.length;
        backend.requests.push({ method: req.method ?? '', url: req.url ?? '', body });
        let frames: string[];
        try {
          frames = await script(body, n);
        } catch (error) {
          frames = [data({ type: 'error', errorText: `test backend: ${String(error)}` }), DONE];
        }
        backend.open.add(res);
        res.on('close', () => backend.open.delete(res));
        res.writeHead(200, {
          'content-type': 'text/event-stream',
          'cache-control': 'no-cache',
          'x-vercel-ai-ui-message-stream': 'v1',
        });
        for (const f of frames) res.write(f);
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    backend = new SseBackend(server, `http://127.0.0.1:${port}${path}`);
    setTimeout(() => void backend.close(), lifetimeMs).unref();
    return backend;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const res of this.open) res.destroy();
    this.server.closeAllConnections?.();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * A script that reads each request as the real ADK backend does (SPEC §4a; the model shared with the
 * demo backend, www/server/adk-reading.mjs): a continuation without an `approval-responded` part
 * gets an empty response (row A), and an approved browser tool without its `tool-result` part
 * gets "Timeout waiting for frontend tool result" (row B, at once here). Otherwise `script` answers.
 * `ignored` collects why a request was not read.
 */
export function readAsAdk(script: SseScript, ignored: string[] = [], browserTools = ['get_location']): SseScript {
  return (body, n) => {
    const messages = Array.isArray(body?.messages) ? body.messages : [];
    const last = messages[messages.length - 1];
    if (last?.role !== 'assistant') return script(body, n);
    const why = ignoredBecause(last);
    if (why !== null) {
      ignored.push(why);
      return [];
    }
    for (const [toolCallId, answer] of answersIn(last) as Map<string, { approved: boolean; result: unknown }>) {
      const part = last.parts.find((p: any) => p.toolCallId === toolCallId && p.type !== 'tool-result');
      const name = part?.type === 'dynamic-tool' ? part.toolName : String(part?.type).replace(/^tool-/, '');
      if (answer.approved && answer.result === undefined && browserTools.includes(name)) {
        ignored.push(`${name} approved without a tool-result part (SPEC §4a row B)`);
        return [data({ type: 'start' }), data({ type: 'tool-output-error', toolCallId, errorText: FRONTEND_RESULT_TIMEOUT }), data({ type: 'finish' }), DONE];
      }
    }
    return script(body, n);
  };
}

/** Replays recorded responses: the n-th request gets `turns[n]`, an `error` chunk past the end. */
export function replaySse(turns: string[][]): SseScript {
  return (_body, n) =>
    turns[n] ?? [data({ type: 'error', errorText: `test backend: no response left for request ${n + 1}` }), DONE];
}
