// AI SDK's types for the BIDI transport's declarations. `ai` is an optional peer dependency: the
// transport runs without it (it is JavaScript and the browser's WebSocket). With `ai` installed
// these are AI SDK's own types, so BidiTransport is checked against its `ChatTransport`; without it
// they are `any` and the declarations still compile under `skipLibCheck: false`
// (tools/check-types.mjs checks both). Types only: JSDoc cannot say `@ts-ignore` on an import.
// @ts-ignore -- resolves only when the optional peer `ai` is installed (see above).
import type { ChatRequestOptions, ChatTransport as AiChatTransport, UIMessage as AiUIMessage, UIMessageChunk } from 'ai';

export type { ChatRequestOptions, UIMessageChunk };

/** AI SDK's `UIMessage`, as a default type argument (tsc would spell out its own defaults, with `ai` unguarded). */
export type UIMessage = AiUIMessage;

/**
 * AI SDK's `ChatTransport`, as an interface whose message type has a default: tsc writes a JSDoc
 * `@implements` into a declaration without its type arguments (and a type alias's import not at all).
 */
export interface ChatTransport<M extends AiUIMessage = AiUIMessage> extends AiChatTransport<M> {}
