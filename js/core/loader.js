// Loads the core WebAssembly module from bytes embedded in the package's JS, synchronously, at
// import: no fetch and no asset URL, so every export answers synchronously from the first call in
// every place an app runs (browsers with any bundler or none, dev servers, Node, a Next.js server,
// jsdom and happy-dom), with no bundler plugin and no configuration.
//
// The core imports nothing and exports plain functions over numbers (src/exports/), so it is
// instantiated with the WebAssembly API itself: no bindings module. It is the package's only
// WebAssembly module.
// @ts-ignore -- the build writes this module into the package (scripts/build-pkg.sh); js/ has none.
import coreHex from '../wasm/adk_stream_wasm_bytes.js';
import { AdkLoadError } from '../errors/errors.js';

/**
 * Decodes the embedded bytes (lowercase hex, scripts/lib/embed-wasm.mjs says why hex).
 * @param {string} hex @returns {Uint8Array<ArrayBuffer>}
 */
export function decodeHex(hex) {
  // Uint8Array.fromHex is newer than TypeScript's lib: reached through `any`.
  const { fromHex } = /** @type {any} */ (Uint8Array);
  if (typeof fromHex === 'function') return fromHex.call(Uint8Array, hex);
  const bytes = new Uint8Array(hex.length >> 1);
  // '0'–'9' are 0x30–0x39 and 'a'–'f' 0x61–0x66: the low four bits, plus 9 for a letter.
  const digit = (/** @type {number} */ c) => (c & 15) + (c >> 6) * 9;
  for (let i = 0; i < bytes.length; i++) bytes[i] = (digit(hex.charCodeAt(2 * i)) << 4) | digit(hex.charCodeAt(2 * i + 1));
  return bytes;
}

/**
 * An `AdkLoadError` saying why a module could not be compiled, and what to do.
 * @param {unknown} cause @param {string} what
 */
function loadFailure(cause, what) {
  let detail;
  try {
    detail = String(cause && /** @type {any} */ (cause).message);
  } catch {
    detail = 'an exception';
  }
  return new AdkLoadError(
    `adk-stream-wasm could not compile its ${what} WebAssembly module: ${detail}. ` +
      (/unsafe-eval|Content Security Policy|disallowed/i.test(detail)
        ? "The page's Content Security Policy forbids WebAssembly: add 'wasm-unsafe-eval' to script-src."
        : 'WebAssembly must be available (every current browser and Node 20.16+ has it).'),
    { cause },
  );
}

/** @returns {{exports?: any, error?: AdkLoadError}} */
function instantiateCore() {
  try {
    const module = new WebAssembly.Module(decodeHex(coreHex));
    return { exports: /** @type {any} */ (new WebAssembly.Instance(module, {}).exports) };
  } catch (cause) {
    return { error: loadFailure(cause, 'core') };
  }
}

const loaded = instantiateCore();

/**
 * The core module's exports (src/exports/), or null when it could not load.
 * @type {any}
 */
export const core = loaded.exports || null;

/** The load failure, or null: an app can check it without a try/catch. */
export const loadError = loaded.error || null;

/** Resolves at once (the module loads at import); rejects with `AdkLoadError` when it cannot load. */
/** @type {Promise<void>} */
export const ready = loadError === null ? Promise.resolve() : Promise.reject(loadError);
// A failed load rejects `ready` for those who await it, without an unhandled-rejection report.
ready.catch(() => {});

/** Whether the core module loaded. */
export function isReady() {
  return loadError === null;
}

/** Throws the load failure for exports that cannot answer without the module. */
export function requireReady() {
  if (loadError !== null) throw loadError;
}

let view = new Uint32Array(0);
// The record buffer's first word and size in words. Only `adk_records` moves it, so it is asked
// again only when a message needs more room (or a hostile message's room is to be given back, the
// rule of src/exports/), not on every decision.
let start = 0;
let capacity = 0;
const KEEP_WORDS = 1 << 16;

/** The current memory as 32-bit words: call it after `recordBuffer`, which may grow it. Growing
 *  memory detaches the old buffer, whose view then has length 0: that is checked instead of asking
 *  for `memory.buffer`, a getter that costs much of a small decision (docs/decisions/0004). */
export function memoryWords() {
  if (view.length === 0) view = new Uint32Array(core.memory.buffer);
  return view;
}

/**
 * Makes room for `needed` words in the record buffer; returns its first word's index in
 * `memoryWords()`. (A number, not a pair: a decision allocates nothing here.)
 */
export function recordBuffer(/** @type {number} */ needed) {
  if (needed > capacity || (capacity > KEEP_WORDS && needed < capacity / 4)) {
    start = core.adk_records(needed) >>> 2;
    capacity = needed;
  }
  return start;
}

/** The first `length` words of the answer the core just wrote. */
export function answerWords(/** @type {number} */ length) {
  const at = core.adk_answers() >>> 2;
  return memoryWords().subarray(at, at + length);
}
