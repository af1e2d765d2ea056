// The decision benchmark in Node: every message set, the library against the plain-JS baseline and
// AI SDK's two helpers, interleaved in this one process. Prints one JSON object on stdout.
import * as adk from 'adk-stream-wasm';
import * as ai from 'ai';
import { runDecisionBench } from '../lib/decision-bench.mjs';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const rounds = Number(args.rounds ?? 101);
const batchMs = Number(args.batchMs ?? 2);

// The engine class, for splitting one library call into its two halves (the JS summary, the
// WebAssembly decision): the same module instance index.js loaded (same URL), reached past the
// package's export map. A package without these internals is timed by whole calls only.
const wasm = await import(new URL('./wasm/adk_stream_wasm.js', import.meta.resolve('adk-stream-wasm')).href).catch(() => ({}));

const results = runDecisionBench({
  adk,
  ai,
  now: () => performance.now(),
  rounds,
  batchMs,
  breakdown: { summarize: adk.summarize, Engine: wasm.AutoSendEngine, crossing: wasm.isToolType },
  log: (line) => process.stderr.write(`  node: ${line}\n`),
});
process.stdout.write(JSON.stringify({ node: process.version, rounds, batchMs, results }));
