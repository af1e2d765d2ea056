// The options and the transport of the Vue and Svelte chats (vue.d.ts, svelte.d.ts), and the
// builder they share. They import `ai` and this package's own declarations only: an app with Vue
// or Svelte has no @ai-sdk/react to resolve.
import type { UIMessage, ChatInit, ChatTransport } from 'ai';
import type { AdkSseTransport } from '../transport/sse/sse-transport.js';
import type { Adk, AdkOptions } from '../chat.js';
import type { BidiPattern } from '../index.js';
import type { AdkBackendKind, BidiTransport, BidiTransportOptions } from '../transport.js';

export type AdkChatMode = 'sse' | 'bidi';

export interface AdkChatOptions<M extends UIMessage = UIMessage, MODE extends AdkChatMode = AdkChatMode>
  extends Omit<ChatInit<M>, 'transport' | 'sendAutomaticallyWhen'> {
  /** Default 'sse'. */
  mode?: MODE;
  /** SSE endpoint (default '/api/chat'). Not with `transport`. */
  api?: string;
  /** BIDI WebSocket URL (ws:// or wss://). Not with `transport`. */
  url?: string;
  bidiPattern?: BidiPattern;
  tools?: AdkOptions['tools'];
  /** The tools that run in the browser besides `tools` (`[]` for none), in the forms every API
   *  takes. Default: the module's frontend-tool registry (`get_location`, `take_photo`, `get_camera`). */
  frontendTools?: AdkOptions['frontendTools'];
  /** `'adk'` (default) or `'ai-sdk'` (AI SDK's server, Pydantic AI): how the request is encoded. Not with `transport`. */
  backend?: AdkBackendKind;
  /** Use this transport instead of building one (for tests: `AdkTestTransport`). The app closes it. */
  transport?: ChatTransport<M> & (MODE extends 'bidi' ? { sendToolResult?(toolCallId: string, result: object): void } : unknown);
  /** Passed to AdkSseTransport (SSE; AI SDK's `DefaultChatTransport` options) or BidiTransport (BIDI). Not with `transport`. */
  transportOptions?: Record<string, unknown> & Partial<BidiTransportOptions>;
  onToolError?: AdkOptions['onToolError'];
  /** AI SDK's `onError` (the chat's errors), which also hears the engine's (`AdkInternalError`). */
  onError?: ChatInit<M>['onError'];
}

/** The BIDI transport the chat builds: `BidiTransport`'s members, over its module, which loads when
 *  the chat is created (an SSE app never downloads it). Not an instance of the class. */
export type AdkChatBidiTransport<M extends UIMessage = UIMessage> = Pick<
  BidiTransport<M>,
  'sendMessages' | 'reconnectToStream' | 'sendToolResult' | 'interrupt' | 'sendAudioControl' | 'sendAudioChunk' | 'connect' | 'close' | 'latencyMs' | 'connected' | 'socket' | 'messagesSent' | 'whenMessageSent'
>;

/** The chat's transport, by mode (the one given as `transport` when there is one). */
export type AdkChatTransport<M extends UIMessage = UIMessage, MODE extends AdkChatMode = AdkChatMode> =
  | (MODE extends 'bidi' ? AdkChatBidiTransport<M> : never)
  | (MODE extends 'sse' ? AdkSseTransport<M> : never);

export interface FrameworkChat<CHAT> {
  chat: CHAT;
  adk: Adk;
  transport: ChatTransport<UIMessage>;
  /** Detaches the engine; closes the transport the chat built (a given one is the app's). */
  close(): void;
}

/** The chat of a framework's AI SDK `Chat` class, attached to its engine (internal to the entries). */
export function createFrameworkChat<CHAT>(options: Record<string, any>, Chat: new (init: any) => CHAT, fn: string): FrameworkChat<CHAT>;
