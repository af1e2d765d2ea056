// Drop-in for the BIDI helper: `sendAutomaticallyWhen({messages}) → boolean`, decided by the
// module's default BIDI engine (Pattern A).
import { defaultAutoSend } from './index.js';

export function sendAutomaticallyWhen(arg) {
  return defaultAutoSend('bidi', arg).sendAutomaticallyWhen(arg);
}
