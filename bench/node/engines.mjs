// Issue 40 item 5, flat cost: creating an engine (`createAutoSend`) with 100,000 engines alive
// against with none, in one process. Each side is the fastest of `rounds` batches of 1,000
// creations, the two sides interleaved round by round so that a change in the machine's load
// falls on both (the 100,000 are made before each "many" batch and freed, by dispose(), after
// it). A full garbage collection before each batch: the garbage of making 100,000 engines is
// not counted as the cost of the next 1,000. Prints one JSON object on stdout.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createAutoSend } from 'adk-stream-wasm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const rounds = Math.max(3, Math.min(21, Math.round(Number(args.rounds ?? 101) / 10)));
const BATCH = 1_000;
const ALIVE = 100_000;

/** One batch: the ms `BATCH` creations take; the engines go into `made`. */
function batch(made) {
  gc();
  const started = performance.now();
  for (let i = 0; i < BATCH; i++) made.push(createAutoSend({ mode: 'sse' }));
  return performance.now() - started;
}

const free = (engines) => {
  for (const engine of engines.splice(0)) engine.dispose();
};

let noneMs = Infinity;
let manyMs = Infinity;
const alive = [];
const made = [];
// A warm-up batch each.
batch(made);
free(made);
for (let round = 0; round < rounds; round++) {
  noneMs = Math.min(noneMs, batch(made));
  free(made);
  for (let i = 0; i < ALIVE; i++) alive.push(createAutoSend({ mode: 'sse' }));
  manyMs = Math.min(manyMs, batch(made));
  free(made);
  free(alive);
}
process.stdout.write(JSON.stringify({ batch: BATCH, alive: ALIVE, rounds, noneMs, manyMs, ratio: manyMs / noneMs }));
