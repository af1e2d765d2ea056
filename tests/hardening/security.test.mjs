// Security of the packed package:
//   - no eval / new Function / string timers anywhere in the shipped JavaScript;
//   - a page loading the package runs under `Content-Security-Policy: script-src 'self'
//     'wasm-unsafe-eval'` in headless Chromium (playwright-core): the module loads, decides, and
//     get_location returns the granted position; without 'wasm-unsafe-eval' it cannot load (so the
//     policy really applied);
//   - tool outputs are data: an output holding `<script>`, `__proto__`, `constructor` and
//     `prototype` keys reaches the backend verbatim (BIDI Pattern A in the message frame, Pattern B
//     in the tool_result frame, SSE in the POST body of AI SDK's DefaultChatTransport), and
//     nothing is polluted on the way.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Chat } from '@ai-sdk/react';
import { DefaultChatTransport } from 'ai';
import { approve } from 'adk-stream-wasm';
import { createAdk } from 'adk-stream-wasm/chat';
import { BidiTransport } from 'adk-stream-wasm/transport';
import { startServer, data, DONE } from './lib/raw-ws.mjs';
import { writeFigures } from './lib/report.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from '../support/chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const packageDir = path.dirname(require.resolve('adk-stream-wasm/package.json'));
const figures = {};
after(() => writeFigures('security', figures));

function jsFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...jsFiles(full));
    else if (/\.(m?js)$/.test(entry.name)) out.push(full);
  }
  return out;
}

