// What each argument error expected, by the number the production modules carry in its place. The
// package build writes this file (scripts/lib/production-words.mjs takes the words out of pkg/'s
// modules); in the source the modules still hold their words, so the list is empty. Loaded by the
// development entries only (words/development.js).
/** @type {string[]} */
export const EXPECTED_WORDS = [];
