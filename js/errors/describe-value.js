// What a value is, in the words an error message names it with. A module of its own so that
// errors.js and arguments.js (which imports errors.js) both use it without importing each other: a
// bundler warns of the circular import (SvelteKit's node adapter did, issue 42).
/**
 * `Array.isArray`, false for a revoked proxy (for which it throws).
 * @param {unknown} value @returns {value is any[]}
 */
export function isArray(value) {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * A value as an error message names it: `null`, `an array`, `the string 'x'` (cut at 40
 * characters), `the number 5`, `a boolean`, `a function`, `object`, `undefined`.
 * @param {unknown} value
 */
export function describeValue(value) {
  if (value === null) return 'null';
  if (isArray(value)) return 'an array';
  if (typeof value === 'string') {
    const chars = Array.from(value);
    return chars.length > 40 ? `the string '${chars.slice(0, 40).join('')}…'` : `the string '${value}'`;
  }
  // The usual mistake with a number is its value, not its type.
  if (typeof value === 'number') return `the number ${value}`;
  const type = typeof value;
  return type === 'object' || type === 'undefined' ? type : `a ${type}`;
}
