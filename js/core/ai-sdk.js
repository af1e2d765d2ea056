// @ts-check
// AI SDK's `UIMessage` as the declarations read it: a type only, nothing at run time (no module
// imports this one). The package's declarations take ai-sdk.d.ts beside it, which works without the
// optional peer `ai` installed; this typedef is the same type where `ai` is installed, for the
// checks that type-check the package's JS on its own (tools/check-types.mjs).
/** @typedef {import('ai').UIMessage} UIMessage */
export {};
