// The drop-in tool executor registry of SPEC §7: tool name → `(input, deps) => Promise<{success,
// output?, error?}>`, starting with `get_location` and `change_bgm` as the old helpers did. A map of
// JS functions has no rule worth a WebAssembly crossing, so it lives here. It is the one documented
// module-global instance the drop-in names require; a chat's own tools go to `createAdk({tools})`.
// Plain JS with no import of the WebAssembly module: the old helpers' executors are JS functions of
// a few lines, and apps that test their code under jsdom get them without compiling anything.

import { describeValue as describe, invalidArgument, messageOf } from './errors.js';

/**
 * `change_bgm`, exactly as the old helper (SPEC §7): the requested track is 1-based
 * (`input.track || 1`) while `bgmChannel.currentTrack` is 0-based; `switchTrack()` toggles between
 * the two tracks, so it is called once when the channel is on another track and not at all when
 * it is already there. Never rejects: a channel that throws gives `{success: false, error}`.
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
 */
export async function executeGetLocation() {
  try {
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

/** @type {Array<[string, (input: any, deps: any) => Promise<any>]>} */
const DEFAULT_EXECUTORS = [
  ['get_location', executeGetLocation],
  ['change_bgm', executeChangeBgm],
];

const executors = new Map(DEFAULT_EXECUTORS);

/** Registers (or replaces) the executor of a browser tool. */
export function registerToolExecutor(name, executor) {
  if (typeof name !== 'string' || name.trim() === '') {
    throw invalidArgument('registerToolExecutor', `name is ${describe(name)}`, "the tool's name");
  }
  if (typeof executor !== 'function') {
    const shown = name.length > 80 ? `${name.slice(0, 80)}…` : name;
    throw invalidArgument('registerToolExecutor', `the executor for ${shown} is ${describe(executor)}`, 'a function (input, deps) => Promise<{success, output?, error?}>');
  }
  executors.set(name, executor);
}

/** The executor registered for `name`, or `undefined`. */
export function getToolExecutor(name) {
  return typeof name === 'string' ? executors.get(name) : undefined;
}

export function hasToolExecutor(name) {
  return typeof name === 'string' && executors.has(name);
}

/** Back to the two built-in executors, `get_location` and `change_bgm`. */
export function resetToolExecutors() {
  executors.clear();
  for (const [name, executor] of DEFAULT_EXECUTORS) executors.set(name, executor);
}

/**
 * Runs the registered executor of `toolName`: its `{success, output?, error?}`, or
 * `{success: false, error}` when there is none, it throws, or it answers something else.
 */
export async function runToolExecutor(toolName, input, deps) {
  const executor = getToolExecutor(toolName);
  if (!executor) {
    // The old helper's words (SPEC §7): apps and their tests compare this text.
    return { success: false, error: `No executor for tool: ${typeof toolName === 'string' ? toolName : describe(toolName)}` };
  }
  let result;
  try {
    result = await executor(input ?? {}, deps ?? {});
  } catch (error) {
    return { success: false, error: messageOf(error) };
  }
  try {
    if (result !== null && typeof result === 'object' && typeof result.success === 'boolean') return result;
  } catch {
    // a result whose `success` cannot be read is no answer either
  }
  return { success: false, error: `The executor of ${toolName} answered ${describe(result)}; expected {success, output?, error?}.` };
}
