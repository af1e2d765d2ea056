// The scripted side of the interleaving test (issue 40 item 2): a WebSocket the test drives, installed
// as the global `WebSocket`, and behind it a backend that does what the real ADK backend does over
// BIDI (SPEC §5, design/turn-ownership.md, measured): `start` once per socket; every later turn reuses
// the first turn's text part ids; a `message` frame that comes mid-turn is queued and answered after
// that turn's `[DONE]`; `interrupt` is ignored; a spoken turn comes with no request open
// (`_input_text`, `_output_text`, `data-pcm`, `finish`, `[DONE]`); a pending approval lives with its
// connection. The variant `ends-interrupted-turn` ends an interrupted turn at once, without `[DONE]`
// (a live model's barge-in). The backend emits one chunk per `step()`, so the test decides the order.
//
// Every text delta carries a token naming its turn: `[a3.2]` (the agent's text, turn 3, second
// delta), `[u3.1]` (the user's transcribed speech); tool call `call-3`, approval `appr-3`.
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
type Listener = (event: any) => void;
export type Variant = 'adk' | 'ends-interrupted-turn';
/** How the network treats a new socket: it opens when the test says (`ok`), never (`hang`), or the
 *  browser refuses to create it (`refuse`: a CSP, `cannot-open`). */
export type Network = 'ok' | 'hang' | 'refuse';
export type Planned = { chunk: Record<string, unknown> | '[DONE]'; token?: string };

/** What the backend did, for the model: a chunk with the token it carried, or a frame it read. */
export type BackendEvent =
  | { kind: 'emitted'; turn: number; token?: string; type: string; socket: number }
  | { kind: 'frame'; socket: number; frame: any; answers?: string; unknownAnswer?: string }
  | { kind: 'client-closed'; socket: number }
  | { kind: 'turn-began'; turn: number; socket: number; from: 'message' | 'answer' | 'voice'; frameIndex?: number };

const TEXT_ID = 'turn_output_text';
const SPEECH_ID = 'turn_input_text';

function textPlan(turn: number, from: number, count: number): Planned[] {
  const plan: Planned[] = [{ chunk: { type: 'text-start', id: TEXT_ID } }];
  for (let i = from; i < from + count; i++) {
    const token = `[a${turn}.${i}]`;
    plan.push({ chunk: { type: 'text-delta', id: TEXT_ID, delta: token }, token });
  }
  plan.push({ chunk: { type: 'text-end', id: TEXT_ID } });
  return plan;
}
const ending = (): Planned[] => [{ chunk: { type: 'finish' } }, { chunk: '[DONE]' }];

/** The turn a question asks for: a text answer, or a payment that waits for the user's approval. */
export function answerPlan(turn: number, pay: boolean): Planned[] {
  if (!pay) return [...textPlan(turn, 1, 2), ...ending()];
  return [
    ...textPlan(turn, 1, 1),
    { chunk: { type: 'tool-input-available', toolCallId: `call-${turn}`, toolName: 'process_payment', input: { amount: turn } }, token: `call-${turn}` },
    { chunk: { type: 'tool-approval-request', toolCallId: `call-${turn}`, approvalId: `appr-${turn}` } },
    { chunk: { type: 'finish-step' } },
  ];
}

/** The rest of a payment's turn once the user answered (W5: the same assistant message). */
function continuationPlan(turn: number, approved: boolean): Planned[] {
  const result = approved
    ? { type: 'tool-output-available', toolCallId: `call-${turn}`, output: { paid: turn } }
    : { type: 'tool-output-denied', toolCallId: `call-${turn}` };
  return [{ chunk: result }, ...textPlan(turn, 2, 1), ...ending()];
}

