// Drop-in for the SSE helper: `sendAutomaticallyWhen({messages}) → boolean`, decided by the
// module's default SSE engine (Pattern A only, ADR 0008).
import { sendAutomaticallyWhenCore } from './index.js';
import { messagesOf } from './core/records.js';

export function sendAutomaticallyWhen(arg) {
  return sendAutomaticallyWhenCore({ messages: messagesOf(arg), mode: 'sse' });
}
