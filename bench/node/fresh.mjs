// Fresh decisions and re-asks in Node (lib/fresh-bench.mjs), in a process of its own so that
// neither side has seen another input. Prints one JSON array on stdout.
import * as adk from 'adk-stream-wasm';
import * as ai from 'ai';
import { runFreshBench } from '../lib/fresh-bench.mjs';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const rounds = Number(args.rounds ?? 101);
const batchMs = Number(args.batchMs ?? 2);

process.stdout.write(JSON.stringify(runFreshBench({ adk, ai, now: () => performance.now(), rounds, batchMs })));
