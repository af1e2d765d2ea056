// The interleaving test's commands (fast-check model-based testing: `fc.commands`, replayed by
// `fc.asyncModelRun`, shrunk to the shortest failing list): the user's actions (send, stop, approve,
// deny, speak), the backend's chunks and close frames, the socket's events and faults, and time.
// Each command checks the chat against the reference model after it (Harness.check).
import fc from 'fast-check';
import { Harness } from './harness.js';
import type { Network, Variant } from './backend.js';

type Command = fc.AsyncCommand<Harness, Harness>;
/** The backends every interleaving runs against: ADK's, and one that ends an interrupted turn without [DONE]. */
export const VARIANTS: Variant[] = ['adk', 'ends-interrupted-turn'];
/** The longest command list generated. */
export const MAX_COMMANDS = 60;
/** How many messages one interleaving sends at most. */
const MAX_SENDS = 4;

abstract class Step implements Command {
  check(h: Readonly<Harness>): boolean {
    return this.may(h as Harness);
  }
  abstract may(h: Harness): boolean;
  abstract act(h: Harness): void | Promise<void>;
  async run(_model: Harness, h: Harness) {
    await this.act(h);
    await h.settle();
    h.check();
  }
  abstract toString(): string;
}

/** Fire and forget: the chat's own promise settles whenever its response ends; its failure shows as `chat.error`. */
const quietly = (promise: Promise<unknown> | undefined) => void promise?.catch(() => {});

export class Send extends Step {
  constructor(readonly pay: boolean) {
    super();
  }
  may(h: Harness) {
    return h.model.requests.filter((r) => r.key.startsWith('ask-')).length < MAX_SENDS && h.model.pending.length === 0;
  }
  act(h: Harness) {
    const text = h.model.send(this.pay, h.connecting);
    quietly(h.chat.sendMessage({ text }));
  }
  toString() {
    return `send(${this.pay ? 'pay' : 'text'})`;
  }
}

export class Stop extends Step {
  may() {
    return true;
  }
  act(h: Harness) {
    h.model.stop();
    quietly(h.chat.stop());
  }
  toString() {
    return 'stop';
  }
}

export class Answer extends Step {
  constructor(readonly approved: boolean) {
    super();
  }
  may(h: Harness) {
    return h.model.pending.length > 0;
  }
  act(h: Harness) {
    const id = h.model.pending[0];
    h.model.answer(id);
    try {
      quietly(this.approved ? h.adk.approve(id) : h.adk.deny(id));
    } catch (error) {
      // The model says the chat shows this approval: a chunk was lost on its way.
      h.model.violations.push(`the chat does not show approval ${id} that the backend asked for: ${(error as Error).message}`);
    }
  }
  toString() {
    return this.approved ? 'approve' : 'deny';
  }
}

/** The user speaks: the backend starts a voice turn with no request open (W8, W9). */
export class Speak extends Step {
  may(h: Harness) {
    return h.backend.idle && h.model.tail === null;
  }
  act(h: Harness) {
    h.backend.speak();
  }
  toString() {
    return 'speak';
  }
}

/** The backend sends its next chunk (`[DONE]` included; a queued message's turn begins first). */
export class Chunk extends Step {
  may(h: Harness) {
    return h.backend.canStep;
  }
  act(h: Harness) {
    h.backend.step();
  }
  toString() {
    return 'chunk';
  }
}

export class Open extends Step {
  may(h: Harness) {
    return h.backend.connecting !== null;
  }
  act(h: Harness) {
    h.backend.open();
  }
  toString() {
    return 'open';
  }
}

/** The connection attempt fails before it opens (`connect-failed`). */
export class RefuseOpening extends Step {
  may(h: Harness) {
    return h.backend.connecting !== null;
  }
  act(h: Harness) {
    h.model.socketGone(null, 'refused');
    h.backend.refuseOpening();
  }
  toString() {
    return 'refuse-opening';
  }
}

/** The backend's close frame (the socket is closing; its close event comes later). */
export class CloseFrame extends Step {
  may(h: Harness) {
    return h.backend.live !== null;
  }
  act(h: Harness) {
    h.model.socketGone(h.backend.live!.socket.id, 'close');
    h.backend.closeFrame();
  }
  toString() {
    return 'close-frame';
  }
}

export class CloseEvent extends Step {
  may(h: Harness) {
    return h.backend.closing !== null;
  }
  act(h: Harness) {
    h.backend.closeEvent();
  }
  toString() {
    return 'close-event';
  }
}

/** From now on a new socket opens when told (`ok`), never (`hang`), or cannot be created (`refuse`). */
export class SetNetwork extends Step {
  constructor(readonly network: Network) {
    super();
  }
  may(h: Harness) {
    return h.backend.network !== this.network;
  }
  act(h: Harness) {
    if (this.network === 'refuse') h.model.socketGone(null, 'cannot-open');
    h.backend.network = this.network;
  }
  toString() {
    return `network(${this.network})`;
  }
}

/** Time passes past every bound with the backend silent; then nothing may be `submitted`. */
export class Wait implements Command {
  check() {
    return true;
  }
  async run(_model: Harness, h: Harness) {
    await h.wait();
  }
  toString() {
    return 'wait';
  }
}

/** The commands, weighted: the backend's chunks most, faults least. */
export const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: fc.constant(new Chunk()), weight: 24 },
  { arbitrary: fc.constant(new Open()), weight: 6 },
  { arbitrary: fc.boolean().map((pay) => new Send(pay)), weight: 5 },
  { arbitrary: fc.boolean().map((approved) => new Answer(approved)), weight: 5 },
  { arbitrary: fc.constant(new Speak()), weight: 3 },
  { arbitrary: fc.constant(new Stop()), weight: 2 },
  { arbitrary: fc.constant(new CloseEvent()), weight: 2 },
  { arbitrary: fc.constant(new CloseFrame()), weight: 1 },
  { arbitrary: fc.constant(new RefuseOpening()), weight: 1 },
  { arbitrary: fc.constantFrom<Network>('ok', 'ok', 'hang', 'refuse').map((n) => new SetNetwork(n)), weight: 1 },
  { arbitrary: fc.constant(new Wait()), weight: 1 },
);

export const interleavings = (maxCommands: number) => fc.commands([commandArbitrary], { maxCommands, size: 'max' });

/** Runs one interleaving (generated, or a named case's list) on a fresh chat, then its finale. */
export async function runInterleaving(variant: Variant, commands: Iterable<Command>, options: Record<string, unknown> = {}): Promise<void> {
  const h = new Harness(variant, options);
  try {
    await fc.asyncModelRun(() => ({ model: h, real: h }), commands);
    await h.finale();
  } finally {
    h.dispose();
  }
}
