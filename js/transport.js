// `adk-stream-wasm/transport`: BidiTransport, AI SDK's ChatTransport over one WebSocket per chat
// (SPEC §5). Its parts are in transport/bidi/. `ai` is an optional peer dependency: the transport
// runs without it; with it, BidiTransport's types are checked against AI SDK's `ChatTransport`.
export { BidiTransport } from './transport/bidi/bidi-transport.js';

/** @typedef {import('./transport/bidi/options.js').BidiTransportOptions} BidiTransportOptions */
/** @typedef {import('./transport/bidi/options.js').BidiTransportErrorKind} BidiTransportErrorKind */
/** @typedef {import('./transport/bidi/options.js').BidiTransportError} BidiTransportError */
/** @typedef {import('./wire/frames.js').BidiAudio} BidiAudio */
/** @typedef {import('./wire/frames.js').BidiAudioChunk} BidiAudioChunk */
/** @typedef {import('./wire/adk-wire.js').AdkBackendKind} AdkBackendKind */
/** @typedef {import('./wire/adk-wire.js').FrontendToolSet} FrontendToolSet */
/** @typedef {import('./transport/bidi/interrupt-reason.js').InterruptReason} InterruptReason */
