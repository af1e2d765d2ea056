// AI SDK's `UIMessage`, the default message type of the declarations that take one. `ai` is an
// optional peer dependency: the package runs without it. With `ai` installed this is AI SDK's own
// type (with its default type arguments); without it the import resolves to nothing and `UIMessage`
// is `any`, so the declarations that read it still compile under `skipLibCheck: false`
// (tools/check-types.mjs checks both). Types only: JSDoc cannot write an import that may fail to
// resolve.
// @ts-ignore -- resolves only when the optional peer `ai` is installed (see above).
import type { UIMessage as AiUIMessage } from 'ai';

/**
 * AI SDK's `UIMessage` (`any` without `ai` installed). The intersection with a member no message
 * has keeps this name in the emitted declarations (they would spell out `import("ai")` otherwise,
 * which does not compile without the peer); every `UIMessage` is one of these, and each way round.
 */
export type UIMessage = AiUIMessage & { readonly '~adkUIMessage'?: never };
