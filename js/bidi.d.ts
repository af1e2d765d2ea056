import type { UIMessageLike } from './index.js';
/** Drop-in: the module's default BIDI engine decides (Pattern A). */
export function sendAutomaticallyWhen(options: { messages: ReadonlyArray<UIMessageLike> }): boolean | Promise<boolean>;
