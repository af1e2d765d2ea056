// A scripted ADK-like BIDI backend on a local WebSocket (the `ws` package), in the test process.
// Binds 127.0.0.1 on a free port, answers `ping` with `{"type":"pong","timestamp":N}`, records every
// client frame, and hands each `message` / `tool_result` / `interrupt` frame to the test's script.
// It closes itself after `lifetimeMs` (default 60 s) if the test did not close it first.
// What a script sends goes out as the ADK backend's converter streams it (SPEC §5 "Agent turns over
// BIDI"): `start` only as a socket's first event (one is made when a script's first chunk is none),
// so a script's later `start`s are not sent; `speak()` is a spoken turn the backend starts itself.
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { DONE, data, findToolPart, parseFrame, type Chunk } from './fixtures.js';

export type ClientFrame = { type: string; [key: string]: any };

export interface Recorded {
  connection: number;
  /** The parsed frame; `{type: 'bad:binary'}` / `{type: 'bad:json'}` for frames that are neither. */
  frame: ClientFrame;
  at: number;
}

export interface Turn {
  backend: WsBackend;
  socket: WebSocket;
  /** The `messageId` of the socket's one `start` (its text part ids are built from it). */
  firstMessageId(): string | undefined;
  connection: number;
  /** 0-based count of `message` frames over the backend's lifetime. */
  n: number;
  send(frames: string[] | string): void;
}

export interface Script {
  /** Return true to hold the TCP connection without ever answering the handshake. */
  holdHandshake?(connection: number): boolean;
  message?(frame: ClientFrame, turn: Turn): void | Promise<void>;
  toolResult?(frame: ClientFrame, turn: Turn): void | Promise<void>;
  interrupt?(frame: ClientFrame, turn: Turn): void;
  /**
   * True for a backend that knows an approval on any connection (one that keeps it in a stored
   * session). By default the backend does what the real ADK backend does (issue 35): a pending
   * approval lives with the connection that asked for it, and a `message` that answers only
   * approvals this connection never asked for is dropped ("confirmation_id … not found in
   * mapping"): recorded in `droppedAnswers`, never handed to the script, nothing sent back.
   */
  approvalsOutliveConnections?: boolean;
}

export class WsBackend {
  readonly frames: Recorded[] = [];
  /** Handshakes answered (sockets opened). */
  connections = 0;
  /** Upgrade requests received, answered or not. */
  handshakes = 0;
  /** Errors thrown by the script (a broken test backend must fail the test, not hang it). */
  readonly scriptErrors: unknown[] = [];
  readonly sockets = new Set<WebSocket>();
  /** Per socket, the `messageId` of its one `start`, once sent. */
  private starts = new Map<WebSocket, string>();
  private messages = 0;
  private held = new Set<Socket>();
  /** Per socket, the approval ids it asked for. */
  private asked = new Map<WebSocket, Set<string>>();
  /** Approval ids of answers dropped because their connection never asked for them. */
  readonly droppedAnswers: string[] = [];
  private closed = false;

  private constructor(
    private server: Server,
    private wss: WebSocketServer,
    readonly url: string,
    private script: Script,
  ) {}

  static async start(script: Script, { path = '/live', lifetimeMs = 60_000, port = 0 } = {}): Promise<WsBackend> {
    const server = createServer((_req, res) => res.writeHead(404).end('WebSocket only\n'));
    const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    const bound = (server.address() as { port: number }).port;
    const backend = new WsBackend(server, wss, `ws://127.0.0.1:${bound}${path}`, script);
    server.on('upgrade', (req, socket: Socket, head) => backend.upgrade(req, socket, head));
    setTimeout(() => void backend.close(), lifetimeMs).unref();
    return backend;
  }

  private upgrade(req: any, socket: Socket, head: Buffer) {
    const connection = this.handshakes++;
    socket.on('error', () => {});
    if (this.script.holdHandshake?.(connection)) {
      this.held.add(socket);
      socket.on('close', () => this.held.delete(socket));
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.serve(ws, connection));
  }

