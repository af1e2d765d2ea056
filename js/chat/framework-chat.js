// One AI SDK `Chat` of Vue or Svelte with this library's engine, helpers, browser tools and
// transport: what `adk-stream-wasm/vue`'s useAdkChat and `adk-stream-wasm/svelte`'s AdkChat are
// built on (issue 34). The framework's reactivity is its own `Chat`'s message store, so nothing
// here depends on the framework: the entries pass the class in, and the BIDI parts
// (bidi-parts.js) and the SSE transport, which the SSE-only entries (`/vue/sse`, `/svelte/sse`) and
// the BIDI-only ones (`/vue/bidi`, `/svelte/bidi`) leave out.
import { createAdkWith } from './create-adk.js';
import { CALLBACKS, CHAT_OPTIONS, chatTransport, checkOptions } from './chat-options.js';
import { describeValue, invalidArgument } from '../errors/arguments.js';
// The Vue and Svelte entries' types (vue.js, svelte.js) import `ai` and this package's own only: an
// app with Vue or Svelte has no @ai-sdk/react to resolve.
/** @import { UIMessage, ChatInit, ChatTransport } from 'ai' */
/** @import { AdkSseTransport } from '../transport/sse/sse-transport.js' */
/** @import { Adk, AdkOptions } from './adk-types.d.ts' */
/** @import { BidiPattern } from '../index.js' */
/** @import { AdkBackendKind, BidiTransport, BidiTransportOptions } from '../transport.js' */

/** @typedef {'sse' | 'bidi'} AdkChatMode */

/**
 * A one-call chat's own options (`AdkChatOptions` adds AI SDK's `Chat` options).
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {AdkChatMode} [MODE=AdkChatMode]
 * @typedef {object} AdkChatOwnOptions
 * @property {MODE} [mode] Default 'sse'.
 * @property {string} [api] SSE endpoint (default '/api/chat'). Not with `transport`.
 * @property {string} [url] BIDI WebSocket URL (ws:// or wss://). Not with `transport`.
 * @property {BidiPattern} [bidiPattern]
 * @property {AdkOptions['tools']} [tools]
 * @property {AdkOptions['frontendTools']} [frontendTools] The tools that run in the browser besides `tools` (`[]` for none), in the forms every API
 *  takes. Default: the module's frontend-tool registry (`get_location`, `take_photo`, `get_camera`).
 * @property {AdkBackendKind} [backend] `'adk'` (default) or `'ai-sdk'` (AI SDK's server, Pydantic AI): how the request is encoded. Not with `transport`.
 * @property {ChatTransport<M> & (MODE extends 'bidi' ? { sendToolResult?(toolCallId: string, result: object): void } : unknown)} [transport]
 *  Use this transport instead of building one (for tests: `AdkTestTransport`). The app closes it.
 * @property {Record<string, unknown> & Partial<BidiTransportOptions>} [transportOptions] Passed to AdkSseTransport (SSE; AI SDK's `DefaultChatTransport` options) or BidiTransport (BIDI). Not with `transport`.
 * @property {AdkOptions['onToolError']} [onToolError]
 * @property {ChatInit<M>['onError']} [onError] AI SDK's `onError` (the chat's errors), which also hears the engine's (`AdkInternalError`).
 */
/**
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {AdkChatMode} [MODE=AdkChatMode]
 * @typedef {Omit<ChatInit<M>, 'transport' | 'sendAutomaticallyWhen' | 'onError'> & AdkChatOwnOptions<M, MODE>} AdkChatOptions
 */
/**
 * The BIDI transport the chat builds: `BidiTransport`'s members, over its module, which loads when
 * the chat is created (an SSE app never downloads it). Not an instance of the class.
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @typedef {Pick<BidiTransport<M>, 'sendMessages' | 'reconnectToStream' | 'sendToolResult' | 'interrupt' | 'sendAudioControl' | 'sendAudioChunk' | 'connect' | 'close' | 'latencyMs' | 'connected' | 'socket' | 'messagesSent' | 'whenMessageSent'>} AdkChatBidiTransport
 */
