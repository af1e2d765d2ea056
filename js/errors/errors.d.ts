// Type declarations of the package's error classes (js/errors/errors.js). Every error the package throws or
// rejects with is one of them: `error instanceof AdkUnknownApprovalError` and `error.name ===
// 'AdkUnknownApprovalError'` say the same. `instanceof` also answers by `name` for an error of the
// same name made elsewhere (a second copy of the package's).
import type { GeolocationErrorCode } from '../geolocation.js';
import type { BidiTransportErrorKind } from '../transport.js';

/** The base of every adk-stream-wasm error. */
export declare class AdkError extends Error {
  constructor(message: string, options?: { cause?: unknown });
  /** The class's `name`, written out (a minifier renames classes). */
  static readonly errorName: string;
}
/** An argument is not what the function expects; the message says what was given and what is expected. */
export declare class AdkInvalidArgumentError extends AdkError {
}
/** `approve` / `deny` with an id that is no pending approval of the chat; the message lists the valid ids. */
export declare class AdkUnknownApprovalError extends AdkError {
}
/** `answerApprovals`: the handler left approvals undecided or named unknown ids; nothing was applied. */
export declare class AdkIncompleteBatchError extends AdkError {
}
/** A browser tool definition the package cannot run. */
export declare class AdkInvalidToolError extends AdkError {
}
/** An answer or output that `Chat` did not commit. */
export declare class AdkNotCommittedError extends AdkError {
}
/** How `getLocation` rejects when the browser gives no position. Its message is the text for the
 *  tool part's `errorText`, e.g. "Location permission was denied by the user (User denied
 *  Geolocation)", "The position is unavailable: …", "No position within 10000 ms". */
export declare class AdkGeolocationError extends AdkError {
  readonly code: GeolocationErrorCode;
}
/**
 * The `kind` of an `AdkTransportError` from `AdkSseTransport`: `'connect-failed'` (no connection
 * was made, nothing reached the backend), `'request-failed'` (the request failed and may have
 * reached the backend: send an answer again only after asking the user), `'idle-timeout'`.
 */
export type AdkSseTransportErrorKind = 'connect-failed' | 'request-failed' | 'idle-timeout';

/**
 * The transports' rejections, stream errors and `onError` reports (BidiTransport's, and
 * AdkSseTransport's: `connect-failed`, `request-failed`, `idle-timeout`); `kind` says what happened.
 */
export declare class AdkTransportError extends AdkError {
  constructor(kind: BidiTransportErrorKind | AdkSseTransportErrorKind, message: string, options?: { cause?: unknown });
  readonly kind: BidiTransportErrorKind | AdkSseTransportErrorKind;
}
/** A frame the BIDI transport skipped (bad JSON, binary, unknown shape); `kind` is `'malformed-frame'`. */
export declare class AdkMalformedFrameError extends AdkTransportError {
}
/**
 * A WebAssembly module could not be compiled (a Content Security Policy without `'wasm-unsafe-eval'`),
 * or a file the package loads on demand (the BIDI transport, `getLocation`'s rules, `answerApprovals`'
 * checks) could not be downloaded; the next call tries again.
 */
export declare class AdkLoadError extends AdkError {
}
/** A callback of the app's (`onLatency`, `onAudio`, `onBufferedChunks`, …) threw; `cause` holds what it threw. */
export declare class AdkCallbackError extends AdkError {
}
/** A WebAssembly trap during a decision: that engine answers false from then on; `cause` is the trap. */
export declare class AdkInternalError extends AdkError {
}
