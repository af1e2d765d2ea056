// AI SDK's `UIMessage`, the default message type of the declarations that take one. `ai` is an
// optional peer dependency: the package runs without it. With `ai` installed this is AI SDK's own
// type; without it the import resolves to nothing and `UIMessage` is `any`, so the declarations
// that read it still compile under `skipLibCheck: false` (tools/check-types.mjs checks both).
// Types only: JSDoc cannot write an import that may not resolve.
// @ts-ignore -- resolves only when the optional peer `ai` is installed (see above).
import type { UIMessage } from 'ai';

export type { UIMessage };
