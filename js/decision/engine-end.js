// How an engine (createAutoSend) stops answering: a WebAssembly trap during a decision (its
// `onError`: the engine answers false from then on, and the app hears of it once), or its
// `dispose()` (issue 40 item 5: it never sends, and its calls are refused by name).
import { AdkDisposedError, AdkInternalError } from '../errors/errors.js';
import { messageOf, withAdvice } from '../errors/arguments.js';

/**
 * An engine's watch for a WebAssembly trap: `error` is the first trap of a decision (an
 * `AdkInternalError`) or null; `note(error)` records a trap and reports it once.
 * @param {((error: AdkInternalError) => void) | null} onError @returns {TrapWatch}
 */
export function trapWatch(onError) {
  /** @type {TrapWatch} */
  const watch = {
    error: null,
    note(/** @type {unknown} */ error) {
      // Anything but a trap is malformed input, which writeRecords reports as such.
      if (watch.error !== null || !(error instanceof WebAssembly.RuntimeError)) return;
      watch.error = new AdkInternalError(
        withAdvice(
          `the WebAssembly core trapped during a decision (${messageOf(error).slice(0, 200)}); this engine answers false from now on (never send on doubt)`,
          'create a new engine (createAutoSend) or reload the page, and report the messages that caused it.',
        ),
        { cause: error },
      );
      reportOnce(watch.error, onError);
    },
  };
  return watch;
}

/** @typedef {{error: AdkInternalError | null, note: (error: unknown) => void}} TrapWatch */

/**
 * Tells the app of an engine's trap, once: its `onError`, else `reportError`, else the console.
 * @param {AdkInternalError} error @param {((error: AdkInternalError) => void) | null} onError
 */
function reportOnce(error, onError) {
  if (onError !== null) {
    try {
      return void onError(error);
    } catch {
      // The app's callback failed too: the platform's report below.
    }
  }
  const report = /** @type {any} */ (globalThis).reportError;
  if (typeof report === 'function') report.call(globalThis, error);
  else console.error(error);
}

/**
 * The calls of an engine after its `dispose()`: it never sends, `explain` says why, and the calls
 * that act on it throw (`addToolOutput` rejects with) `AdkDisposedError`; a second dispose() does
 * nothing.
 */
export function disposedCalls() {
  const gone = (/** @type {string} */ fn) => () => {
    throw new AdkDisposedError(`${fn}(): this engine is disposed (dispose())`);
  };
  return {
    sendAutomaticallyWhen: () => false,
    explain: () => ({ send: false, rule: /** @type {const} */ ('engine-disposed'), detail: 'Nothing is sent: this engine is disposed.' }),
    reset: gone('reset'),
    markBrowserOutput: gone('markBrowserOutput'),
    claimToolCalls: gone('claimToolCalls'),
    addToolOutput: () => Promise.resolve().then(gone('addToolOutput')),
    dispose() {},
  };
}
