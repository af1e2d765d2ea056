// Drop-in for the BIDI helper: `sendAutomaticallyWhen({messages}) → boolean`, decided by the
// module's default BIDI engine (Pattern A).
import { sendAutomaticallyWhenCore } from './index.js';
import { messagesOf } from './core/records.js';

/**
 * The drop-in decision's argument (`M` defaults to AI SDK's `UIMessage`).
 * @template {import('./index.js').UIMessageLike} [M=import('./decision/auto-send.js').UIMessage]
 * @typedef {import('./index.js').SendAutomaticallyWhenOptions<M>} SendAutomaticallyWhenOptions
 */

/**
 * Drop-in `sendAutomaticallyWhen({messages})`: the module's default BIDI engine decides (Pattern A).
 * Synchronous: the module is compiled at import. (A constant typed as a method: see drop-in/decide.js.)
 * @type {import('./index.js').DropInSendAutomaticallyWhen}
 */
export const sendAutomaticallyWhen = (arg) => sendAutomaticallyWhenCore({ messages: messagesOf(arg), mode: 'bidi' });
