// `getLocation` (SPEC §6) and the drop-in `executeGetLocation` (SPEC §7): the built-in
// `get_location` browser tool. `getLocation`'s rules are in get-location.js, loaded when it is
// first called: an app that never asks for a position never downloads them.
import { loadOnDemand } from './errors.js';

/** @type {Promise<typeof import('./get-location.js')> | null} */
let loading = null;

/** The user's position `{latitude, longitude, accuracy, timestamp}`; see geolocation.d.ts. */
export function getLocation(options) {
  // A failed download is tried again on the next call, not remembered for the page's life.
  loading ??= loadOnDemand(() => import('./get-location.js'), 'get-location.js').catch((error) => {
    loading = null;
    throw error;
  });
  return loading.then((module) => module.getLocation(options));
}

// The drop-in `executeGetLocation()` is the old helper's plain-JS function (SPEC §7: its timeout
// and its error words); it lives with the other drop-in executors.
export { executeGetLocation } from './executors.js';
// How getLocation rejects (declared in geolocation.d.ts beside it).
export { AdkGeolocationError } from './errors.js';
