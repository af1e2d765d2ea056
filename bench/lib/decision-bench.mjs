// The decision benchmark, shared by Node (decision/node.mjs) and Chromium (pages/decision.mjs):
// the same message sets, the same interleaved timing, the same answer check.

import { allSetKeys, makeSet, variants } from './messages.mjs';
import { interleave, timedPerSet } from './timing.mjs';
import { createBaselineAutoSend } from './baseline-autosend.mjs';

const MODES = [
  { mode: 'sse' },
  { mode: 'bidi', bidiPattern: 'A' },
  { mode: 'bidi', bidiPattern: 'B' },
];

function edgeCases() {
  const cyclic = { role: 'assistant', parts: [] };
  cyclic.parts.push({ type: 'tool-x', toolCallId: 'c', state: 'approval-responded', approval: { id: 'a', approved: true }, self: cyclic });
  const throwing = {};
  Object.defineProperty(throwing, 'messages', { get() { throw new Error('boom'); } });
  return {
    null: null,
    undefined: undefined,
    number: 42,
    'no messages': {},
    'empty messages': { messages: [] },
    '[undefined]': { messages: [undefined] },
    'parts null': { messages: [{ role: 'assistant', parts: null }] },
    'parts []': { messages: [{ role: 'assistant', parts: [] }] },
    'getter throws': throwing,
    'cyclic message (D1)': { messages: [cyclic] },
    'part not an object': { messages: [{ role: 'assistant', parts: [42] }] },
    'unknown state': { messages: [{ role: 'assistant', parts: [{ type: 'tool-x', toolCallId: 'c', state: 'done' }] }] },
    'no toolCallId': { messages: [{ role: 'assistant', parts: [{ type: 'tool-process_payment', state: 'approval-responded', approval: { id: 'a', approved: true } }] }] },
    'dynamic-tool without toolName': { messages: [{ role: 'assistant', parts: [{ type: 'dynamic-tool', toolCallId: 'c', state: 'approval-responded', approval: { id: 'a', approved: true } }] }] },
    'approved is a string': { messages: [{ role: 'assistant', parts: [{ type: 'tool-x', toolCallId: 'c', state: 'approval-responded', approval: { id: 'a', approved: 'yes' } }] }] },
  };
}

/**
 * Asks the library and the baseline the same questions, on fresh engines and along one chat, in
 * every mode. Returns the list of disagreements (empty when they agree everywhere).
 */
export function checkAnswers(adk, set) {
  const mismatches = [];
  const states = variants(set);
  const edges = edgeCases();
  for (const options of MODES) {
    const label = options.bidiPattern ? `${options.mode} ${options.bidiPattern}` : options.mode;
    const compare = (what, lib, base, arg) => {
      const a = lib.sendAutomaticallyWhen(arg);
      const b = base.sendAutomaticallyWhen(arg);
      if (a !== b) mismatches.push(`${set.name} [${label}] ${what}: library ${a}, baseline ${b}`);
      return a;
    };
    // Each state on a fresh pair, asked twice (the second ask answers from memory).
    for (const [what, messages] of Object.entries(states)) {
      const lib = adk.createAutoSend(options);
      const base = createBaselineAutoSend(options);
      compare(`${what} (first ask)`, lib, base, { messages });
      compare(`${what} (second ask)`, lib, base, { messages });
    }
    // One chat walking through every state and back (memory carried across states).
    const lib = adk.createAutoSend(options);
    const base = createBaselineAutoSend(options);
    const walk = Object.entries(states);
    for (const [what, messages] of [...walk, ...walk.reverse()]) compare(`along one chat: ${what}`, lib, base, { messages });
    // Principle 6 told, not inferred: the browser's output-error.
    const told = adk.createAutoSend(options);
    const toldBase = createBaselineAutoSend(options);
    const failed = states['last photo failed in the browser'];
    const failedPart = failed[failed.length - 1].parts.at(-1);
    told.markBrowserOutput(failedPart.toolCallId);
    toldBase.markBrowserOutput(failedPart.toolCallId);
    compare('browser output-error, marked', told, toldBase, { messages: failed });
    for (const [what, arg] of Object.entries(edges)) compare(`malformed: ${what}`, lib, base, arg);
  }
  return mismatches;
}

