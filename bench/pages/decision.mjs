// The decision benchmark in Chromium (bundled by esbuild; `adk-stream-wasm` comes from the served
// package through the page's import map, so the browser loads its .wasm as an app would). Each
// bench runs in a page of its own (sections/decision.mjs): the fresh decisions and the real shapes
// must not follow the answer check's malformed inputs.
import * as adk from 'adk-stream-wasm';
import * as ai from 'ai';
import { runDecisionBench } from '../lib/decision-bench.mjs';
import { runFreshBench } from '../lib/fresh-bench.mjs';
import { runRealShapes } from '../lib/real-shapes.mjs';

const now = () => performance.now();
window.runDecision = ({ rounds, batchMs }) =>
  runDecisionBench({ adk, ai, now, rounds, batchMs });
window.runFresh = ({ rounds, batchMs }) => runFreshBench({ adk, ai, now, rounds, batchMs });
window.runRealShapes = ({ rounds, batchMs, conversations }) => runRealShapes({ adk, ai, conversations, now, rounds, batchMs });
adk.ready.then(() => {
  window.benchInfo = { crossOriginIsolated: globalThis.crossOriginIsolated, userAgent: navigator.userAgent };
  window.benchReady = true;
});
