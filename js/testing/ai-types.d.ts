// AI SDK's message types for the testing kit, types only (no module beside it; the kit's JSDoc imports them).
// `ai` is an optional peer dependency: with it installed these are AI SDK's own, so
// `new Chat({transport})` type-checks exactly; without it they are `any`, and the kit's
// declarations still compile under `skipLibCheck: false`. JSDoc cannot say "@ts-ignore" in an
// emitted declaration, hence this file.
// @ts-ignore -- resolves only when the optional peer `ai` is installed (see above).
import type { UIMessage, UIMessageChunk } from 'ai';

/** AI SDK's UI message (`any` without `ai`). */
export type AiUIMessage = UIMessage;

/** A UI message chunk as the backend writes it (`{type: 'text-delta', id, delta}`, …). */
export type TestChunk = UIMessageChunk;
