// AdkSseTransport's `fetch` (SPEC §5 F-d, F-e, F-g): every fault of a request in the package's
// words, and every bound measuring the backend, read where the network delivers bytes:
// - the wait for the response's headers is bounded (`responseTimeoutMs`): a backend, or a proxy,
//   that accepts the request and never answers ends with `no-response`;
// - the silence of the response's body is bounded (`idleTimeoutMs`) below AI SDK's parser: the body
//   is read as the bytes arrive, whether or not the app pulls its chunks (AI SDK stops reading
//   while it awaits an `onToolCall`), so an app's delay never trips it;
// - a refused connection is `connect-failed`, any other failed fetch `request-failed`;
// - a non-2xx answer (a proxy's 502 with an empty or a JSON body) is `http-error`, with its
//   `status`, in the package's words: AI SDK never reads such a body as a stream, and would show it
//   raw as the error's message.
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
  // The chat's abort reaches the request (and later its body) through this controller. A timed-out
  // `fetch` rejects with the abort's reason (no-response), which is no TypeError: it stays as it is.
  signal?.addEventListener('abort', () => aborter.abort(signal.reason), { once: true });
  const ms = bounds.responseMs;
  const timer = ms > 0 ? setTimeout(() => aborter.abort(noResponse(input, ms)), ms) : undefined;
  try {
    const response = await (fetchOption ?? fetch)(input, { ...init, signal: aborter.signal }).catch((error) => {
      throw fetchFault(input, error);
    });
    // The body (a proxy's, empty or its JSON; or the backend's own refusal) is never the message:
    // it goes to `cause`, cut to 500 characters, read within the response's bound.
    if (!response.ok) throw httpError(input, response.status, bounds.adk, (await response.text().catch(() => '')).slice(0, 500));
    return response.body === null || bounds.idleMs === 0 ? response : new Response(watched(response.body, bounds.idleMs), response);
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

/**
 * SPEC §5 F-g: a non-2xx answer (a proxy's 502, 503 or 504, or any other) in the package's words.
 * After a 502 or 503 the request is over (the backend was not reached, or failed during it); with
 * an ADK backend, which drops an answer it already holds, an explicit repeat pays at most once.
 * @param {unknown} input @param {number} status @param {boolean} adk @param {string} body
 */
function httpError(input, status, adk, body) {
  const over = status === 502 || status === 503;
  const message = `${input}: HTTP ${status}: whether it arrived is unknown`;
  // Each advice a literal: a production build keeps only the message (production-words).
  const error = new AdkTransportError(
    'http-error',
    over && adk
      ? withAdvice(message, 'the proxy could not reach the backend, or the backend failed during the request, so the request is over; an ADK backend drops an answer it already holds, so adk.resend({ mayHaveArrived: true }) may send it again, once, when the user asks')
      : over
        ? withAdvice(message, 'the proxy could not reach the backend, or the backend failed during the request; ask the user before sending it again: a backend that replays the history may run it twice (a payment)')
        : status === 504
          ? withAdvice(message, 'the backend did not answer the proxy in time and may still be working on the request; ask the user before sending it again: it may run twice (a payment)')
          : withAdvice(message, 'ask the user before sending it again: it may run twice (a payment)'),
    body ? { cause: new Error(body) } : undefined,
  );
  return Object.assign(error, { status, repeatable: over && adk });
}

/** SPEC §5 F-e: no headers within `responseTimeoutMs`. */
const noResponse = (/** @type {unknown} */ input, /** @type {number} */ ms) =>
  new AdkTransportError('no-response', withAdvice(`${input}: no response in ${ms} ms (responseTimeoutMs)`, 'the request was closed, and whether it arrived is unknown; ask the user before sending it again: it may run twice (a payment)'));

/** SPEC §5 F-d: the response went silent. */
const idle = (/** @type {number} */ ms) =>
  new AdkTransportError('idle-timeout', withAdvice(`nothing arrived in ${ms} ms (idleTimeoutMs)`, 'the response was closed; send the message again or ask the user again: the turn may be unfinished'));

/** The queue between the network and AI SDK's parser, in chunks: never full, so the body is read as
 *  its bytes arrive; its free room says how many wait for the consumer. */
const ROOM = 2 ** 30;

/**
 * `body` read as its bytes arrive, into a queue the consumer drains at its own pace. The idle
 * bound re-arms on each arrival; when it runs out, and once the consumer has taken what arrived
 * before the silence, the stream ends with `idle-timeout`, which closes the connection.
 * @param {ReadableStream<Uint8Array>} body @param {number} ms @returns {ReadableStream<Uint8Array>}
 */
function watched(body, ms) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const arm = (/** @type {TransformStreamDefaultController<Uint8Array>} */ controller) => {
    clearTimeout(timer);
    const fire = () => {
      // Chunks that arrived before the silence still wait for the consumer (an app slow to take
      // them): they are delivered first.
      if (/** @type {number} */ (controller.desiredSize) < ROOM) timer = setTimeout(fire, 20);
      else controller.error(idle(ms));
    };
    timer = setTimeout(fire, ms);
  };
  const stop = () => clearTimeout(timer);
  return body.pipeThrough(
    new TransformStream(
      /** @type {Transformer<Uint8Array, Uint8Array>} */ ({
        start: arm,
        transform(chunk, controller) {
          arm(controller);
          controller.enqueue(chunk);
        },
        flush: stop,
        // A chat that stops reads no more: the bound ends with it (newer than TypeScript's lib).
        cancel: stop,
      }),
      { highWaterMark: ROOM },
      { highWaterMark: ROOM },
    ),
  );
}
