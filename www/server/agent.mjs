// The scripted agent: no language model, a few recognised prompts that drive the four tools of the
// recorded ADK backend with the same chunk shapes (../shared/fixtures):
//   process_payment  server-executed, needs approval   (approve -> result, deny -> "User denied the payment")
//   get_location     browser-executed, needs approval  (SSE Pattern A; BIDI Pattern A or B)
//   get_weather      server-executed, no approval      (output, then text)
//   change_bgm       browser tool without approval     (the backend writes its output, as recorded)
// SSE is one invocation per request: the state is read back from the posted messages. BIDI is one
// invocation per turn that blocks on each approval (ADR 0004: sequential approvals, no text until
// the last answer).
import { APPROVAL_TIMEOUT, FRONTEND_RESULT_TIMEOUT, answersIn, ignoredBecause } from './adk-reading.mjs';
import {
  sleep,
  deltas,
  hasReactionAfter,
  isToolPart,
  textOf,
  toolNameOf,
  transactionId,
  sseIds,
  bidiIds,
} from './protocol.mjs';

export const EXAMPLE_PROMPTS = [
  'Send $50 to Hanako',
  'Make two payments: $30 to Alice and $40 to Bob',
  'Pay $30 to Alice and $40 to Bob at once',
  'Where am I?',
  "What's the weather in Tokyo?",
  'Play track 2 as background music',
];

// --- What the user asked ------------------------------------------------------------------------

const CITY = /\b(?:in|for|at)\s+([A-Z][\p{L}-]+(?:\s+[A-Z][\p{L}-]+)?)/u;

