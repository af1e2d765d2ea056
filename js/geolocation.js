// `getLocation` and the drop-in `executeGetLocation` (SPEC §6, §7): the built-in `get_location`
// browser tool. The work is in Rust (src/browser/geolocation.rs); this glue only waits for the
// WebAssembly module, so both may be called before it has loaded.
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

/** `{success: true, output}` or `{success: false, error}`; never rejects. */
export function executeGetLocation(options) {
  const run = () =>
    typeof wasm.executeGetLocation === 'function'
      ? wasm.executeGetLocation(options)
      : { success: false, error: unsupported('executeGetLocation').message };
  const failed = (error) => ({ success: false, error: `executeGetLocation(): ${error && error.message ? error.message : String(error)}` });
  return isReady() ? Promise.resolve(run()).catch(failed) : ready.then(run).catch(failed);
}
