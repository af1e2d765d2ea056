// One scenario against AI SDK's own server side: a mock language model that plays scripted steps
// (and counts its calls), AI SDK's `ToolLoopAgent` or `streamText` around it with real tools, the
// real `Chat` in front, through `DirectChatTransport` or over HTTP (a Node `http` server on
// 127.0.0.1 serving the UI-message-stream response, `DefaultChatTransport` in front). The chat
// decides with the package (`createAdk`, or `createAutoSend` alone) or with AI SDK's own helpers.
import { createAutoSend } from 'adk-stream-wasm';
import { createAdk } from 'adk-stream-wasm/chat';
import { Chat } from '../helpers/ai.js';
import { scriptedModel, type Step } from './model.js';
import { ai, aiSdkHelpers } from './sdk.js';
import { agentFor, startServer, type Backend, type ServerTool } from './server.js';
import { onStreamEnd } from '../helpers/streams.js';

export { answer, callTools, callToolsAndHang, type Step } from './model.js';
export type { Backend, ServerTool } from './server.js';

export type TransportKind = 'direct' | 'http';
/** Who decides when the chat sends: the package's createAdk (its runner and helpers), the package's
 *  createAutoSend alone (AI SDK's own answer calls), or AI SDK's helpers. */
export type Decider = 'createAdk' | 'createAutoSend' | 'ai-sdk';

export interface Scenario {
  name: string;
  tools: Record<string, ServerTool>;
  steps: Step[];
  /** The user's answers, in this order, each once its approval is pending: tool name → approved. */
  answers?: Array<[string, boolean]>;
  /** Client tools (no `execute`) the app answers in `onToolCall`, with their outputs. */
  clientOutputs?: Record<string, unknown>;
  /** Browser tools of the package's runner (`createAdk({tools})`), run after their approval. */
  browserTools?: Record<string, { requiresApproval: boolean }>;
  /** Stops the chat while the first approval is pending and the model still streams. */
  stopWhilePending?: boolean;
  /** What it takes at the fewest: model calls, requests; and the final text. */
  needed: { modelCalls: number; requests: number; text: string };
}

