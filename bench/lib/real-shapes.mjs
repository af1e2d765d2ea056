// "Real shapes" (issue 33 §5): the decision on the messages an app really asks about. Every
// recorded backend conversation (../shared/fixtures) is replayed through AI SDK's
// `readUIMessageStream`; every snapshot of the assistant message it builds, and the message after
// each user action between the responses (an approval answered, a browser tool's output added), is
// one ask. Both deciders get the same well-formed asks and nothing else (no malformed inputs, no
// synthetic sets: each side's property reads see only the shapes an app feeds them), the library
// with a new engine per conversation, as a chat has. The same in Node and Chromium: the
// conversations are built once (`conversationsOf`, async) and timed by `runRealShapes`.

/** The tools that run in the browser in the recorded conversations (the demo's: www/src). */
export const FRONTEND_TOOLS = ['get_location'];

const stream = (chunks) => new ReadableStream({
  start(controller) {
    for (const chunk of chunks) controller.enqueue(chunk);
    controller.close();
  },
});

/** What the user does after a response: answers each pending approval (denied in the recordings
 *  named so), then, for an approved browser tool, adds its output (Pattern A: it travels with the
 *  approval). Each action is a new snapshot of the message, as `Chat` makes one. */
function userActions(message, denied) {
  const after = [];
  const approvals = message.parts.filter((part) => part.state === 'approval-requested');
  if (approvals.length === 0) return after;
  let current = message;
  const update = (toolCallId, change) => {
    current = { ...current, parts: current.parts.map((part) => (part.toolCallId === toolCallId ? { ...part, ...change(part) } : part)) };
    after.push(current);
  };
  for (const part of approvals) update(part.toolCallId, (p) => ({ state: 'approval-responded', approval: { ...p.approval, approved: !denied } }));
  for (const part of approvals) {
    const name = part.type.replace(/^tool-/, '');
    if (denied || !FRONTEND_TOOLS.includes(name)) continue;
    update(part.toolCallId, () => ({ state: 'output-available', output: { latitude: 35.68, longitude: 139.76 } }));
  }
  return after;
}

/**
 * `recordings`: `[{name, recording}]` in the shared fixtures' format. Returns `[{name, mode, asks}]`,
 * each ask a `{messages}` argument: the recording's user message and a snapshot of the assistant
 * message. `parseRecording` is the testing kit's (the responses split as the transports split them).
 */
export async function conversationsOf(recordings, { parseRecording, readUIMessageStream }) {
  const out = [];
  for (const { name, recording } of recordings) {
    const { mode, prompt, responses } = parseRecording(recording);
    const user = { id: 'user-1', role: 'user', parts: [{ type: 'text', text: prompt }] };
    const asks = [];
    let message;
    for (const chunks of responses) {
      // AI SDK's `Chat` continues the last assistant message whatever id a response's `start`
      // carries; `readUIMessageStream` would start a new message on a new id, so a continued
      // response's `start` loses its id here.
      // It also writes into the message it continues: it gets a copy, the asks keep theirs.
      const continued = message ? chunks.map((chunk) => (chunk.type === 'start' ? { type: 'start' } : chunk)) : chunks;
      const from = message && structuredClone(message);
      for await (const snapshot of readUIMessageStream({ message: from, stream: stream(continued) })) {
        message = snapshot;
        asks.push({ messages: [user, snapshot] });
      }
      for (const acted of userActions(message, /denied/.test(name))) {
        message = acted;
        asks.push({ messages: [user, acted] });
      }
    }
    out.push({ name, mode, asks });
  }
  return out;
}

/** The median of `values`. */
const median = (values) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Lets the event loop turn: the engines of the calls before are collected only then. */
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * `interleave` (lib/timing.mjs) for calls that create engines: an engine is freed by a
 * FinalizationRegistry callback, which runs only when the event loop turns, so every batch is
 * followed by a turn. A synchronous loop would leave tens of thousands of engines alive, and
 * `createAutoSend`, which looks for a free slot among them, would measure that instead of what an
 * app pays. Returns `{name: ns}`, the median per call.
 */
async function interleaveTurning(impls, { now, rounds, batchMs }) {
  const batches = [];
  for (const { fn } of impls) {
    let n = 1;
    for (;;) {
      const t0 = now();
      for (let i = 0; i < n; i++) fn();
      const ms = now() - t0;
      await turn();
      if (ms >= batchMs / 4 || n >= 1 << 16) {
        batches.push(Math.max(1, Math.round((n * batchMs) / Math.max(ms, 1e-3))));
        break;
      }
      n *= 2;
    }
  }
  const samples = impls.map(() => []);
  for (let round = -5; round < rounds; round++) {
    for (let k = 0; k < impls.length; k++) {
      const j = (Math.max(round, 0) + k) % impls.length;
      const { fn } = impls[j];
      const t0 = now();
      for (let i = 0; i < batches[j]; i++) fn();
      const ms = now() - t0;
      if (round >= 0) samples[j].push((ms * 1e6) / batches[j]);
      await turn();
    }
  }
  return Object.fromEntries(impls.map(({ name }, j) => [name, median(samples[j])]));
}

/**
 * Times the library (`createAutoSend` per conversation, every ask in order) and AI SDK's
 * `lastAssistantMessageIsCompleteWithApprovalResponses` (every ask) over all conversations,
 * interleaved; and `createAutoSend` alone. Resolves to `{conversations, asks, ns: {library, ai,
 * createAutoSend}, perAsk: {library, ai}, sends: {library, ai}}` (`ns`: one replay of them all).
 */
export async function runRealShapes({ adk, ai, conversations, now, rounds, batchMs }) {
  const helper = ai.lastAssistantMessageIsCompleteWithApprovalResponses;
  const asks = conversations.reduce((n, c) => n + c.asks.length, 0);
  const library = () => {
    let sends = 0;
    for (const { mode, asks: list } of conversations) {
      const engine = adk.createAutoSend({ mode, frontendTools: FRONTEND_TOOLS });
      for (const arg of list) if (engine.sendAutomaticallyWhen(arg)) sends++;
    }
    return sends;
  };
  const aiSdk = () => {
    let sends = 0;
    for (const { asks: list } of conversations) for (const arg of list) if (helper(arg)) sends++;
    return sends;
  };
  const sends = { library: library(), ai: aiSdk() };
  const ns = await interleaveTurning([
    { name: 'library', fn: library },
    { name: 'ai', fn: aiSdk },
    { name: 'createAutoSend', fn: () => adk.createAutoSend({ mode: 'sse', frontendTools: FRONTEND_TOOLS }) },
  ], { now, rounds, batchMs });
  return {
    conversations: conversations.length,
    asks,
    ns,
    perAsk: { library: ns.library / asks, ai: ns.ai / asks },
    sends,
  };
}
