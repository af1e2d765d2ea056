// AI SDK's `UIMessage` as the declarations read it: a type only, nothing at run time. The package's
// declarations take ai-sdk.d.ts beside this file, which compiles without the optional peer `ai`;
// this typedef is the same type where `ai` is installed, for the check of the package's JS on its
// own (tools/check-types.mjs). Its import is written over two lines so that the checks that follow
// an entry point's run-time imports (tools/check-types.mjs, which tells which entry points need
// the peers) do not count this type as one.
/**
 * @typedef {import(
 *   'ai').UIMessage} UIMessage
 */
export {};
