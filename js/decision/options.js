// createAutoSend's options (auto-send.js), read and checked: the mode, the BIDI pattern, and which
// tools run in the browser, as the flags the records carry (SPEC §2, §6).
import { FLAG_FRONTEND, FLAG_REQUIRES_APPROVAL } from '../core/contract.js';
import { registryEntry, registryVersion } from '../drop-in/registry.js';
import { readToolSet } from '../tools/frontend-tools.js';
import { describeValue, field, invalidArgument, optionalString, shown } from '../errors/arguments.js';
import { toolNameFromType } from '../tools/tool-name.js';
/** @import { AdkInternalError } from '../errors/errors.js' */
/** @import { Mode } from './auto-send.js' */

/**
 * `createAutoSend`'s options, checked, errors named after `fn` (createAdk's are createAdk's):
 * `{mode, patternB, set, useRegistry, onError}`; `set` is the app's `frontendTools` (frontend-tools.js).
 * @param {unknown} options @param {string} fn
 */
export function readOptions(options, fn) {
  if (options === null || typeof options !== 'object') {
    throw invalidArgument(fn, `the options are ${describeValue(options)}`, "{mode: 'sse' | 'bidi'}");
  }
  const mode = optionalString(fn, options, 'mode', "'sse' or 'bidi'");
  if (mode === undefined) throw invalidArgument(fn, '`mode` is missing', "'sse' or 'bidi'");
  if (mode !== 'sse' && mode !== 'bidi') throw invalidArgument(fn, `mode '${shown(mode)}' is not known`, "'sse' or 'bidi'");
  const pattern = optionalString(fn, options, 'bidiPattern', "'A' or 'B'") ?? 'A';
  if (!['A', 'a', 'B', 'b'].includes(pattern)) {
    throw invalidArgument(fn, `bidiPattern '${shown(pattern)}' is not known`, "'A' or 'B'");
  }
  const patternB = pattern === 'B' || pattern === 'b';
  if (mode === 'sse' && patternB) {
    throw invalidArgument(
      fn,
      "bidiPattern 'B' was given with mode 'sse'",
      "bidiPattern 'A' (or none) with SSE: an HTTP request cannot carry a tool result that comes later",
    );
  }
  const set = readToolSet(fn, field(fn, options, 'frontendTools'));
  let useRegistry = field(fn, options, 'useRegistry');
  if (useRegistry === undefined) useRegistry = set === null;
  else if (typeof useRegistry !== 'boolean') throw invalidArgument(fn, `useRegistry is ${describeValue(useRegistry)}`, 'true or false');
  /** @type {((error: AdkInternalError) => void) | null} */
  const onError = field(fn, options, 'onError') ?? null;
  if (onError !== null && typeof onError !== 'function') throw invalidArgument(fn, `onError is ${describeValue(onError)}`, 'a function or undefined');
  return { mode: /** @type {Mode} */ (mode), patternB: mode === 'bidi' && patternB, set, useRegistry, onError };
}

/**
 * FRONTEND | REQUIRES_APPROVAL of a tool name for an engine: the chat's own tools (`own`, createAdk's
 * `tools`) first, then the app's `frontendTools` (`set`), then the registry's (unknown tools
 * require approval).
 * @param {(name: string) => boolean | undefined} own @param {((name: string) => boolean | undefined) | null} set @param {boolean} useRegistry
 */
export function toolFlagsByName(own, set, useRegistry) {
  return (/** @type {string} */ name) => {
    const requires = own(name) ?? (set === null ? undefined : set(name));
    if (requires !== undefined) return requires ? FLAG_FRONTEND | FLAG_REQUIRES_APPROVAL : FLAG_FRONTEND;
    const entry = registryEntry(name);
    if (entry === undefined) return FLAG_REQUIRES_APPROVAL;
    return (useRegistry ? FLAG_FRONTEND : 0) | (entry.requiresApproval ? FLAG_REQUIRES_APPROVAL : 0);
  };
}

/** Cached entries per part type or tool name, at most this many each. */
const CACHED = 1024;

/**
 * `writeRecords`' `toolFlags` for an engine, cached until the registry changes: a decision looks
 * up the part's own `type` string instead of cutting a name out of it.
 * @param {(name: string) => number} flagsOf @returns {import('../core/records.js').ToolFlags}
 */
export function cachedToolFlags(flagsOf) {
  /** @type {Map<string, number>} */
  const byType = new Map();
  /** @type {Map<string, number>} */
  const byName = new Map();
  let version = registryVersion;
  return (/** @type {string} */ type, /** @type {string | undefined} */ toolName) => {
    if (version !== registryVersion) {
      byType.clear();
      byName.clear();
      version = registryVersion;
    }
    const cache = toolName === undefined ? byType : byName;
    const key = toolName === undefined ? type : toolName;
    let flags = cache.get(key);
    if (flags === undefined) {
      flags = flagsOf(toolName ?? toolNameFromType(type) ?? '');
      if (cache.size < CACHED) cache.set(key, flags);
    }
    return flags;
  };
}
