// The BIDI endpoint: one WebSocket per chat (SPEC §5). Client frames: message, tool_result,
// interrupt, ping (+ audio_control / audio_chunk, counted and ignored). Server frames:
// `data: {chunk}\n\n`, `data: [DONE]\n\n`, and `{"type":"pong","timestamp":N}`.
// Chunks go out as the ADK backend's converter sends them (SPEC §5 "Agent turns over BIDI"): one
// `start` as the socket's first event and none after, every turn's text part ids built from its
// messageId (`…_output_text`, `…_input_text`), turns the voice starts with no request open.
// As the ADK backend (SPEC §5 W11, W12): a `message` that comes while a turn streams (a typed turn,
// or the voice's answer) is queued and answered after that turn's [DONE]; an `interrupt` is logged
// and ignored, and the turn streams on to its [DONE]. With the option `interrupt: 'end-turn'`, an
// interrupt ends the turn where it is, without [DONE], as a live model's own interruption may.
import { randomUUID } from 'node:crypto';
import { DONE, frame, sleep, summarizeMessages } from './protocol.mjs';
import { bidiTurn } from './agent.mjs';
import { replayBidiTurn } from './replay.mjs';
import { VoiceEcho } from './voice.mjs'; // voice mode
import { isToolPart } from './protocol.mjs';

class Aborted extends Error {
  constructor() {
    super('turn aborted');
    this.name = 'Aborted';
  }
}

/** Why a client frame breaks SPEC §5, or null. */
function frameProblem(f) {
  if (f === null || typeof f !== 'object' || Array.isArray(f)) return 'not a JSON object';
  if (f.version !== '1.0') return `version is ${JSON.stringify(f.version)}, expected "1.0"`;
  if (typeof f.timestamp !== 'number') return 'timestamp is not a number';
  switch (f.type) {
    case 'message':
      if (!Array.isArray(f.messages)) return 'message without a messages array';
      if (f.trigger !== 'submit-message' && f.trigger !== 'regenerate-message') return `message trigger ${JSON.stringify(f.trigger)}`;
      return null;
    case 'tool_result':
      if (typeof f.toolCallId !== 'string') return 'tool_result without toolCallId';
      if (f.result === null || typeof f.result !== 'object') return 'tool_result whose result is not an object';
      return null;
    case 'ping': {
      const extra = Object.keys(f).filter((k) => !['type', 'version', 'timestamp'].includes(k));
      return extra.length ? `ping with extra fields ${extra.join(', ')}` : null;
    }
    case 'interrupt':
    case 'audio_control':
    case 'audio_chunk':
      return null;
    default:
      return `unknown frame type ${JSON.stringify(f.type)}`;
  }
}

export class BidiSession {
  /** `backend`: {config(), stats, wallets, violation(text, chatId)}. */
  constructor(socket, backend) {
    this.socket = socket;
    this.backend = backend;
    this.chatId = null;
    this.turn = null; // {aborted, messageWaiter, toolWaiters: Map, toolResults: Map}
    /** The messages that came while a turn streamed, answered in order after it (W11). */
    this.queued = [];
    /** The messageId of the socket's one `start`; its text part ids are built from it. */
    this.messageId = randomUUID();
    this.started = false;
    this.voice = new VoiceEcho(this, backend.stats); // voice mode: voice.mjs
    socket.on('message', (data, isBinary) => this.onFrame(data, isBinary));
    socket.on('close', () => this.forget());
    socket.on('error', () => this.forget());
  }

  send(text) {
    if (this.socket.readyState === 1) this.socket.send(text);
  }

  /**
   * Test hook (POST /__test/close-sockets): the backend's close frame goes out at once, and the TCP
   * connection ends `holdMs` later, so the browser holds a closing socket (its close frame came,
   * its close event not yet) for that long (SPEC §5 F-f). Nothing is sent or read meanwhile.
   */
  closeSlowly(holdMs) {
    const tcp = this.socket._socket;
    if (this.socket.readyState !== 1 || !tcp) return;
    this.forget();
    this.socket.removeAllListeners('message');
    // A close frame, code 1001 ("going away"), written below the `ws` library so that it does not
    // end the connection when the browser answers with its own.
    tcp.write(Buffer.from([0x88, 0x02, 0x03, 0xe9]));
    tcp.pause();
    setTimeout(() => tcp.destroy(), holdMs);
  }

