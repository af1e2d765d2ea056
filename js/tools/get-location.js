// `getLocation()`, the built-in `get_location` browser tool (SPEC §6): one
// `navigator.geolocation.getCurrentPosition` call, asked precisely (`enableHighAccuracy`) and fresh
// (`maximumAge: 0`), because the tool answers where the user is now. Each way it fails has its own
// `code` and text, because the text becomes the tool part's `errorText`, which the agent reads.
//
// Plain JS, loaded by geolocation.js on the first call: it was a WebAssembly module of its own
// (Rust through web-sys), 20 KB gzip for one browser call; docs/decisions/ has the numbers.
// It imports only errors.js (the error classes and their words), so it pulls neither the core nor
// AI SDK into its chunk.
import { AdkGeolocationError, AdkInvalidArgumentError } from '../errors/errors.js';
import { describeValue } from '../errors/arguments.js';

/** How long the browser may take for a position when the caller does not say (SPEC §6: 10 s). */
const DEFAULT_TIMEOUT_MS = 10_000;
/** `PositionOptions.timeout` is an unsigned long. */
const MAX_TIMEOUT_MS = 4_294_967_295;
const EXPECTED_OPTIONS = '{timeoutMs?: number} or nothing';
const EXPECTED_TIMEOUT = 'a whole number of milliseconds from 0 to 4294967295 (default 10000)';
const UNAVAILABLE = 'The position is unavailable';

/** @type {(value: unknown) => value is object} */
const isObject = (value) => typeof value === 'object' && value !== null;

/**
 * `value[key]`, or undefined when `value` is no object or reading throws (a hostile stub).
 * @param {unknown} value @param {string} key @returns {any}
 */
function field(value, key) {
  if (!isObject(value)) return undefined;
  try {
    return /** @type {any} */ (value)[key];
  } catch {
    return undefined;
  }
}

/** @param {string} what @param {string} expected */
function invalid(what, expected) {
  return new AdkInvalidArgumentError(`getLocation(): ${what}; expected ${expected}.`);
}

/**
 * The timeout the options ask for, in ms; throws `AdkInvalidArgumentError` for bad options.
 * @param {unknown} options @returns {number}
 */
function timeoutOf(options) {
  if (options === undefined || options === null) return DEFAULT_TIMEOUT_MS;
  let isArray = false;
  try {
    isArray = Array.isArray(options);
  } catch {
    // A revoked proxy is no options object either.
    isArray = true;
  }
  if (!isObject(options) || isArray) throw invalid(`the options are ${describeValue(options)}`, EXPECTED_OPTIONS);
  let ms;
  try {
    ms = /** @type {any} */ (options).timeoutMs;
  } catch {
    throw invalid('reading `timeoutMs` threw', EXPECTED_TIMEOUT);
  }
  if (ms === undefined || ms === null) {
    // `timeout` is the browser's own name for the option: an easy slip that would otherwise be
    // ignored without a word.
    let hasTimeout = false;
    try {
      hasTimeout = 'timeout' in /** @type {object} */ (options);
    } catch {
      // A trap that throws: as if the field were absent.
    }
    if (hasTimeout) throw invalid('the options have `timeout`, which is not an option of this function', '`timeoutMs` (milliseconds) for the timeout');
    return DEFAULT_TIMEOUT_MS;
  }
  if (typeof ms !== 'number') throw invalid(`\`timeoutMs\` is ${describeValue(ms)}`, EXPECTED_TIMEOUT);
  if (!Number.isInteger(ms) || ms < 0 || ms > MAX_TIMEOUT_MS) throw invalid(`\`timeoutMs\` is ${ms}`, EXPECTED_TIMEOUT);
  // -0 is a valid 0, shown as 0 in "No position within 0 ms".
  return ms + 0;
}

/**
 * @param {import('../geolocation.js').GeolocationErrorCode} code @param {string} message
 * @returns {AdkGeolocationError}
 */
function failure(code, message) {
  const error = new AdkGeolocationError(message);
  // `code` is read-only to apps (errors.d.ts); this file is where it is written.
  /** @type {any} */ (error).code = code;
  return error;
}

