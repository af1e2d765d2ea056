// AdkSseTransport: AI SDK's DefaultChatTransport for an ADK backend over SSE. Exported
// from `adk-stream-wasm/chat` (it needs `ai`).
import type { DefaultChatTransport, HttpChatTransportInitOptions, UIMessage } from 'ai';
import type { AdkBackendKind, FrontendToolSet } from '../../transport.js';

export interface AdkSseTransportOptions<M extends UIMessage = UIMessage> extends HttpChatTransportInitOptions<M> {
  /**
   * `'adk'` (default): the request carries an approved browser tool with its output as an
   * `approval-responded` part followed by a `tool-result` part, which an ADK backend reads; the messages in `Chat` are not changed. `'ai-sdk'`: AI SDK's own shape (AI SDK's server,
   * Pydantic AI's Vercel AI adapter).
   */
  backend?: AdkBackendKind;
  /** The tools that run in the browser, for the ADK encoding (default: the frontend-tool registry's). */
  frontendTools?: FrontendToolSet;
  /**
   * How long a response may go without a chunk before its stream ends with an
   * `AdkTransportError` of kind `'idle-timeout'` and its connection is closed (default 60000; 0 turns
   * the bound off). AI SDK's own transport has no such bound: a stalled backend leaves the chat
   * `streaming`.
   */
  idleTimeoutMs?: number;
}

/** The kinds of `AdkTransportError` this transport makes (errors.d.ts). */
export type { AdkSseTransportErrorKind } from '../../errors/errors.js';

/**
 * AI SDK's `DefaultChatTransport` (same options: `api`, `headers`, `body`, `credentials`, `fetch`,
 * `prepareSendMessagesRequest`, …) with the ADK encoding on the wire, and a response that continues
 * an assistant message kept in that message (the backend's new `messageId` is not a new message).
 */
export declare class AdkSseTransport<M extends UIMessage = UIMessage> extends DefaultChatTransport<M> {
  constructor(options?: AdkSseTransportOptions<M>);
  /** Which kind of backend this transport encodes for. */
  readonly backend: AdkBackendKind;
}
