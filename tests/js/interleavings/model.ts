// The reference model of the interleaving test (issue 40 item 2): what SPEC §5 W5–W12 and F-a–F-f
// say must come of one interleaving, worked out from the events alone (the user's actions and what
// the backend did), never from the transport's state. Plain data, no AI SDK, no package.
//
// A token (backend.ts) is `kept` (it must end in the chat, in its turn's one assistant message),
// `dropped` (W12: the rest of a turn the user stopped; it must never appear), or `lenient` (the
// request it answers already failed by a bound: it may appear, as a message of its own, or not).
// A user request is a send (its key: the message's text) or an answer (its key: the approval id).

export type Kind = 'kept' | 'dropped' | 'lenient';

interface Req {
  key: string;
  /** The frame that carried it, once the backend read it. */
  frame?: number;
  /** The backend turn that answers it. */
  turn?: number;
  /** The chunk that ended its response was emitted ([DONE], or the finish-step of a pause). */
  done: boolean;
  /** It failed: a bound, or its socket went. */
  failed: boolean;
  /** The user stopped it (the event count then): W12 from there on; rule 6 if it was not sent. */
  stoppedAt?: number;
  /** Stopped, and then the backend was silent past the aborted tail's bound: what it sends of the
   *  stopped turn after that may be shown as a turn of its own (W8). */
  tailExpired?: boolean;
  /** An answer given while the response that asked still streams: AI SDK sends it once that
   *  response ends, and never after a stop. */
  after?: Req;
}

export class Model {
  /** token -> its turn, its kind, and the event count when it was emitted. */
  readonly tokens = new Map<string, { turn: number; kind: Kind; at: number }>();
  /** The error kinds the interleaving so far can explain (SPEC §5's faults); anything else is a defect. */
  readonly allowed = new Set<string>();
  readonly requests: Req[] = [];
  /** approval id -> the socket that asked for it, and whether the user answered it. */
  readonly approvals = new Map<string, { socket: number; turn: number; answered: boolean; shown: boolean }>();
  /** Sockets the backend closed or the client let go of: an approval asked on one is dead (F-a). */
  readonly gone = new Set<number>();
  /** turn -> the request it answers (none: a turn the backend started). */
  readonly turnOf = new Map<number, Req>();
  /** Message frames already seen (their messages as JSON): nothing is sent twice. */
  readonly seen = new Set<string>();
  /** What the model expects the chat to show right after the last action, checked once. */
  expectNow: string | null = null;
  /** A violation found from the events alone (a frame that must not have gone out). */
  violations: string[] = [];
  /** A request the user stopped after it went out, until its turn's `[DONE]` or a wait: the window
   *  in which the backend may still send the interrupted turn's tail (no voice turn starts in it). */
  tail: Req | null = null;
  #at = 0;
  #sends = 0;

  /** The user sends a new message; returns its text (the backend answers `ask-pay` with an approval). */
  send(pay: boolean, socketConnecting: boolean): string {
    const text = `${pay ? 'ask-pay' : 'ask-text'} #${++this.#sends}`;
    // A second request while the first waits for its socket replaces it (kind 'superseded').
    if (socketConnecting && this.#active() !== undefined) this.allowed.add('superseded');
    this.requests.push({ key: text, done: false, failed: false });
    return text;
  }

  /** The user answers approval `id`. Its socket gone or closing: refused with `connection-lost` (F-a, F-f). */
  answer(id: string) {
    const approval = this.approvals.get(id)!;
    approval.answered = true;
    const dead = this.gone.has(approval.socket);
    const asking = this.turnOf.get(approval.turn);
    const latest = this.requests[this.requests.length - 1];
    const after = asking !== undefined && !asking.done && !asking.failed ? asking : undefined;
    this.requests.push({ key: id, done: false, failed: dead, after });
    if (!dead) return;
    this.allowed.add('connection-lost');
    // Once the response that asked has ended, the answer is the chat's next request: refused at
    // once. While that response still streams, AI SDK holds the answer, and the stream's end says
    // it; after a later message of the user's, the chat sends no answer at all.
    if (asking?.done && asking === latest) this.expectNow = 'connection-lost';
  }

  /** chat.stop(): the request in flight, if any, is stopped (W12; rule 6 when it was not sent). */
  stop() {
    const active = this.#active();
    if (active === undefined) return;
    // An answer waiting for the stopped response is never sent: AI SDK sends nothing after a stop.
    for (const r of this.requests) if (r.after === active) r.stoppedAt = this.#at;
    active.stoppedAt = this.#at;
    // An approval of the stopped turn is not answered (a backend may have ended that turn).
    for (const a of this.approvals.values()) if (a.turn === active.turn) a.shown = false;
    if (active.frame !== undefined) this.tail = active;
  }

  /** The newest request AI SDK made, unless its response already ended: what its stop() aborts. */
  #active(): Req | undefined {
    // An answer that waits for its response to end is no request of AI SDK's yet.
    const last = [...this.requests].reverse().find((r) => r.after === undefined || r.after.done);
    return last !== undefined && !last.done && !last.failed && last.stoppedAt === undefined ? last : undefined;
  }

