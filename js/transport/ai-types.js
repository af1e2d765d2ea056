// @ts-check
// Types only (ai-types.d.ts: AI SDK's types for the transports' declarations); no code.
export {};
