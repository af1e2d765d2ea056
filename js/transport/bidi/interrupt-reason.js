// The reason of `interrupt(reason)`, checked: one check for the BIDI transport (through frames.js)
// and for useAdkChat's lazy transport, which checks it without loading the transport.
import { describeValue, invalidArgument } from '../../errors/arguments.js';

/** @typedef {'user_abort' | 'timeout' | 'error'} InterruptReason */

/**
 * The reason, or undefined for none; anything else is an AdkInvalidArgumentError.
 * @param {unknown} reason
 * @returns {InterruptReason | undefined}
 */
export function interruptReason(reason) {
  if (reason !== undefined && reason !== null && reason !== 'user_abort' && reason !== 'timeout' && reason !== 'error') {
    throw invalidArgument('BidiTransport.interrupt', `the reason is ${describeValue(reason)}`, "'user_abort', 'timeout', 'error' or undefined");
  }
  return reason ?? undefined;
}
