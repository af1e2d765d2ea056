// Which tools run in the browser (SPEC §6) is the app's to say, in every API: createAutoSend,
// createAdk, useAdkChat and the transports take `frontendTools` in the same forms, read here once.
import { describeValue, field, invalidArgument, isArray } from '../errors/arguments.js';

/**
 * Which tools run in the browser, as every API's `frontendTools` takes them: names or
 * `{name, requiresApproval?}` (`[]` for none), or a test `(toolName) => boolean`.
 * @typedef {ReadonlyArray<string | {name: string, requiresApproval?: boolean}> | ((toolName: string) => boolean)} FrontendToolSet
 */

/**
 * `frontendTools` of `fn`'s options: names or `{name, requiresApproval?}` objects (`[]` for none), a
 * function `(toolName) => boolean` (such as `autoSend.isFrontendTool`), or undefined/null for the
 * module's registry. Returns null for the registry, else `(name) => boolean | undefined`: undefined
 * when `name` is not in the set, else whether the tool needs the user's approval (a bare name, and a
 * name the function accepts, need it: the safe default).
 * @param {string} fn @param {unknown} value @returns {((name: string) => boolean | undefined) | null}
 */
export function readToolSet(fn, value) {
  if (value === undefined || value === null) return null;
  if (typeof value === 'function') return (/** @type {string} */ name) => (value(name) === true ? true : undefined);
  if (!isArray(value)) {
    throw invalidArgument(
      fn,
      `\`frontendTools\` is ${describeValue(value)}`,
      "the names of the tools that run in the browser (an array of names or {name, requiresApproval?}, [] for none), a function (toolName) => boolean such as autoSend.isFrontendTool, or undefined for the registry's",
    );
  }
  /** @type {Map<string, boolean>} */
  const own = new Map();
  const list = /** @type {unknown[]} */ (value);
  for (let i = 0; i < list.length; i++) {
    const entry = list[i];
    let name = entry;
    let requiresApproval = true;
    if (entry !== null && typeof entry === 'object') {
      const requires = field(fn, entry, 'requiresApproval');
      if (requires !== undefined && typeof requires !== 'boolean') {
        throw invalidArgument(fn, `frontendTools[${i}].requiresApproval is ${describeValue(requires)}`, 'true or false');
      }
      if (requires !== undefined) requiresApproval = requires;
      name = field(fn, entry, 'name');
    }
    if (typeof name !== 'string' || name === '') {
      throw invalidArgument(fn, `frontendTools[${i}] is ${describeValue(name)}`, 'a tool name or an object with a `name` string');
    }
    // The first entry of a name decides, as a lookup in the list did.
    if (!own.has(name)) own.set(name, requiresApproval);
  }
  return (/** @type {string} */ name) => own.get(name);
}
