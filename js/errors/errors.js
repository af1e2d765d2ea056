// The package's error classes: every error it throws or rejects with is one of these, so an app can
// test `error instanceof AdkUnknownApprovalError` as well as `error.name`. Plain JS, no WebAssembly:
// they exist where the module cannot load (`AdkLoadError` is one of them).
//
// `instanceof` also answers by `name` for an error of the same name made elsewhere: by a second
// copy of the package in an app (two installs, or a bundler that duplicates the module).

import { describeValue } from './arguments.js';
/** @import { GeolocationErrorCode } from '../geolocation.js' */
/** @import { BidiTransportErrorKind } from '../transport.js' */

/**
 * The `kind` of an `AdkTransportError` from `AdkSseTransport`: `'connect-failed'` (no connection
 * was made, nothing reached the backend), `'request-failed'` (the request failed and may have
 * reached the backend: send an answer again only after asking the user), `'idle-timeout'`.
 * @typedef {'connect-failed' | 'request-failed' | 'idle-timeout'} AdkSseTransportErrorKind
 */

/** The base of every adk-stream-wasm error. */
export class AdkError extends Error {
  /** @param {string} message @param {{cause?: unknown}} [options] */
  constructor(message, options) {
    // Error would turn a symbol (or an object whose toString throws) into a raw TypeError here.
    super(typeof message === 'string' || message === undefined ? message : textOf(message), options);
    // The name is written out: a minifier renames classes.
    this.name = /** @type {typeof AdkError} */ (new.target).errorName;
  }

  /**
   * The class's `name`, written out (a minifier renames classes).
   * @readonly @type {string}
   */
  static errorName = 'AdkError';

  /** @param {unknown} value @returns {boolean} */
  static [Symbol.hasInstance](value) {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    if (value === null || typeof value !== 'object') return false;
    let name;
    try {
      name = /** @type {any} */ (value).name;
    } catch {
      return false;
    }
    if (typeof name !== 'string') return false;
    return this === AdkError ? name.startsWith('Adk') && name.endsWith('Error') : name === this.errorName;
  }
}

/**
 * A value as a message's text: `String(value)`, or its kind when even that throws.
 * @param {unknown} value
 */
function textOf(value) {
  try {
    return String(value);
  } catch {
    return describeValue(value);
  }
}

/** An argument is not what the function expects; the message says what was given and what is expected. */
export class AdkInvalidArgumentError extends AdkError {
  static errorName = 'AdkInvalidArgumentError';
}
/** `approve` / `deny` with an id that is no pending approval of the chat; the message lists the valid ids. */
export class AdkUnknownApprovalError extends AdkError {
  static errorName = 'AdkUnknownApprovalError';
}
/** `answerApprovals`: the handler left approvals undecided, or named unknown ids; nothing was applied. */
export class AdkIncompleteBatchError extends AdkError {
  static errorName = 'AdkIncompleteBatchError';
}
/** A browser tool definition the package cannot run. */
export class AdkInvalidToolError extends AdkError {
  static errorName = 'AdkInvalidToolError';
}
/** An answer or output that `Chat` did not commit. */
export class AdkNotCommittedError extends AdkError {
  static errorName = 'AdkNotCommittedError';
}
/**
 * How `getLocation` rejects when the browser gives no position. Its message is the text for the
 * tool part's `errorText`, e.g. "Location permission was denied by the user (User denied
 * Geolocation)", "The position is unavailable: …", "No position within 10000 ms".
 */
export class AdkGeolocationError extends AdkError {
  /**
   * 'permission-denied', 'position-unavailable', 'timeout' or 'unsupported' (get-location.js sets it).
   * @readonly @type {GeolocationErrorCode}
   */
  code = /** @type {any} */ (undefined);

  static errorName = 'AdkGeolocationError';
}
/**
 * The transports' rejections, stream errors and `onError` reports (BidiTransport's, and
 * AdkSseTransport's: `connect-failed`, `request-failed`, `idle-timeout`); `kind` says what happened.
 */
export class AdkTransportError extends AdkError {
  /**
   * @param {BidiTransportErrorKind | AdkSseTransportErrorKind} kind @param {string} message
   * @param {{cause?: unknown}} [options]
   */
  constructor(kind, message, options) {
    super(message, options);
    /**
     * What happened (`connect-timeout`, `send-failed`, `liveness`, `connect-failed`, …).
     * @readonly @type {BidiTransportErrorKind | AdkSseTransportErrorKind}
     */
    this.kind = kind;
  }

  static errorName = 'AdkTransportError';
}
/** A frame the BIDI transport skipped (bad JSON, binary, unknown shape); `kind` is `'malformed-frame'`. */
export class AdkMalformedFrameError extends AdkTransportError {
  static errorName = 'AdkMalformedFrameError';
}
/**
 * A WebAssembly module could not be compiled (a Content Security Policy without `'wasm-unsafe-eval'`),
 * or a file the package loads on demand (the BIDI transport, `getLocation`'s rules, `answerApprovals`'
 * checks) could not be downloaded; the next call tries again.
 */
export class AdkLoadError extends AdkError {
  static errorName = 'AdkLoadError';
}
/** A callback of the app's (onLatency, onAudio, onBufferedChunks, …) threw; `cause` holds what it threw. */
export class AdkCallbackError extends AdkError {
  static errorName = 'AdkCallbackError';
}
/** A WebAssembly trap during a decision: that engine answers false from then on; `cause` is the trap. */
export class AdkInternalError extends AdkError {
  static errorName = 'AdkInternalError';
}
