// A simulated human-in-the-loop chat: AI SDK 6's real `Chat`, the packed package wired as an app
// wires it (`createAdk` with its browser tool runner, `sendAutomaticallyWhen`), and an adversarial
// scripted backend: a ChatTransport whose every response is drawn from a seeded random source.
//
// The backend behaves as a backend may (SPEC §1, §3): empty turns, a repeat of its last turn, text
// and reasoning before or after its reactions, tool results and tool errors for answered calls,
// new approval requests (process_payment on the server, get_location in the browser) and browser
// tools called without an approval request (change_bgm runs at once; get_location, which needs an
// approval, is refused with an output-error). As a real backend, it stops its response at an
// approval request or a browser tool call: the request is the last thing it says before it waits.
// In BIDI Pattern B, a response to an approved get_location waits for the tool_result frame.
import { Chat } from '@ai-sdk/react';
import { createAdk } from 'adk-stream-wasm/chat';

export const POSITION = Object.freeze({ latitude: 35.6762, longitude: 139.6503, accuracy: 20, timestamp: 1_767_225_600_000 });

/** A request this many past the first is a runaway: the transport refuses it (and the run fails). */
export const MAX_REQUESTS = 60;

const clone = (value) => structuredClone(value);
const tick = () => new Promise((resolve) => setImmediate(resolve));

const isTool = (part) => part && typeof part.type === 'string' && (part.type.startsWith('tool-') || part.type === 'dynamic-tool');
const toolNameOf = (part) => part.toolName ?? part.type.slice(5);

export class AdversarialBackend {
  /**
   * @param rng seeded random source
   * @param mode 'sse' | 'bidi'; pattern 'A' | 'B'
   * @param maxAskingTurns after this many responses the backend asks nothing new
   */
  constructor(rng, { mode, pattern = 'A', maxAskingTurns = 4, log = [] }) {
    this.rng = rng;
    this.mode = mode;
    this.pattern = pattern;
    this.maxAskingTurns = maxAskingTurns;
    this.log = log;
    /** Every request as sent: `{messages}` deep-copied. */
    this.requests = [];
    /** tool_result frames (Pattern B). */
    this.toolResults = [];
    /** Approval requests and browser tool calls the backend made: the "new requests" of the bound. */
    this.newRequests = 0;
    this.openStreams = 0;
    /** toolCallId -> {name, approvalId, browser, reacted, answerSeen, outputSeen} */
    this.calls = new Map();
    /** approvalId -> approved, as first seen in a request. */
    this.answersSeen = new Map();
    /** toolCallIds whose browser output reached the backend (in a request or a tool_result). */
    this.outputsSeen = new Set();
    this.previousTurn = [];
    this.counter = 0;
    this.waitingToolResult = new Map();
    this.failures = [];
  }

  sendMessages = async ({ messages, abortSignal }) => {
    if (this.requests.length >= MAX_REQUESTS) {
      this.failures.push(`request ${this.requests.length + 1}: a runaway send loop`);
      throw new Error(`request ${this.requests.length + 1} refused: a runaway send loop`);
    }
    const index = this.requests.length;
    this.requests.push({ messages: clone(messages) });
    this.observe(messages, index);
    return this.respond(index, abortSignal);
  };

  reconnectToStream = async () => null;

  /** BIDI Pattern B: a browser tool's output as a `tool_result` frame. */
  sendToolResult(toolCallId, result) {
    this.toolResults.push({ toolCallId, result: clone(result) });
    this.outputsSeen.add(toolCallId);
    this.log.push(`tool_result ${toolCallId}`);
    const waiter = this.waitingToolResult.get(toolCallId);
    if (waiter) waiter(result);
  }

  /** What the backend learns from a request: the answers and the browser outputs it carries. */
  observe(messages, index) {
    for (const message of messages) {
      if (message.role !== 'assistant') continue;
      for (const part of message.parts) {
        if (!isTool(part)) continue;
        const call = this.calls.get(part.toolCallId);
        if (!call) continue;
        if (part.approval && typeof part.approval.approved === 'boolean' && !this.answersSeen.has(part.approval.id)) {
          this.answersSeen.set(part.approval.id, part.approval.approved);
          call.answerSeen = part.approval.approved;
        }
        if (call.browser && (part.state === 'output-available' || part.state === 'output-error') && !call.backendOutput) {
          this.outputsSeen.add(part.toolCallId);
          call.outputSeen = true;
        }
      }
    }
    this.log.push(`request ${index + 1}: answers seen ${[...this.answersSeen].map(([id, a]) => `${id}=${a}`).join(',') || '-'}; outputs seen ${[...this.outputsSeen].join(',') || '-'}`);
  }

  text(chunks, what) {
    const id = `t${this.counter++}`;
    chunks.push({ type: 'text-start', id }, { type: 'text-delta', id, delta: what }, { type: 'text-end', id });
  }

  reasoning(chunks) {
    const id = `r${this.counter++}`;
    chunks.push({ type: 'reasoning-start', id }, { type: 'reasoning-delta', id, delta: 'thinking' }, { type: 'reasoning-end', id });
  }

