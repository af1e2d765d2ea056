// `getLocation` (SPEC §6) and the drop-in `executeGetLocation` (SPEC §7): the built-in
// `get_location` browser tool. `getLocation`'s work is in Rust (src/browser/geolocation.rs,
// web-sys), in a WebAssembly module of its own that is loaded when it is first called: an app that
// never asks for a position never downloads it.

/** @type {Promise<typeof import('./geolocation-module.js')> | null} */
let loading = null;

/** The user's position `{latitude, longitude, accuracy, timestamp}`; see geolocation.d.ts. */
export function getLocation(options) {
  loading ??= import('./geolocation-module.js');
  return loading.then((module) => module.getLocation(options));
}

// The drop-in `executeGetLocation()` is the old helper's plain-JS function (SPEC §7: its timeout
// and its error words), which needs no WebAssembly; it lives with the other drop-in executors.
export { executeGetLocation } from './executors.js';
// How getLocation rejects (declared in geolocation.d.ts beside it).
export { AdkGeolocationError } from './errors.js';
