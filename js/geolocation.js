// `getLocation` (SPEC §6) and the drop-in `executeGetLocation` (SPEC §7): the built-in
// `get_location` browser tool. `getLocation`'s rules are in get-location.js, loaded when it is
// first called: an app that never asks for a position never downloads them.
import { loadOnDemand } from './core/load-on-demand.js';

/**
 * The output of `get_location`: what goes into the tool part's `output`.
 * @typedef {object} UserLocation
 * @property {number} latitude Degrees, -90 to 90.
 * @property {number} longitude Degrees, -180 to 180.
 * @property {number} accuracy Metres (95% confidence), as the browser reports it.
 * @property {number} timestamp When the position was taken, ms since the epoch.
 */

/**
 * @typedef {object} GetLocationOptions
 * @property {number} [timeoutMs] How long the browser may take, in whole ms from 0 (default 10000). The position is always
 *   asked with high accuracy and never taken from a cache (`maximumAge: 0`).
 */

/** @typedef {'permission-denied' | 'position-unavailable' | 'timeout' | 'unsupported'} GeolocationErrorCode */

/**
 * `{success: true, output: UserLocation}` or `{success: false, error}`: the old helper's
 * `ToolExecutorResult`.
 * @typedef {import('./drop-in/executors.js').ToolExecutorResult} ExecuteGetLocationResult
 */

/**
 * The user's position from `navigator.geolocation.getCurrentPosition`. Rejects with an
 * `AdkGeolocationError` (see its `code`), or an `AdkInvalidArgumentError` for bad options.
 * Plain JS, loaded on the first call; it needs no WebAssembly.
 * @param {GetLocationOptions} [options] @returns {Promise<UserLocation>}
 */
export function getLocation(options) {
  // As every file the package loads on demand: the module loads once, and a failed download is an
  // AdkLoadError tried again on the next call (the browser keeps no failed import).
  return loadOnDemand(() => import('./tools/get-location.js'), 'get-location.js').then((module) => module.getLocation(options));
}

// The drop-in `executeGetLocation()` is the old helper's plain-JS function (SPEC §7: its timeout
// and its error words); it lives with the other drop-in executors.
export { executeGetLocation } from './drop-in/executors.js';
// How getLocation rejects when the browser gives no position.
export { AdkGeolocationError } from './errors/errors.js';
