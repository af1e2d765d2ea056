// The drop-in tool executor registry of SPEC §7: tool name → `(input, deps) => Promise<{success,
// output?, error?}>`, starting with `get_location` and `change_bgm` as the old helpers did. A map of
// JS functions has no rule worth a WebAssembly crossing, so it lives here. It is the one documented
// module-global instance the drop-in names require; a chat's own tools go to `createAdk({tools})`.
import { executeGetLocation } from './geolocation.js';

function invalidArgument(fn, what, expected) {
  const error = new Error(`${fn}(): ${what}; expected ${expected}.`);
  error.name = 'AdkInvalidArgumentError';
  return error;
}

function describe(value) {
  if (value === null) return 'null';
  try {
    if (Array.isArray(value)) return 'an array';
  } catch {
    return 'a revoked proxy'; // Array.isArray throws for one
  }
  if (typeof value === 'string') return `the string '${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
  return typeof value === 'object' || typeof value === 'undefined' ? typeof value : `a ${typeof value}`;
}

function messageOf(error) {
  try {
    return error && typeof error.message === 'string' && error.message !== '' ? error.message : String(error);
  } catch {
    return 'an exception';
  }
}

/** `change_bgm`: switches `deps.bgmChannel` to `input.track` (its `switchTrack()` toggles). Never rejects. */
export async function executeChangeBgm(input, deps) {
  try {
    const bgmChannel = deps !== null && typeof deps === 'object' ? deps.bgmChannel : undefined;
    if (!bgmChannel || typeof bgmChannel.switchTrack !== 'function') {
      return { success: false, error: 'BGM channel not available' };
    }
    const track = input !== null && typeof input === 'object' ? input.track : undefined;
    if (typeof track !== 'number' || !Number.isInteger(track) || track < 0) {
      return { success: false, error: `change_bgm: track is ${describe(track)}; expected a track number (0 or 1)` };
    }
    const previousTrack = bgmChannel.currentTrack;
    if (previousTrack !== track) await bgmChannel.switchTrack();
    return { success: true, output: { success: true, previous_track: previousTrack, current_track: track } };
  } catch (error) {
    return { success: false, error: `change_bgm failed: ${messageOf(error)}` };
  }
}

// `executeGetLocation` takes options ({timeoutMs}), not a tool input: the tool's input is ignored.
const runGetLocation = () => executeGetLocation();

/** @type {Array<[string, (input: any, deps: any) => Promise<any>]>} */
const DEFAULT_EXECUTORS = [
  ['get_location', runGetLocation],
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
    return { success: false, error: `No executor is registered for ${typeof toolName === 'string' ? toolName : describe(toolName)}; register one with registerToolExecutor(name, fn).` };
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
