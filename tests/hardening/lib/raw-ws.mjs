// A WebSocket server written against the raw TCP socket (RFC 6455), for fault injection that a
// WebSocket library would not let a test do: half-written frames, a close without a close frame,
// handshakes never answered or refused, 100,000 frames in one write, pings left unanswered.
// Binds 127.0.0.1 on a free port; `close()` ends every connection and the server.
import http from 'node:http';
import crypto from 'node:crypto';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/** An unmasked server frame: FIN + opcode, the payload length, the payload. */
export function frame(opcode, payload, { fin = true } = {}) {
  const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : Buffer.from(payload);
  let header;
  if (body.length < 126) {
    header = Buffer.from([(fin ? 0x80 : 0) | opcode, body.length]);
  } else if (body.length < 65536) {
    header = Buffer.alloc(4);
    header[0] = (fin ? 0x80 : 0) | opcode;
    header[1] = 126;
    header.writeUInt16BE(body.length, 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = (fin ? 0x80 : 0) | opcode;
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(body.length), 2);
  }
  return Buffer.concat([header, body]);
}

export const text = (s) => frame(0x1, s);
export const binary = (bytes) => frame(0x2, bytes);
export const closeFrame = (code = 1000, reason = '') => {
  const body = Buffer.alloc(2 + Buffer.byteLength(reason));
  body.writeUInt16BE(code, 0);
  body.write(reason, 2);
  return frame(0x8, body);
};
export const data = (chunk) => text(`data: ${JSON.stringify(chunk)}\n\n`);
export const DONE = text('data: [DONE]\n\n');

/** One accepted connection: client frames in, raw bytes out. */
class Connection {
  constructor(socket, path) {
    this.socket = socket;
    this.path = path;
    this.buffer = Buffer.alloc(0);
    this.messages = [];
    this.waiters = [];
    this.closed = false;
    this.pings = 0;
    this.answerPings = true;
    socket.on('data', (bytes) => this.onData(bytes));
    socket.on('close', () => {
      this.closed = true;
      for (const w of this.waiters.splice(0)) w.reject(new Error('connection closed'));
    });
    socket.on('error', () => {});
  }

  onData(bytes) {
    this.buffer = Buffer.concat([this.buffer, bytes]);
    for (;;) {
      if (this.buffer.length < 2) return;
      const opcode = this.buffer[0] & 0x0f;
      const masked = (this.buffer[1] & 0x80) !== 0;
      let length = this.buffer[1] & 0x7f;
      let at = 2;
      if (length === 126) {
        if (this.buffer.length < 4) return;
        length = this.buffer.readUInt16BE(2);
        at = 4;
      } else if (length === 127) {
        if (this.buffer.length < 10) return;
        length = Number(this.buffer.readBigUInt64BE(2));
        at = 10;
      }
      const maskAt = at;
      if (masked) at += 4;
      if (this.buffer.length < at + length) return;
      const payload = Buffer.from(this.buffer.subarray(at, at + length));
      if (masked) for (let i = 0; i < payload.length; i++) payload[i] ^= this.buffer[maskAt + (i % 4)];
      this.buffer = this.buffer.subarray(at + length);
      this.onFrame(opcode, payload);
    }
  }

  onFrame(opcode, payload) {
    if (opcode === 0x8) {
      // The client closes: answer with a close frame, then end the TCP connection.
      this.write(closeFrame(payload.length >= 2 ? payload.readUInt16BE(0) : 1000));
      this.socket.end();
      return;
    }
    if (opcode === 0x9) {
      this.write(frame(0xa, payload));
      return;
    }
    if (opcode !== 0x1) return;
    const textPayload = payload.toString('utf8');
    let message;
    try {
      message = JSON.parse(textPayload);
    } catch {
      message = { type: 'unparsable', text: textPayload };
    }
    if (message.type === 'ping') {
      this.pings++;
      if (this.answerPings) this.write(text(JSON.stringify({ type: 'pong', timestamp: message.timestamp })));
      return;
    }
    this.messages.push(message);
    const waiter = this.waiters.findIndex((w) => w.predicate(message));
    if (waiter !== -1) this.waiters.splice(waiter, 1)[0].resolve(message);
    if (this.onMessage) this.onMessage(message, this);
  }

  /** The next client frame (pings aside) matching `predicate`, including ones already received. */
  next(predicate = () => true, ms = 5000) {
    const seen = this.messages.find((m) => !m.taken && predicate(m));
    if (seen) {
      seen.taken = true;
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching client frame within ${ms} ms`)), ms);
      this.waiters.push({
        predicate,
        resolve: (m) => {
          clearTimeout(timer);
          m.taken = true;
          resolve(m);
        },
        reject,
      });
    });
  }

  write(bytes) {
    if (!this.closed && !this.socket.destroyed) return this.socket.write(bytes);
    return false;
  }

  /** A proper close: close frame, then FIN. */
  close(code = 1000, reason = '') {
    this.write(closeFrame(code, reason));
    this.socket.end();
  }

  /** The TCP connection dies: no close frame. */
  destroy() {
    this.socket.destroy();
  }
}

/**
 * `await startServer({onUpgrade?(req, socket) -> 'accept' | 'hold' | 'refuse', onConnection?(conn)})`
 * → `{url, connections, close()}`.
 */
export async function startServer({ onUpgrade = () => 'accept', onConnection = () => {} } = {}) {
  const connections = [];
  const held = new Set();
  const server = http.createServer((req, res) => res.writeHead(404).end());
  server.on('upgrade', (req, socket) => {
    socket.on('error', () => {});
    const verdict = onUpgrade(req, socket);
    if (verdict === 'hold') {
      held.add(socket);
      return;
    }
    if (verdict === 'refuse') {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (verdict === 'destroy') {
      socket.destroy();
      return;
    }
    const accept = crypto.createHash('sha1').update(req.headers['sec-websocket-key'] + GUID).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    socket.setNoDelay(true);
    const conn = new Connection(socket, req.url);
    connections.push(conn);
    onConnection(conn);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `ws://127.0.0.1:${port}/live`,
    port,
    connections,
    async close() {
      for (const socket of held) socket.destroy();
      for (const conn of connections) conn.socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
