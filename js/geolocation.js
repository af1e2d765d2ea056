// `getLocation` (SPEC §6) and the drop-in `executeGetLocation` (SPEC §7): the built-in
// `get_location` browser tool. `getLocation`'s rules are in get-location.js, loaded when it is
// first called: an app that never asks for a position never downloads them.
import { loadOnDemand } from './core/load-on-demand.js';

/** The user's position `{latitude, longitude, accuracy, timestamp}`; see geolocation.d.ts. */
export function getLocation(options) {
  // As every file the package loads on demand: the module loads once, and a failed download is an
  // AdkLoadError tried again on the next call (the browser keeps no failed import).
  return loadOnDemand(() => import('./tools/get-location.js'), 'get-location.js').then((module) => module.getLocation(options));
}

// The drop-in `executeGetLocation()` is the old helper's plain-JS function (SPEC §7: its timeout
// and its error words); it lives with the other drop-in executors.
export { executeGetLocation } from './drop-in/executors.js';
// How getLocation rejects (declared in geolocation.d.ts beside it).
export { AdkGeolocationError } from './errors/errors.js';