/** The answers each implementation gives on the set as benchmarked (first ask, then steady state). */
function answersOf(adk, ai, set) {
  const arg = { messages: set.messages };
  const lib = adk.createAutoSend({ mode: 'sse' });
  const base = createBaselineAutoSend({ mode: 'sse' });
  return {
    library: [lib.sendAutomaticallyWhen(arg), lib.sendAutomaticallyWhen(arg)],
    baseline: [base.sendAutomaticallyWhen(arg), base.sendAutomaticallyWhen(arg)],
    aiApproval: ai.lastAssistantMessageIsCompleteWithApprovalResponses(arg),
    aiToolCalls: ai.lastAssistantMessageIsCompleteWithToolCalls(arg),
  };
}

/**
 * The breakdown's pieces are the package's internals (the JS summary, the bindings' engine): when
 * they are gone or work differently, the bench times whole calls only and says so.
 */
function usableBreakdown(breakdown, log) {
  if (!breakdown) return undefined;
  try {
    const { summarize, Engine } = breakdown;
    const summary = summarize({ messages: [] });
    if (typeof summary !== 'string') throw new Error('summarize() no longer returns a string');
    new Engine({ mode: 'sse' }).decide(summary);
    return breakdown;
  } catch (error) {
    log(`a call is not split into parts: ${error.message}`);
    return undefined;
  }
}

/**
 * Runs every set. `adk` is the package's main entry, `ai` the `ai` package, `now()` a clock in
 * milliseconds. `breakdown` (optional) `{summarize, Engine, crossing?}` also times the parts of
 * a library call: the JS summary alone, the engine on a fresh summary without the glue, the engine
 * on a ready (flat) summary, and the bare crossing of that string into WebAssembly.
 *
 * Every implementation on every set runs in the same interleaved rounds, so a change of machine
 * load during the run touches all sets alike and the growth ratios between sets stay fair.
 */
export function runDecisionBench({ adk, ai, now, rounds, batchMs, breakdown, log = () => {} }) {
  breakdown = usableBreakdown(breakdown, log);
  const sets = allSetKeys().map(makeSet);
  const impls = [];
  const meta = [];
  for (const set of sets) {
    const mismatches = checkAnswers(adk, set);
    if (mismatches.length > 0) {
      throw new Error(`the plain-JS baseline and the library disagree:\n  ${mismatches.slice(0, 20).join('\n  ')}`);
    }
    const answers = answersOf(adk, ai, set);
    const arg = { messages: set.messages };
    // Steady state: each engine answers true once here; every timed call answers false, as AI
    // SDK's re-asks on an unchanged chat see.
    const lib = adk.createAutoSend({ mode: 'sse' });
    const base = createBaselineAutoSend({ mode: 'sse' });
    lib.sendAutomaticallyWhen(arg);
    base.sendAutomaticallyWhen(arg);
    const id = meta.length;
    impls.push(
      { name: `${id}:library`, fn: lib.sendAutomaticallyWhen, arg },
      { name: `${id}:baseline`, fn: base.sendAutomaticallyWhen, arg },
      { name: `${id}:aiApproval`, fn: ai.lastAssistantMessageIsCompleteWithApprovalResponses, arg },
      { name: `${id}:aiToolCalls`, fn: ai.lastAssistantMessageIsCompleteWithToolCalls, arg },
    );
    let summaryLength;
    if (breakdown) {
      const engine = new breakdown.Engine({ mode: 'sse' });
      const summary = breakdown.summarize(arg);
      engine.decide(summary);
      summaryLength = summary.length;
      const direct = new breakdown.Engine({ mode: 'sse' });
      direct.decide(summary);
      impls.push({ name: `${id}:summarize`, fn: (a) => breakdown.summarize(a).length > 0, arg });
      // The engine on a summary built fresh each call (a concatenated string), without the glue.
      impls.push({ name: `${id}:summarizeThenDecide`, fn: (a) => direct.decide(breakdown.summarize(a)), arg });
      impls.push({ name: `${id}:engineDecide`, fn: (s) => engine.decide(s), arg: summary });
      // Only the crossing: a WebAssembly export that receives the same string and does almost
      // nothing with it (a lookup in the empty registry of tool executors).
      if (breakdown.crossing) impls.push({ name: `${id}:crossing`, fn: breakdown.crossing, arg: summary });
    }
    const { messages, ...key } = set;
    meta.push({ ...key, answers, summaryLength });
  }
  log(`answers agree on ${sets.length} sets; timing ${impls.length} implementation × set pairs, ${rounds} rounds`);
  return timedPerSet(meta, interleave(impls, { now, rounds, batchMs }));
}
