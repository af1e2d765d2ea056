// AI SDK's types for the transports' declarations. `ai` is an optional peer dependency: the
// transport runs without it (it is JavaScript and the browser's WebSocket). With `ai` installed
// these are AI SDK's own types; without it they are `any` and the declarations still compile under
// `skipLibCheck: false` (tools/check-types.mjs checks both). Types only: JSDoc cannot write the
// `@ts-ignore` the optional peer's import needs (types only: no module beside it).
// @ts-ignore -- resolves only when the optional peer `ai` is installed (see above).
import type { ChatRequestOptions, ChatTransport, UIMessage as AiUIMessage, UIMessageChunk } from 'ai';
import type { BidiTransport } from './bidi/bidi-transport.js';

export type { ChatRequestOptions, UIMessageChunk };

/** AI SDK's `UIMessage`, as a default type argument (tsc would spell out its defaults, with `ai` unguarded). */
export type UIMessage = AiUIMessage;

/**
 * BidiTransport is AI SDK's `ChatTransport`: checked wherever its declarations are checked with
 * `ai` installed (tools/check-types.mjs). Not a JSDoc `@implements`: tsc writes that into the
 * declaration without its type arguments, which AI SDK's contravariant `sendMessages` refuses.
 */
type IsChatTransport<T extends ChatTransport<M>, M extends AiUIMessage> = T;
type BidiTransportIsAChatTransport = IsChatTransport<BidiTransport<AiUIMessage>, AiUIMessage>;
