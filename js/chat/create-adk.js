// createAdk and attachAdk: wire one AI SDK `Chat` to its engine, its browser tools and (BIDI) its
// transport. The React hook (react.js) is built on them; `adk-stream-wasm/chat` (chat.js) exports
// them. Which tool call runs when is decided in Rust (src/runner.rs); this file claims the calls
// and hands their results to the chat, and tool-runner.js, loaded with the first one, runs them.
import { approve, deny, answerApprovals, pendingApprovals } from '../index.js';
import { createAutoSendAs } from '../decision/auto-send.js';
import { describeValue, invalidArgument, messageOf } from '../errors/arguments.js';
import { loadOnDemand } from '../core/load-on-demand.js';
import { BIDI } from './bidi-parts.js';
import { HOLD_NONE, HOLD_REPEATABLE, HOLD_UNKNOWN, HOLD_WAITS } from '../core/contract.js';
/** @import { AutoSend, ChatLike, PendingApproval, ToolCallClaim } from '../index.js' */
/** @import { Adk, AdkOptions, BrowserTool } from './adk-types.d.ts' */
/** @import { PatternBTransport } from './bidi-parts.js' */

/**
 * The chat as the engine reads it: AI SDK's `Chat` has an `error` (SPEC §5 F-c reads its `kind`)
 * and `sendMessage()` (`adk.resend()`), which `ChatLike` does not promise.
 * @typedef {ChatLike & {error?: {kind?: unknown, repeatable?: unknown} | null, sendMessage(): Promise<void>}} AttachedChat
 */
/**
 * A claimed call as it runs: the messages the transport had sent at its decision (Pattern B).
 * @typedef {ToolCallClaim & {messagesBefore: number}} RunningCall
 */
/**
 * What a tool call's part gets (tool-runner.js), the tool_result frame's content in Pattern B.
 * @typedef {{state?: 'output-available', output: unknown} | {state: 'output-error', errorText: string}} ToolResult
 */
/** @typedef {Record<string, BrowserTool | BrowserTool['execute']>} BrowserTools */
/**
 * The engine as createAdk drives it: `AutoSend` and its F-c steps (SPEC §5), which only createAdk calls.
 * @typedef {import('../decision/auto-send.js').Engine} Engine
 */

/**
 * Creates the engine for a chat that does not exist yet: pass `adk.sendAutomaticallyWhen` to the
 * `Chat` constructor, then `adk.attach(chat)`.
 * Options: `{mode, bidiPattern?, tools?: {[name]: {execute(input, ctx), requiresApproval?}},
 * frontendTools?, transport?: the BidiTransport (Pattern B's tool_result frames need it),
 * onToolError?(error, call), onError?(error): the engine's (createAutoSend's)}`.
 * @param {AdkOptions} options @returns {Adk}
 */
export function createAdk(options) {
  return createAdkWith(options, BIDI, 'createAdk');
}

/**
 * createAdk with the BIDI chat's parts (`BIDI`, bidi-parts.js) or, for the SSE-only React hook
 * (which refuses mode 'bidi'), without them (null); `fn` is the name its errors give.
 * @param {AdkOptions} options @param {typeof BIDI | null} bidi @param {string} fn @returns {Adk}
 */