  /** Text and/or reasoning, or nothing. */
  chatter(chunks, what) {
    const rng = this.rng;
    if (rng.chance(0.3)) this.reasoning(chunks);
    if (rng.chance(0.5)) this.text(chunks, what);
  }

  /** The chunks of one response, and what it waits for (Pattern B tool_result). */
  plan(index) {
    const rng = this.rng;
    const chunks = [];
    const first = index === 0;
    if (this.mode === 'sse') chunks.push({ type: 'start', messageId: `sse-${index}` });
    else if (first) chunks.push({ type: 'start', messageId: 'bidi-message' });
    const waits = [];
    const kind = first ? 'normal' : rng.pick(['empty', 'repeat', 'normal', 'normal', 'normal', 'normal']);
    if (kind === 'repeat') {
      // The last turn's text again, with new part ids (tool chunks of calls already settled are replayed as is).
      for (const chunk of this.previousTurn) {
        if (chunk.type === 'text-start' || chunk.type === 'text-delta' || chunk.type === 'text-end') {
          chunks.push({ ...chunk, id: `${chunk.id}-again${index}` });
        } else if (chunk.type === 'tool-output-available' || chunk.type === 'tool-output-error' || chunk.type === 'tool-output-denied') {
          chunks.push({ ...chunk });
        }
      }
    }
    if (kind !== 'empty') {
      this.chatter(chunks, `before ${index}`);
      // Reactions to the answers and outputs the backend has seen and not yet reacted to.
      for (const [toolCallId, call] of this.calls) {
        if (call.reacted) continue;
        if (call.browser && call.approvalId === undefined) {
          if (!call.outputSeen) continue;
          call.reacted = true;
          if (rng.chance(0.7)) this.text(chunks, `${call.name} done`);
          continue;
        }
        if (call.answerSeen === undefined) continue;
        if (call.browser && call.answerSeen === true && !call.outputSeen) {
          // Approved browser tool: Pattern A carries the output with the answer; in Pattern B it comes
          // as a tool_result frame, which this response waits for.
          if (this.mode === 'bidi' && this.pattern === 'B') waits.push(toolCallId);
          else continue;
        }
        call.reacted = true;
        const roll = rng.next();
        if (call.answerSeen === false) {
          if (roll < 0.6) chunks.push({ type: 'tool-output-denied', toolCallId });
          else if (roll < 0.8) chunks.push({ type: 'tool-output-error', toolCallId, errorText: 'denied by the user' });
        } else if (!call.browser) {
          if (roll < 0.6) chunks.push({ type: 'tool-output-available', toolCallId, output: { ok: true, n: index } });
          else if (roll < 0.85) chunks.push({ type: 'tool-output-error', toolCallId, errorText: 'the payment service failed' });
        }
        if (rng.chance(0.4)) this.text(chunks, `after ${toolCallId}`);
      }
      this.chatter(chunks, `after ${index}`);
    }
    // New requests: approvals to ask, or a browser tool called without one. They end the response.
    const asks = [];
    let browserCall = null;
    if (index < this.maxAskingTurns && kind !== 'empty' && rng.chance(0.75)) {
      const count = 1 + rng.int(2);
      for (let i = 0; i < count; i++) {
        const name = rng.pick(['process_payment', 'process_payment', 'get_location']);
        const n = this.counter++;
        asks.push({ toolCallId: `call-${n}`, approvalId: `approval-${n}`, name });
      }
      if (rng.chance(0.15)) {
        const n = this.counter++;
        browserCall = { toolCallId: `call-${n}`, name: rng.pick(['change_bgm', 'change_bgm', 'get_location']) };
      }
    }
    for (const ask of asks) {
      this.calls.set(ask.toolCallId, { name: ask.name, approvalId: ask.approvalId, browser: ask.name === 'get_location' });
      chunks.push({ type: 'tool-input-start', toolCallId: ask.toolCallId, toolName: ask.name });
      chunks.push({ type: 'tool-input-available', toolCallId: ask.toolCallId, toolName: ask.name, input: { amount: 5, n: index } });
      this.newRequests++;
    }
    if (browserCall) {
      this.calls.set(browserCall.toolCallId, { name: browserCall.name, browser: true });
      chunks.push({ type: 'tool-input-start', toolCallId: browserCall.toolCallId, toolName: browserCall.name });
      chunks.push({ type: 'tool-input-available', toolCallId: browserCall.toolCallId, toolName: browserCall.name, input: { track: 'jazz' } });
      this.newRequests++;
    }
    if (asks.length > 0) {
      if (this.mode === 'bidi') chunks.push({ type: 'start-step' });
      for (const ask of asks) chunks.push({ type: 'tool-approval-request', toolCallId: ask.toolCallId, approvalId: ask.approvalId });
      chunks.push(this.mode === 'bidi' ? { type: 'finish-step' } : { type: 'finish', finishReason: 'stop' });
    } else if (kind !== 'empty' || this.mode === 'sse') {
      chunks.push({ type: 'finish', finishReason: 'stop' });
    }
    this.previousTurn = chunks;
    this.log.push(`response ${index + 1} (${kind}): ${chunks.map((c) => c.type + (c.toolCallId ? `:${c.toolCallId}` : '')).join(' ')}${waits.length ? `; waits for tool_result ${waits}` : ''}`);
    return { chunks, waits };
  }

