// AI SDK's `UIMessage`, the default message type of the declarations that take one. `ai` is an
// optional peer dependency: the package runs without it. With `ai` installed this is AI SDK's own
// type (with its default type arguments); without it the import resolves to nothing, and
// `UIMessage` is the shape this library reads (`UIMessageLike`), so the declarations that read it
// still compile under `skipLibCheck: false` (tools/check-types.mjs checks both).
// Types only: JSDoc cannot write an import that may fail to resolve. An interface, not an alias:
// the emitted declarations then name it (`UIMessage`) instead of spelling out `import("ai")`.
// @ts-ignore -- resolves only when the optional peer `ai` is installed (see above).
import type { UIMessage as AiUIMessage } from 'ai';
import type { UIMessageLike } from '../decision/auto-send.js';

/** `AiUIMessage` where `ai` resolves; `UIMessageLike` where it is `any` (not installed). */
type Resolved = 0 extends 1 & AiUIMessage ? UIMessageLike : AiUIMessage;

/** AI SDK's `UIMessage` (without `ai` installed: `UIMessageLike`). */
export interface UIMessage extends Resolved {}