export function createAdkWith(options, bidi, fn) {
  let tools = toolsOf(options, fn);
  const { mode, bidiPattern, transport, onToolError, onError, frontendTools } = options;
  const autoSend = /** @type {Engine} */ (createAutoSendAs({ mode, bidiPattern, frontendTools, onError }, fn, ownTools(tools)));
  let chat = /** @type {AttachedChat | null} */ (null);
  if (bidi !== null) bidi.setUp(autoSend.bidiPattern, transport, fn, () => chat);
  let unsubscribe = /** @type {(() => void) | null} */ (null);
  const running = /** @type {Map<string, Promise<unknown>>} */ (new Map());
  /** Runs one claimed browser tool call and adds its output to the chat. @param {RunningCall} call */
  async function run(call) {
    let result = await toolResult(call, /** @type {AttachedChat} */ (chat), () => tools, onToolError);
    if (bidi !== null && autoSend.bidiPattern === 'B' && call.run === 'approved') {
      result = await bidi.sendToolResult(/** @type {PatternBTransport} */ (transport), call, result, onToolError);
    }
    await autoSend.addToolOutput(/** @type {AttachedChat} */ (chat), { tool: call.toolName, toolCallId: call.toolCallId, ...result });
  }
  /** Starts every browser tool call that may start now; resolves when they have all finished. */
  const runTools = () => (chat === null ? Promise.resolve() : startRuns(autoSend.claimToolCalls(chat.messages), messagesAtDecision, running, run, onToolError));

  // SPEC §5 F-c: the chat's error, read when the engine is next asked (readFailure); `failure` is the one already read.
  let failure = /** @type {unknown} */ (null);
  const noteFailure = () => void (failure = readFailure(chat, failure, autoSend));

  // How many messages the transport had sent when AI SDK last asked for a decision: a tool
  // approved then must wait for a later message (its approval's) before its tool_result.
  let messagesAtDecision = 0;
  const sendAutomaticallyWhen = (/** @type {Parameters<AutoSend['sendAutomaticallyWhen']>[0]} */ arg) => {
    noteFailure();
    // AI SDK asks after every request: one that ended well carried the whole history (F-c).
    if (chat !== null && chat.status === 'ready') autoSend.sendFailed(HOLD_NONE);
    if (transport && typeof transport.messagesSent === 'number') messagesAtDecision = transport.messagesSent;
    return autoSend.sendAutomaticallyWhen(arg);
  };

  /** @type {Adk} */
  const adk = {
    autoSend,
    sendAutomaticallyWhen,
    get chat() {
      return chat;
    },
    attach(target) {
      checkChat(target);
      if (unsubscribe) unsubscribe();
      chat = /** @type {AttachedChat} */ (target);
      unsubscribe = autoSend.onDecision(() => void runTools());
      // Tools approved before the chat was attached run now.
      queueMicrotask(() => void runTools());
      return adk;
    },
    // Before attach, `chat` is null: the helpers refuse it by name.
    approve: (approvalId, opts) => approve(/** @type {ChatLike} */ (chat), approvalId, opts),
    deny: (approvalId, opts) => deny(/** @type {ChatLike} */ (chat), approvalId, opts),
    answerApprovals: (handler) => answerApprovals(/** @type {ChatLike} */ (chat), handler),
    // The module compiles at import (createAutoSend above has it), so these answer at once.
    pendingApprovals: (messages = chat ? chat.messages : []) => /** @type {PendingApproval[]} */ (bidi !== null && bidi.lost(chat) ? [] : pendingApprovals(messages)),
    explain: (messages = chat ? chat.messages : []) => (noteFailure(), bidi !== null ? bidi.explain(autoSend.explain({ messages }), chat) : autoSend.explain({ messages })),
    // Never called by the package itself (SPEC §5 F-c, F-g).
    resend: (options) => (noteFailure(), resendOnce(chat, autoSend, options)),
    addToolOutput: (args) => autoSend.addToolOutput(/** @type {ChatLike} */ (chat), args),
    runTools,
    whenToolsIdle: () => Promise.all([...running.values()]).then(() => undefined),
    resumeBuffered: async () => bidi !== null && bidi.resumeBuffered(adk, transport, onToolError),
    /** The tool names are fixed at creation. */
    setTools(next) {
      if (next && typeof next === 'object') tools = next;
    },
    // What the engine sent and which tool calls ran are kept, so attaching the same chat again
    // (React re-runs effects) neither re-sends nor re-runs.
    detach() {
      if (unsubscribe) unsubscribe();
      unsubscribe = null;
      chat = null;
    },
  };
  return adk;
}

/**
 * The options' `tools`, checked with the options (`fn` is the name errors give).
 * @param {AdkOptions} options @param {string} fn @returns {BrowserTools}
 */
function toolsOf(options, fn) {
  if (options === null || typeof options !== 'object') {
    throw invalidArgument(fn, `the options are ${describeValue(options)}`, "{mode: 'sse' | 'bidi', tools?, transport?}");
  }
  // `||`: no tools (undefined, null, false) is an empty set.
  const tools = options.tools || {};
  if (typeof tools !== 'object') {
    throw invalidArgument(fn, `tools is ${describeValue(tools)}`, '{[name]: {execute, requiresApproval?}}');
  }
  return tools;
}

/** SPEC §6: the chat's own `tools` always run in the browser; `frontendTools` (any form
 *  createAutoSend takes, frontend-tools.js) says which others do, else the registry. */
const ownTools = (/** @type {BrowserTools} */ tools) =>
  Object.entries(tools).map(([name, tool]) => ({ name, requiresApproval: tool ? /** @type {BrowserTool} */ (tool).requiresApproval : undefined }));

/** `adk.attach(chat)` takes an AI SDK Chat (or one like it). @param {any} target */
function checkChat(target) {
  if (target === null || typeof target !== 'object' || typeof target.addToolOutput !== 'function') {
    throw invalidArgument('attach', `the chat is ${describeValue(target)}`, 'an AI SDK Chat instance');
  }
}

/**
 * The output of one claimed browser tool call of `chat`, run with the chat's tools as they are
 * once the runner has loaded (`toolsNow()`): the executors and their rules load with the first tool
 * a chat runs (tool-runner.js).
 * @param {RunningCall} call @param {ChatLike} chat @param {() => BrowserTools} toolsNow
 * @param {AdkOptions['onToolError']} onToolError @returns {Promise<ToolResult>}
 */