export interface Outcome {
  modelCalls: number;
  requests: number;
  /** Requests made when the chat first went idle, before any answer (after `chat.stop()` too). */
  requestsBeforeAnswers: number;
  /** Requests made when each answer of `answers` had been given (before the chat went idle). */
  requestsAfterAnswer: number[];
  finalText: string | null;
  /** Tools the package's runner executed in the browser. */
  browserRuns: string[];
  /** Per request after the first: the tool parts of the last message sent, `name:state[:auto]`. */
  sent: string[][];
  status: string;
  error: string | null;
  /** The tool parts of the last message at the end, `name:state[:auto]`. */
  finalParts: string[];
  /** The tool parts of the last message when `chat.stop()` was called. */
  partsAtStop: string[] | null;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** No scenario needs more than 2 requests; a few more show a loop without hiding its count. */
const MAX_REQUESTS = 6;

/** Counts requests and open response streams of any ChatTransport. */
class CountingTransport {
  requests = 0;
  open = 0;
  sent: string[][] = [];
  constructor(private readonly inner: any) {}
  async sendMessages(options: any) {
    this.requests += 1;
    // A chat that loops would never yield to timers (DirectChatTransport answers in microtasks):
    // refuse past a bound, so such a run fails with its counts instead of hanging the suite.
    if (this.requests > MAX_REQUESTS) throw new Error(`more than ${MAX_REQUESTS} requests: the chat loops`);
    if (this.requests > 1) this.sent.push(toolStates(options.messages[options.messages.length - 1]));
    this.open += 1;
    let stream: ReadableStream;
    try {
      stream = await this.inner.sendMessages(options);
    } catch (error) {
      this.open -= 1;
      throw error;
    }
    return onStreamEnd(stream, () => {
      this.open -= 1;
    });
  }
  reconnectToStream(options: any) {
    return this.inner.reconnectToStream(options);
  }
}

function toolStates(message: any): string[] {
  return (message?.parts ?? [])
    .filter((part: any) => typeof part.type === 'string' && (part.type.startsWith('tool-') || part.type === 'dynamic-tool'))
    .map((part: any) => `${part.toolName ?? part.type.slice(5)}:${part.state}${part.approval?.isAutomatic ? ':auto' : ''}`);
}

function lastText(messages: any[]): string | null {
  const last = messages[messages.length - 1];
  if (!last || last.role !== 'assistant') return null;
  const texts = last.parts.filter((part: any) => part.type === 'text').map((part: any) => part.text);
  return texts.length > 0 ? texts[texts.length - 1] : null;
}

function pendingApprovals(messages: any[]): Array<{ toolName: string; approvalId: string }> {
  const last = messages[messages.length - 1];
  if (!last || last.role !== 'assistant') return [];
  return last.parts
    .filter((part: any) => part.state === 'approval-requested' && part.approval && !part.approval.isAutomatic)
    .map((part: any) => ({ toolName: part.toolName ?? part.type.slice(5), approvalId: part.approval.id }));
}

/** Idle: nothing streams and no request is on its way, for 3 checks in a row 10 ms apart. */
async function idle(chat: any, transport: CountingTransport, adk: any, timeoutMs = 4_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let quiet = 0;
  while (quiet < 3) {
    if (Date.now() > deadline) return false;
    await sleep(10);
    if (adk) await adk.whenToolsIdle();
    const busy = chat.status === 'submitted' || chat.status === 'streaming' || transport.open > 0;
    quiet = busy ? 0 : quiet + 1;
  }
  return true;
}

let chatCount = 0;

/** Runs `scenario` once, end to end, and reports what happened. Never throws for a stall: it reports it. */
export async function run(scenario: Scenario, transportKind: TransportKind, backend: Backend, decider: Decider): Promise<Outcome> {
  const { model, calls } = scriptedModel(scenario.steps);
  const server = transportKind === 'http' ? await startServer(backend, model, scenario.tools) : null;
  try {
    const inner = server
      ? new ai.DefaultChatTransport({ api: server.url })
      : new ai.DirectChatTransport({ agent: agentFor(model, scenario.tools) });
    const transport = new CountingTransport(inner);
    const browserRuns: string[] = [];
    const adk =
      decider === 'createAdk'
        ? createAdk({
            mode: 'sse',
            tools: Object.fromEntries(
              Object.entries(scenario.browserTools ?? {}).map(([name, { requiresApproval }]) => [
                name,
                { requiresApproval, execute: async () => (browserRuns.push(name), { ranInBrowser: name }) },
              ]),
            ),
          })
        : null;
    const autoSend = decider === 'createAutoSend' ? createAutoSend({ mode: 'sse' }) : null;
    const sendAutomaticallyWhen = adk ? adk.sendAutomaticallyWhen : autoSend ? autoSend.sendAutomaticallyWhen : aiSdkHelpers;

    let chat: any;
    const onToolCall = async ({ toolCall }: { toolCall: { toolName: string; toolCallId: string } }) => {
      const outputs = scenario.clientOutputs ?? {};
      if (!(toolCall.toolName in outputs)) return;
      const args = { tool: toolCall.toolName, toolCallId: toolCall.toolCallId, output: outputs[toolCall.toolName] };
      // The package's addToolOutput is awaited inside onToolCall, as apps write it; AI SDK's own
      // must not be (it would wait for the stream that runs this callback), as its docs say.
      if (adk) await adk.addToolOutput(args);
      else if (autoSend) await autoSend.addToolOutput(chat, args);
      else void chat.addToolOutput(args);
    };
    chat = new Chat({ id: `aisdk-backend-${++chatCount}`, transport, sendAutomaticallyWhen, onToolCall });
    if (adk) adk.attach(chat);

    const outcome: Outcome = {
      modelCalls: 0,
      requests: 0,
      requestsBeforeAnswers: 0,
      requestsAfterAnswer: [],
      finalText: null,
      browserRuns,
      sent: transport.sent,
      status: '',
      error: null,
      finalParts: [],
      partsAtStop: null,
    };
    const answers = [...(scenario.answers ?? [])];
    const sending = chat.sendMessage({ text: scenario.name });
    if (scenario.stopWhilePending) {
      const deadline = Date.now() + 4_000;
      while (pendingApprovals(chat.messages).length === 0 && Date.now() < deadline) await sleep(5);
      outcome.partsAtStop = toolStates(chat.messages[chat.messages.length - 1]);
      await chat.stop();
    }
    await sending;
    let first = true;
    while (await idle(chat, transport, adk)) {
      if (first) (outcome.requestsBeforeAnswers = transport.requests), (first = false);
      const pending = pendingApprovals(chat.messages);
      const next = answers.findIndex(([toolName]) => pending.some((p) => p.toolName === toolName));
      if (next === -1) break;
      const [[toolName, approved]] = answers.splice(next, 1);
      const { approvalId } = pending.find((p) => p.toolName === toolName)!;
      if (adk) await (approved ? adk.approve(approvalId) : adk.deny(approvalId));
      else await chat.addToolApprovalResponse({ id: approvalId, approved });
      outcome.requestsAfterAnswer.push(transport.requests);
    }
    await sleep(50); // long enough for a late automatic request to start
    if (!(await idle(chat, transport, adk))) outcome.error = `never idle (status ${chat.status})`;
    outcome.modelCalls = calls();
    outcome.requests = transport.requests;
    outcome.finalText = lastText(chat.messages);
    outcome.status = chat.status;
    outcome.finalParts = toolStates(chat.messages[chat.messages.length - 1]);
    if (chat.error) outcome.error = String(chat.error);
    if (answers.length > 0) outcome.error = `${outcome.error ?? ''} unanswered: ${answers.map(([name]) => name).join(', ')}`.trim();
    return outcome;
  } finally {
    await server?.close();
  }
}
