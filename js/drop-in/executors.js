// The drop-in tool executor registry of SPEC §7: tool name → `(input, deps) => Promise<{success,
// output?, error?}>`, starting with `get_location` and `change_bgm` as the old helpers did. A map of
// JS functions has no rule worth a WebAssembly crossing, so it lives here. It is the one documented
// module-global instance the drop-in names require; a chat's own tools go to `createAdk({tools})`.
// Plain JS with no import of the WebAssembly module: the old helpers' executors are JS functions of
// a few lines, and apps that test their code under jsdom get them without compiling anything.

import { describeValue as describe, invalidArgument, messageOf } from '../errors/arguments.js';
import { loadOnDemand } from '../core/load-on-demand.js';

/**
 * One of the drop-in executors, loaded on its first call (drop-in-executors.js). Like them it never
 * rejects: a failed download is `{success: false, error}` naming the file, and the next call tries
 * again.
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
 * `change_bgm`, exactly as the old helper (SPEC §7): the requested track is 1-based
 * (`input.track || 1`) while `bgmChannel.currentTrack` is 0-based; `switchTrack()` is called once
 * when the channel is on another track. Never rejects.
 * @type {(input: any, deps: any) => Promise<{success: boolean, output?: any, error?: string}>}
 */
export const executeChangeBgm = onDemand('executeChangeBgm');

/**
 * The drop-in `executeGetLocation()`, exactly as the old helper (SPEC §7): one `getCurrentPosition`
 * with `{enableHighAccuracy: true, timeout: 5000, maximumAge: 0}`; `getLocation()` gives each
 * failure its own text (SPEC §6). Never rejects.
 * @type {() => Promise<{success: boolean, output?: any, error?: string}>}
 */
export const executeGetLocation = onDemand('executeGetLocation');

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
