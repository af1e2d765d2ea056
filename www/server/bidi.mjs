// The BIDI endpoint: one WebSocket per chat (SPEC §5). Client frames: message, tool_result,
// interrupt, ping (+ audio_control / audio_chunk, counted and ignored). Server frames:
// `data: {chunk}\n\n`, `data: [DONE]\n\n`, and `{"type":"pong","timestamp":N}`.
// Chunks go out as the ADK backend's converter sends them (SPEC §5 "Agent turns over BIDI"): one
// `start` as the socket's first event and none after, every turn's text part ids built from its
// messageId (`…_output_text`, `…_input_text`), turns the voice starts with no request open.
import { randomUUID } from 'node:crypto';
import { DONE, frame, sleep, summarizeMessages } from './protocol.mjs';
import { bidiTurn } from './agent.mjs';
import { replayBidiTurn } from './replay.mjs';
import { VoiceEcho } from './voice.mjs'; // voice mode

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
    /** The messageId of the socket's one `start`; its text part ids are built from it. */
    this.messageId = randomUUID();
    this.started = false;
    this.voice = new VoiceEcho(this, backend.stats); // voice mode: voice.mjs
    socket.on('message', (data, isBinary) => this.onFrame(data, isBinary));
    socket.on('close', () => this.abortTurn());
    socket.on('error', () => this.abortTurn());
  }

  send(text) {
    if (this.socket.readyState === 1) this.socket.send(text);
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
        this.abortTurn();
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
    if (turn) {
      this.backend.violation('a message came while the backend was still answering the previous one', this.chatId);
      this.abortTurn();
    }
    this.startTurn(messages);
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
      });
  }
}
