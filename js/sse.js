// Drop-in for the SSE helper: `sendAutomaticallyWhen({messages}) → boolean`, decided by the
// module's default SSE engine (Pattern A only, ADR 0008).
import { sendAutomaticallyWhenCore } from './index.js';
import { messagesOf } from './core/records.js';

/**
 * The drop-in decision's argument (`M` defaults to AI SDK's `UIMessage`).
 * @template {import('./index.js').UIMessageLike} [M=import('./decision/auto-send.js').UIMessage]
 * @typedef {import('./index.js').SendAutomaticallyWhenOptions<M>} SendAutomaticallyWhenOptions
 */

/**
 * Drop-in `sendAutomaticallyWhen({messages})`: the module's default SSE engine decides (Pattern A only: an HTTP request cannot carry a tool result that comes later).
 * Synchronous: the module is compiled at import. (A constant typed as a method: see drop-in/decide.js.)
 * @type {import('./index.js').DropInSendAutomaticallyWhen}
 */
export const sendAutomaticallyWhen = (arg) => sendAutomaticallyWhenCore({ messages: messagesOf(arg), mode: 'sse' });
