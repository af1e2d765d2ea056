// `adk-stream-wasm/sse` under the `development` export condition (Vite, webpack and Next set it in development):
// the same exports, with explain() and the errors in their whole words.
import '../words/development.js';
export * from '../sse.js';