/**
 * The chat's transport, by mode (the one given as `transport` when there is one).
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {AdkChatMode} [MODE=AdkChatMode]
 * @typedef {(MODE extends 'bidi' ? AdkChatBidiTransport<M> : never) | (MODE extends 'sse' ? AdkSseTransport<M> : never)} AdkChatTransport
 */
/**
 * @template CHAT
 * @typedef {object} FrameworkChat
 * @property {CHAT} chat
 * @property {Adk} adk
 * @property {ChatTransport<UIMessage<unknown>>} transport
 * @property {() => void} close Detaches the engine; closes the transport the chat built (a given one is the app's).
 */

/**
 * `options` as useAdkChat takes them (`{mode, api?, url?, bidiPattern?, tools?, frontendTools?,
 * backend?, transport?, transportOptions?, id?, ...chatOptions}`); `Chat` the framework's class;
 * `BIDI` the BIDI parts, or null for an SSE-only entry, which refuses mode 'bidi' by name; `SSE`
 * AdkSseTransport, or null for a BIDI-only entry, whose mode is 'bidi' and which refuses 'sse'.
 * Returns `{chat, adk, transport, close()}`: the chat is attached, so approved browser tools run by
 * themselves; `close()` detaches it and closes the transport it built (a given one is the app's).
 * @template CHAT
 * @param {Record<string, any>} options @param {new (init: any) => CHAT} Chat @param {string} fn
 * @param {typeof import('./bidi-parts.js').BIDI | null} BIDI
 * @param {typeof import('../transport/sse/sse-transport.js').AdkSseTransport | null} SSE
 * @returns {FrameworkChat<CHAT>}
 */
export function createFrameworkChat(options, Chat, fn, BIDI, SSE) {
  if (options === null || typeof options !== 'object') {
    throw invalidArgument(fn, `the options are ${describeValue(options)}`, "{mode: 'sse' | 'bidi', api?, url?, ...}");
  }
  if (BIDI === null && options.mode === 'bidi') {
    throw invalidArgument(fn, "mode 'bidi' in the SSE-only entry", "mode 'sse' (or none); the entry without /sse ('adk-stream-wasm/vue', 'adk-stream-wasm/svelte') takes 'bidi'");
  }
  if (SSE === null && options.mode === 'sse') {
    throw invalidArgument(fn, "mode 'sse' in the BIDI-only entry", "mode 'bidi' (or none); the entry without /bidi ('adk-stream-wasm/vue', 'adk-stream-wasm/svelte') takes 'sse'");
  }
  checkOptions(options, fn);
  const { mode = SSE === null ? 'bidi' : 'sse', api = '/api/chat', url, bidiPattern, tools, frontendTools, backend, transport: own, transportOptions, id } = options;
  /** @type {{ adk: Adk | null }} */
  const holder = { adk: null };
  const transport = chatTransport({ transport: own, mode, api, url, backend, transportOptions }, holder, BIDI, SSE);
  // onError hears the engine's errors (a WebAssembly trap) as well as the chat's.
  const adk = createAdkWith({ mode, bidiPattern, tools, frontendTools, transport, onToolError: options.onToolError, onError: options.onError }, BIDI, fn);
  holder.adk = adk;
  /** @type {Record<string, unknown>} */
  const chatInit = { id, transport, sendAutomaticallyWhen: adk.sendAutomaticallyWhen };
  for (const key of [...CHAT_OPTIONS, ...CALLBACKS]) {
    if (key !== 'onToolError' && options[key] !== undefined) chatInit[key] = options[key];
  }
  const chat = new Chat(chatInit);
  adk.attach(/** @type {any} */ (chat));
  return {
    chat,
    adk,
    transport,
    close() {
      adk.detach();
      if (own === undefined && 'close' in transport && typeof transport.close === 'function') transport.close();
    },
  };
}
