import type { DropInSendAutomaticallyWhen } from './index.js';
export type { SendAutomaticallyWhenOptions } from './index.js';
/** Drop-in `sendAutomaticallyWhen({messages})`: the module's default BIDI engine decides (Pattern A). A boolean once
 *  the module has loaded (at import in Node; `await ready` in a browser), a promise of one before. */
export const sendAutomaticallyWhen: DropInSendAutomaticallyWhen;
