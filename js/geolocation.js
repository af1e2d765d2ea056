// `getLocation` and the drop-in `executeGetLocation` (SPEC §6, §7): the built-in `get_location`
// browser tool. The work is in Rust (src/browser/geolocation.rs, web-sys), in a WebAssembly module
// of its own that is loaded when a browser tool first runs: an app that never asks for a position
// never downloads it.

/** @type {Promise<typeof import('./geolocation-module.js')> | null} */
let loading = null;

function geolocationModule() {
  return (loading ??= import('./geolocation-module.js'));
}

/** The user's position `{latitude, longitude, accuracy, timestamp}`; see geolocation.d.ts. */
export function getLocation(options) {
  return geolocationModule().then((module) => module.getLocation(options));
}

/** `{success: true, output}` or `{success: false, error}`; never rejects. */
export function executeGetLocation(options) {
  const failed = (error) => ({ success: false, error: `executeGetLocation(): ${error && error.message ? error.message : String(error)}` });
  return geolocationModule()
    .then((module) => module.executeGetLocation(options))
    .catch(failed);
}
