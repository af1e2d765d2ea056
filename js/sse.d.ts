import type { DropInSendAutomaticallyWhen } from './index.js';
export type { SendAutomaticallyWhenOptions } from './index.js';
/** Drop-in `sendAutomaticallyWhen({messages})`: the module's default SSE engine decides (Pattern A only: an HTTP request cannot carry a tool result that comes later). Synchronous: the
 *  module is compiled at import. */
export const sendAutomaticallyWhen: DropInSendAutomaticallyWhen;
