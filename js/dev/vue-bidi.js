// `adk-stream-wasm/vue/bidi` under the `development` export condition (Vite sets it in development):
// the same exports, with explain() and the errors in their whole words.
import '../words/development.js';
export * from '../vue-bidi.js';