/**
 * The error for a failed `getCurrentPosition`, from the browser's `GeolocationPositionError`
 * (`code` 1, 2 or 3 and a `message`), or from whatever a replaced `navigator.geolocation` threw or
 * failed with (then `code` is not 1–3, or not a number).
 * @param {unknown} reason @param {number} timeoutMs
 */
function positionError(reason, timeoutMs) {
  const code = field(reason, 'code');
  const text = field(reason, 'message');
  const message = typeof text === 'string' && text.trim() !== '' ? text.trim() : null;
  const detail = message === null ? '' : ` (${message})`;
  if (typeof code !== 'number') return failure('position-unavailable', `${UNAVAILABLE}: navigator.geolocation.getCurrentPosition failed${detail}`);
  if (code === 1) return failure('permission-denied', `Location permission was denied by the user${detail}`);
  if (code === 2) return failure('position-unavailable', message === null ? UNAVAILABLE : `${UNAVAILABLE}: ${message}`);
  // The browser's own text ("Timeout expired") says less than the limit itself.
  if (code === 3) return failure('timeout', `No position within ${timeoutMs} ms`);
  return failure('position-unavailable', `${UNAVAILABLE}: the browser reported error code ${code}${detail}`);
}

/**
 * One field of the output, checked: a browser always sends valid numbers, a stub may not.
 * @param {unknown} value @param {string} name @param {(value: number) => boolean} valid @param {string} expected
 * @returns {number}
 */
function checked(value, name, valid, expected) {
  if (typeof value === 'number' && Number.isFinite(value) && valid(value)) return value;
  const shown = typeof value === 'number' ? String(value) : 'missing';
  throw failure('position-unavailable', `${UNAVAILABLE}: the browser's answer has ${name} ${shown}, expected ${expected}`);
}

/**
 * The tool's output `{latitude, longitude, accuracy, timestamp}` from a `GeolocationPosition`.
 * @param {unknown} position @returns {import('../geolocation.js').UserLocation}
 */
function locationOf(position) {
  const coords = field(position, 'coords');
  return {
    latitude: checked(field(coords, 'latitude'), 'coords.latitude', (v) => v >= -90 && v <= 90, 'degrees from -90 to 90'),
    longitude: checked(field(coords, 'longitude'), 'coords.longitude', (v) => v >= -180 && v <= 180, 'degrees from -180 to 180'),
    accuracy: checked(field(coords, 'accuracy'), 'coords.accuracy', (v) => v >= 0, 'metres, 0 or more'),
    timestamp: checked(field(position, 'timestamp'), 'timestamp', () => true, 'ms since the epoch'),
  };
}

/**
 * `getLocation(options?: {timeoutMs?: number})`: resolves with `{latitude, longitude, accuracy,
 * timestamp}`; rejects with an `AdkGeolocationError` whose `code` is 'permission-denied' |
 * 'position-unavailable' | 'timeout' | 'unsupported', or an `AdkInvalidArgumentError` for bad
 * options. Never throws synchronously.
 * @param {import('../geolocation.js').GetLocationOptions} [options]
 * @returns {Promise<import('../geolocation.js').UserLocation>}
 */
export async function getLocation(options) {
  const timeoutMs = timeoutOf(options);
  // Looked up at each call and feature-detected rather than read from a `Window`: apps test their
  // code under jsdom or happy-dom with a mocked `navigator.geolocation` (SPEC §7).
  /** @type {Geolocation | undefined} */
  const geolocation = field(field(globalThis, 'navigator'), 'geolocation');
  if (!isObject(geolocation)) {
    throw failure('unsupported', 'geolocation is not available in this environment (it has no navigator.geolocation)');
  }
  const position = await new Promise((resolve, reject) => {
    const request = { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 0 };
    try {
      /** @type {Geolocation} */ (geolocation).getCurrentPosition(resolve, reject, request);
    } catch (thrown) {
      reject(thrown);
    }
  }).catch((reason) => {
    throw positionError(reason, timeoutMs);
  });
  return locationOf(position);
}
