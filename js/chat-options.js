// The options of the one-call chats of Vue (`useAdkChat`) and Svelte (`AdkChat`): which exist, and
// the check that refuses what a chat would silently ignore or override. React's hook
// (chat-hook.js) applies the same rule in its own copy: sharing this module grew the React SSE app
// by 11 B gzip (rollup's module order), and the React apps must not grow (issue 34).
import { invalidArgument } from './errors.js';

/** The app's callbacks: the Chat's own, and the engine's `onToolError` (and `onError` too). */
export const CALLBACKS = ['onError', 'onToolCall', 'onFinish', 'onData', 'onToolError'];
/** AI SDK's other `Chat` options, read when the chat is created. */
export const CHAT_OPTIONS = ['messages', 'generateId', 'messageMetadataSchema', 'dataPartSchemas'];
/** What identifies the chat, its engine and its transport. */
const OWN_OPTIONS = ['mode', 'api', 'url', 'bidiPattern', 'tools', 'frontendTools', 'backend', 'transport', 'transportOptions', 'id'];
/** Options the chat builds itself from `transport`; giving both would leave one of them unused. */
const SET_BY_TRANSPORT = ['api', 'url', 'transportOptions', 'backend'];

/** Every option the chats take. */
const KNOWN = new Set([...OWN_OPTIONS, ...CALLBACKS, ...CHAT_OPTIONS]);

/**
 * Refuses what the chat would silently ignore or override (`F` is the name errors give).
 * @param {Record<string, any>} options @param {string} F
 */
export function checkOptions(options, F) {
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
