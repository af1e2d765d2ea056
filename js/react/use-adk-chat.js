// useAdkChat's body, shared by `adk-stream-wasm/react` (react.js, either mode) and the SSE-only
// `adk-stream-wasm/react/sse` (react-sse.js): AI SDK's useChat with this library's engine, helpers,
// browser tools and transport. The BIDI parts (chat/bidi-parts.js) come in as an argument, so the
// SSE-only entry leaves them out.
import { createAdkWith } from '../chat/create-adk.js';
import { useEffect, useMemo, useRef } from 'react';
import { Chat, useChat } from '@ai-sdk/react';
import { invalidArgument } from '../errors/arguments.js';
import { CALLBACKS, CHAT_OPTIONS, chatTransport, checkOptions } from '../chat/chat-options.js';
import { AdkSseTransport } from '../transport/sse/sse-transport.js';

/** `useChat`'s own options. */
const USE_CHAT_OPTIONS = ['experimental_throttle', 'resume'];

/** A key that changes exactly when the browser tool set changes. @param {unknown} frontendTools */
function toolSetKey(frontendTools) {
  if (frontendTools === undefined) return '';
  // A function is asked through the latest render's (useAdkChatWith): a new one each render is the same set.
  if (typeof frontendTools === 'function') return 'function';
  if (!Array.isArray(frontendTools)) return 'invalid';
  return `[${frontendTools.map((t) => (t !== null && typeof t === 'object' ? `${t.name}:${t.requiresApproval}` : String(t))).join(',')}]`;
}

/**
 * The hook with the BIDI parts (`BIDI`, chat/bidi-parts.js) or, for the SSE-only entry, without
 * them (null), in which case mode 'bidi' is refused by name (`fn` is the name errors give).
 * @param {Record<string, any>} options @param {typeof import('../chat/bidi-parts.js').BIDI | null} bidi @param {string} fn
 */
export function useAdkChatWith(options, bidi, fn) {
  if (bidi === null && options.mode === 'bidi') {
    throw invalidArgument(fn, "mode 'bidi' in the SSE-only hook", "mode 'sse' (or none); useAdkChat from 'adk-stream-wasm/react' takes 'bidi'");
  }
  checkOptions(options, fn, USE_CHAT_OPTIONS);
  const { mode = 'sse', api = '/api/chat', url, bidiPattern, tools, frontendTools, backend, transport: ownTransport, transportOptions, id, experimental_throttle, resume } = options;
  const toolNames = tools ? Object.keys(tools).sort().join(',') : '';
  const frontendKey = toolSetKey(frontendTools);
  const latest = useRef(options);
  latest.current = options;

  const created = useMemo(() => {
    /** @type {{ adk: import('../chat/adk-types.d.ts').Adk | null }} */
    const holder = { adk: null };
    const transport = chatTransport({ transport: ownTransport, mode, api, url, backend, transportOptions }, holder, bidi, AdkSseTransport);
    const call = (/** @type {string} */ name) => (/** @type {unknown[]} */ ...args) => {
      const callback = latest.current[name];
      return typeof callback === 'function' ? callback(...args) : undefined;
    };
    const toolSet = typeof frontendTools === 'function' ? (/** @type {string} */ name) => latest.current.frontendTools(name) : frontendTools;
    // onError hears the engine's errors (a WebAssembly trap) as well as the chat's.
    const adkOptions = { mode, bidiPattern, tools, frontendTools: toolSet, transport, onToolError: call('onToolError'), onError: call('onError') };
    const adk = createAdkWith(adkOptions, bidi, fn);
    holder.adk = adk;
    const init = latest.current;
    /** @type {Record<string, unknown>} */
    const chatInit = { id, transport, sendAutomaticallyWhen: adk.sendAutomaticallyWhen };
    for (const key of CHAT_OPTIONS) if (init[key] !== undefined) chatInit[key] = init[key];
    for (const key of CALLBACKS) if (key !== 'onToolError') chatInit[key] = call(key);
    const chat = new Chat(/** @type {any} */ (chatInit));
    return { adk, chat, transport, own: ownTransport !== undefined };
    // The chat is rebuilt only when what identifies it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, api, url, bidiPattern, id, toolNames, frontendKey, backend, ownTransport]);

  const { adk, chat, transport, own } = created;
  if (tools) adk.setTools(tools);

  useEffect(() => {
    adk.attach(chat);
    return () => {
      adk.detach();
      // A transport the app passed is the app's to close.
      if (!own && 'close' in transport && typeof transport.close === 'function') transport.close();
    };
  }, [adk, chat, transport, own]);

  const helpers = useChat({ chat, experimental_throttle, resume });
  return {
    ...helpers,
    adk,
    transport,
    // The library's addToolOutput instead of useChat's: it marks the output as the browser's and
    // may be awaited inside onToolCall (it resolves once queued while the chat streams).
    addToolOutput: adk.addToolOutput,
    approve: adk.approve,
    deny: adk.deny,
    answerApprovals: adk.answerApprovals,
    pendingApprovals: adk.pendingApprovals(helpers.messages),
    explain: adk.explain(helpers.messages),
  };
}
