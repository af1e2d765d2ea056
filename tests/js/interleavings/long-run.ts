// The interleaving test's long run (issue 40 item 2), for the fuzz step (scripts/test-fuzz.sh):
// INTERLEAVINGS=N interleavings, one fast-check seed each from INTERLEAVINGS_SEED (default 1) on,
// the two backends in turn; prints how many ran per second and each kind of violation with the
// first seed that shows it. Replay one: `fc.sample(interleavings(MAX_COMMANDS), {seed, numRuns: 1})`,
// or the fixed-seed property of interleavings.test.ts with that seed, which shrinks it.
// Run with vitest.long-run.config.ts (it is no part of the suite `make test` runs).
import { expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { interleavings, MAX_COMMANDS, runInterleaving, VARIANTS } from './commands.js';
import { FAKE_TIMERS, useScriptedSockets } from './backend.js';

const RUNS = Number(process.env.INTERLEAVINGS ?? 1000);
const FIRST_SEED = Number(process.env.INTERLEAVINGS_SEED ?? 1);

it(`${RUNS} interleavings from seed ${FIRST_SEED}`, async () => {
  vi.useFakeTimers(FAKE_TIMERS);
  const restoreSockets = useScriptedSockets();
  const failures = new Map<string, { count: number; seed: number; variant: string }>();
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) {
    const seed = FIRST_SEED + i;
    const variant = VARIANTS[i % VARIANTS.length];
    const [commands] = fc.sample(interleavings(MAX_COMMANDS), { seed, numRuns: 1 });
    try {
      await runInterleaving(variant, commands);
    } catch (error) {
      // The kind of violation: its message with tokens, ids and numbers generalised, up to its first bracket.
      const message = String((error as Error).message).replace(/\[[au]\d+\.\d+\]/g, '[token]').replace(/\d+/g, 'N')
        .replace(/message \S+/g, 'message M').replace(/((\[token\]|call-N) ?)+/g, '[tokens] ');
      const chatError = /^chat error the model does not expect: \S+ \([^)]*\)/.exec(message);
      const kind = (chatError ? chatError[0] : message.split(/ \(|: Received/)[0]).slice(0, 100);
      const seen = failures.get(kind);
      failures.set(kind, { count: (seen?.count ?? 0) + 1, seed: seen?.seed ?? seed, variant: seen?.variant ?? variant });
    }
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`interleavings: ${RUNS} in ${seconds.toFixed(1)} s, ${(RUNS / seconds).toFixed(0)} per second (seeds ${FIRST_SEED}..${FIRST_SEED + RUNS - 1})`);
  let failed = 0;
  for (const [kind, { count, seed, variant }] of failures) {
    failed += count;
    console.log(`interleavings: ${count} x "${kind}" (first: seed ${seed}, backend ${variant})`);
  }
  console.log(`interleavings: ${RUNS - failed} passed, ${failed} failed`);
  vi.useRealTimers();
  restoreSockets();
  expect([...failures.keys()], 'kinds of violation').toEqual([]);
}, 0);
