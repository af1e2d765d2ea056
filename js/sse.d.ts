import type { DropInSendAutomaticallyWhen } from './index.js';
export type { SendAutomaticallyWhenOptions } from './index.js';
/** Drop-in `sendAutomaticallyWhen({messages})`: the module's default SSE engine decides (Pattern A only, ADR 0008). Synchronous: the
 *  module is compiled at import. */
export const sendAutomaticallyWhen: DropInSendAutomaticallyWhen;
