// Drop-in for the SSE helper: `sendAutomaticallyWhen({messages}) → boolean`, decided by the
// module's default SSE engine (Pattern A only, ADR 0008).
import { defaultAutoSend } from './index.js';

export function sendAutomaticallyWhen(arg) {
  return defaultAutoSend('sse', arg).sendAutomaticallyWhen(arg);
}