  private serve(ws: WebSocket, connection: number) {
    this.connections++;
    this.sockets.add(ws);
    ws.on('close', () => this.sockets.delete(ws));
    ws.on('error', () => {});
    ws.on('message', (raw, isBinary) => {
      let frame: ClientFrame;
      if (isBinary) frame = { type: 'bad:binary' };
      else {
        try {
          frame = JSON.parse(raw.toString('utf8'));
        } catch {
          frame = { type: 'bad:json', text: raw.toString('utf8').slice(0, 200) };
        }
      }
      this.frames.push({ connection, frame, at: Date.now() });
      if (frame.type === 'ping') {
        ws.send(JSON.stringify({ type: 'pong', timestamp: frame.timestamp }));
        return;
      }
      const turn: Turn = {
        backend: this,
        socket: ws,
        connection,
        firstMessageId: () => this.starts.get(ws),
        n: frame.type === 'message' ? this.messages++ : this.messages - 1,
        send: (frames) => this.sendAsConverter(ws, frames),
      };
      if (frame.type === 'message' && this.dropsAnswer(ws, frame)) return;
      const handler =
        frame.type === 'message' ? this.script.message : frame.type === 'tool_result' ? this.script.toolResult : undefined;
      if (frame.type === 'interrupt') this.script.interrupt?.(frame, turn);
      if (handler) {
        Promise.resolve()
          .then(() => handler.call(this.script, frame, turn))
          .catch((error) => {
            this.scriptErrors.push(error);
            turn.send([data({ type: 'error', errorText: `test backend: ${String(error)}` }), DONE]);
          });
      }
    });
  }

  /** Whether `frame` answers only approvals `ws` never asked for, and is dropped (see Script). */
  private dropsAnswer(ws: WebSocket, frame: ClientFrame): boolean {
    if (this.script.approvalsOutliveConnections) return false;
    const last = Array.isArray(frame.messages) ? frame.messages[frame.messages.length - 1] : undefined;
    if (!last || last.role !== 'assistant' || !Array.isArray(last.parts)) return false;
    const ids: string[] = last.parts.filter((p: any) => p?.state === 'approval-responded' && p.approval).map((p: any) => String(p.approval.id));
    const asked = this.asked.get(ws);
    if (ids.length === 0 || ids.some((id) => asked?.has(id))) return false;
    this.droppedAnswers.push(...ids);
    return true;
  }

  /**
   * Sends frames as the ADK backend's converter does: `start` only as the socket's first event (a
   * script whose first chunk is none gets one), a later `start` not at all.
   */
  sendAsConverter(ws: WebSocket, frames: string[] | string) {
    for (const f of Array.isArray(frames) ? frames : [frames]) {
      if (ws.readyState !== ws.OPEN) return;
      const chunk = chunkOf(f);
      if (chunk !== null && chunk.type === 'tool-approval-request') {
        if (!this.asked.has(ws)) this.asked.set(ws, new Set());
        this.asked.get(ws)!.add(String(chunk.approvalId));
      }
      if (chunk !== null && !this.starts.has(ws)) {
        const messageId = chunk.type === 'start' && typeof chunk.messageId === 'string' ? chunk.messageId : `socket-${this.connections}-turn`;
        this.starts.set(ws, messageId);
        ws.send(data({ ...(chunk.type === 'start' ? chunk : { type: 'start' }), messageId }));
        if (chunk.type === 'start') continue;
      } else if (chunk !== null && chunk.type === 'start') continue;
      ws.send(f);
    }
  }

  /**
   * A spoken turn the backend starts with no request open (SPEC §5 W8, W9), as the ADK backend
   * streams a voice answer: the user's transcribed speech (`…_input_text`), the answer's
   * transcription (`…_output_text`) around its audio (`data-pcm`), `finish`, `[DONE]`; the text part
   * ids are the socket's first turn's, reused. To every open socket, or `socket`.
   */
  speak(heard: string, answer: string, socket?: WebSocket) {
    for (const ws of socket ? [socket] : this.sockets) {
      const base = this.starts.get(ws) ?? 'voice';
      const input = `${base}_input_text`;
      const output = `${base}_output_text`;
      const pcm = { type: 'data-pcm', data: { content: 'AAECAwQFBgc=', sampleRate: 24000, channels: 1, bitDepth: 16 } };
      this.sendAsConverter(
        ws,
        [
          { type: 'text-start', id: input },
          { type: 'text-delta', id: input, delta: heard },
          { type: 'text-end', id: input },
          { type: 'text-start', id: output },
          pcm,
          { type: 'text-delta', id: output, delta: answer },
          pcm,
          { type: 'text-end', id: output },
          { type: 'finish' },
        ]
          .map(data)
          .concat(DONE),
      );
    }
  }

  /** Every frame but pings. */
  get nonPing(): ClientFrame[] {
    return this.frames.map((r) => r.frame).filter((f) => f.type !== 'ping');
  }

