// The key of a BIDI transport's watch on the faults it reports to `onError`, which createAdk takes
// to show an approval lost with its socket as dead at once (SPEC §5 F-h), whether or not the app
// gave an `onError`. Not public API; written once, here, for the transport, the one-call chats'
// lazy transport and createAdk (chat/bidi-parts.js).
export const WATCH_FAULTS = Symbol.for('adk-stream-wasm.watchFaults');
