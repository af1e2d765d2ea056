// AdkSseTransport: AI SDK's HTTP transport for an ADK backend over SSE (SPEC §4a, §5). It is AI SDK's
// own `DefaultChatTransport` (so `api`, `headers`, `body`, `credentials`, `fetch` and
// `prepareSendMessagesRequest` work as users expect), with two changes on the wire only:
// - the request body carries the history as an ADK backend reads it (W1; `backend: 'ai-sdk'` sends
//   it as AI SDK holds it, W4);
// - a response that continues an assistant message goes on in that message (W5);
// and with the faults in the package's words (SPEC §5 F-d): a response silent for `idleTimeoutMs`
// ends with an error (AI SDK's transport has no such bound, and the chat would stay `streaming`),
// and a request that could not connect is an AdkTransportError `connect-failed`, as over BIDI.
import { DefaultChatTransport } from 'ai';
import { continuedMessageId, continuing, readBackend, readFrontendTools, toAdkWire } from '../../wire/adk-wire.js';
import { AdkTransportError } from '../../errors/errors.js';
import { describeValue, invalidArgument, messageOf, optionalMs, withAdvice } from '../../errors/arguments.js';

/** @import { HttpChatTransportInitOptions } from 'ai' */
/** @import { UIMessage } from '../ai-types.js' */
/** @import { AdkBackendKind, FrontendToolSet } from '../../wire/adk-wire.js' */

/**
 * What AdkSseTransport takes besides AI SDK's `DefaultChatTransport` options.
 * @typedef {object} AdkSseTransportOwnOptions
 * @property {AdkBackendKind} [backend]
 *   `'adk'` (default): the request carries an approved browser tool with its output as an
 *   `approval-responded` part followed by a `tool-result` part, which an ADK backend reads; the messages in `Chat` are not changed. `'ai-sdk'`: AI SDK's own shape (AI SDK's server,
 *   Pydantic AI's Vercel AI adapter).
 * @property {FrontendToolSet} [frontendTools] The tools that run in the browser, for the ADK encoding (default: the frontend-tool registry's).
 * @property {number} [idleTimeoutMs]
 *   How long a response may go without a chunk before its stream ends with an
 *   `AdkTransportError` of kind `'idle-timeout'` and its connection is closed (default 60000; 0 turns
 *   the bound off). AI SDK's own transport has no such bound: a stalled backend leaves the chat
 *   `streaming`.
 */
/**
 * @template {UIMessage} [M=UIMessage]
 * @typedef {HttpChatTransportInitOptions<M> & AdkSseTransportOwnOptions} AdkSseTransportOptions
 */
/** The kinds of `AdkTransportError` this transport makes. @typedef {import('../../errors/errors.js').AdkSseTransportErrorKind} AdkSseTransportErrorKind */

const F = 'new AdkSseTransport';

/** Causes of a failed `fetch` that mean no connection was made (Node says which; a browser does not). */
const NOT_CONNECTED = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'];

/**
 * `fetch` for AI SDK's transport, with a failure to reach the backend as an AdkTransportError (the
 * original in `cause`): `connect-failed` when the request cannot have reached it, `request-failed`
 * when it may have (the app decides whether to send again: a payment is at most once). An abort
 * stays the signal's reason, and an HTTP error status stays AI SDK's.
 */
const fetchWithFaults = (/** @type {typeof fetch | undefined} */ fetchOption) => (/** @type {RequestInfo | URL} */ input, /** @type {RequestInit | undefined} */ init) =>
  (fetchOption ?? fetch)(input, init).catch((error) => {
    if (!(error instanceof TypeError)) throw error;
    const refused = NOT_CONNECTED.includes(/** @type {any} */ (error.cause)?.code);
    throw new AdkTransportError(
      refused ? 'connect-failed' : 'request-failed',
      `${input}: ${refused ? 'could not connect, nothing was sent' : 'the request failed and may have reached the backend'} (${messageOf(error.cause ?? error)})`,
      { cause: error },
    );
  });