  /** A chunk as the converter sends it: `start` (its own) only before the socket's first chunk. */
  chunk(chunk) {
    if (!this.started) {
      this.started = true;
      this.send(frame({ type: 'start', messageId: this.messageId }));
    }
    if (chunk.type !== 'start') this.send(frame(chunk));
  }

  /** The id of a text part of any turn on this socket: `kind` 'output_text' or 'input_text'. */
  textId(kind) {
    return `${this.messageId}_${kind}`;
  }

  onFrame(data, isBinary) {
    const { stats } = this.backend;
    if (isBinary) {
      this.backend.violation('binary frame from the client', this.chatId);
      return;
    }
    let f;
    try {
      f = JSON.parse(String(data));
    } catch {
      this.backend.violation('a client frame is not JSON', this.chatId);
      return;
    }
    const problem = frameProblem(f);
    if (problem) this.backend.violation(`client frame: ${problem}`, this.chatId);
    if (this.voice.onFrame(f, this.chatId)) return; // voice mode: audio frames go to voice.mjs
    switch (f && f.type) {
      case 'ping':
        stats.count('pings', this.chatId);
        this.send(JSON.stringify({ type: 'pong', timestamp: f.timestamp }));
        return;
      case 'message':
        if (typeof f.id === 'string') this.chatId = f.id;
        stats.count('bidiMessages', this.chatId);
        stats.log({ transport: 'bidi', type: 'message', chatId: this.chatId, trigger: f.trigger, messageId: f.messageId, ...summarizeMessages(f.messages) });
        this.onMessage(Array.isArray(f.messages) ? f.messages : []);
        return;
      case 'tool_result':
        stats.count('toolResults', this.chatId);
        stats.log({ transport: 'bidi', type: 'tool_result', chatId: this.chatId, toolCallId: f.toolCallId, result: f.result });
        this.onToolResult(f.toolCallId, f.result);
        return;
      case 'interrupt':
        stats.count('interrupts', this.chatId);
        stats.log({ transport: 'bidi', type: 'interrupt', chatId: this.chatId, reason: f.reason });
        // As the ADK backend: logged and ignored, unless the option ends the turn here (W12).
        if (this.backend.config().interrupt === 'end-turn') {
          this.abortTurn();
          this.voice.cut();
        }
        return;
      default:
        stats.count('otherFrames', this.chatId);
    }
  }

  onMessage(messages) {
    const turn = this.turn;
    if (turn && turn.messageWaiter) {
      const waiter = turn.messageWaiter;
      turn.messageWaiter = null;
      waiter(messages);
      return;
    }
    if (turn || this.voice.echo) {
      // As the ADK backend (W11): the streaming turn goes on to its [DONE]; this one waits.
      this.queued.push(messages);
      this.backend.stats.count('queuedMessages', this.chatId);
      return;
    }
    if (this.dropsUnknownAnswers(messages)) return;
    this.startTurn(messages);
  }

  /** A turn ended (its [DONE], or cut by the option): the next queued message is answered. */
  next() {
    if (this.turn || this.voice.echo || this.queued.length === 0) return;
    this.onMessage(this.queued.shift());
  }

  /** The socket is gone: its turn ends, and the queued messages with it. */
  forget() {
    this.queued = [];
    this.abortTurn();
    this.voice.cut();
  }

