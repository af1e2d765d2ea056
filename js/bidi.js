// Drop-in for the BIDI helper: `sendAutomaticallyWhen({messages}) → boolean`, decided by the
// module's default BIDI engine (Pattern A).
import { sendAutomaticallyWhenCore } from './index.js';
import { messagesOf } from './core/records.js';

export function sendAutomaticallyWhen(arg) {
  return sendAutomaticallyWhenCore({ messages: messagesOf(arg), mode: 'bidi' });
}
