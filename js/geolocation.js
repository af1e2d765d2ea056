// `getLocation` and the drop-in `executeGetLocation` (SPEC §6, §7): the built-in `get_location`
// browser tool. `getLocation`'s work is in Rust (src/browser/geolocation.rs); this glue only waits
// for the WebAssembly module, so it may be called before it has loaded.
import * as wasm from './wasm/adk_stream_wasm.js';
import { ready, isReady } from './loader.js';

// A namespace import, so that a module built without the `geolocation` feature still links.
function unsupported(name) {
  const error = new Error(`${name}(): this build of adk-stream-wasm has no geolocation (Cargo feature \`geolocation\`).`);
  error.name = 'AdkGeolocationError';
  return Object.assign(error, { code: 'unsupported' });
}

/** The user's position `{latitude, longitude, accuracy, timestamp}`; see geolocation.d.ts. */
export function getLocation(options) {
  const run = () => (typeof wasm.getLocation === 'function' ? wasm.getLocation(options) : Promise.reject(unsupported('getLocation')));
  return isReady() ? run() : ready.then(run);
}

// The drop-in `executeGetLocation()` is the old helper's plain-JS function (SPEC §7: its timeout
// and its error words), which needs no WebAssembly; it lives with the other drop-in executors.
export { executeGetLocation } from './executors.js';
