// AI SDK's message types for the testing kit live in ai-types.d.ts beside this file, written by
// hand: `ai` is an optional peer, and only a declaration can import it under @ts-ignore. This
// module has no code; it exists so that the kit's `import('./ai-types.js')` type references
// resolve for every tool that follows imports from the .js files. Nothing imports it at run time.
export {};
