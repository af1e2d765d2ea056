// One AI SDK `Chat` of Vue or Svelte with this library's engine, helpers, browser tools and
// transport: what `adk-stream-wasm/vue`'s useAdkChat and `adk-stream-wasm/svelte`'s AdkChat are
// built on (issue 34). The framework's reactivity is its own `Chat`'s message store, so nothing
// here depends on the framework: the entries pass the class in.
import { createAdkWith } from './create-adk.js';
import { BIDI } from './bidi-parts.js';
import { CALLBACKS, CHAT_OPTIONS, chatTransport, checkOptions } from './chat-options.js';
import { describeValue, invalidArgument } from '../errors/arguments.js';

/**
 * `options` as useAdkChat takes them (`{mode, api?, url?, bidiPattern?, tools?, frontendTools?,
 * backend?, transport?, transportOptions?, id?, ...chatOptions}`); `Chat` the framework's class.
 * Returns `{chat, adk, transport, close()}`: the chat is attached, so approved browser tools run by
 * themselves; `close()` detaches it and closes the transport it built (a given one is the app's).
 * @param {Record<string, any>} options @param {new (init: any) => any} Chat @param {string} fn
 */
export function createFrameworkChat(options, Chat, fn) {
  if (options === null || typeof options !== 'object') {
    throw invalidArgument(fn, `the options are ${describeValue(options)}`, "{mode: 'sse' | 'bidi', api?, url?, ...}");
  }
  checkOptions(options, fn);
  const { mode = 'sse', api = '/api/chat', url, bidiPattern, tools, frontendTools, backend, transport: own, transportOptions, id } = options;
  /** @type {{ adk: any }} */
  const holder = { adk: null };
  const transport = chatTransport({ transport: own, mode, api, url, backend, transportOptions }, holder, BIDI);
  // onError hears the engine's errors (a WebAssembly trap) as well as the chat's.
  const adk = createAdkWith({ mode, bidiPattern, tools, frontendTools, transport, onToolError: options.onToolError, onError: options.onError }, BIDI, fn);
  holder.adk = adk;
  /** @type {Record<string, unknown>} */
  const chatInit = { id, transport, sendAutomaticallyWhen: adk.sendAutomaticallyWhen };
  for (const key of [...CHAT_OPTIONS, ...CALLBACKS]) {
    if (key !== 'onToolError' && options[key] !== undefined) chatInit[key] = options[key];
  }
  const chat = new Chat(chatInit);
  adk.attach(chat);
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