/** A spoken turn (W8, W9): the user's words, the agent's spoken answer, its audio. */
function voicePlan(turn: number): Planned[] {
  return [
    { chunk: { type: 'text-start', id: SPEECH_ID } },
    { chunk: { type: 'text-delta', id: SPEECH_ID, delta: `[u${turn}.1]` }, token: `[u${turn}.1]` },
    { chunk: { type: 'text-end', id: SPEECH_ID } },
    ...textPlan(turn, 1, 2),
    { chunk: { type: 'data-pcm', data: { content: 'AAAA', sampleRate: 24000 } } },
    ...ending(),
  ];
}

interface Turn {
  n: number;
  plan: Planned[];
  /** The approval its plan ends by asking for. */
  asks?: string;
  /** The approval it waits for, once asked (the plan is empty until the answer comes). */
  awaiting?: string;
}

/** One connection as the backend holds it: its socket, its turn, the messages it queued. */
interface Connection {
  socket: ScriptedSocket;
  started: boolean;
  turn: Turn | null;
  queue: any[];
}

/** Installs the scripted WebSocket as the global one for a whole test file (a chat of an ended
 *  interleaving may still open a socket: it must meet this one, never a real one); returns what
 *  puts the old one back. */
export function useScriptedSockets(): () => void {
  const old = (globalThis as any).WebSocket;
  (globalThis as any).WebSocket = ScriptedSocket;
  return () => {
    (globalThis as any).WebSocket = old;
  };
}

/** The fake clock the interleavings run on: the transport's timers and `Date` (not the microtasks). */
export const FAKE_TIMERS: Parameters<typeof vi.useFakeTimers>[0] = { toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] };

