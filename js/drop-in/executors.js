// The drop-in tool executor registry of SPEC §7: tool name → `(input, deps) => Promise<{success,
// output?, error?}>`, starting with `get_location` and `change_bgm` as the old helpers did. A map of
// JS functions has no rule worth a WebAssembly crossing, so it lives here. It is the one documented
// module-global instance the drop-in names require; a chat's own tools go to `createAdk({tools})`.
// Plain JS with no import of the WebAssembly module: the old helpers' executors are JS functions of
// a few lines, and apps that test their code under jsdom get them without compiling anything.

import { describeValue as describe, invalidArgument, messageOf } from '../errors/arguments.js';
import { loadOnDemand } from '../core/load-on-demand.js';

// The names and shapes are the old helpers', so an app's own executors and tests compile unchanged.

/**
 * What an executor answers: the tool's output, or why it failed (the part's `errorText`).
 * @typedef {object} ToolExecutorResult
 * @property {boolean} success
 * @property {unknown} [output]
 * @property {string} [error]
 */

/**
 * What the app hands to executors: `change_bgm` switches `bgmChannel`.
 * @typedef {object} ToolExecutorDependencies
 * @property {BgmChannel} [bgmChannel]
 */

/**
 * The channel `change_bgm` switches.
 * @typedef {object} BgmChannel
 * @property {number} currentTrack The track playing now, 0-based (0 or 1); `input.track` is 1-based.
 * @property {() => void} switchTrack Switches to the other track.
 */

/**
 * Runs one browser tool; registered with `registerToolExecutor(name, fn)`.
 * @typedef {(input: Record<string, unknown>, deps: ToolExecutorDependencies) => Promise<ToolExecutorResult>} ToolExecutor
 */

/**
 * One of the drop-in executors, loaded on its first call (drop-in-executors.js). Like them it never
 * rejects: a failed download is `{success: false, error}` naming the file, and the next call tries
 * again.
 * @param {'executeChangeBgm' | 'executeGetLocation'} name
 * @returns {(input?: any, deps?: any) => Promise<ToolExecutorResult>}
 */
function onDemand(name) {
  return async (input, deps) => {
    try {
      const executors = await loadOnDemand(() => import('./drop-in-executors.js'), 'drop-in-executors.js');
      return await executors[name](input, deps);
    } catch (error) {
      return { success: false, error: messageOf(error) };
    }
  };
}

/**
 * `change_bgm`, as the old helper (SPEC §7): `input.track` is 1-based (default 1) and
 * `deps.bgmChannel.currentTrack` 0-based; `switchTrack()` is called once when the channel is on
 * another track, else not at all. Resolves `{success: true, output: {track, message: "BGM changed to
 * track <track>"}}`; without a channel `{success: false, error: "BGM channel not available"}`.
 * Never rejects.
 * @type {(input: Record<string, unknown>, deps: ToolExecutorDependencies) => Promise<ToolExecutorResult>}
 */
export const executeChangeBgm = onDemand('executeChangeBgm');

/**
 * The drop-in of the old helper (SPEC §7): one `navigator.geolocation.getCurrentPosition` with
 * `{enableHighAccuracy: true, timeout: 5000, maximumAge: 0}`. Resolves `{success: true, output:
 * {latitude, longitude, accuracy, timestamp}}`, or `{success: false, error}` where `error` is the
 * failure's own `message` when it is an `Error` and "Geolocation failed" otherwise (a browser's
 * `GeolocationPositionError` is not an `Error`: use `getLocation()` for a text per failure). Plain
 * JS, no WebAssembly; `globalThis.navigator.geolocation` is looked up at each call, so a mocked one
 * (jsdom, happy-dom) is used. Never rejects.
 * @type {() => Promise<ToolExecutorResult>}
 */
export const executeGetLocation = onDemand('executeGetLocation');

/** @type {Array<[string, ToolExecutor]>} */
const DEFAULT_EXECUTORS = [
  ['get_location', executeGetLocation],
  ['change_bgm', executeChangeBgm],
];

const executors = new Map(DEFAULT_EXECUTORS);

/**
 * Registers (or replaces) the executor of a tool. Throws `AdkInvalidArgumentError` for a name that
 * is not a non-empty string or an executor that is not a function.
 * @param {string} name @param {ToolExecutor} executor
 */
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

/**
 * The registered executor of `name` (`get_location` and `change_bgm` from the start), or `undefined`.
 * @param {string} name @returns {ToolExecutor | undefined}
 */
export function getToolExecutor(name) {
  return typeof name === 'string' ? executors.get(name) : undefined;
}

/** Whether an executor is registered for `name`. */
export function hasToolExecutor(/** @type {string} */ name) {
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
 * @param {string} toolName @param {any} input @param {any} deps @returns {Promise<ToolExecutorResult>}
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
