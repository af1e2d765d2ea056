// The BidiTransport's options and the errors it makes (SPEC §5): what `new BidiTransport(options)`
// accepts, checked once, and each fault as an AdkTransportError whose `kind` says what happened.
import { AdkMalformedFrameError, AdkTransportError } from '../../errors/errors.js';
import { MAX_DELAY_MS, describeValue, field, invalidArgument, messageOf, optionalMs, withAdvice } from '../../errors/arguments.js';
import { readBackend, readFrontendTools } from '../../wire/adk-wire.js';

/** @import { BidiAudio } from '../../wire/frames.js' */
/** @import { AdkBackendKind, FrontendToolSet } from '../../wire/adk-wire.js' */
/** @import { AdkCallbackError } from '../../errors/errors.js' */

/**
 * @typedef {object} BidiTransportOptions
 * @property {string} url `ws://` or `wss://` URL of the backend's BIDI endpoint. Nothing connects before the first request or `connect()`.
 * @property {AdkBackendKind} [backend]
 *   `'adk'` (default): an ADK backend, which reads an approved browser tool with its output as an
 *   `approval-responded` part followed by a `tool-result` part (docs/protocol.md); the messages in `Chat`
 *   are not changed. `'ai-sdk'`: a backend that reads AI SDK's own shape; the history goes as it is.
 * @property {FrontendToolSet} [frontendTools] The tools that run in the browser, for the ADK encoding (default: the frontend-tool registry's).
 * @property {number} [connectTimeoutMs] Time for the socket to open before the request fails (default 30000).
 * @property {'main' | 'worker'} [socket]
 *   Where the WebSocket lives. `'main'` (default): on the main thread. `'worker'`: in a dedicated
 *   module worker shipped with the package (`transport/bidi/worker/worker.js`, emitted by your bundler; under a
 *   Content-Security-Policy it needs `worker-src 'self'`), started at the first request or
 *   `connect()`; the voice (`adk-stream-wasm/voice`) then sends its audio from the audio thread to
 *   the worker, and the main thread gets only the level meter's updates. Received frames, errors,
 *   timeouts and pings are the same either way. Where no worker can start (Node, jsdom, a CSP), the
 *   socket stays on the main thread with a console warning; `transport.socket` says where it is.
 * @property {number} [approvalTimeoutMs]
 *   Time allowed after a `tool-approval-request` with nothing following it before the stream fails
 *   and an `interrupt` with reason `'timeout'` is sent (default 60000; 0 disables).
 * @property {number} [responseTimeoutMs]
 *   Time allowed after each `message` frame for the backend's first chunk (pongs do not
 *   count) before the stream fails with kind `'no-response'`, naming the request, and an
 *   `interrupt` with reason `'timeout'` is sent (default 30000; 0 disables). The real ADK backend
 *   stalled 20 s and still completed; it gives up on an approval after 30 s.
 * @property {number} [pingIntervalMs] Ping period while the socket is open (default 2000; 0 disables).
 * @property {number} [livenessTimeoutMs]
 *   A dead network is one that closes nothing: when no frame at all (pong or data) arrives for this
 *   long while a response is streaming or a ping waits for its pong, the stream fails with kind
 *   `'liveness'`, the socket is closed and the next request reconnects (default 3 × `pingIntervalMs`;
 *   0 disables).
 * @property {number} [abortTailTimeoutMs]
 *   After an abort, what the backend still sends of the aborted turn is dropped until that turn's
 *   `[DONE]`, or until the backend has sent nothing for this many milliseconds (a backend may end an
 *   interrupted turn without `[DONE]`), whichever comes first (default 5000; 0: only its `[DONE]`).
 *   A message sent meanwhile goes out once the tail has ended, so none of its answer is dropped.
 * @property {(ms: number) => void} [onLatency] Each pong's round-trip time in milliseconds.
 * @property {(audio: BidiAudio) => void} [onAudio] Audio chunks (`data-pcm`); they never enter the message stream.
 * @property {(error: BidiTransportError | AdkCallbackError) => void} [onError]
 *   Frames that were skipped (`AdkMalformedFrameError`: bad JSON, a binary frame, an unknown shape),
 *   and faults reported while no request is open (kind `'unhandled-buffered-approval'`; kind
 *   `'connection-lost'` when the socket is lost while an approval waits for the user's answer: the
 *   answer to it is then refused, not sent, with the same kind). The stream goes on. Where the platform has no `reportError`, an exception thrown by one of this
 *   transport's callbacks comes here too, as an `AdkCallbackError` (its `cause` is what was thrown).
 * @property {() => void} [onBufferedChunks]
 *   Chunks arrived while no response stream was open (for example the backend's late result after
 *   the stream ended, a second approval of the same turn, or a turn the backend started by itself,
 *   such as a voice answer). They are kept, never lost. Before the turn's `[DONE]` they continue its
 *   assistant message; after it they are a turn of their own, which begins with a
 *   `start` naming a new message (the backend's `messageId`, else one of the package's own). Pass
 *   `() => resumeBuffered(chat, transport)` (from `adk-stream-wasm/chat`, `chat` the `Chat`
 *   instance; createAdk and useAdkChat do it) to put each where it belongs. Not
 *   `chat.resumeStream()` for chunks that continue a message: AI SDK reads a resumed stream into a
 *   new message, so `reconnectToStream` refuses that with kind `'resume-would-split'`. Without a
 *   handler, chunks that continue the turn lead the next request's stream (a turn of the backend's
 *   own stays for `reconnectToStream`); an approval
 *   request among them is then reported (kind `'unhandled-buffered-approval'`, to `onError`, else
 *   the platform's `reportError`), since the chat cannot show it until then. When the next request
 *   answers the same turn while an approval request is buffered, its frame is not sent: its stream
 *   is the buffered response, so the new approval joins the same message and both answers go in one
 *   frame. Called once per batch.
 */

/**
 * The `kind` of a transport error, for code that reacts to one fault.
 * @typedef {'cannot-open' | 'connect-failed' | 'connect-timeout' | 'closed-mid-response' | 'connection-lost'
 *   | 'request-failed' | 'no-response' | 'approval-timeout' | 'liveness' | 'not-connected' | 'send-failed'
 *   | 'closed' | 'superseded' | 'resume-would-split' | 'unhandled-buffered-approval' | 'malformed-frame'} BidiTransportErrorKind
 */

/**
 * Rejections, stream errors and `onError` reports: `name` is `'AdkTransportError'` (or
 * `'AdkMalformedFrameError'` for skipped frames), the message says what happened and what to check.
 * Bad arguments throw `AdkInvalidArgumentError`s instead; an aborted request rejects with the
 * signal's reason (an `AbortError`), as `fetch` does.
 * @typedef {Error & {name: 'AdkTransportError' | 'AdkMalformedFrameError', kind: BidiTransportErrorKind}} BidiTransportError
 */

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
export const closed = () => fault('closed', 'close() closed the transport while this request was in flight');
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
    `the backend sent a tool-approval-request and then nothing within ${ms} ms (approvalTimeoutMs)`,
    "expected a finish-step or further chunks; an interrupt with reason 'timeout' was sent",
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
    `the backend asked for approval ${String(approvalId)} while no response stream was open, and the transport has no onBufferedChunks handler, so the chat cannot show it`,
    "a second tool call of the same turn, say; pass onBufferedChunks: () => resumeBuffered(chat, transport) (from 'adk-stream-wasm/chat'), or use createAdk / useAdkChat, which do",
  );

/** An aborted request's error where the signal carries no reason: what `fetch` rejects with. */
export const abortError = () => new DOMException('the request was aborted', 'AbortError');

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
