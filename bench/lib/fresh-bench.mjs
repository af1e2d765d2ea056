// Fresh decisions against re-asks (issue 25, item 3), the same in Node and Chromium. In a real chat
// the last message has changed at most asks (after each stream, each approval, each browser output),
// so the last-decision memo cannot answer: each "fresh" call here sees another last message than the
// call before (see freshArgs). A "re-ask" sees the same message again, as AI SDK's asks on an
// unchanged chat do. Both are timed against AI SDK's stateless
// `lastAssistantMessageIsCompleteWithApprovalResponses` through the same wrapper, interleaved in one
// process.
//
// Run in a process (Node) or page (Chromium) of its own: neither side has seen any other input, so
// V8's property reads in each are as an app's that only ever meets these well-formed shapes (issue
// 33 §5: a baseline slowed by malformed inputs it never meets in use is no baseline).
import { makeSet, setName } from './messages.mjs';
import { interleave, timedPerSet } from './timing.mjs';

export const FRESH_HISTORIES = [1, 1_000];
export const FRESH_TOOL_PARTS = [1, 20];
const OUTPUT_BYTES = 100;

/** A function of no argument that calls `fn` on the next of `args` each time (one arg: the same). */
function cycling(fn, args) {
  let i = 0;
  const n = args.length;
  return () => {
    i = i + 1 === n ? 0 : i + 1;
    return fn(args[i]);
  };
}

/** The leading parts' orders: each variant's records differ from the one before. */
const ORDERS = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/**
 * `{messages}` arguments of one history, each a new snapshot of the same last message as AI SDK's
 * `Chat` makes on every update (`{...message, parts: parts.map((part) => ({...part}))}`: new
 * message and part objects, the same id strings), with the leading step-start, reasoning and text
 * parts in another order, so no two consecutive calls write the same records (the last-decision
 * memo cannot answer) while every user action stays one the engine has sent.
 */
export function freshArgs(set) {
  const prefix = set.messages.slice(0, -1);
  const last = set.messages[set.messages.length - 1];
  const lead = last.parts.slice(0, 3);
  const tools = last.parts.slice(3);
  return ORDERS.map((order) => ({
    messages: [
      ...prefix,
      {
        ...last,
        parts: [...order.map((i) => ({ ...lead[i] })), ...tools.map((part) => ({ ...part }))],
      },
    ],
  }));
}

/**
 * `{name, history, toolParts, ns}` per set, `ns` being `{freshLibrary, freshAi, reaskLibrary,
 * reaskAi}`. `adk` is the package's main entry, `ai` the `ai` package.
 */
export function runFreshBench({ adk, ai, now, rounds, batchMs }) {
  const helper = ai.lastAssistantMessageIsCompleteWithApprovalResponses;
  const impls = [];
  const meta = [];
  for (const history of FRESH_HISTORIES) {
    for (const toolParts of FRESH_TOOL_PARTS) {
      const set = makeSet({ history, outputBytes: OUTPUT_BYTES, toolParts });
      const args = freshArgs(set);
      const fresh = adk.createAutoSend({ mode: 'sse' });
      const reask = adk.createAutoSend({ mode: 'sse' });
      // Each message's user actions are sent once, before timing: every timed call answers false,
      // the library from its memory of what it sent, AI SDK's helper from the message alone.
      for (const arg of args) fresh.sendAutomaticallyWhen(arg);
      reask.sendAutomaticallyWhen(args[0]);
      if (args.some((arg) => fresh.sendAutomaticallyWhen(arg) !== false)) throw new Error(`${set.name}: a fresh ask after the send answered true`);
      const id = meta.length;
      impls.push(
        { name: `${id}:freshLibrary`, fn: cycling(fresh.sendAutomaticallyWhen, args) },
        { name: `${id}:freshAi`, fn: cycling(helper, args) },
        { name: `${id}:reaskLibrary`, fn: cycling(reask.sendAutomaticallyWhen, [args[0]]) },
        { name: `${id}:reaskAi`, fn: cycling(helper, [args[0]]) },
      );
      meta.push({ name: setName({ history, outputBytes: OUTPUT_BYTES, toolParts }), history, toolParts });
    }
  }
  return timedPerSet(meta, interleave(impls, { now, rounds, batchMs }));
}