export function detectIntent(text) {
  const t = String(text || '').toLowerCase();
  if (/two payments|alice and bob|alice.*bob|bob.*alice/.test(t)) {
    return {
      // "at once": the model calls both tools in one step (two approvals in one agent turn, W6).
      kind: /at once|parallel|同時/.test(t) ? 'parallel-payments' : 'two-payments',
      payments: [
        { recipient: 'Alice', amount: amountNear(text, 'Alice') ?? 30 },
        { recipient: 'Bob', amount: amountNear(text, 'Bob') ?? 40 },
      ],
    };
  }
  if (/\bpay|\btransfer|send (?:money|\$|\d)|送金/.test(t)) {
    const recipient = (/\bto\s+([A-Z][\p{L}-]+)/u.exec(text) || /(\p{L}+?)さん/u.exec(text) || [])[1] || 'Hanako';
    return { kind: 'payment', payment: { recipient, amount: firstAmount(text) ?? 50 } };
  }
  if (/where am i|location|現在地/.test(t)) return { kind: 'location' };
  if (/weather|天気/.test(t)) return { kind: 'weather', location: (CITY.exec(text) || [])[1] || 'Tokyo' };
  if (/music|bgm|track|トラック/.test(t)) {
    const track = Number((/(?:track|トラック)\s*#?(\d+)/i.exec(text) || [])[1] || 1);
    return { kind: 'bgm', track };
  }
  return { kind: 'chat' };
}

function firstAmount(text) {
  const m = /\$\s?(\d+(?:\.\d+)?)|(\d+(?:\.\d+)?)\s?(?:dollars|usd|ドル)/i.exec(text);
  return m ? Number(m[1] ?? m[2]) : undefined;
}

function amountNear(text, name) {
  const after = new RegExp(`\\$\\s?(\\d+(?:\\.\\d+)?)\\s+to\\s+${name}`, 'i').exec(text);
  if (after) return Number(after[1]);
  const before = new RegExp(`${name}[^\\d\\s]*\\s*\\$?(\\d+(?:\\.\\d+)?)`, 'i').exec(text);
  return before ? Number(before[1]) : undefined;
}

// --- The tools the backend runs -----------------------------------------------------------------

/** One wallet per chat, so a demo session's balance goes down as it pays. */
export class Wallets {
  constructor() {
    this.balances = new Map();
    /** Every payment made, `{chatId, recipient, amount}`: tests count them (never twice, issue 35). */
    this.payments = [];
  }
  pay(chatId, { recipient, amount, currency = 'USD', description = '' }) {
    this.payments.push({ chatId, recipient, amount });
    const balance = (this.balances.get(chatId) ?? 1000) - amount;
    this.balances.set(chatId, balance);
    return {
      success: true,
      transaction_id: transactionId(),
      amount,
      currency,
      recipient,
      description,
      wallet_balance: balance,
      timestamp: new Date().toISOString(),
    };
  }
}

function weatherOf(location) {
  // Deterministic per city, so tests and screenshots are stable.
  const seed = [...location].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 997, 7);
  const conditions = [['Clear', 'clear sky'], ['Clouds', 'scattered clouds'], ['Rain', 'light rain']];
  const [condition, description] = conditions[seed % 3];
  const temperature = Math.round((5 + (seed % 200) / 10) * 10) / 10;
  return {
    temperature,
    condition,
    description,
    humidity: 40 + (seed % 40),
    feels_like: Math.round((temperature - 0.4) * 10) / 10,
    wind_speed: Math.round(((seed % 50) / 10 + 0.5) * 100) / 100,
    cached: false,
  };
}

const bgmOutput = (track) => ({
  success: true,
  track,
  message: `BGM change to track ${track} initiated (frontend handles execution)`,
});

const money = (n) => `$${Number.isInteger(n) ? n : n.toFixed(2)}`;

/** The sentence the final text says about one tool result. */
function sentence(result) {
  switch (result.kind) {
    case 'paid':
      return `Sent ${money(result.output.amount)} to ${result.output.recipient} (transaction ${result.output.transaction_id}); your wallet balance is ${money(result.output.wallet_balance)}.`;
    case 'payment-denied':
      return `The payment of ${money(result.payment.amount)} to ${result.payment.recipient} was not made: you denied it.`;
    case 'payment-timeout':
      return `The payment of ${money(result.payment.amount)} to ${result.payment.recipient} was not made: the approval request timed out.`;
    case 'located': {
      const { latitude, longitude, accuracy } = result.output || {};
      return `You are at latitude ${Number(latitude).toFixed(4)}, longitude ${Number(longitude).toFixed(4)} (accuracy ±${Math.round(Number(accuracy))} m).`;
    }
    case 'location-denied':
      return "All right, I won't look up your location.";
    case 'location-failed':
      return `I could not get your location: ${result.errorText}`;
    case 'location-timeout':
      return 'I did not get your location: the request timed out.';
    case 'weather': {
      const w = result.output;
      return `${result.location}: ${w.description}, ${w.temperature} °C (feels like ${w.feels_like} °C), humidity ${w.humidity}%, wind ${w.wind_speed} m/s.`;
    }
    case 'bgm':
      return `The background music is now track ${result.track}.`;
    case 'nothing-new':
      return 'There is nothing new for me to act on.';
    default:
      return result.text || '';
  }
}

const HELP =
  'I am the scripted demo agent (no language model). Try one of these: "Send $50 to Hanako", ' +
  '"Make two payments: $30 to Alice and $40 to Bob", "Where am I?", "What\'s the weather in Tokyo?", ' +
  'or "Play track 2 as background music".';

const METADATA = { modelVersion: 'scripted-demo-agent' };

const paymentInput = ({ recipient, amount }) => ({
  recipient,
  amount,
  currency: 'USD',
  description: `Payment to ${recipient}`,
});

function* textChunks(id, text) {
  yield { type: 'text-start', id };
  for (const delta of deltas(text)) yield { type: 'text-delta', id, delta };
  yield { type: 'text-end', id };
}

function* reasoningChunks(id, text) {
  yield { type: 'reasoning-start', id };
  for (const delta of deltas(text, 48)) yield { type: 'reasoning-delta', id, delta };
  yield { type: 'reasoning-end', id };
}

// --- SSE: one response per request -------------------------------------------------------------

/**
 * The chunks of one SSE response (without the final [DONE]). `ctx`: {chatId, wallets, violation(text)}.
 * A new user message starts a turn; an assistant message brings the user's answers back.
 */
export async function* sseResponse(messages, ctx) {
  const list = Array.isArray(messages) ? messages : [];
  const last = list[list.length - 1];
  if (last && last.role === 'assistant') {
    yield* sseContinuation(last, ctx);
    return;
  }
  const intent = detectIntent(textOf(last));
  yield { type: 'start', messageId: sseIds.message() };
  switch (intent.kind) {
    case 'payment':
    case 'two-payments':
    case 'parallel-payments': {
      const payments = intent.kind === 'payment' ? [intent.payment] : intent.payments;
      const calls = payments.map((p) => ({ toolCallId: sseIds.toolCall(), input: paymentInput(p) }));
      // As recorded: every call's input first, then every approval request (parallel approvals).
      for (const { toolCallId, input } of calls) {
        yield { type: 'tool-input-start', toolCallId, toolName: 'process_payment' };
        yield { type: 'tool-input-available', toolCallId, toolName: 'process_payment', input };
      }
      for (const { toolCallId } of calls) {
        ctx.sessions.ask(ctx.chatId, toolCallId, 'process_payment');
        yield { type: 'tool-approval-request', toolCallId, approvalId: sseIds.approval() };
      }
      break;
    }
    case 'location': {
      const toolCallId = sseIds.toolCall();
      yield { type: 'tool-input-start', toolCallId, toolName: 'get_location' };
      yield { type: 'tool-input-available', toolCallId, toolName: 'get_location', input: {} };
      ctx.sessions.ask(ctx.chatId, toolCallId, 'get_location');
      yield { type: 'tool-approval-request', toolCallId, approvalId: sseIds.approval() };
      break;
    }
    case 'weather':
    case 'bgm': {
      const toolCallId = sseIds.toolCall();
      const [toolName, input, output, result] =
        intent.kind === 'weather'
          ? ['get_weather', { location: intent.location }, weatherOf(intent.location), { kind: 'weather', location: intent.location }]
          : ['change_bgm', { track: intent.track }, bgmOutput(intent.track), { kind: 'bgm', track: intent.track }];
      yield { type: 'tool-input-start', toolCallId, toolName };
      yield { type: 'tool-input-available', toolCallId, toolName, input };
      yield { type: 'tool-output-available', toolCallId, output };
      yield* textChunks('0', sentence({ ...result, output }));
      break;
    }
    default:
      yield* textChunks('0', HELP);
  }
  yield { type: 'finish', finishReason: 'stop', messageMetadata: METADATA };
}

/**
 * The answer to an approval, read as the real ADK backend reads it (SPEC §4a, adk-reading.mjs):
 * only `approval-responded` parts count, and an approved browser tool's result is the
 * `tool-result` part after it. A message without any is ignored: an empty response.
 * `ctx.frontendResultTimeoutMs`: how long an approved browser tool waits for a result that over
 * SSE has no way in (the real backend: 10 s). `ctx.sessions` (sse-sessions.mjs) holds the calls
 * that wait for an answer, and the wallet `ctx.wallets` pays from.
 */
async function* sseContinuation(message, ctx) {
  const parts = Array.isArray(message.parts) ? message.parts : [];
  const pending = parts.filter((p) => isToolPart(p) && p.state === 'approval-requested');
  if (pending.length > 0) {
    ctx.violation(`request sent while ${pending.length} approval(s) are still pending`);
    yield { type: 'error', errorText: `The backend got a request while ${pending.map(toolNameOf).join(', ')} still waits for your answer.` };
    return;
  }
  const ignored = ignoredBecause(message);
  if (ignored !== null) {
    ctx.violation(`SSE: empty response: ${ignored}`);
    ctx.empty();
    return;
  }
  const answers = answersIn(message);
  const outputs = [];
  const results = [];
  for (const part of parts) {
    if (!isToolPart(part) || !answers.has(part.toolCallId)) continue;
    const name = toolNameOf(part);
    const { toolCallId } = part;
    // Only an answer to a call the chat's session waits for counts, once (sse-sessions.mjs).
    if (!ctx.sessions.answer(ctx.chatId, toolCallId)) {
      ctx.violation(`SSE: the answer to ${toolCallId} is to no call this chat's session waits for (unknown, or answered before): ignored`);
      continue;
    }
    const { approved, result } = answers.get(toolCallId);
    if (name === 'process_payment') {
      const payment = { recipient: part.input?.recipient, amount: part.input?.amount };
      if (approved) {
        const output = ctx.wallets.pay(ctx.chatId, part.input || {});
        outputs.push({ type: 'tool-output-available', toolCallId, output });
        results.push({ kind: 'paid', output });
      } else {
        outputs.push({ type: 'tool-output-error', toolCallId, errorText: 'User denied the payment' });
        results.push({ kind: 'payment-denied', payment });
      }
    } else if (name === 'get_location') {
      if (!approved) {
        outputs.push({ type: 'tool-output-error', toolCallId, errorText: 'User denied the location request' });
        results.push({ kind: 'location-denied' });
      } else if (result === undefined) {
        // Row B: the approval alone. The tool waits for the browser's result, which has no way in.
        ctx.violation('SSE: get_location approved without a tool-result part (SPEC §4a row B)');
        await sleep(ctx.frontendResultTimeoutMs);
        outputs.push({ type: 'tool-output-error', toolCallId, errorText: FRONTEND_RESULT_TIMEOUT });
        results.push({ kind: 'location-failed', errorText: FRONTEND_RESULT_TIMEOUT });
      } else if (result !== null && typeof result === 'object' && typeof result.error === 'string') {
        outputs.push({ type: 'tool-output-error', toolCallId, errorText: result.error });
        results.push({ kind: 'location-failed', errorText: result.error });
      } else {
        outputs.push({ type: 'tool-output-available', toolCallId, output: result });
        results.push({ kind: 'located', output: result });
      }
    }
  }
  if (results.length === 0) {
    ctx.violation('request with nothing new to answer');
    results.push({ kind: 'nothing-new' });
  }
  // As the real backend: every response starts with a new message id (W5).
  yield { type: 'start', messageId: sseIds.message() };
  yield* outputs;
  yield* textChunks('0', results.map(sentence).join(' '));
  yield { type: 'finish', finishReason: 'stop', messageMetadata: METADATA };
}

// --- BIDI: one blocking invocation per turn ------------------------------------------------------

/**
 * Runs one BIDI turn. `io`: {emit(chunk), done(), waitForMessage(ms) -> messages|null,
 * waitForToolResult(toolCallId, ms) -> result|null, textId(kind), approvalTimeoutMs, chatId, wallets,
 * violation(text)}. No `start`: the socket sends its one `start` itself (bidi.mjs), as the ADK
 * backend's converter does, and every turn's text has the socket's part id.
 */
export async function bidiTurn(io, messages) {
  const list = Array.isArray(messages) ? messages : [];
  const last = list[list.length - 1];
  const textId = io.textId('output_text');
  if (!last || last.role !== 'user') {
    io.violation('a message came while no approval or tool result was awaited');
    await io.emitAll(textChunks(textId, sentence({ kind: 'nothing-new' })));
    await io.emit({ type: 'finish', finishReason: 'stop', messageMetadata: METADATA });
    await io.done();
    return;
  }
  const intent = detectIntent(textOf(last));
  const results = [];
  switch (intent.kind) {
    case 'parallel-payments':
      results.push(...(await parallelPayments(io, intent.payments)));
      break;
    case 'payment':
    case 'two-payments': {
      const payments = intent.kind === 'payment' ? [intent.payment] : intent.payments;
      const plan = payments.map((p) => `${money(p.amount)} to ${p.recipient}`).join(' and ');
      await io.emitAll(
        reasoningChunks('0', `**Planning the payment**\n\nThe user wants to send ${plan}. process_payment asks the user for approval before it runs, one call at a time.`),
      );
      // BLOCKING mode: each call waits for its answer before the next one starts (ADR 0004).
      for (const payment of payments) results.push(await paymentStep(io, payment));
      break;
    }
    case 'location':
      await io.emitAll(reasoningChunks('0', '**Finding the user**\n\nget_location runs in the browser and needs the user\'s approval first.'));
      results.push(await locationStep(io));
      break;
    case 'weather':
    case 'bgm': {
      const toolCallId = bidiIds.toolCall();
      const [toolName, input, output, result] =
        intent.kind === 'weather'
          ? ['get_weather', { location: intent.location }, weatherOf(intent.location), { kind: 'weather', location: intent.location }]
          : ['change_bgm', { track: intent.track }, bgmOutput(intent.track), { kind: 'bgm', track: intent.track }];
      await io.emitAll(reasoningChunks('0', `**Using ${toolName}**\n\nThe request maps directly to ${toolName} with ${JSON.stringify(input)}.`));
      await io.emit({ type: 'tool-input-start', toolCallId, toolName });
      await io.emit({ type: 'tool-input-available', toolCallId, toolName, input });
      await io.emit({ type: 'tool-output-available', toolCallId, output });
      results.push({ ...result, output });
      break;
    }
    default:
      results.push({ kind: 'text', text: HELP });
  }
  await io.emitAll(textChunks(textId, results.map(sentence).join(' ')));
  await io.emit({ type: 'finish', finishReason: 'stop', messageMetadata: METADATA });
  await io.done();
}

/**
 * Blocks until a message answers every call of `toolCallIds` as the real backend reads answers
 * (SPEC §4a): a part in state `approval-responded`. Anything else (AI SDK's own `output-available`
 * shape of an approved browser tool, an approval still pending) does not release the wait, which
 * ends with the timeout. Resolves with `{answers, deadline}` (`answers` null after the timeout);
 * the turn then goes on with no `start`, as the real backend's does.
 */
async function awaitAnswers(io, toolCallIds) {
  const deadline = Date.now() + io.approvalTimeoutMs;
  for (;;) {
    const messages = await io.waitForMessage(deadline - Date.now());
    if (messages === null) return { answers: null, deadline };
    const last = messages[messages.length - 1];
    const answers = answersIn(last);
    const missing = toolCallIds.filter((id) => !answers.has(id));
    if (missing.length === 0) return { answers, deadline };
    const parts = last && Array.isArray(last.parts) ? last.parts : [];
    const states = missing.map((id) => parts.find((p) => isToolPart(p) && p.toolCallId === id)?.state ?? 'absent');
    io.violation(`BIDI: a message did not answer ${missing.join(', ')} (states: ${states.join(', ')}); the approval wait goes on (SPEC §4a)`);
  }
}

/** Sends a tool call with its approval request and blocks until the answer (or the timeout). */
async function requestApproval(io, toolName, input) {
  const toolCallId = bidiIds.toolCall();
  await io.emit({ type: 'tool-input-start', toolCallId, toolName });
  await io.emit({ type: 'tool-input-available', toolCallId, toolName, input });
  await io.emit({ type: 'start-step' });
  await io.emit({ type: 'tool-approval-request', toolCallId, approvalId: bidiIds.approval() });
  // The client's response stream ends here; the turn goes on when the answer comes.
  await io.emit({ type: 'finish-step' });
  const { answers, deadline } = await awaitAnswers(io, [toolCallId]);
  return { toolCallId, answer: answers === null ? null : answers.get(toolCallId), deadline };
}

async function paymentStep(io, payment) {
  const input = paymentInput(payment);
  const { toolCallId, answer } = await requestApproval(io, 'process_payment', input);
  return paymentResult(io, toolCallId, input, payment, answer);
}

async function paymentResult(io, toolCallId, input, payment, answer) {
  if (answer === null) {
    await io.emit({ type: 'tool-output-error', toolCallId, errorText: APPROVAL_TIMEOUT });
    return { kind: 'payment-timeout', payment };
  }
  if (answer.approved) {
    const output = io.wallets.pay(io.chatId, input);
    await io.emit({ type: 'tool-output-available', toolCallId, output });
    return { kind: 'paid', output };
  }
  await io.emit({ type: 'tool-output-error', toolCallId, errorText: 'User denied the payment' });
  return { kind: 'payment-denied', payment };
}

/**
 * Two payments the model calls at once (SPEC §4a W6): both calls, the first approval request and
 * its finish-step, then the second approval request after that finish-step (when the client has
 * no response stream open); then one wait for a message that answers both.
 */
async function parallelPayments(io, payments) {
  const plan = payments.map((p) => `${money(p.amount)} to ${p.recipient}`).join(' and ');
  await io.emitAll(reasoningChunks('0', `**Planning the payments**\n\nThe user wants to send ${plan} at once: both calls in one step.`));
  const calls = payments.map((payment) => ({ payment, input: paymentInput(payment), toolCallId: bidiIds.toolCall() }));
  for (const { toolCallId, input } of calls) {
    await io.emit({ type: 'tool-input-start', toolCallId, toolName: 'process_payment' });
    await io.emit({ type: 'tool-input-available', toolCallId, toolName: 'process_payment', input });
  }
  for (const { toolCallId } of calls) {
    await io.emit({ type: 'start-step' });
    await io.emit({ type: 'tool-approval-request', toolCallId, approvalId: bidiIds.approval() });
    await io.emit({ type: 'finish-step' });
  }
  const { answers } = await awaitAnswers(io, calls.map((c) => c.toolCallId));
  const results = [];
  for (const { toolCallId, input, payment } of calls) {
    results.push(await paymentResult(io, toolCallId, input, payment, answers === null ? null : answers.get(toolCallId)));
  }
  return results;
}

async function locationStep(io) {
  const { toolCallId, answer, deadline } = await requestApproval(io, 'get_location', {});
  if (answer === null) {
    await io.emit({ type: 'tool-output-error', toolCallId, errorText: APPROVAL_TIMEOUT });
    return { kind: 'location-timeout' };
  }
  if (!answer.approved) {
    await io.emit({ type: 'tool-output-error', toolCallId, errorText: 'User denied the location request' });
    return { kind: 'location-denied' };
  }
  // Pattern A: the result came as the tool-result part after the approval (W1). Pattern B: the
  // approval came alone; the position follows as a tool_result frame.
  const result = answer.result !== undefined ? answer.result : await io.waitForToolResult(toolCallId, Math.max(deadline - Date.now(), 1000));
  if (result === null) {
    await io.emit({ type: 'tool-output-error', toolCallId, errorText: APPROVAL_TIMEOUT });
    return { kind: 'location-timeout' };
  }
  if (result && typeof result.error === 'string') {
    await io.emit({ type: 'tool-output-error', toolCallId, errorText: result.error });
    return { kind: 'location-failed', errorText: result.error };
  }
  await io.emit({ type: 'tool-output-available', toolCallId, output: result });
  return { kind: 'located', output: result };
}
