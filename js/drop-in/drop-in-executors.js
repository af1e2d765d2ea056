// The drop-in executors' bodies (SPEC §7), the old helpers' `executeChangeBgm` and
// `executeGetLocation`, exactly as they were. executors.js loads this file the first time one of
// them runs: an app that never calls them (every app that runs get_location through getLocation,
// as createAdk and useAdkChat do) never downloads it.
import { messageOf } from '../errors/arguments.js';

/**
 * `change_bgm`, exactly as the old helper (SPEC §7): the requested track is 1-based
 * (`input.track || 1`) while `bgmChannel.currentTrack` is 0-based; `switchTrack()` toggles between
 * the two tracks, so it is called once when the channel is on another track and not at all when
 * it is already there. Never rejects: a channel that throws gives `{success: false, error}`.
 * @param {any} input @param {any} deps @returns {Promise<import('./executors.js').ToolExecutorResult>}
 */
export async function executeChangeBgm(input, deps) {
  try {
    const bgmChannel = deps !== null && typeof deps === 'object' ? deps.bgmChannel : undefined;
    if (!bgmChannel) return { success: false, error: 'BGM channel not available' };
    const requested = (input !== null && typeof input === 'object' ? input.track : undefined) || 1;
    if (bgmChannel.currentTrack !== requested - 1) {
      const switched = bgmChannel.switchTrack();
      // The old contract's switchTrack is synchronous; a channel whose switch is async is waited
      // for, so the result never claims a switch that has not happened yet.
      if (switched !== null && typeof switched === 'object' && typeof switched.then === 'function') await switched;
    }
    return { success: true, output: { track: requested, message: `BGM changed to track ${requested}` } };
  } catch (error) {
    return { success: false, error: `change_bgm failed: ${messageOf(error)}` };
  }
}

/** The error of a position request where there is no `navigator.geolocation` (Node, some webviews). */
function geolocationUnavailable() {
  return new Error('geolocation is not available in this environment (it has no navigator.geolocation)');
}

/**
 * The drop-in `executeGetLocation()`, exactly as the old helper (SPEC §7): one
 * `getCurrentPosition` with `{enableHighAccuracy: true, timeout: 5000, maximumAge: 0}`;
 * `{success: true, output: {latitude, longitude, accuracy, timestamp}}`, or `{success: false,
 * error}` where `error` is the rejection's own message when it is an `Error` and "Geolocation
 * failed" otherwise (a browser's `GeolocationPositionError` is not an `Error`). `getLocation()`
 * gives each failure its own text (SPEC §6). `navigator.geolocation` is looked up at each call on
 * `globalThis`, so a mock installed by a jsdom or happy-dom test is the one used. Never rejects.
 * @returns {Promise<import('./executors.js').ToolExecutorResult>}
 */
export async function executeGetLocation() {
  try {
    /** @type {GeolocationPosition} */
    const position = await new Promise((resolve, reject) => {
      const navigator = globalThis.navigator;
      const geolocation = navigator ? navigator.geolocation : undefined;
      if (!geolocation || typeof geolocation.getCurrentPosition !== 'function') {
        reject(geolocationUnavailable());
        return;
      }
      geolocation.getCurrentPosition(resolve, reject, { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 });
    });
    const { latitude, longitude, accuracy } = position.coords;
    return { success: true, output: { latitude, longitude, accuracy, timestamp: position.timestamp } };
  } catch (error) {
    try {
      return { success: false, error: error instanceof Error ? String(error.message) : 'Geolocation failed' };
    } catch {
      return { success: false, error: 'Geolocation failed' }; // an Error whose message getter throws
    }
  }
}
