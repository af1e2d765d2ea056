import type { UIMessageLike } from './index.js';
/** Drop-in: the module's default SSE engine decides (Pattern A only, ADR 0008). */
export function sendAutomaticallyWhen(options: { messages: ReadonlyArray<UIMessageLike> }): boolean | Promise<boolean>;