  /** Time passes past every bound (connect, aborted tail, response); the backend stalls. */
  wait(connecting: boolean) {
    this.allowed.add('no-response');
    // A response silent past livenessTimeoutMs: the transport closes its socket.
    this.allowed.add('liveness');
    this.tail = null;
    if (connecting) this.allowed.add('connect-timeout');
    for (const r of this.requests) {
      if (r.stoppedAt !== undefined && !r.done) r.tailExpired = true;
      const began = r.turn !== undefined && [...this.tokens.values()].some((t) => t.turn === r.turn);
      if (!r.done && !began) r.failed = true;
    }
  }

  /** The socket `socket` closed (frame or event), or a connection attempt failed. */
  socketGone(socket: number | null, how: 'close' | 'refused' | 'cannot-open') {
    if (how === 'refused') this.allowed.add('connect-failed');
    if (how === 'cannot-open') this.allowed.add('cannot-open');
    if (how === 'close') {
      for (const kind of ['closed-mid-response', 'connection-lost', 'request-failed']) this.allowed.add(kind);
      for (const r of this.requests) if (!r.done) r.failed = true;
    }
    if (socket !== null) this.gone.add(socket);
  }

  /** The backend read a `message` frame on `socket` (its index in the backend's list). */
  frame(index: number, socket: number, frame: any, answers: string | undefined, unknownAnswer: string | undefined) {
    this.#at++;
    const json = JSON.stringify(frame.messages);
    if (this.seen.has(json)) this.violations.push(`the same message frame was sent twice (frame ${index})`);
    this.seen.add(json);
    if (unknownAnswer !== undefined) {
      const asked = this.approvals.get(unknownAnswer);
      this.violations.push(
        `the answer to ${unknownAnswer} went on socket ${socket}, which never asked for it or already had it (asked on socket ${asked?.socket})`,
      );
    }
    const last = frame.messages[frame.messages.length - 1];
    const key = answers ?? (last?.role === 'user' ? last.parts.map((p: any) => p.text ?? '').join('') : '');
    const req = this.requests.find((r) => r.key === key && r.frame === undefined);
    if (req === undefined) return void this.violations.push(`message frame ${index} answers no action of the user (${key || 'no key'})`);
    req.frame = index;
    if (req.stoppedAt !== undefined) this.violations.push(`request "${key}" was stopped before it went out, and was sent after (rule 6)`);
  }

  /** The backend began turn `turn` (answering frame `frameIndex`, or by itself). */
  turnBegan(turn: number, frameIndex: number | undefined) {
    const req = frameIndex === undefined ? undefined : this.requests.find((r) => r.frame === frameIndex);
    if (req === undefined) return;
    req.turn = turn;
    this.turnOf.set(turn, req);
  }

  /** The backend emitted a chunk of `turn` on `socket`. */
  emitted(turn: number, type: string, token: string | undefined, socket: number) {
    this.#at++;
    const req = this.turnOf.get(turn);
    let kind: Kind = 'kept';
    if (req !== undefined && req.stoppedAt !== undefined) kind = req.tailExpired ? 'lenient' : 'dropped';
    else if (req !== undefined && req.failed) kind = 'lenient';
    if (token !== undefined) this.tokens.set(token, { turn, kind, at: this.#at });
    if (type === 'tool-approval-request') this.approvals.set(`appr-${turn}`, { socket, turn, answered: false, shown: kind === 'kept' });
    if (req !== undefined && (type === '[DONE]' || (type === 'finish-step' && this.approvals.has(`appr-${turn}`) && req.key.startsWith('ask-')))) {
      req.done = true;
    }
    if (req !== undefined && req === this.tail && type === '[DONE]') this.tail = null;
  }

  /** Approvals the chat shows and the user has not answered: what approve/deny may act on. */
  get pending(): string[] {
    return [...this.approvals].filter(([, a]) => a.shown && !a.answered).map(([id]) => id);
  }

  /** The tokens of `kind`, in the order they were emitted. */
  tokensOf(kind: Kind): string[] {
    return [...this.tokens].filter(([, t]) => t.kind === kind).map(([token]) => token);
  }
}
