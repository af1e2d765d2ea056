// One deep copy of JSON data (messages, chunks, tool results) for every part of the package that
// keeps one: the testing kit's transport and resumeBuffered (issue 33: a fact lives once).

/**
 * A deep copy of JSON data. `structuredClone` where it is (jest's environments, happy-dom and
 * jsdom, have none) and can copy the value; a framework's reactive proxy it refuses (Vue's arrays:
 * "[object Array] could not be cloned", issue 34) is read through as JSON, which the data is.
 * @template T @param {T} value @returns {T}
 */
export function copyJson(value) {
  if (typeof structuredClone === 'function') {
    try {
      return structuredClone(value);
    } catch {
      // A proxy (Vue's `reactive`): copied below through its own getters.
    }
  }
  return JSON.parse(JSON.stringify(value));
}
