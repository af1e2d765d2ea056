// AdkSseTransport: AI SDK's HTTP transport for an ADK backend over SSE (SPEC §4a, §5). It is AI SDK's
// own `DefaultChatTransport` (so `api`, `headers`, `body`, `credentials`, `fetch` and
// `prepareSendMessagesRequest` work as users expect), with two changes on the wire only:
// - the request body carries the history as an ADK backend reads it (W1; `backend: 'ai-sdk'` sends
//   it as AI SDK holds it, W4);
// - a response that continues an assistant message goes on in that message (W5);
// and with the faults in the package's words, each bound measuring the backend (SPEC §5 F-d to F-g,
// bounded-fetch.js): no headers within `responseTimeoutMs`, no bytes for `idleTimeoutMs`, a refused
// connection, a proxy's error status. AI SDK's own transport has none of these bounds: a stalled
// backend leaves the chat `submitted` or `streaming`.
import { DefaultChatTransport } from 'ai';
import { continuedMessageId, continuing, readBackend, readFrontendTools, toAdkWire } from '../../wire/adk-wire.js';
import { describeValue, invalidArgument, messageOf, optionalMs } from '../../errors/arguments.js';
import { AdkTransportError } from '../../errors/errors.js';
import { loadOnDemand } from '../../core/load-on-demand.js';

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
 *   How long a response's body may go without receiving a byte from the network before its stream
 *   ends with an `AdkTransportError` of kind `'idle-timeout'` and its connection is closed (default
 *   60000; 0 turns the bound off). It measures the backend: an app that is slow to take the
 *   chunks (an `onToolCall` that takes its time) never trips it.
 * @property {number} [responseTimeoutMs]
 *   How long to wait for the response's headers before the request is closed and the stream ends
 *   with an `AdkTransportError` of kind `'no-response'` (default 60000; 0 turns the bound off): a
 *   backend, or a proxy, that accepts the request and never answers.
 */
/**
 * @template {UIMessage} [M=UIMessage]
 * @typedef {HttpChatTransportInitOptions<M> & AdkSseTransportOwnOptions} AdkSseTransportOptions
 */
/** The kinds of `AdkTransportError` this transport makes. @typedef {import('../../errors/errors.js').AdkSseTransportErrorKind} AdkSseTransportErrorKind */

const F = 'new AdkSseTransport';

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

  /**
   * `{api?, headers?, body?, credentials?, fetch?, prepareSendMessagesRequest?, …}` as for AI SDK's
   * `DefaultChatTransport`, plus `backend?: 'adk' | 'ai-sdk'`, `frontendTools?`, `idleTimeoutMs?` and
   * `responseTimeoutMs?`.
   * @param {AdkSseTransportOptions<M>} [options]
   */
  constructor(options = {}) {
    if (options === null || typeof options !== 'object') {
      throw invalidArgument(F, `the options are ${describeValue(options)}`, "an object such as {api: '/stream'}");
    }
    const { backend, frontendTools, idleTimeoutMs: _idle, responseTimeoutMs: _response, ...http } = /** @type {AdkSseTransportOptions<M>} */ (options);
    const adk = readBackend(F, backend) === 'adk';
    // 60 s: the recorded streams (../shared/fixtures) carry no chunk timings, so the default is set
    // from what is known of the real backend's honest silences: up to 10 s while it waits for a
    // browser tool's result over SSE (SPEC §4a W7), then a model call; issue 35 saw a 20 s stall
    // complete. 60 s leaves six times the longest known wait, as the BIDI approval timeout does.
    // The headers get the same: a backend may send them with its first chunk, after a model call.
    const idleMs = optionalMs(F, options, 'idleTimeoutMs', 60000, 0, 'a number of milliseconds from 0 (off) to 2147483647 (default 60000)');
    const responseMs = optionalMs(F, options, 'responseTimeoutMs', 60000, 0, 'a number of milliseconds from 0 (off) to 2147483647 (default 60000)');
    const bounds = { responseMs, idleMs, adk };
    // The bounds and the faults load with the first request (as the BIDI transport does): a page
    // that only shows a chat, and a BIDI app whose hook also takes SSE, do not download them. A
    // failed download sent nothing: `connect-failed`, which `adk.resend()` sends again (F-c).
    const bounded = (/** @type {RequestInfo | URL} */ input, /** @type {RequestInit | undefined} */ init) =>
      loadOnDemand(() => import('./bounded-fetch.js'), 'bounded-fetch.js')
        .catch((cause) => {
          throw new AdkTransportError('connect-failed', messageOf(cause), { cause });
        })
        .then((module) => module.boundedFetch(http.fetch, bounds)(input, init));
    super({ ...http, fetch: bounded });
    this.#adk = adk;
    this.#isBrowserTool = readFrontendTools(F, frontendTools);
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
    if (id === undefined) return stream;
    return stream.pipeThrough(
      new TransformStream({
        transform(chunk, controller) {
          controller.enqueue(continuing(chunk, id));
        },
      }),
    );
  }
}
