// The real system of the interleaving test: the packed package's BidiTransport and createAdk, and
// AI SDK's real Chat, over the scripted backend (backend.ts), as an app wires them (README "The BIDI
// transport"). After every step the chat is held against the reference model (model.ts): the
// invariants of issue 40 item 2, each failure a message that says which one broke and how.
import { vi } from 'vitest';
import { createAdk } from 'adk-stream-wasm/chat';
import { BidiTransport } from 'adk-stream-wasm/transport';
import { Chat } from '../helpers/ai.js';
import { Backend, type Variant } from './backend.js';
import { Model } from './model.js';

/** The transport's bounds (ms). The test's own settling moves the fake clock by at most 30 ms a
 *  step, far below each; `wait` moves it past all of them. */
export const BOUNDS = { connectTimeoutMs: 15_000, abortTailTimeoutMs: 20_000, responseTimeoutMs: 30_000, livenessTimeoutMs: 25_000 };
const WAIT_STEP_MS = 10_000;
const WAIT_STEPS = 7;
const TOKEN = /\[([au])(\d+)\.(\d+)\]|call-(\d+)/g;

export class InvariantError extends Error {
  override name = 'InvariantError';
}

export class Harness {
  readonly backend: Backend;
  readonly model = new Model();
  readonly chat: any;
  readonly adk: ReturnType<typeof createAdk>;
  readonly transport: BidiTransport;
  #restore: () => void;
  #fed = 0;
  /** Errors the transport reported to onError (a connection-lost while no request is open). */
  readonly reported: any[] = [];
  /** The transport's bounds in this run. */
  readonly bounds: Record<string, unknown>;

  /** `options`: the transport's, over BOUNDS (a case may turn a bound off). */
  constructor(readonly variant: Variant, options: Record<string, unknown> = {}) {
    this.bounds = { ...BOUNDS, ...options };
    this.backend = new Backend(variant);
    this.#restore = this.backend.install();
    this.transport = new BidiTransport({
      url: this.backend.url,
      pingIntervalMs: 0,
      approvalTimeoutMs: 0,
      ...BOUNDS,
      onBufferedChunks: () => void this.adk.resumeBuffered(),
      onError: (error: unknown) => this.reported.push(error),
      ...options,
    });
    this.adk = createAdk({ mode: 'bidi', transport: this.transport });
    this.chat = new Chat({ id: 'interleavings', transport: this.transport, sendAutomaticallyWhen: this.adk.sendAutomaticallyWhen });
    this.adk.attach(this.chat);
  }

  dispose() {
    this.transport.close();
    this.#restore();
  }

  /** Lets every promise job, stream read and resumeBuffered poll run until nothing changes. */
  async settle() {
    let last = '';
    let quiet = 0;
    for (let round = 0; round < 60 && quiet < 3; round++) {
      await new Promise((r) => setImmediate(r));
      const now = `${this.chat.status}|${this.backend.events.length}|${JSON.stringify(this.chat.messages)}`;
      if (now === last) {
        quiet++;
        await vi.advanceTimersByTimeAsync(10);
      } else quiet = 0;
      last = now;
    }
    this.#feed();
  }

  /** The backend's events since the last step, into the model, in the order they happened. */
  #feed() {
    const events = this.backend.events;
    for (; this.#fed < events.length; this.#fed++) {
      const e = events[this.#fed];
      if (e.kind === 'emitted') this.model.emitted(e.turn, e.type, e.token, e.socket);
      else if (e.kind === 'turn-began') this.model.turnBegan(e.turn, e.frameIndex);
      else if (e.kind === 'client-closed') this.model.socketGone(e.socket, 'close');
      else if (e.frame.type === 'message') {
        const index = this.backend.frames.findIndex((f) => f.frame === e.frame);
        this.model.frame(index, e.socket, e.frame, e.answers, e.unknownAnswer);
      }
    }
  }

  /** Whether a socket is still connecting (opening, or hanging). */
  get connecting(): boolean {
    return this.backend.sockets.some((s) => s.readyState === 0);
  }

  /** Time passes past every bound while the backend is silent (its streaming turn stalls). */
  async wait() {
    this.model.wait(this.connecting);
    this.backend.stall();
    for (let i = 0; i < WAIT_STEPS; i++) {
      await vi.advanceTimersByTimeAsync(WAIT_STEP_MS);
      await this.settle();
    }
    this.check();
    if (this.chat.status === 'submitted') {
      throw new InvariantError(`the chat is still 'submitted' ${WAIT_STEP_MS * WAIT_STEPS} ms after the last event, past every bound (${JSON.stringify(this.bounds)})`);
    }
  }

