// The decision benchmark in Chromium (bundled by esbuild; `adk-stream-wasm` comes from the served
// package through the page's import map, so the browser loads its .wasm as an app would).
import * as adk from 'adk-stream-wasm';
import * as ai from 'ai';
import { runDecisionBench } from '../lib/decision-bench.mjs';
import { runFreshBench } from '../lib/fresh-bench.mjs';

const now = () => performance.now();
window.runDecision = ({ rounds, batchMs }) =>
  runDecisionBench({ adk, ai, now, rounds, batchMs });
window.runFresh = ({ rounds, batchMs }) => runFreshBench({ adk, ai, now, rounds, batchMs });
adk.ready.then(() => {
  window.benchInfo = { crossOriginIsolated: globalThis.crossOriginIsolated, userAgent: navigator.userAgent };
  window.benchReady = true;
});