  /** The `message` frames, in order. */
  get messageFrames(): ClientFrame[] {
    return this.frames.map((r) => r.frame).filter((f) => f.type === 'message');
  }

  /** Frames of one type. */
  ofType(type: string): ClientFrame[] {
    return this.frames.map((r) => r.frame).filter((f) => f.type === type);
  }

  /** Sends raw frames to every open socket (for faults the test drives itself). */
  broadcast(frames: string[]) {
    for (const ws of this.sockets) for (const f of frames) ws.send(f);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const s of this.held) s.destroy();
    for (const ws of this.wss.clients) ws.terminate();
    this.wss.close();
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }
}

/** The chunk of a `data: {…}` frame, or null for any other frame (`[DONE]`, a malformed one). */
function chunkOf(frame: string): Chunk | null {
  if (!frame.startsWith('data: {')) return null;
  try {
    const chunk = JSON.parse(frame.trim().slice('data: '.length));
    return chunk !== null && typeof chunk.type === 'string' ? chunk : null;
  } catch {
    return null;
  }
}

/**
 * Replays a recorded BIDI conversation: the n-th `message` frame gets the n-th turn. Like the ADK
 * backend, it reacts to the user's answer: a tool output of the recording for a call the received
 * message shows as denied becomes `tool-output-error` "User denied the payment". A message with no
 * turn left gets an `error` chunk, so a surplus request shows in the chat.
 */
export function replayTurns(turns: string[][]): Script {
  return {
    message(frame, turn) {
      const frames = turns[turn.n];
      if (frames === undefined) {
        turn.send([data({ type: 'error', errorText: `test backend: no turn left for message ${turn.n + 1}` }), DONE]);
        return;
      }
      turn.send(
        frames.map((raw) => {
          const chunk = parseFrame(raw);
          if (chunk !== 'DONE' && chunk.type === 'tool-output-available') {
            const part = findToolPart(frame.messages, chunk.toolCallId);
            if (part?.approval?.approved === false) {
              return data({ type: 'tool-output-error', toolCallId: chunk.toolCallId, errorText: 'User denied the payment' });
            }
          }
          return raw;
        }),
      );
    },
  };
}

/** A short normal reply: start, one text, finish, [DONE]. */
export function textReply(text: string, messageId?: string): string[] {
  const chunks: Chunk[] = [
    messageId ? { type: 'start', messageId } : { type: 'start' },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: text },
    { type: 'text-end', id: 't' },
    { type: 'finish' },
  ];
  return [...chunks.map(data), DONE];
}

/** A free loopback port: for a backend started later at a URL a transport was already given. */
export async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * A BIDI backend on `port` that keeps an approval in a stored session, so a new connection knows it
 * (the demo and the real ADK backend drop it over BIDI: connection-lost is their case). It answers
 * an approval with "paid once" and any other message with "reply N".
 */
export function storedApprovalBackend(port: number): Promise<WsBackend> {
  return WsBackend.start(
    {
      approvalsOutliveConnections: true,
      message(frame, turn) {
        const part = frame.messages.at(-1)?.parts?.[0];
        turn.send(textReply(part?.state === 'approval-responded' ? 'paid once' : `reply ${turn.n}`));
      },
    },
    { port },
  );
}

/**
 * A backend that asks for approval-1 on the first message and answers later ones with "reply N";
 * `kill()` cuts its socket with no close frame (SPEC §5 F-a, F-h) and returns when it did.
 */
export async function backendKilledWhileTheUserDecides(): Promise<{ backend: WsBackend; kill(): number }> {
  let socket: Turn['socket'] | null = null;
  const backend = await WsBackend.start({
    message(_frame, turn) {
      if (turn.n > 0) return turn.send(textReply(`reply ${turn.n}`));
      socket = turn.socket;
      turn.send([
        data({ type: 'start', messageId: 'turn-1' }),
        data({ type: 'tool-input-available', toolCallId: 'call-1', toolName: 'process_payment', input: { amount: 1 } }),
        data({ type: 'tool-approval-request', toolCallId: 'call-1', approvalId: 'approval-1' }),
        data({ type: 'finish-step' }),
      ]);
    },
  });
  return {
    backend,
    kill() {
      if (socket === null) throw new Error('the backend has no socket to kill yet');
      (socket as NonNullable<Turn['socket']>).terminate();
      return Date.now();
    },
  };
}
