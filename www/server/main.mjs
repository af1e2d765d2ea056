#!/usr/bin/env node
// Starts the local ADK-protocol backend and the built demo app on one loopback port.
//
//   node server/main.mjs [--port N] [--host 127.0.0.1] [--mode scripted|replay] [--fixture NAME|PATH]
//                        [--approval-timeout-ms N] [--frontend-result-timeout-ms N] [--api-key KEY]
//                        [--chunk-delay-ms N] [--fixtures-dir DIR] [--interrupt ignore|end-turn]
//                        [--static DIR | --no-static] [--idle-timeout-ms N] [--url-file FILE] [--quiet]
//                        [--sessions-file FILE]
//
// Each flag has an environment variable: PORT, HOST, ADK_MODE, ADK_FIXTURE, ADK_APPROVAL_TIMEOUT_MS,
// ADK_FRONTEND_RESULT_TIMEOUT_MS, ADK_API_KEY, ADK_CHUNK_DELAY_MS, ADK_FIXTURES_DIR, ADK_STATIC_DIR, ADK_IDLE_TIMEOUT_MS, ADK_SESSIONS_FILE,
// ADK_INTERRUPT. Port 0 takes a free port.
// --interrupt: what a BIDI `interrupt` does: ignore (default; the ADK backend streams the turn on to
// its [DONE]) or end-turn (the turn ends where it is, without [DONE]).
// --sessions-file keeps the SSE chats' sessions (the calls waiting for an answer, the wallets) in a
// file, so that a restarted backend resumes them as the real one does; without it they are in memory.
// The server stops by itself when its parent process exits, and after --idle-timeout-ms without a
// request while no WebSocket is open (default 30 minutes; 0 = never).
import fs from 'node:fs';
import { startBackend, DEFAULT_FIXTURES_DIR, DEFAULT_STATIC_DIR } from './app.mjs';

const USAGE = `usage: node server/main.mjs [--port N] [--host 127.0.0.1] [--mode scripted|replay] [--fixture NAME|PATH]
       [--approval-timeout-ms N] [--frontend-result-timeout-ms N] [--api-key KEY] [--chunk-delay-ms N] [--fixtures-dir DIR] [--static DIR | --no-static]
       [--interrupt ignore|end-turn]
       [--idle-timeout-ms N] [--url-file FILE] [--sessions-file FILE] [--quiet]`;

function parseArgs(argv) {
  const env = process.env;
  const opts = {
    port: env.PORT ?? '8787',
    host: env.HOST ?? '127.0.0.1',
    mode: env.ADK_MODE ?? 'scripted',
    fixture: env.ADK_FIXTURE ?? null,
    approvalTimeoutMs: env.ADK_APPROVAL_TIMEOUT_MS ?? '30000',
    frontendResultTimeoutMs: env.ADK_FRONTEND_RESULT_TIMEOUT_MS ?? '10000',
    apiKey: env.ADK_API_KEY || null,
    chunkDelayMs: env.ADK_CHUNK_DELAY_MS ?? '15',
    fixturesDir: env.ADK_FIXTURES_DIR ?? DEFAULT_FIXTURES_DIR,
    staticDir: env.ADK_STATIC_DIR ?? DEFAULT_STATIC_DIR,
    idleTimeoutMs: env.ADK_IDLE_TIMEOUT_MS ?? String(30 * 60 * 1000),
    urlFile: null,
    sessionsFile: env.ADK_SESSIONS_FILE || null,
    interrupt: env.ADK_INTERRUPT ?? 'ignore',
    quiet: false,
  };
  const flags = {
    '--port': 'port',
    '--host': 'host',
    '--mode': 'mode',
    '--fixture': 'fixture',
    '--approval-timeout-ms': 'approvalTimeoutMs',
    '--frontend-result-timeout-ms': 'frontendResultTimeoutMs',
    '--api-key': 'apiKey',
    '--chunk-delay-ms': 'chunkDelayMs',
    '--fixtures-dir': 'fixturesDir',
    '--static': 'staticDir',
    '--idle-timeout-ms': 'idleTimeoutMs',
    '--url-file': 'urlFile',
    '--sessions-file': 'sessionsFile',
    '--interrupt': 'interrupt',
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (flag === '--no-static') opts.staticDir = null;
    else if (flag === '--quiet') opts.quiet = true;
    else if (flags[flag]) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new Error(`${flag} needs a value`);
      opts[flags[flag]] = value;
    } else throw new Error(`unknown option ${argv[i]}`);
  }
  if (!['127.0.0.1', 'localhost', '::1'].includes(opts.host)) {
    throw new Error(`--host ${opts.host}: this backend binds the loopback interface only (127.0.0.1, ::1)`);
  }
  for (const key of ['port', 'approvalTimeoutMs', 'frontendResultTimeoutMs', 'chunkDelayMs', 'idleTimeoutMs']) {
    const n = Number(opts[key]);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${key} must be a whole number >= 0, not ${opts[key]}`);
    opts[key] = n;
  }
  return opts;
}

let opts;
try {
  opts = parseArgs(process.argv.slice(2));
} catch (error) {
  console.error(`adk-backend: ${error.message}\n${USAGE}`);
  process.exit(2);
}

let backend;
try {
  backend = await startBackend(opts);
} catch (error) {
  const hint = error.code === 'EADDRINUSE' ? ` (port ${opts.port} is taken: set PORT or --port to another one, 0 for a free one)` : '';
  console.error(`adk-backend: ${error.message}${hint}`);
  process.exit(1);
}

const info = backend.describe();
const what = info.mode === 'replay' ? `replay of ${info.fixture.name} (${info.fixture.mode}, ${info.fixture.turns} turns)` : 'scripted agent';
if (!opts.quiet) {
  console.log(`adk-backend: ${what}; SSE POST ${backend.url}/stream, BIDI ${backend.url.replace('http', 'ws')}/live, approval timeout ${info.approvalTimeoutMs} ms`);
}
if (opts.urlFile) fs.writeFileSync(opts.urlFile, `${backend.url}\n`);
console.log(`listening ${backend.url}`);

let stopping = false;
async function stop(reason) {
  if (stopping) return;
  stopping = true;
  if (!opts.quiet) console.log(`adk-backend: stopping (${reason})`);
  const force = setTimeout(() => process.exit(0), 2000);
  force.unref();
  await backend.close();
  process.exit(0);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGHUP', () => stop('SIGHUP'));

// Stop with the parent (a script, a test runner, a terminal) and when idle.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('parent process exited');
  const { last, openSockets } = backend.activity;
  if (opts.idleTimeoutMs > 0 && openSockets === 0 && Date.now() - last > opts.idleTimeoutMs) {
    stop(`idle for ${Math.round(opts.idleTimeoutMs / 1000)} s`);
  }
}, 1000).unref();
