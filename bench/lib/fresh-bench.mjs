// Fresh decisions against re-asks (issue 25, item 3), the same in Node and Chromium. In a real chat
// the last message has changed at most asks (after each stream, each approval, each browser output),
// so the last-decision memo cannot answer: each "fresh" call here sees another last message than the
// call before (see freshArgs). A "re-ask" sees the same message again, as AI SDK's asks on an
// unchanged chat do. Both are timed against AI SDK's stateless
// `lastAssistantMessageIsCompleteWithApprovalResponses` through the same wrapper, interleaved in one
// process.
//
// Twice: first as the run leaves the two sides, then after AI SDK's helper has seen the inputs the
// library saw before. The decision bench's answer check (run before this one, in the same process or
// page) feeds the library every variant state and malformed input, which makes V8's property reads in
// its record writer polymorphic, while the helper had seen only the timed sets and stays monomorphic.
// A real app feeds both the same varied messages; so the second timing (`ns`, the one the goals
// read) runs after the same answer check's inputs went through the helper too (`sameInputs`), and
// the first (`nsOneSided`) is kept beside it.
import { checkAnswers } from './decision-bench.mjs';
import { allSetKeys, makeSet, setName } from './messages.mjs';
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
 * The answer check's inputs (every set's variant states, along one chat and on fresh engines, and
 * the malformed inputs, in every mode) through AI SDK's helper as well as through the library, so
 * both sides' property reads have seen the same shapes. The helper throws on some malformed inputs
 * (`null`); that is caught.
 */
export function sameInputs(adk, ai) {
  const helper = ai.lastAssistantMessageIsCompleteWithApprovalResponses;
  const both = {
    ...adk,
    createAutoSend(options) {
      const library = adk.createAutoSend(options);
      return {
        markBrowserOutput: library.markBrowserOutput,
        sendAutomaticallyWhen(arg) {
          try {
            helper(arg);
          } catch {
            // a malformed input: AI SDK's helper does not read it
          }
          return library.sendAutomaticallyWhen(arg);
        },
      };
    },
  };
  for (const key of allSetKeys()) {
    const mismatches = checkAnswers(both, makeSet(key));
    if (mismatches.length > 0) throw new Error(`the answer check failed:\n  ${mismatches.slice(0, 20).join('\n  ')}`);
  }
}

/**
 * `{name, history, toolParts, ns, nsOneSided}` per set, each `{freshLibrary, freshAi, reaskLibrary,
 * reaskAi}`: `nsOneSided` timed first, as the run left both sides; `ns` after `sameInputs`. `adk` is
 * the package's main entry, `ai` the `ai` package.
 */
export function runFreshBench({ adk, ai, now, rounds, batchMs }) {
  const oneSided = timeFresh({ adk, ai, now, rounds, batchMs });
  sameInputs(adk, ai);
  const alike = timeFresh({ adk, ai, now, rounds, batchMs });
  return alike.map((r, i) => ({ ...r, nsOneSided: oneSided[i].ns }));
}

function timeFresh({ adk, ai, now, rounds, batchMs }) {
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
