// @ts-check
// The BidiTransport's options and the errors it makes (SPEC §5): what `new BidiTransport(options)`
// accepts, checked once, and each fault as an AdkTransportError whose `kind` says what happened.
import { AdkMalformedFrameError, AdkTransportError } from '../../errors/errors.js';
import { MAX_DELAY_MS, describeValue, field, invalidArgument, messageOf, optionalMs, withAdvice } from '../../errors/arguments.js';
import { readBackend, readFrontendTools } from '../../wire/adk-wire.js';

/** @import { BidiAudio, BidiTransportErrorKind } from '../../transport.js' */

/**
 * A BidiTransport's options, checked, with their defaults.
 * @typedef {object} Config
 * @property {string} url
 * @property {boolean} inWorker `socket: 'worker'`
 * @property {number} connectTimeoutMs
 * @property {number} approvalTimeoutMs
 * @property {number} responseTimeoutMs
 * @property {number} pingIntervalMs
 * @property {number} livenessTimeoutMs
 * @property {number} abortTailTimeoutMs
 * @property {((ms: number) => void) | null} onLatency
 * @property {((audio: BidiAudio) => void) | null} onAudio
 * @property {((error: Error) => void) | null} onError
 * @property {(() => void) | null} onBufferedChunks
 * @property {boolean} adk the backend reads the ADK encoding
 * @property {(toolName: string) => boolean} isBrowserTool
 */

const F_NEW = 'new BidiTransport';
export const F_SEND = 'BidiTransport.sendMessages';


/**
 * A transport fault: `name`, `kind` and the message: what happened, then what to do, `advice`
 * (development builds only: errors.js, `withAdvice`).
 * @param {BidiTransportErrorKind} kind @param {string} message @param {string | number} [advice]
 */
export function fault(kind, message, advice) {
  if (kind === 'malformed-frame') return new AdkMalformedFrameError(kind, `skipped a malformed frame: ${message}`);
  return new AdkTransportError(kind, withAdvice(message, advice));
}

export const suffix = (/** @type {string} */ reason) => (reason ? `, reason '${reason}'` : '');
export const notConnected = (/** @type {string} */ method) =>
  fault('not-connected', `${method}(): the WebSocket is not open, so nothing was sent`, 'call connect() or send a message first (sendMessages opens the socket too)');
export const closed = () => fault('closed', 'the transport was closed with close() while this request was in flight');
export const sendFailed = (/** @type {unknown} */ error) => fault('send-failed', `the WebSocket refused to send the frame: ${messageOf(error)}`);
/**
 * SPEC §5 F-a: the socket was lost (`cause`) while approvals `ids` waited for the user's answer.
 * An ADK backend keeps a pending confirmation with its connection: a new one may not know it.
 * @param {string[]} ids @param {Error} cause
 */
export const connectionLost = (ids, cause) =>
  fault(
    'connection-lost',
    `the WebSocket was lost while approval ${ids} waited for the user's answer (${cause.message}); a new connection may not know it, so an answer to it is not sent`,
    'the backend keeps a pending approval with its connection; ask the user again: send the message again (chat.regenerate()) and answer the new approval request',
  );
/** F-a: the socket was lost (`cause`) after the chat's answer went out, before any response to it:
 *  `request-failed`, as over SSE, for a request that may have arrived (ambiguous, F-c).
 *  @param {Error} cause */
export const answerInDoubt = (cause) =>
  fault(
    'request-failed',
    `the WebSocket was lost after the answer was sent (${cause.message}): whether the backend got it is unknown`,
    'it was not sent again; check what the backend did (a payment may have run) before asking the user again',
  );
/** F-b: no chunk came within `ms` after the `message` frame of request `what`.
 *  @param {number} ms @param {string} what */
export const noResponse = (ms, what) =>
  fault(
    'no-response',
    `no chunk within ${ms} ms (responseTimeoutMs) after the message frame of ${what}`,
    "pongs do not count; an interrupt with reason 'timeout' was sent. Send the message again, or raise responseTimeoutMs for a backend that thinks longer",
  );
export const approvalTimeout = (/** @type {number} */ ms) =>
  fault(
    'approval-timeout',
    `the backend sent a tool-approval-request and then nothing within ${ms} ms (approvalTimeoutMs); expected a finish-step or further chunks. An interrupt with reason 'timeout' was sent`,
  );
/** SPEC §4a W5: chat.resumeStream() would split the turn's assistant message `id`.
 *  @param {string | undefined} id */
export const resumeWouldSplit = (id) =>
  fault(
    'resume-would-split',
    `BidiTransport.reconnectToStream(): the buffered chunks continue the assistant message ${id === undefined ? 'of the turn' : id}, and chat.resumeStream() would put them in a new one`,
    "resume them with resumeBuffered(chat, transport) from 'adk-stream-wasm/chat' (createAdk and useAdkChat do), or leave onBufferedChunks unset for the next request to take them",
  );
/** SPEC §4a W6: an approval the chat cannot show, for want of onBufferedChunks.
 *  @param {unknown} approvalId */
