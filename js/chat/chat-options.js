// The options of the one-call chats (React's and Vue's `useAdkChat`, Svelte's `AdkChat`): which
// exist, and the check that refuses what a chat would silently ignore or override. One rule for the
// three (sharing it costs the React SSE app 11 B gzip against a copy of its own).
import { invalidArgument } from '../errors/arguments.js';

/** The app's callbacks: the Chat's own, and the engine's `onToolError` (and `onError` too). */
export const CALLBACKS = ['onError', 'onToolCall', 'onFinish', 'onData', 'onToolError'];
/** AI SDK's other `Chat` options, read when the chat is created. */
export const CHAT_OPTIONS = ['messages', 'generateId', 'messageMetadataSchema', 'dataPartSchemas'];
/** What identifies the chat, its engine and its transport. */
const OWN_OPTIONS = ['mode', 'api', 'url', 'bidiPattern', 'tools', 'frontendTools', 'backend', 'transport', 'transportOptions', 'id'];
/** Options the chat builds itself from `transport`; giving both would leave one of them unused. */
const SET_BY_TRANSPORT = ['api', 'url', 'transportOptions', 'backend'];

/**
 * Refuses what the chat would silently ignore or override (`F` is the name errors give; `more`,
 * the options of the framework's own hook, such as React's `useChat`).
 * @param {Record<string, any>} options @param {string} F @param {string[]} [more]
 */
export function checkOptions(options, F, more = []) {
  const KNOWN = new Set([...OWN_OPTIONS, ...CALLBACKS, ...CHAT_OPTIONS, ...more]);
  for (const key of Object.keys(options)) {
    if (key === 'sendAutomaticallyWhen') {
      throw invalidArgument(F, '`sendAutomaticallyWhen` is given', "no sendAutomaticallyWhen: the chat's engine decides when to send (use useChat with createAutoSend for a decision of your own)");
    }
    if (!KNOWN.has(key)) {
      throw invalidArgument(F, `the option \`${key}\` is not one ${F} knows`, `one of ${[...KNOWN].join(', ')}`);
    }
  }
  if (options.transport !== undefined) {
    const transport = options.transport;
    if (transport === null || typeof transport !== 'object' || typeof transport.sendMessages !== 'function') {
      throw invalidArgument(F, '`transport` is not a ChatTransport', 'an object with sendMessages() and reconnectToStream(), such as AdkTestTransport or BidiTransport');
    }
    for (const key of SET_BY_TRANSPORT) {
      if (options[key] !== undefined) {
        throw invalidArgument(F, `\`${key}\` is given with \`transport\``, 'either your own transport or the options that configure the one the chat builds, not both');
      }
    }
  }
}

/**
 * A one-call chat's transport: the app's own, else the one the chat builds for its mode
 * (`bidi.transport` builds the BIDI one, `SSE` is AdkSseTransport; either is null where the entry
 * takes the other mode only, and its mode was checked before). Its browser tools are
 * the engine's, asked through `holder.adk` once it exists: one set, said once (SPEC §4a W1, §6).
 * Chunks that arrive with no open stream go into the chat (nothing is lost, SPEC §5 W8), then the
 * app's own `onBufferedChunks` hears of them.
 * @param {Record<string, any>} options the chat's options, read with their defaults
 * @param {{adk: any}} holder @param {{transport: (options: any) => any} | null} bidi
 * @param {typeof import('../transport/sse/sse-transport.js').AdkSseTransport | null} SSE
 */
export function chatTransport({ transport, mode, api, url, backend, transportOptions }, holder, bidi, SSE) {
  if (transport !== undefined) return transport;
  const isFrontendTool = (/** @type {string} */ name) => holder.adk !== null && holder.adk.autoSend.isFrontendTool(name);
  if (mode !== 'bidi' || bidi === null) return new /** @type {NonNullable<typeof SSE>} */ (SSE)({ api, backend, frontendTools: isFrontendTool, ...transportOptions });
  return bidi.transport({
    url,
    backend,
    frontendTools: isFrontendTool,
    ...transportOptions,
    onBufferedChunks: () => {
      if (holder.adk) void holder.adk.resumeBuffered();
      if (transportOptions && typeof transportOptions.onBufferedChunks === 'function') transportOptions.onBufferedChunks();
    },
  });
}