test('no eval, new Function or string timers in the shipped JavaScript', () => {
  const files = jsFiles(packageDir);
  assert.ok(files.some((f) => f.endsWith('get-location.js')), 'the lazily loaded browser tool is scanned');
  assert.ok(files.some((f) => f.endsWith(path.join('wasm', 'adk_stream_wasm_bytes.js'))), 'the files under wasm/ are scanned');
  const forbidden = [
    [/(^|[^.\w$])eval\s*\(/, 'eval('],
    [/new\s+Function\s*\(/, 'new Function('],
    [/(^|[^.\w$])Function\s*\(/, 'Function('],
    [/\bset(Timeout|Interval)\s*\(\s*['"`]/, 'a string timer'],
    [/import\s*\(\s*['"`]data:/, 'import() of a data: URL'],
  ];
  const found = [];
  let lines = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    text.split('\n').forEach((line, i) => {
      lines++;
      if (/^\s*(\/\/|\*)/.test(line)) return;
      for (const [pattern, what] of forbidden) if (pattern.test(line)) found.push(`${path.relative(packageDir, file)}:${i + 1}: ${what}: ${line.trim().slice(0, 120)}`);
    });
  }
  figures.scan = { files: files.length, lines };
  assert.deepEqual(found, []);
});

/** A static server for the CSP page: the package under /pkg/, the page and its script. */
async function pageServer(csp) {
  const page = `<!doctype html><meta charset="utf-8"><title>adk-stream-wasm under CSP</title><script type="module" src="/main.js"></script>`;
  const main = `
    const result = { violations: [] };
    window.__result = result;
    document.addEventListener('securitypolicyviolation', (e) => result.violations.push(e.violatedDirective + ' ' + e.blockedURI));
    try {
      const pkg = await import('/pkg/index.js');
      // The plain-JS drop-ins answer whether or not WebAssembly may run (issue 23 defect 7).
      try {
        result.pure = {
          extractToolName: pkg.extractToolName({ type: 'tool-get_location' }),
          extractToolNameFromType: pkg.extractToolNameFromType('tool-process_payment'),
          isToolType: pkg.isToolType('dynamic-tool'),
        };
      } catch (error) {
        result.pure = { error: String(error && error.name) + ': ' + String(error && error.message) };
      }
      result.loadError = pkg.loadError === null ? null : { name: pkg.loadError.name, isClass: pkg.loadError instanceof pkg.AdkLoadError };
      // get_location is plain JS: it answers whether or not WebAssembly may run.
      result.location = await pkg.getLocation({ timeoutMs: 5000 }).catch((error) => ({ error: String(error && error.message) }));
      await pkg.ready;
      const autoSend = pkg.createAutoSend({ mode: 'sse' });
      const messages = [{ id: 'a', role: 'assistant', parts: [{ type: 'tool-process_payment', toolCallId: 'c1', state: 'approval-responded', approval: { id: 'a1', approved: true } }] }];
      result.decision = autoSend.sendAutomaticallyWhen({ messages });
      result.explain = autoSend.explain({ messages }).rule;
    } catch (error) {
      result.error = String(error && error.message || error);
    }
    result.done = true;
  `;
  const types = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    const headers = { 'Content-Security-Policy': csp, 'Cache-Control': 'no-store' };
    if (url.pathname === '/' || url.pathname === '/index.html') return res.writeHead(200, { ...headers, 'Content-Type': 'text/html' }).end(page);
    if (url.pathname === '/main.js') return res.writeHead(200, { ...headers, 'Content-Type': 'text/javascript' }).end(main);
    if (url.pathname.startsWith('/pkg/')) {
      const file = path.join(packageDir, path.normalize(url.pathname.slice(5)));
      if (file.startsWith(packageDir) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        return res.writeHead(200, { ...headers, 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' }).end(fs.readFileSync(file));
      }
    }
    res.writeHead(404, headers).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}

async function runPage(csp) {
  const { chromium } = await import('playwright-core');
  const { server, origin } = await pageServer(csp);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
    timeout: 30_000,
  });
  try {
    const context = await browser.newContext();
    await context.grantPermissions(['geolocation'], { origin });
    await context.setGeolocation({ latitude: 35.6762, longitude: 139.6503, accuracy: 20 });
    const page = await context.newPage();
    const console = [];
    page.on('console', (m) => console.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => console.push(`pageerror: ${e.message}`));
    await page.goto(`${origin}/`, { timeout: 15_000 });
    await page.waitForFunction(() => window.__result && window.__result.done, null, { timeout: 20_000 });
    return { ...(await page.evaluate(() => window.__result)), console };
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

test("a page under script-src 'self' 'wasm-unsafe-eval' loads the package, decides and gets a position (Chromium)", async () => {
  const result = await runPage("script-src 'self' 'wasm-unsafe-eval'");
  figures.csp = { decision: result.decision, explain: result.explain, location: result.location, violations: result.violations };
  assert.equal(result.error, undefined, `${result.error}\n${result.console.join('\n')}`);
  assert.deepEqual(result.violations, [], 'no CSP violation');
  assert.equal(result.decision, true);
  assert.equal(result.explain, 'already-known');
  assert.equal(result.location.latitude, 35.6762);
  assert.equal(result.location.longitude, 139.6503);
  assert.deepEqual(result.pure, { extractToolName: 'get_location', extractToolNameFromType: 'process_payment', isToolType: false });
  assert.equal(result.loadError, null);
});

test("without 'wasm-unsafe-eval' the same page cannot compile the module (the policy is in force)", async () => {
  const result = await runPage("script-src 'self'");
  figures.cspControl = { error: result.error, violations: result.violations };
  assert.ok(result.error || result.violations.length > 0, 'the module loaded although WebAssembly compilation is forbidden');
  // extractToolName, extractToolNameFromType and isToolType need no WebAssembly: they still answer.
  assert.deepEqual(result.pure, { extractToolName: 'get_location', extractToolNameFromType: 'process_payment', isToolType: false });
  // The load failure is an AdkLoadError an app can test with instanceof.
  assert.deepEqual(result.loadError, { name: 'AdkLoadError', isClass: true });
  // get_location needs no WebAssembly: the position still arrives.
  assert.equal(result.location.latitude, 35.6762, JSON.stringify(result.location));
});

// An output that would do harm if anything along the way interpreted it.
const HOSTILE_OUTPUT = JSON.parse(`{
  "html": "<script>alert(document.cookie)</script><img src=x onerror=alert(1)>",
  "__proto__": { "polluted": true },
  "constructor": { "prototype": { "polluted": true } },
  "prototype": { "polluted": true },
  "toString": "not a function",
  "then": "not a function",
  "template": "\${process.exit(1)}",
  "nested": [{ "__proto__": { "isAdmin": true } }, "\\u2028\\u2029", "\\u0000"]
}`);

function sameData(actual, expected, where) {
  assert.equal(JSON.stringify(actual), JSON.stringify(expected), `${where}: the output did not arrive verbatim`);
  assert.ok(Object.prototype.hasOwnProperty.call(actual, '__proto__'), `${where}: the __proto__ key was lost`);
  assert.equal({}.polluted, undefined, 'Object.prototype was polluted');
  assert.equal([].isAdmin, undefined, 'Array.prototype was polluted');
}

async function bidiFlow(pattern) {
  let toolResult = null;
  let secondMessage = null;
  let n = 0;
  const s = await startServer({
    onConnection: (conn) => {
      conn.onMessage = (m) => {
        if (m.type === 'tool_result') toolResult = m;
        if (m.type !== 'message') return;
        n++;
        if (n === 1) {
          conn.write(Buffer.concat([
            data({ type: 'start', messageId: 'm1' }),
            data({ type: 'tool-input-start', toolCallId: 'call-loc', toolName: 'get_location' }),
            data({ type: 'tool-input-available', toolCallId: 'call-loc', toolName: 'get_location', input: {} }),
            data({ type: 'start-step' }),
            data({ type: 'tool-approval-request', toolCallId: 'call-loc', approvalId: 'approval-loc' }),
            data({ type: 'finish-step' }),
          ]));
        } else {
          secondMessage = m;
          conn.write(Buffer.concat([data({ type: 'text-start', id: 't' }), data({ type: 'text-delta', id: 't', delta: 'ok' }), data({ type: 'text-end', id: 't' }), data({ type: 'finish' }), DONE]));
        }
      };
    },
  });
  const transport = new BidiTransport({ url: s.url, pingIntervalMs: 0 });
  const adk = createAdk({ mode: 'bidi', bidiPattern: pattern, transport, tools: { get_location: { execute: async () => structuredClone(HOSTILE_OUTPUT) } } });
  const chat = new Chat({ transport, sendAutomaticallyWhen: adk.sendAutomaticallyWhen });
  adk.attach(chat);
  try {
    await chat.sendMessage({ text: 'Where am I?' });
    await approve(chat, 'approval-loc');
    const end = Date.now() + 5000;
    while (Date.now() < end && !(secondMessage && (pattern === 'A' || toolResult) && chat.status === 'ready')) await new Promise((r) => setTimeout(r, 5));
    return { secondMessage, toolResult };
  } finally {
    transport.close();
    await s.close();
  }
}

const partOf = (messages, toolCallId) => messages.flatMap((m) => m.parts ?? []).find((p) => p.toolCallId === toolCallId);

test('BIDI Pattern A: a hostile tool output travels verbatim in the message frame', async () => {
  assert.equal(typeof WebSocket, 'function', 'needs Node 22');
  const { secondMessage } = await bidiFlow('A');
  assert.ok(secondMessage, 'the approval and output were sent');
  // To an ADK backend the output goes as the result of the tool-result part after the approval (SPEC §4a W1).
  const result = secondMessage.messages.flatMap((m) => m.parts ?? []).find((p) => p.type === 'tool-result' && p.toolCallId === 'call-loc');
  assert.ok(result, 'a tool-result part follows the approval');
  sameData(result.result, HOSTILE_OUTPUT, 'BIDI Pattern A');
});

test('BIDI Pattern B: a hostile tool output travels verbatim in the tool_result frame', async () => {
  assert.equal(typeof WebSocket, 'function', 'needs Node 22');
  const { toolResult } = await bidiFlow('B');
  assert.ok(toolResult, 'a tool_result frame was sent');
  assert.equal(toolResult.toolCallId, 'call-loc');
  sameData(toolResult.result, HOSTILE_OUTPUT, 'BIDI Pattern B');
});

test('SSE (DefaultChatTransport): a hostile tool output travels verbatim in the POST body', async () => {
  const bodies = [];
  const sse = (chunks) => chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n';
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      bodies.push(JSON.parse(body));
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' });
      res.end(bodies.length === 1
        ? sse([{ type: 'start', messageId: 'm1' }, { type: 'tool-input-start', toolCallId: 'call-loc', toolName: 'get_location' }, { type: 'tool-input-available', toolCallId: 'call-loc', toolName: 'get_location', input: {} }, { type: 'tool-approval-request', toolCallId: 'call-loc', approvalId: 'approval-loc' }, { type: 'finish' }])
        : sse([{ type: 'start', messageId: 'm2' }, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'ok' }, { type: 'text-end', id: 't' }, { type: 'finish' }]));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const adk = createAdk({ mode: 'sse', tools: { get_location: { execute: async () => structuredClone(HOSTILE_OUTPUT) } } });
    const chat = new Chat({ transport: new DefaultChatTransport({ api: `http://127.0.0.1:${server.address().port}/stream` }), sendAutomaticallyWhen: adk.sendAutomaticallyWhen });
    adk.attach(chat);
    await chat.sendMessage({ text: 'Where am I?' });
    await approve(chat, 'approval-loc');
    const end = Date.now() + 5000;
    while (Date.now() < end && !(bodies.length === 2 && chat.status === 'ready')) await new Promise((r) => setTimeout(r, 5));
    assert.equal(bodies.length, 2);
    sameData(partOf(bodies[1].messages, 'call-loc').output, HOSTILE_OUTPUT, 'SSE');
    figures.outputsVerbatim = ['BIDI A', 'BIDI B', 'SSE'];
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
