// The local ADK-protocol backend: SSE at POST /stream, BIDI at GET /live (WebSocket), the built
// demo app (static files), and test hooks (GET /__test/stats, POST /__test/reset).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';
import { DONE, frame, sleep, summarizeMessages } from './protocol.mjs';
import { EXAMPLE_PROMPTS, Wallets, sseResponse } from './agent.mjs';
import { SseReplay, finalTextOf, loadFixture, promptOf, replayIgnores } from './replay.mjs';
import { BidiSession } from './bidi.mjs';
import { SseSessions } from './sse-sessions.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_FIXTURES_DIR = path.resolve(here, '../../../shared/fixtures');
export const DEFAULT_STATIC_DIR = path.resolve(here, '../dist');

const COUNTERS = ['sseRequests', 'bidiConnections', 'bidiMessages', 'queuedMessages', 'toolResults', 'pings', 'interrupts', 'otherFrames', 'emptyResponses', 'rejectedRequests'];

class Stats {
  constructor() {
    this.reset();
  }
  reset() {
    this.totals = Object.fromEntries(COUNTERS.map((c) => [c, 0]));
    this.chats = {};
    this.requests = [];
    this.violations = [];
  }
  count(name, chatId) {
    this.totals[name] = (this.totals[name] ?? 0) + 1;
    if (chatId) {
      const chat = (this.chats[chatId] ??= Object.fromEntries(COUNTERS.map((c) => [c, 0])));
      chat[name] = (chat[name] ?? 0) + 1;
    }
  }
  log(entry) {
    this.requests.push({ at: Date.now(), ...entry });
    if (this.requests.length > 500) this.requests.shift();
  }
  toJSON() {
    return { ...this.totals, violations: this.violations, chats: this.chats, requests: this.requests };
  }
}

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

