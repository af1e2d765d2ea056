// `adk-stream-wasm/transport`: BidiTransport, AI SDK's ChatTransport over one WebSocket per chat
// (SPEC §5). Its parts are in transport/bidi/.
export { BidiTransport } from './transport/bidi/bidi-transport.js';
