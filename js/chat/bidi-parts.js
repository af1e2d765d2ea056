// What only a BIDI chat does, in one object (`BIDI`) that the chats take as an argument: the
// transport they build for mode 'bidi', Pattern B's tool_result frame after a browser tool ran, and
// the resume of the chunks the transport buffered. Every chat is built by createAdkWith
// (create-adk.js) and the React hook's body (react/use-adk-chat.js) with `BIDI` or with null; the
// SSE-only `adk-stream-wasm/react/sse` passes null, so an SSE app's bundle leaves this module out
// (about 1.2 KB gzip with AI SDK's `readUIMessageStream`; decision 0006).
import { AdkTransportError } from '../errors/errors.js';
import { invalidArgument, messageOf } from '../errors/arguments.js';
import { loadOnDemand } from '../core/load-on-demand.js';
import { LazyBidiTransport } from '../transport/bidi/lazy-transport.js';
import { WATCH_FAULTS } from '../transport/bidi/watch-faults.js';
/** @import { Adk, AdkOptions } from './adk-types.d.ts' */
/** @import { RunningCall, ToolResult } from './create-adk.js' */
/** @import { BidiTransportOptions } from '../transport.js' */
/** @import { Explanation } from '../index.js' */

/**
 * The transport Pattern B sends each approved browser tool's output on (a BidiTransport, the testing kit's).
 * @typedef {{sendToolResult(toolCallId: string, result: object): void, whenMessageSent?(count: number): Promise<boolean>}} PatternBTransport
 */

export const BIDI = {
  /** The BIDI transport a one-call chat builds: its module loads when the chat is created. */
  transport: (/** @type {BidiTransportOptions} */ options) => new LazyBidiTransport(options),
  /**
   * What a BIDI chat sets up at creation (`fn` names its errors): Pattern B's transport checked,
   * and the watch on lost approvals (below).
   * @param {string} pattern @param {any} transport @param {string} fn @param {() => any} chatNow
   */
  setUp(pattern, transport, fn, chatNow) {
    if (pattern === 'B') this.checkTransport(transport, fn);
    this.watchLost(chatNow, transport);
  },
  /**
   * Pattern B sends each approved browser tool's output on the transport: refused without one that can.
   * @param {any} transport @param {string} fn
   */
  checkTransport(transport, fn) {
    if (transport !== null && typeof transport === 'object' && typeof transport.sendToolResult === 'function') return;
    throw invalidArgument(
      fn,
      "bidiPattern 'B' without a `transport` that has sendToolResult()",
      "the chat's BidiTransport as `transport` (or another with sendToolResult(), such as AdkTestTransport): Pattern B sends each approved browser tool's output on it as a tool_result frame",
    );
  },
  /**
   * BIDI Pattern B: the output travels as a tool_result frame on the open socket (SPEC §5), after
   * the message that carries the approval (the backend must see the approval first). Returns what
   * the part gets: the result when it was sent; when it could not be (the socket closed, the
   * approval never sent), an output-error that says the backend did not get it, so the user sees
   * it and the chat does not wait for an output (the error goes to onToolError too).
   * @param {PatternBTransport} transport @param {RunningCall} call @param {ToolResult} result
   * @param {AdkOptions['onToolError']} onToolError @returns {Promise<ToolResult>}
   */
  async sendToolResult(transport, call, result, onToolError) {
    try {
      const approvalSent = typeof transport.whenMessageSent === 'function' ? await transport.whenMessageSent(call.messagesBefore) : true;
      if (!approvalSent) throw new AdkTransportError('send-failed', 'its approval was never sent');
      // The frame's `result` is an object (SPEC §5), as W1's tool-result part: `{value}` around any other output.
      const { output } = /** @type {{output?: unknown}} */ (result);
      const object = output !== null && typeof output === 'object' && !Array.isArray(output);
      transport.sendToolResult(call.toolCallId, result.state === 'output-error' ? { error: result.errorText } : object ? output : { value: output });
      return result;
    } catch (error) {
      if (typeof onToolError === 'function') onToolError(error, call);
      return {
        state: 'output-error',
        errorText: `${call.toolName} ran, but its result could not be sent to the backend: ${messageOf(error)}`,
      };
    }
  },
  // SPEC §5 F-h (the loss itself: F-a).
  /**
   * A `connection-lost` the transport reports while no stream is open (approvals died with their
   * socket) goes into the chat's error state at once, whether or not the app gave
   * an `onError` (the transport's `WATCH_FAULTS`, one per transport as the chat is). Not while a
   * request is under way, which ends in a state of its own. AI SDK's `Chat` has no public setter
   * for it: its `setStatus` (AI SDK 6 and 7) updates every framework's reactive state.
   * @param {() => any} chatNow the attached chat, or null @param {any} transport
   */
  watchLost(chatNow, transport) {
    transport?.[WATCH_FAULTS]?.((/** @type {any} */ error) => {
      const chat = chatNow();
      if (error.kind === 'connection-lost' && /^(ready|error)$/.test(chat?.status)) chat.setStatus?.({ status: 'error', error });
    });
  },
  /**
   * Whether the chat's error is a `connection-lost`: its approvals died with their socket, so
   * none is pending. AI SDK's `error` is reactive in every framework's `Chat`: Vue's computed state
   * and Svelte's getters follow it.
   * @param {any} chat
   */
  lost: (chat) => chat?.error?.kind === 'connection-lost',
  /**
   * An explanation that waits for an approval lost with its socket waits for no one.
   * @param {Explanation} explanation @param {any} chat @returns {Explanation}
   */
  explain: (explanation, chat) =>
    explanation.rule === 'approval-pending' && BIDI.lost(chat) ? { send: false, rule: 'no-user-action', detail: chat.error.message } : explanation,
  /**
   * `adk.resumeBuffered()`: the chunks the transport kept while no response stream was open, into
   * the message they continue (resume-buffered.js, loaded now), then the browser tools they allow.
   * @param {Adk} adk @param {AdkOptions['transport']} transport @param {AdkOptions['onToolError']} onToolError
   */
  async resumeBuffered(adk, transport, onToolError) {
    if (adk.chat === null || !transport) return false;
    const { resumeBuffered } = await loadOnDemand(() => import('./resume-buffered.js'), 'resume-buffered.js');
    // The chat attached once the module is loaded (null: detached meanwhile).
    const chat = adk.chat;
    // The transport that hands a chat buffered chunks reads them back (BidiTransport, the testing kit's).
    const applied = chat !== null && (await resumeBuffered(chat, /** @type {Parameters<typeof resumeBuffered>[1]} */ (transport), {
      onError: (error) => {
        if (typeof onToolError === 'function') onToolError(error, null);
      },
    }));
    if (applied) await adk.runTools();
    return applied;
  },
};