function readBody(req, limit = 8 * 1024 * 1024) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > limit) {
        reject(new Error('request body too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res, status, value) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(value, null, 1));
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, x-api-key',
};

/**
 * Options: {host='127.0.0.1', port=0, mode='scripted'|'replay', fixture?, fixturesDir?,
 * approvalTimeoutMs=60000, chunkDelayMs=15, interrupt='ignore'|'end-turn', staticDir?, sessionsFile?, quiet?}. Resolves with
 * {url, port, server, stats, sessions (the open BIDI sessions), configure(patch), close()}.
 */
export async function startBackend(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const fixturesDir = options.fixturesDir ?? DEFAULT_FIXTURES_DIR;
  const staticDir = options.staticDir === undefined ? DEFAULT_STATIC_DIR : options.staticDir;
  const log = options.quiet ? () => {} : (...a) => console.log('[adk-backend]', ...a);
  const stats = new Stats();
  const wallets = new Wallets();
  // The SSE chats' sessions (pending calls and wallets): in `sessionsFile` when given, so that a
  // restarted backend resumes them, as the real one does from its stored sessions.
  const sseSessions = new SseSessions(options.sessionsFile ?? null, wallets);
  let config;
  let sseReplay = null;

  const defaults = {
    mode: options.mode ?? 'scripted',
    fixture: options.fixture ?? null,
    // The real ADK backend's limits (SPEC §4a W7): 30 s for an answer over BIDI, 10 s for a browser
    // tool's result over SSE. Tests make them short.
    approvalTimeoutMs: options.approvalTimeoutMs ?? 30000,
    frontendResultTimeoutMs: options.frontendResultTimeoutMs ?? 10000,
    chunkDelayMs: options.chunkDelayMs ?? 15,
    // When set, POST /stream wants it in `X-API-Key`, as the real backend's SSE endpoint does.
    apiKey: options.apiKey ?? null,
    // BIDI `interrupt`: 'ignore' (the ADK backend logs it and streams the turn on to its [DONE]) or
    // 'end-turn' (the turn ends where it is, without [DONE], as a live model's own interruption may).
    interrupt: options.interrupt ?? 'ignore',
  };

  /** Applies a configuration; a replay needs a fixture (a name in fixturesDir or a path). */
  function configure(patch = {}) {
    const next = { ...defaults, ...patch };
    if (next.mode !== 'scripted' && next.mode !== 'replay') throw new Error(`mode must be scripted or replay, not ${next.mode}`);
    let fixture = null;
    if (next.mode === 'replay') {
      if (!next.fixture) throw new Error('replay mode needs a fixture (--fixture NAME)');
      fixture = loadFixture(next.fixture, fixturesDir);
    }
    if (next.apiKey !== null && (typeof next.apiKey !== 'string' || next.apiKey === '')) throw new Error('apiKey must be a non-empty string or null');
    if (next.interrupt !== 'ignore' && next.interrupt !== 'end-turn') throw new Error(`interrupt must be ignore or end-turn, not ${next.interrupt}`);
    for (const key of ['approvalTimeoutMs', 'frontendResultTimeoutMs', 'chunkDelayMs']) {
      if (!(Number.isFinite(Number(next[key])) && Number(next[key]) >= 0)) throw new Error(`${key} must be a number >= 0`);
      next[key] = Number(next[key]);
    }
    config = { ...next, fixture };
    sseReplay = fixture ? new SseReplay(fixture) : null;
    return describe();
  }

  function describe() {
    return {
      mode: config.mode,
      fixture: config.fixture
        ? {
            name: config.fixture.name,
            mode: config.fixture.mode,
            turns: config.fixture.segments.length,
            prompt: promptOf(config.fixture.recording),
            finalText: finalTextOf(config.fixture.recording.output.rawEvents),
          }
        : null,
      approvalTimeoutMs: config.approvalTimeoutMs,
      frontendResultTimeoutMs: config.frontendResultTimeoutMs,
      chunkDelayMs: config.chunkDelayMs,
      apiKeyRequired: config.apiKey !== null,
      interrupt: config.interrupt,
      examples: EXAMPLE_PROMPTS,
    };
  }

  configure();

  const violation = (text, chatId) => {
    stats.violations.push({ at: Date.now(), chatId, text });
    log(`protocol violation${chatId ? ` (chat ${chatId})` : ''}: ${text}`);
  };

  const activity = { last: Date.now(), openSockets: 0 };

  async function handleSse(req, res) {
    if (config.apiKey !== null && req.headers['x-api-key'] !== config.apiKey) {
      stats.count('rejectedRequests');
      sendJson(res, 401, { error: 'Missing or invalid X-API-Key header' });
      return;
    }
    let body;
    try {
      body = JSON.parse(await readBody(req));
    } catch (error) {
      sendJson(res, 400, { error: `the body is not JSON: ${error.message}` });
      return;
    }
    const chatId = typeof body.id === 'string' ? body.id : null;
    const messages = Array.isArray(body.messages) ? body.messages : [];
    stats.count('sseRequests', chatId);
    stats.log({ transport: 'sse', type: 'request', chatId, trigger: body.trigger, messageId: body.messageId, ...summarizeMessages(messages) });
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-vercel-ai-ui-message-stream': 'v1',
      'x-accel-buffering': 'no',
      ...CORS,
    });
    let closed = false;
    res.on('close', () => {
      closed = true;
    });
    const delay = config.chunkDelayMs;
    if (config.mode === 'replay') {
      const last = messages[messages.length - 1];
      // The replayed backend reads the answer as the real one does (SPEC §4a): a continuation it
      // would ignore gets the empty response the real one gives.
      const ignored = last && last.role === 'assistant' ? replayIgnores(last) : null;
      if (ignored !== null) {
        violation(`SSE replay: empty response: ${ignored}`, chatId);
        stats.count('emptyResponses', chatId);
        res.end();
        return;
      }
      const segment = sseReplay.next(chatId, last ? last.role : 'user');
      if (segment === null) {
        violation('replay: a request came after the recording ended', chatId);
        res.end(frame({ type: 'error', errorText: 'The recording has no more turns.' }) + DONE);
        return;
      }
      for (const raw of segment) {
        if (closed) return;
        await sleep(delay);
        res.write(raw);
      }
      res.end();
      return;
    }
    let empty = false;
    const ctx = {
      chatId,
      sessions: sseSessions,
      wallets: sseSessions,
      frontendResultTimeoutMs: config.frontendResultTimeoutMs,
      violation: (text) => violation(text, chatId),
      // The real backend answers a request it does not continue with no event at all.
      empty: () => {
        empty = true;
        stats.count('emptyResponses', chatId);
      },
    };
    for await (const chunk of sseResponse(messages, ctx)) {
      if (closed) return;
      await sleep(delay);
      res.write(frame(chunk));
    }
    res.end(empty ? undefined : DONE);
  }

  function serveStatic(req, res, pathname) {
    if (!staticDir || !fs.existsSync(staticDir)) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The demo app is not built: run `npm run build` in www/ (or `make demo`).\n');
      return;
    }
    let file = path.join(staticDir, path.normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, ''));
    if (!file.startsWith(staticDir)) {
      res.writeHead(403);
      res.end();
      return;
    }
    if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(staticDir, 'index.html');
    const ext = path.extname(file);
    const hashed = /[-.][A-Za-z0-9_-]{8,}\.\w+$/.test(file) && file.includes(`${path.sep}assets${path.sep}`);
    res.writeHead(200, {
      'content-type': MIME[ext] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') res.end();
    else fs.createReadStream(file).pipe(res);
  }

  const server = http.createServer(async (req, res) => {
    activity.last = Date.now();
    const url = new URL(req.url, 'http://localhost');
    const route = `${req.method} ${url.pathname}`;
    try {
      if (route === 'POST /stream') return await handleSse(req, res);
      if (route === 'OPTIONS /stream') {
        res.writeHead(204, CORS);
        return res.end();
      }
      if (route === 'GET /__test/stats') return sendJson(res, 200, stats.toJSON());
      if (route === 'POST /__test/reset') {
        const text = await readBody(req);
        const patch = text.trim() ? JSON.parse(text) : {};
        stats.reset();
        for (const client of wss.clients) client.terminate();
        return sendJson(res, 200, configure(patch));
      }
      if (route === 'POST /__test/close-sockets') {
        const text = await readBody(req);
        const { holdMs = 1500 } = text.trim() ? JSON.parse(text) : {};
        for (const session of sessions) session.closeSlowly(holdMs);
        return sendJson(res, 200, { closing: sessions.size, holdMs });
      }
      if (route === 'GET /info') return sendJson(res, 200, describe());
      if (req.method === 'GET' || req.method === 'HEAD') return serveStatic(req, res, url.pathname);
      res.writeHead(405, { 'content-type': 'text/plain' });
      res.end('method not allowed\n');
    } catch (error) {
      log('request failed:', error);
      if (!res.headersSent) sendJson(res, 400, { error: error.message });
      else res.end();
    }
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });
  const sessions = new Set();
  server.on('upgrade', (req, socket, head) => {
    activity.last = Date.now();
    const { pathname } = new URL(req.url, 'http://localhost');
    if (pathname !== '/live') {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      stats.count('bidiConnections');
      activity.openSockets += 1;
      ws.on('message', () => {
        activity.last = Date.now();
      });
      ws.on('close', () => {
        activity.openSockets -= 1;
        activity.last = Date.now();
      });
      // Test hook: the open sessions, so a test can make the backend start a turn (a spoken one).
      const session = new BidiSession(ws, { config: () => config, stats, wallets, violation, log });
      sessions.add(session);
      ws.on('close', () => sessions.delete(session));
    });
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address();
  const url = `http://${host}:${port}`;

  return {
    url,
    port,
    server,
    stats,
    wallets,
    sessions,
    activity,
    configure,
    describe,
    close: () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
