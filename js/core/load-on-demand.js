// The package's files that load on demand, and the one error a failed download gives.
import { AdkLoadError } from '../errors/errors.js';
import { messageOf } from '../errors/arguments.js';

/**
 * `load()`, the `import()` of one of the package's files that load on demand (the batch checks,
 * the BIDI transport, get_location's rules, the buffered-chunk resume): a failed download (offline,
 * or a deploy that replaced the app's files) rejects with an `AdkLoadError` that names the file,
 * not with the bundler's own error. The caller tries again on its next call.
 * @template T @param {() => Promise<T>} load @param {string} file @returns {Promise<T>}
 */
export function loadOnDemand(load, file) {
  return load().catch((cause) => {
    throw new AdkLoadError(`adk-stream-wasm could not download its ${file} (${messageOf(cause).slice(0, 200)}); try again`, { cause });
  });
}