  /**
   * As the real ADK backend does (issue 35, SPEC §5 F-a): a pending confirmation lives with the
   * connection that asked for it. An answer that no turn of this connection waits for (the backend
   * restarted, the socket was cut, the turn timed out) is dropped with the real one's log line, and
   * nothing is sent back and nothing is paid. True when the message was such an answer.
   */
  dropsUnknownAnswers(messages) {
    const last = messages[messages.length - 1];
    if (!last || last.role !== 'assistant' || !Array.isArray(last.parts)) return false;
    const answered = last.parts.filter((p) => isToolPart(p) && p.state === 'approval-responded' && p.approval);
    if (answered.length === 0) return false;
    for (const part of answered) {
      const id = String(part.approval.id);
      this.backend.stats.count('droppedAnswers', this.chatId);
      this.backend.stats.log({ transport: 'bidi', type: 'dropped-answer', chatId: this.chatId, approvalId: id });
      if (this.backend.log) this.backend.log(`[BIDI] confirmation_id ${id} not found in mapping; the answer is dropped`);
    }
    return true;
  }

  onToolResult(toolCallId, result) {
    const turn = this.turn;
    if (!turn) {
      this.backend.violation(`tool_result ${toolCallId} while no turn is running`, this.chatId);
      return;
    }
    const waiter = turn.toolWaiters.get(toolCallId);
    if (waiter) {
      turn.toolWaiters.delete(toolCallId);
      waiter(result);
    } else {
      // It may overtake the approval message: keep it for the turn.
      turn.toolResults.set(toolCallId, result);
    }
  }

  abortTurn() {
    const turn = this.turn;
    if (!turn) return;
    turn.aborted = true;
    this.turn = null;
    if (turn.messageWaiter) turn.messageWaiter(Aborted);
    for (const waiter of turn.toolWaiters.values()) waiter(Aborted);
    turn.toolWaiters.clear();
    turn.messageWaiter = null;
  }

  startTurn(messages) {
    const config = this.backend.config();
    const turn = { aborted: false, messageWaiter: null, toolWaiters: new Map(), toolResults: new Map() };
    this.turn = turn;
    const check = () => {
      if (turn.aborted) throw new Aborted();
    };
    const wait = (register, ms) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          register(null);
          resolve(null);
        }, Math.max(0, ms));
        register((value) => {
          clearTimeout(timer);
          if (value === Aborted) reject(new Aborted());
          else resolve(value);
        });
      });
    const io = {
      chatId: this.chatId,
      textId: (kind) => this.textId(kind),
      wallets: this.backend.wallets,
      approvalTimeoutMs: config.approvalTimeoutMs,
      violation: (text) => this.backend.violation(text, this.chatId),
      emit: async (chunk) => {
        check();
        await sleep(config.chunkDelayMs);
        check();
        this.chunk(chunk);
      },
      emitRaw: async (raw) => {
        check();
        await sleep(config.chunkDelayMs);
        check();
        this.send(raw);
      },
      emitAll: async (chunks) => {
        for (const chunk of chunks) await io.emit(chunk);
      },
      done: async () => {
        check();
        this.send(DONE);
      },
      waitForMessage: (ms) => {
        check();
        return wait((waiter) => {
          turn.messageWaiter = waiter;
        }, ms);
      },
      waitForToolResult: (toolCallId, ms) => {
        check();
        if (turn.toolResults.has(toolCallId)) {
          const result = turn.toolResults.get(toolCallId);
          turn.toolResults.delete(toolCallId);
          return Promise.resolve(result);
        }
        return wait((waiter) => {
          if (waiter) turn.toolWaiters.set(toolCallId, waiter);
          else turn.toolWaiters.delete(toolCallId);
        }, ms);
      },
    };
    const run = config.mode === 'replay' ? replayBidiTurn(io, messages, config.fixture) : bidiTurn(io, messages);
    run
      .catch((error) => {
        if (!(error instanceof Aborted)) {
          console.error('[adk-backend] BIDI turn failed:', error);
          this.send(frame({ type: 'error', errorText: `The backend failed: ${error.message}` }));
          this.send(DONE);
        }
      })
      .finally(() => {
        if (this.turn === turn) this.turn = null;
        this.next();
      });
  }
}