export const unhandledBufferedApproval = (approvalId) =>
  fault(
    'unhandled-buffered-approval',
    `the backend asked for approval ${String(approvalId)} while no response stream was open (a second tool call of the same turn), and the transport has no onBufferedChunks handler, so the chat cannot show it`,
    "pass onBufferedChunks: () => resumeBuffered(chat, transport) (from 'adk-stream-wasm/chat'), or use createAdk / useAdkChat, which do",
  );

export function abortError() {
  const error = new Error('the request was aborted');
  error.name = 'AbortError';
  return error;
}

/**
 * The function at `options[key]`, or null when absent.
 * @param {string} fn @param {object} options @param {string} key
 * @returns {any}
 */
function optionalFunction(fn, options, key) {
  const value = field(fn, options, key);
  if (value === undefined || value === null) return null;
  if (typeof value !== 'function') throw invalidArgument(fn, `\`${key}\` is ${describeValue(value)}`, 'a function or undefined');
  return value;
}

/**
 * The `abortSignal` of a request; duck-typed, so a signal of another realm or a polyfill works.
 * @param {string} fn @param {unknown} options
 * @returns {AbortSignal | null}
 */
export function optionalSignal(fn, options) {
  const value = field(fn, options, 'abortSignal');
  if (value === undefined || value === null) return null;
  if (typeof field(fn, value, 'addEventListener') !== 'function' || typeof field(fn, value, 'aborted') !== 'boolean') {
    throw invalidArgument(fn, `\`abortSignal\` is ${describeValue(value)}`, 'an AbortSignal or undefined');
  }
  return value;
}

/**
 * `new BidiTransport(options)`'s options, checked (AdkInvalidArgumentError naming the option).
 * @param {unknown} options
 * @returns {Config}
 */
export function readOptions(options) {
  if (options === null || typeof options !== 'object') {
    throw invalidArgument(F_NEW, `the options are ${describeValue(options)}`, "an object such as {url: 'ws://localhost:8000/live'}");
  }
  const url = field(F_NEW, options, 'url');
  if (typeof url !== 'string') throw invalidArgument(F_NEW, `\`url\` is ${describeValue(url)}`, 'a ws:// or wss:// URL string');
  if (!/^wss?:\/\/[^/]/i.test(url)) {
    throw invalidArgument(F_NEW, `\`url\` is ${describeValue(url)}`, "a ws:// or wss:// URL with a host, such as 'ws://localhost:8000/live'");
  }
  const pingIntervalMs = optionalMs(F_NEW, options, 'pingIntervalMs', 2000, 0, 'a number of milliseconds from 0 (off) to 2147483647 (default 2000)');
  const socket = field(F_NEW, options, 'socket');
  if (socket !== undefined && socket !== 'main' && socket !== 'worker') {
    throw invalidArgument(F_NEW, `\`socket\` is ${describeValue(socket)}`, "'worker' (the WebSocket in a worker) or 'main' (the default)");
  }
  return {
    url,
    inWorker: socket === 'worker',
    connectTimeoutMs: optionalMs(F_NEW, options, 'connectTimeoutMs', 30000, 1, 'a number of milliseconds from 1 to 2147483647 (default 30000)'),
    approvalTimeoutMs: optionalMs(F_NEW, options, 'approvalTimeoutMs', 60000, 0, 'a number of milliseconds from 0 (off) to 2147483647 (default 60000)'),
    // F-b. Measured (issue 35): the demo backend's first chunk follows a message frame after
    // 15–22 ms (30 turns); the recordings carry no frame times. The real ADK backend's longest honest
    // silence measured was a 20 s stall that still completed, and it gives up on an approval after 30 s.
    responseTimeoutMs: optionalMs(F_NEW, options, 'responseTimeoutMs', 30000, 0, 'a number of milliseconds from 0 (off) to 2147483647 (default 30000)'),
    pingIntervalMs,
    // Three pings without any frame back mean a dead network (at most setTimeout's limit: a longer
    // delay overflows into a timer that fires at once, again and again).
    livenessTimeoutMs: optionalMs(F_NEW, options, 'livenessTimeoutMs', Math.min(pingIntervalMs * 3, MAX_DELAY_MS), 0, 'a number of milliseconds from 0 (off) to 2147483647 (default three ping intervals)'),
    abortTailTimeoutMs: optionalMs(F_NEW, options, 'abortTailTimeoutMs', 5000, 0, 'a number of milliseconds from 0 (off) to 2147483647 (default 5000)'),
    onLatency: optionalFunction(F_NEW, options, 'onLatency'),
    onAudio: optionalFunction(F_NEW, options, 'onAudio'),
    onError: optionalFunction(F_NEW, options, 'onError'),
    onBufferedChunks: optionalFunction(F_NEW, options, 'onBufferedChunks'),
    // SPEC §4a W4: an ADK backend (the default) reads approved browser tools as W1 encodes them.
    adk: readBackend(F_NEW, field(F_NEW, options, 'backend')) === 'adk',
    isBrowserTool: readFrontendTools(F_NEW, field(F_NEW, options, 'frontendTools')),
  };
}
