// Issue 40 item 2, SPEC §5 W13: a model-based test of interleavings. fast-check generates command
// lists (interleavings/commands.ts: the user's send, stop, approve, deny, speak; the backend's chunks,
// [DONE]s, close frames and close events; sockets that never open; time past every bound) and
// replays each on AI SDK's real Chat, createAdk and the packed package's BidiTransport over a
// scripted ADK backend (interleavings/backend.ts), checking the chat against the reference model
// (interleavings/model.ts) after every step (interleavings/harness.ts). A failure prints the shrunk
// command list and the seed and path that replay it.
//
// `make test` runs the fixed seeds below; the long run (interleavings/long-run.ts) is the fuzz step's.
import { describe, it } from 'vitest';
import fc from 'fast-check';
import { Answer, Chunk, CloseEvent, CloseFrame, interleavings, MAX_COMMANDS, Open, runInterleaving, Send, Speak, VARIANTS } from './interleavings/commands.js';
import { useInterleavingHooks } from './interleavings/backend.js';

/** The fixed seeds `make test` runs, and the interleavings per seed and backend. */
const SEEDS = [40, 4002, 20261129];
const RUNS_PER_SEED = 300;
const chunks = (n: number) => Array.from({ length: n }, () => new Chunk());

useInterleavingHooks();

// The paths with nothing at the same time hold on every package: the model and the harness agree
// with the transport where the SPEC rows already passed (a check that fails here is the test's own).
describe('the model agrees with the package where nothing happens at once', () => {
  it('a text answer (W5)', async () => {
    await runInterleaving('adk', [new Send(false), new Open(), ...chunks(6), new Send(false), ...chunks(5)]);
  });

  it.each([true, false])('a payment approved (%s), the answer continuing the same message (W5, F6)', async (approved) => {
    await runInterleaving('adk', [new Send(true), new Open(), ...chunks(6), new Answer(approved), ...chunks(6)]);
  });

  it('a voice turn: the speech a user message, the answer a message of its own (W8, W9)', async () => {
    await runInterleaving('adk', [new Send(false), new Open(), ...chunks(6), new Speak(), ...chunks(9), new Send(false), ...chunks(5)]);
  });

  it('the socket lost while an approval waits: the answer is refused with connection-lost (F-a)', async () => {
    await runInterleaving('adk', [new Send(true), new Open(), ...chunks(6), new CloseFrame(), new CloseEvent(), new Answer(true)]);
  });
});

describe('W13: random interleavings against the reference model (fixed seeds)', () => {
  it.each(VARIANTS.flatMap((variant) => SEEDS.map((seed) => [variant, seed] as const)))('backend %s, seed %d', async (variant, seed) => {
    await fc.assert(
      fc.asyncProperty(interleavings(MAX_COMMANDS), (commands) => runInterleaving(variant, commands)),
      { seed, numRuns: RUNS_PER_SEED },
    );
  }, 120_000);
});
