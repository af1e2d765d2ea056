// AdkSseTransport's `fetch` (SPEC §5 F-d, F-e, F-g): every fault of a request in the package's
// words, and every bound measuring the backend, read where the network delivers bytes:
// - the wait for the response's headers is bounded (`responseTimeoutMs`): a backend, or a proxy,
//   that accepts the request and never answers ends with `no-response`;
// - the silence of the response's body is bounded (`idleTimeoutMs`) below AI SDK's parser: the body
//   is read as the bytes arrive, whether or not the app pulls its chunks (AI SDK stops reading
//   while it awaits an `onToolCall`), so an app's delay never trips it;
// - a refused connection is `connect-failed`, any other failed fetch `request-failed`;
// - a non-2xx answer that is not the backend's stream (a proxy's 502 with an empty or a JSON body)
//   is `http-error`, with its `status`, in the package's words.
import { AdkTransportError } from '../../errors/errors.js';
import { messageOf, withAdvice } from '../../errors/arguments.js';

/** Causes of a failed `fetch` that mean no connection was made (Node says which; a browser does not). */
const NOT_CONNECTED = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'];

/**
 * The bounds and the backend of one transport.
 * @typedef {{responseMs: number, idleMs: number, adk: boolean}} Bounds
 */

/**
 * `fetch` for AI SDK's transport with the faults and bounds above. An abort by the chat stays the
 * signal's reason.
 * @param {typeof fetch | undefined} fetchOption @param {Bounds} bounds @returns {typeof fetch}
 */
export const boundedFetch = (fetchOption, bounds) => async (input, init) => {
  const aborter = new AbortController();
  const signal = init?.signal;
  // The chat's abort reaches the request (and later its body) through this controller.
  if (signal) {
    if (signal.aborted) aborter.abort(signal.reason);
    else signal.addEventListener('abort', () => aborter.abort(signal.reason), { once: true });
  }
  const ms = bounds.responseMs;
  const timer = ms > 0 ? setTimeout(() => aborter.abort(noResponse(input, ms)), ms) : undefined;
  try {
    const response = await (fetchOption ?? fetch)(input, { ...init, signal: aborter.signal }).catch((error) => {
      throw aborter.signal.aborted && !signal?.aborted ? aborter.signal.reason : fetchFault(input, error);
    });
    if (!response.ok && (response.status >= 502 || !isEventStream(response))) {
      throw await httpError(input, response, bounds.adk);
    }
    if (response.body === null || bounds.idleMs === 0) return response;
    return new Response(watched(response.body, bounds.idleMs), response);
  } finally {
    clearTimeout(timer);
  }
};

/** A failed `fetch` (a TypeError) as `connect-failed` or `request-failed`, the original in `cause`. */
function fetchFault(/** @type {unknown} */ input, /** @type {unknown} */ error) {
  if (!(error instanceof TypeError)) return error;
  const refused = NOT_CONNECTED.includes(/** @type {any} */ (error.cause)?.code);
  return new AdkTransportError(
    refused ? 'connect-failed' : 'request-failed',
    `${input}: ${refused ? 'could not connect, nothing was sent' : 'the request failed and may have reached the backend'} (${messageOf(error.cause ?? error)})`,
    { cause: error },
  );
}

const isEventStream = (/** @type {Response} */ response) => (response.headers.get('content-type') ?? '').startsWith('text/event-stream');

/**
 * SPEC §5 F-g: a non-2xx answer (a proxy's 502, 503 or 504, or any that is not the backend's
 * stream) in the package's words, never the body, which goes to `cause` (cut to 500 characters).
 * After a 502 or 503 the request is over (the backend was not reached, or failed during it); with
 * an ADK backend, which drops an answer it already holds, an explicit repeat pays at most once.
 * @param {unknown} input @param {Response} response @param {boolean} adk
 */
async function httpError(input, response, adk) {
  const { status } = response;
  const body = (await response.text().catch(() => '')).slice(0, 500);
  const over = status === 502 || status === 503;
  const repeatable = over && adk;
  const message = withAdvice(
    `${input}: HTTP ${status}${response.statusText ? ` ${response.statusText}` : ''}: ${
      over ? 'the backend could not be reached or failed during the request' : status === 504 ? 'the backend did not answer in time and may still be working on the request' : 'the request was not answered with a stream'
    }; whether the last message or answer arrived is unknown`,
    repeatable
      ? 'the request is over, and an ADK backend drops an answer it already holds: adk.resend({ mayHaveArrived: true }) may send it again, once, when the user asks'
      : 'ask the user before sending it again: it may run twice (a payment)',
  );
  return new AdkTransportError('http-error', message, { cause: body ? new Error(body) : undefined, status, repeatable });
}

/** SPEC §5 F-e: no headers within `responseTimeoutMs`. */
const noResponse = (/** @type {unknown} */ input, /** @type {number} */ ms) =>
  new AdkTransportError('no-response', withAdvice(`${input}: no response within ${ms} ms (responseTimeoutMs): the request was closed; whether it arrived is unknown`, 'ask the user before sending it again: it may run twice (a payment)'));

/** SPEC §5 F-d: the response went silent. */
const idle = (/** @type {number} */ ms) =>
  new AdkTransportError('idle-timeout', withAdvice(`nothing arrived for ${ms} ms (idleTimeoutMs): the response was closed`, 'send the message again or ask the user again: the turn may be unfinished'));

/**
 * `body` read as its bytes arrive, into a queue the consumer drains at its own pace. The idle
 * bound re-arms on each arrival; when it runs out, the connection is closed, and the consumer
 * gets what arrived before the silence, then the `idle-timeout` error.
 * @param {ReadableStream<Uint8Array>} body @param {number} ms @returns {ReadableStream<Uint8Array>}
 */
function watched(body, ms) {
  const reader = body.getReader();
  /** @type {Uint8Array[]} */
  const queue = [];
  /** @type {{error: unknown} | null} */
  let failed = null;
  let ended = false;
  let wake = () => {};
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      failed = { error: idle(ms) };
      reader.cancel(failed.error).catch(() => {});
      wake();
    }, ms);
  };
  (async () => {
    arm();
    try {
      for (let read = await reader.read(); !read.done && failed === null; read = await reader.read()) {
        arm();
        queue.push(read.value);
        wake();
      }
      ended = true;
    } catch (error) {
      failed ??= { error };
    }
    clearTimeout(timer);
    wake();
  })();
  return new ReadableStream({
    async pull(controller) {
      while (queue.length === 0 && !ended && failed === null) await new Promise((resolve) => (wake = /** @type {() => void} */ (resolve)));
      const next = queue.shift();
      if (next !== undefined) controller.enqueue(next);
      else if (failed !== null) controller.error(failed.error);
      else controller.close();
    },
    cancel(reason) {
      clearTimeout(timer);
      failed ??= { error: reason };
      return reader.cancel(reason);
    },
  });
}
