// The decision benchmark in Node: every message set, the library against the plain-JS baseline and
// AI SDK's two helpers, interleaved in this one process. Prints one JSON object on stdout. The
// fresh decisions and the real shapes run in processes of their own (node/fresh.mjs,
// node/real-shapes.mjs): the answer check here feeds the library malformed inputs that no app sends.
import * as adk from 'adk-stream-wasm';
import * as ai from 'ai';
import { runDecisionBench } from '../lib/decision-bench.mjs';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const rounds = Number(args.rounds ?? 101);
const batchMs = Number(args.batchMs ?? 2);

const results = runDecisionBench({
  adk,
  ai,
  now: () => performance.now(),
  rounds,
  batchMs,
  // No split of a call into parts: the records go into WebAssembly memory without a string, and
  // a call is timed whole.
  breakdown: undefined,
  log: (line) => process.stderr.write(`  node: ${line}\n`),
});
process.stdout.write(JSON.stringify({ node: process.version, rounds, batchMs, results }));