/**
 * AI SDK's `DefaultChatTransport` (same options: `api`, `headers`, `body`, `credentials`, `fetch`,
 * `prepareSendMessagesRequest`, …) with the ADK encoding on the wire, and a response that continues
 * an assistant message kept in that message (the backend's new `messageId` is not a new message).
 * @template {UIMessage} [M=UIMessage]
 * @extends {DefaultChatTransport<M>}
 */
export class AdkSseTransport extends DefaultChatTransport {
  /** @type {boolean} */
  #adk;
  /** @type {(toolName: string) => boolean} */
  #isBrowserTool;
  /** @type {number} */
  #idleMs;

  /**
   * `{api?, headers?, body?, credentials?, fetch?, prepareSendMessagesRequest?, …}` as for AI SDK's
   * `DefaultChatTransport`, plus `backend?: 'adk' | 'ai-sdk'`, `frontendTools?` and `idleTimeoutMs?`.
   * @param {AdkSseTransportOptions<M>} [options]
   */
  constructor(options = {}) {
    if (options === null || typeof options !== 'object') {
      throw invalidArgument(F, `the options are ${describeValue(options)}`, "an object such as {api: '/stream'}");
    }
    const { backend, frontendTools, idleTimeoutMs: _idle, ...http } = /** @type {AdkSseTransportOptions<M>} */ (options);
    super({ ...http, fetch: fetchWithFaults(http.fetch) });
    this.#adk = readBackend(F, backend) === 'adk';
    this.#isBrowserTool = readFrontendTools(F, frontendTools);
    // 60 s: the recorded streams (../shared/fixtures) carry no chunk timings, so the default is set
    // from what is known of the real backend's honest silences: up to 10 s while it waits for a
    // browser tool's result over SSE (SPEC §4a W7), then a model call; issue 35 saw a 20 s stall
    // complete. 60 s leaves six times the longest known wait, as the BIDI approval timeout does.
    this.#idleMs = optionalMs(F, options, 'idleTimeoutMs', 60000, 0, 'a number of milliseconds from 0 (off) to 2147483647 (default 60000)');
  }

  /** Which kind of backend this transport encodes for. @returns {AdkBackendKind} */
  get backend() {
    return this.#adk ? 'adk' : 'ai-sdk';
  }

  /**
   * @param {Parameters<DefaultChatTransport<M>['sendMessages']>[0]} options
   * @returns {ReturnType<DefaultChatTransport<M>['sendMessages']>}
   */
  async sendMessages(options) {
    const messages = options.messages;
    const id = Array.isArray(messages) ? continuedMessageId(messages) : undefined;
    const wire = this.#adk && Array.isArray(messages) ? toAdkWire(messages, this.#isBrowserTool) : messages;
    const stream = await super.sendMessages(wire === messages ? options : { ...options, messages: wire });
    const ms = this.#idleMs;
    if (id === undefined && ms === 0) return stream;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    const stop = () => clearTimeout(timer);
    // Each chunk re-arms the bound; when it runs out the stream errors, which cancels the response
    // (the connection closes) and ends the chat's `streaming` with this error.
    const arm = (/** @type {TransformStreamDefaultController<any>} */ controller) => {
      stop();
      if (ms > 0) timer = setTimeout(() => controller.error(idle(ms)), ms);
    };
    options.abortSignal?.addEventListener('abort', stop, { once: true });
    return stream.pipeThrough(
      new TransformStream(/** @type {Transformer<any, any>} */ ({
        start: arm,
        transform(chunk, controller) {
          arm(controller);
          controller.enqueue(continuing(chunk, id));
        },
        flush: stop,
        // A chat that stops reads no more: the bound ends with it (newer than TypeScript's lib).
        cancel: stop,
      })),
    );
  }
}

/** SPEC §5 F-d: the response went silent. */
const idle = (/** @type {number} */ ms) => new AdkTransportError('idle-timeout', withAdvice(`no chunk for ${ms} ms (idleTimeoutMs): the response was closed`, 'send the message again or ask the user again: the turn may be unfinished'));
