import type { DropInSendAutomaticallyWhen } from './index.js';
export type { SendAutomaticallyWhenOptions } from './index.js';
/** Drop-in `sendAutomaticallyWhen({messages})`: the module's default BIDI engine decides (Pattern A). Synchronous: the
 *  module is compiled at import. */
export const sendAutomaticallyWhen: DropInSendAutomaticallyWhen;