async function toolResult(call, chat, toolsNow, onToolError) {
  // The part's input as it is now: the chat may move on while the runner loads.
  const messages = chat.messages;
  const last = messages[messages.length - 1];
  const part = /** @type {{input?: unknown} | undefined} */ (last && Array.isArray(last.parts) ? last.parts[call.partIndex] : undefined);
  let runner;
  try {
    runner = await loadOnDemand(() => import('../tools/tool-runner.js'), 'tool-runner.js');
  } catch (error) {
    // The runner could not be downloaded: the part says so, and the chat goes on.
    if (typeof onToolError === 'function') onToolError(error, call);
    return { state: 'output-error', errorText: messageOf(error) };
  }
  // Outside the download's catch, as before the runner loaded on demand: a throw from the app's
  // onToolError inside the run rejects it (runTools reports it) and adds no output.
  return /** @type {Promise<ToolResult>} */ (runner.toolResult(call, part ? part.input : undefined, toolsNow(), onToolError));
}

/**
 * Starts `run` for each claimed call, noting the messages sent at the decision (Pattern B's
 * tool_result waits for a later one) and keeping each job in `running` until it ends.
 * @param {ToolCallClaim[]} claims @param {number} messagesBefore @param {Map<string, Promise<unknown>>} running
 * @param {(call: RunningCall) => Promise<void>} run @param {AdkOptions['onToolError']} onToolError
 */
function startRuns(claims, messagesBefore, running, run, onToolError) {
  const started = [];
  for (const claimed of claims) {
    const call = { ...claimed, messagesBefore };
    const job = run(call)
      .catch((error) => {
        if (typeof onToolError === 'function') onToolError(error, call);
      })
      .finally(() => running.delete(call.toolCallId));
    running.set(call.toolCallId, job);
    started.push(job);
  }
  return Promise.all(started).then(() => undefined);
}

/** The failures that leave what the request carried waiting (the first three: it never left) or of
 *  unknown arrival (the others), by `AdkTransportError` kind. */
const FAILURES = ['connect-failed', 'connect-timeout', 'cannot-open', 'request-failed', 'no-response', 'http-error'];

/**
 * SPEC §5 F-c, F-f, F-g: how the chat's failed request left what it carried (the user's message or
 * answers). Refused before it reached the backend (`connect-failed`; over BIDI also a socket that
 * never opened: `connect-timeout`, `cannot-open`): it waits to be sent. Failed after it went out
 * (`request-failed`, `no-response`, an `http-error`): its arrival is unknown, and a repeat is
 * offered only where the transport says it pays at most once (`repeatable`). Returns the chat's
 * error now, when there is a new one (and tells the engine), else `failure`, the one already read.
 * @param {AttachedChat | null} chat @param {unknown} failure @param {Engine} autoSend
 */
function readFailure(chat, failure, autoSend) {
  const error = chat !== null && chat.status === 'error' ? chat.error : null;
  if (error == null || error === failure) return failure;
  const at = FAILURES.indexOf(/** @type {string} */ (error.kind));
  if (at >= 0) autoSend.sendFailed(at < 3 ? HOLD_WAITS : error.repeatable ? HOLD_REPEATABLE : HOLD_UNKNOWN);
  return error;
}

/**
 * `adk.resend(options?)`: sends what waits, once (F-c), or repeats the request once where the
 * app says it may have arrived and a repeat is offered (F-g).
 * @param {AttachedChat | null} chat @param {Engine} autoSend @param {{mayHaveArrived?: boolean}} [options]
 */
async function resendOnce(chat, autoSend, options) {
  const may = options?.mayHaveArrived;
  if (may !== undefined && typeof may !== 'boolean') throw invalidArgument('resend', `mayHaveArrived is ${describeValue(may)}`, 'a boolean');
  if (chat === null || !autoSend.resend(may)) return false;
  await chat.sendMessage();
  return true;
}

/**
 * For apps that build the `Chat` themselves: `attachAdk(chat, adk)` is `adk.attach(chat)`.
 * @param {ChatLike} chat @param {Adk} adk @returns {Adk}
 */
export function attachAdk(chat, adk) {
  // Checked here, so a swapped or missing argument is a named error like every other export's,
  // not a TypeError from reading `attach` of undefined.
  if (adk === null || typeof adk !== 'object' || typeof adk.attach !== 'function') {
    const given = adk !== null && typeof adk === 'object' && !Array.isArray(adk) ? 'an object without an attach() method' : describeValue(adk);
    throw invalidArgument('attachAdk', `adk is ${given}`, 'what createAdk({mode}) returned');
  }
  return adk.attach(chat);
}