/** A test file of interleavings: the scripted sockets for the whole file, the fake clock per test. */
export function useInterleavingHooks(): void {
  let restoreSockets: () => void;
  beforeAll(() => {
    restoreSockets = useScriptedSockets();
  });
  afterAll(() => restoreSockets());
  beforeEach(() => {
    vi.useFakeTimers(FAKE_TIMERS);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

export class ScriptedSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  readyState = 0;
  binaryType = 'blob';
  onerror: Listener | null = null;
  readonly id: number;
  /** Created while the network hangs: it never opens. */
  readonly hangs: boolean;
  #listeners = new Map<string, Set<Listener>>();

  constructor(readonly url: string) {
    // A socket of an interleaving that already ended (its chat's late request) reaches no backend:
    // it never opens, and no later interleaving sees it.
    const backend = Backend.byUrl.get(url);
    if (backend?.network === 'refuse') throw new DOMException('refused by the Content-Security-Policy', 'SecurityError');
    this.id = backend === undefined ? 0 : backend.sockets.push(this);
    this.hangs = backend === undefined || backend.network === 'hang';
    this.#backend = backend;
  }
  readonly #backend: Backend | undefined;

  addEventListener(type: string, listener: Listener) {
    if (!this.#listeners.has(type)) this.#listeners.set(type, new Set());
    this.#listeners.get(type)!.add(listener);
  }

  removeEventListener(type: string, listener: Listener) {
    this.#listeners.get(type)?.delete(listener);
  }

  send(text: string) {
    if (this.readyState === 0) throw new DOMException('Still in CONNECTING state.', 'InvalidStateError');
    // A browser discards what is sent on a closing or closed socket, silently.
    if (this.readyState !== 1) return;
    this.#backend?.read(this, JSON.parse(text));
  }

  /** The client closes it: no event reaches the transport (it removed its listeners first). */
  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.#backend?.forget(this);
  }

  emit(type: string, event: any) {
    for (const listener of [...(this.#listeners.get(type) ?? [])]) listener(event);
  }
}

let backends = 0;

export class Backend {
  /** The backends of the interleavings running now, by the URL their transport connects to. */
  static byUrl = new Map<string, Backend>();
  /** This backend's URL: one per interleaving. */
  readonly url = `ws://127.0.0.1:1/live/${++backends}`;
  network: Network = 'ok';
  readonly sockets: ScriptedSocket[] = [];
  readonly events: BackendEvent[] = [];
  /** Every `message` frame the client sent, with the socket it came on. */
  readonly frames: { socket: number; frame: any }[] = [];
  #connections = new Map<ScriptedSocket, Connection>();
  #turns = 0;

  constructor(readonly variant: Variant) {}

  /** Makes this backend answer its URL; returns what ends that (see useScriptedSockets). */
  install(): () => void {
    Backend.byUrl.set(this.url, this);
    return () => void Backend.byUrl.delete(this.url);
  }

  /** The newest socket, if it is still connecting and may open. */
  get connecting(): ScriptedSocket | null {
    const last = this.sockets[this.sockets.length - 1];
    return last !== undefined && last.readyState === 0 && !last.hangs ? last : null;
  }

  /** The connection whose socket is open (at most one: the transport keeps one socket). */
  get live(): Connection | null {
    for (const c of this.#connections.values()) if (c.socket.readyState === 1) return c;
    return null;
  }

  /** The socket the backend is closing (its close frame sent, the close event not yet fired). */
  get closing(): ScriptedSocket | null {
    return this.sockets.find((s) => s.readyState === 2) ?? null;
  }

  open() {
    const socket = this.connecting!;
    socket.readyState = 1;
    this.#connections.set(socket, { socket, started: false, turn: null, queue: [] });
    socket.emit('open', {});
  }

  /** A connection attempt that fails before it opens (`connect-failed`). */
  refuseOpening() {
    const socket = this.connecting!;
    socket.readyState = 3;
    socket.emit('error', {});
    socket.emit('close', { code: 1006, reason: '' });
  }

  /** The backend's close frame: the socket is closing; its session (and pending approval) is gone. */
  closeFrame() {
    const c = this.live!;
    c.socket.readyState = 2;
    this.#connections.delete(c.socket);
  }

  closeEvent() {
    const socket = this.closing!;
    socket.readyState = 3;
    socket.emit('close', { code: 1000, reason: 'backend closed' });
  }

  forget(socket: ScriptedSocket) {
    if (this.#connections.delete(socket)) this.events.push({ kind: 'client-closed', socket: socket.id });
  }

  /** Whether the live connection has a chunk to send now. */
  get canStep(): boolean {
    const c = this.live;
    if (c === null) return false;
    if (c.turn !== null) return c.turn.plan.length > 0;
    return c.queue.length > 0;
  }

  /** Whether the live connection is idle: no turn, nothing queued (a voice turn may start). */
  get idle(): boolean {
    const c = this.live;
    return c !== null && c.turn === null && c.queue.length === 0;
  }

  /** The approval the live connection waits for, if any. */
  get awaiting(): string | undefined {
    return this.live?.turn?.awaiting;
  }

  /** Whether the live connection's turn is streaming (begun, not waiting for an answer). */
  get midTurn(): boolean {
    const t = this.live?.turn;
    return t != null && t.awaiting === undefined;
  }

  /** The user speaks: a turn the backend starts with no request open; its first chunk goes now. */
  speak() {
    const c = this.live!;
    this.#begin(c, voicePlan(++this.#turns), 'voice');
    this.step();
  }

  /** Sends the live connection's next chunk (a queued message's turn begins first). */
  step() {
    const c = this.live!;
    if (c.turn === null) this.#answer(c, c.queue.shift());
    const turn = c.turn!;
    const next = turn.plan.shift()!;
    if (turn.plan.length === 0) {
      if (turn.asks === undefined) c.turn = null;
      else [turn.awaiting, turn.asks] = [turn.asks, undefined];
    }
    // An answer that came before the pause (it was queued) is read now.
    const early = c.queue.findIndex((q) => turn.awaiting !== undefined && answeredApproval(q.frame)?.approvalId === turn.awaiting);
    const chunk = next.chunk;
    if (chunk !== '[DONE]' && !c.started) {
      c.started = true;
      this.#send(c, turn.n, { chunk: { type: 'start', messageId: `adk-${c.socket.id}` } });
    }
    this.#send(c, turn.n, { chunk, token: next.token });
    if (early !== -1) this.#continue(c, c.queue.splice(early, 1)[0]);
  }

  /** The answer to the approval the turn waits for: the rest of the turn. */
  #continue(c: Connection, queued: { frame: any; index: number }) {
    c.turn!.awaiting = undefined;
    this.#begin(c, continuationPlan(c.turn!.n, answeredApproval(queued.frame)!.approved), 'answer', queued.index);
  }

  /** A slow or stalled backend: the turn streaming now ends where it is, without `[DONE]`. */
  stall() {
    const c = this.live;
    if (c?.turn && c.turn.awaiting === undefined) c.turn = null;
  }

  #send(c: Connection, turn: number, planned: Planned) {
    const { chunk, token } = planned;
    const type = chunk === '[DONE]' ? '[DONE]' : String(chunk.type);
    this.events.push({ kind: 'emitted', turn, token, type, socket: c.socket.id });
    c.socket.emit('message', { data: chunk === '[DONE]' ? 'data: [DONE]\n\n' : `data: ${JSON.stringify(chunk)}\n\n` });
  }

  #begin(c: Connection, plan: Planned[], from: 'message' | 'answer' | 'voice', frameIndex?: number) {
    const n = from === 'answer' ? c.turn!.n : this.#turns;
    const asks = plan.some((p) => p.chunk !== '[DONE]' && p.chunk.type === 'tool-approval-request') ? `appr-${n}` : undefined;
    c.turn = { n, plan, asks };
    this.events.push({ kind: 'turn-began', turn: n, socket: c.socket.id, from, frameIndex });
  }

  /** A queued `message` frame is answered: a new turn (or, for an answer this connection never
   *  asked for, the plain text a backend that does not know the approval would give). */
  #answer(c: Connection, queued: { frame: any; index: number }) {
    const last = queued.frame.messages[queued.frame.messages.length - 1];
    const pay = last?.role === 'user' && JSON.stringify(last.parts).includes('ask-pay');
    this.#begin(c, answerPlan(++this.#turns, pay), 'message', queued.index);
  }

  /** A frame from the client. */
  read(socket: ScriptedSocket, frame: any) {
    const c = this.#connections.get(socket);
    if (c === undefined) return;
    if (frame.type === 'interrupt') {
      this.events.push({ kind: 'frame', socket: socket.id, frame });
      if (this.variant === 'ends-interrupted-turn' && c.turn !== null && c.turn.awaiting === undefined) c.turn = null;
      return;
    }
    if (frame.type !== 'message') return;
    const index = this.frames.push({ socket: socket.id, frame }) - 1;
    const answered = answeredApproval(frame);
    const asked = answered !== null && c.turn !== null && (answered.approvalId === c.turn.awaiting || answered.approvalId === c.turn.asks);
    const unknownAnswer = answered && !asked ? answered.approvalId : undefined;
    this.events.push({ kind: 'frame', socket: socket.id, frame, answers: answered?.approvalId, unknownAnswer });
    if (asked && answered!.approvalId === c.turn!.awaiting) return this.#continue(c, { frame, index });
    c.queue.push({ frame, index });
  }
}

/** The approval a `message` frame answers: the last assistant message's newest answered part. */
export function answeredApproval(frame: any): { approvalId: string; approved: boolean } | null {
  const last = frame.messages[frame.messages.length - 1];
  if (last?.role !== 'assistant') return null;
  for (const part of [...last.parts].reverse()) {
    if (part.state === 'approval-responded' && part.approval) return { approvalId: part.approval.id, approved: part.approval.approved };
    if (part.state === 'output-denied' && part.approval) return { approvalId: part.approval.id, approved: false };
  }
  return null;
}