  respond(index, signal) {
    const { chunks, waits } = this.plan(index);
    const backend = this;
    let finished = false;
    this.openStreams++;
    const finish = () => {
      if (!finished) {
        finished = true;
        backend.openStreams--;
      }
    };
    return new ReadableStream({
      async start(controller) {
        signal?.addEventListener('abort', () => {
          if (finished) return;
          finish();
          try {
            const error = new Error('aborted');
            error.name = 'AbortError';
            controller.error(error);
          } catch {}
        }, { once: true });
      },
      async pull(controller) {
        try {
          for (const chunk of chunks) {
            if (finished) return;
            await tick();
            controller.enqueue(clone(chunk));
          }
          for (const toolCallId of waits) {
            if (!backend.outputsSeen.has(toolCallId)) {
              const result = await new Promise((resolve, reject) => {
                const timer = setTimeout(() => reject(new Error(`no tool_result for ${toolCallId} within 3 s`)), 3000);
                backend.waitingToolResult.set(toolCallId, (r) => {
                  clearTimeout(timer);
                  resolve(r);
                });
              });
              if (finished) return;
              controller.enqueue({ type: 'tool-output-available', toolCallId, output: clone(result) });
            }
            backend.calls.get(toolCallId).outputSeen = true;
          }
          if (waits.length > 0) controller.enqueue({ type: 'finish', finishReason: 'stop' });
          finish();
          controller.close();
        } catch (error) {
          backend.failures.push(String(error.message));
          finish();
          controller.error(error);
        }
      },
      cancel: () => finish(),
    });
  }
}

/**
 * One simulated chat. `locationBehaviour(toolCallId)` returns 'ok' or 'fail' for the stubbed
 * geolocation. Counts every user action and checks the browser tools' ordering as they run.
 */
export function createSimulatedChat(rng, { mode, pattern, maxAskingTurns }) {
  const log = [];
  const backend = new AdversarialBackend(rng, { mode, pattern, maxAskingTurns, log });
  const counts = { answers: 0, browserOutputs: 0, browserOutputIds: new Set(), locationRuns: new Map(), bgmRuns: new Map() };
  const violations = [];
  let chat;
  const partOf = (toolCallId) => {
    for (const message of chat.messages) for (const part of message.parts) if (part.toolCallId === toolCallId) return part;
    return undefined;
  };
  const adk = createAdk({
    mode,
    bidiPattern: pattern,
    transport: backend,
    tools: {
      get_location: {
        requiresApproval: true,
        execute: async (_input, { toolCallId }) => {
          const part = partOf(toolCallId);
          if (!part || part.state !== 'approval-responded' || part.approval?.approved !== true) {
            violations.push(`get_location ${toolCallId} ran in state ${part?.state} approved=${part?.approval?.approved}`);
          }
          counts.locationRuns.set(toolCallId, (counts.locationRuns.get(toolCallId) ?? 0) + 1);
          await tick();
          if (rng.chance(0.2)) throw new Error('User denied Geolocation');
          return { ...POSITION };
        },
      },
      change_bgm: {
        requiresApproval: false,
        execute: async (_input, { toolCallId }) => {
          counts.bgmRuns.set(toolCallId, (counts.bgmRuns.get(toolCallId) ?? 0) + 1);
          return { playing: 'jazz' };
        },
      },
    },
  });
  chat = new Chat({ id: `sim-${rng.int(1e9)}`, transport: backend, sendAutomaticallyWhen: adk.sendAutomaticallyWhen });
  // Counting only: every tool output the browser adds goes through chat.addToolOutput.
  const addToolOutput = chat.addToolOutput;
  chat.addToolOutput = (args) => {
    counts.browserOutputs++;
    counts.browserOutputIds.add(args.toolCallId);
    log.push(`browser output ${args.toolCallId} ${args.state ?? 'output-available'}`);
    return addToolOutput(args);
  };
  adk.attach(chat);
  return { chat, adk, backend, counts, violations, log };
}

/**
 * Resolves once the chat has been idle (not submitted/streaming, no open stream, no browser tool
 * running, no new request) for `stable` consecutive macrotask turns; rejects after `maxTurns`.
 */
export async function idle(sim, { stable = 4, maxTurns = 5000 } = {}) {
  let quiet = 0;
  let requests = sim.backend.requests.length;
  for (let turn = 0; turn < maxTurns; turn++) {
    await tick();
    await sim.adk.whenToolsIdle();
    const now = sim.backend.requests.length;
    const busy = sim.chat.status === 'submitted' || sim.chat.status === 'streaming' || sim.backend.openStreams > 0;
    if (busy || now !== requests) {
      quiet = 0;
      requests = now;
    } else if (++quiet >= stable) {
      return;
    }
  }
  throw new Error(`the chat never became idle (status ${sim.chat.status}, ${sim.backend.requests.length} requests)`);
}