  /** The invariants that hold after every step. */
  check() {
    const model = this.model;
    if (model.violations.length > 0) throw new InvariantError(model.violations.join('; '));
    const error = this.chat.error;
    if (error != null) {
      if (error.name !== 'AdkTransportError' || !model.allowed.has(error.kind)) {
        throw new InvariantError(`chat error the model does not expect: ${error.name} (${error.kind ?? 'no kind'}): ${error.message}`);
      }
    }
    if (model.expectNow !== null) {
      const expected = model.expectNow;
      model.expectNow = null;
      const shown = error?.kind ?? this.reported.find((e) => e.kind === expected)?.kind;
      if (shown !== expected) {
        throw new InvariantError(`expected ${expected} at once (SPEC §5 F-a, F-f); the chat is ${this.chat.status}${error ? ` with ${error.kind}` : ''}`);
      }
    }
    this.#checkMessages();
  }

  /** No chunk in two places, none in another turn's message, none of a stopped turn's tail, turns in order. */
  #checkMessages() {
    const seen = new Set<string>();
    let lastTurn = 0;
    /** turn -> the index of the user message with its speech, and of its first assistant message (W9). */
    const speechAt = new Map<number, number>();
    const answerAt = new Map<number, number>();
    this.chat.messages.forEach((message: any, index: number) => {
      const turns = new Set<number>();
      let lastAt = 0;
      for (const part of message.parts) {
        const text = part.type === 'text' ? part.text : typeof part.toolCallId === 'string' ? part.toolCallId : '';
        for (const match of text.matchAll(TOKEN)) {
          const token = match[0];
          const known = this.model.tokens.get(token);
          const where = `message ${message.id} (${message.role})`;
          if (known === undefined) throw new InvariantError(`${token} in ${where} was never sent by the backend`);
          if (seen.has(token)) throw new InvariantError(`${token} is in the chat twice (the second in ${where})`);
          seen.add(token);
          if (known.kind === 'dropped') throw new InvariantError(`${token} came after the user stopped its turn, and is in ${where} (W12)`);
          const speech = match[1] === 'u';
          if (speech !== (message.role === 'user')) {
            throw new InvariantError(`${token} (${speech ? "the user's speech" : "the agent's words"}) is in ${where} (W9)`);
          }
          if (known.at < lastAt) throw new InvariantError(`${token} is out of order in ${where}`);
          lastAt = known.at;
          turns.add(known.turn);
        }
      }
      if (turns.size > 1) throw new InvariantError(`message ${message.id} holds chunks of turns ${[...turns].join(' and ')} (W5, W8, W11)`);
      const [turn] = turns;
      if (turn === undefined) return;
      if (message.role === 'user') return void speechAt.set(turn, index);
      if (turn < lastTurn) throw new InvariantError(`turn ${turn}'s message comes after turn ${lastTurn}'s (W8, W11)`);
      lastTurn = turn;
      if (!answerAt.has(turn)) answerAt.set(turn, index);
    });
    for (const [turn, index] of speechAt) {
      const answer = answerAt.get(turn);
      if (answer !== undefined && answer !== index + 1) {
        throw new InvariantError(`the user's speech of turn ${turn} (message ${index}) is not just before its answer (message ${answer}) (W8, W9)`);
      }
    }
    return seen;
  }

  /** After the run: the network heals, the backend finishes everything, time passes; then every
   *  kept chunk must be in the chat (nothing lost), and nothing is `submitted`. */
  async finale() {
    this.backend.network = 'ok';
    for (let round = 0; round < 4; round++) {
      if (this.backend.connecting) this.backend.open();
      await this.settle();
      for (let i = 0; i < 40 && this.backend.canStep; i++) {
        this.backend.step();
        await this.settle();
      }
      this.check();
      await this.wait();
    }
    const present = this.#checkMessages();
    const lost = this.model.tokensOf('kept').filter((token) => !present.has(token));
    if (lost.length > 0) throw new InvariantError(`chunks lost: ${lost.join(' ')} never reached the chat (chat: ${this.describe()})`);
  }

  /** The chat in one line, for a failure's message. */
  describe(): string {
    const messages = this.chat.messages.map((m: any) => `${m.role}:${m.parts.map((p: any) => p.text ?? p.toolCallId ?? p.type).join(',')}`);
    return `${this.chat.status} [${messages.join(' | ')}]`;
  }
}
