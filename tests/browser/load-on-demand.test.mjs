// The package's files that load on demand (answerApprovals' checks, addToolOutput's body, getLocation's rules, the drop-in
// executors' bodies, the BIDI transport behind useAdkChat, the tool runner, the worker socket's
// side), in a real Chromium: when one cannot be downloaded (offline, or a deploy that replaced the
// app's files), the call rejects with an AdkLoadError naming the file (a drop-in executor answers
// {success: false} instead, as it never rejects; the worker socket stays on the main thread with a
// warning), nothing is applied, and the next call, with the network back, loads it and works. The
// downloads are made to fail with playwright's request routing; the package is the built one in pkg/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from '../support/chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolve(here, '../../pkg');

let server;
let browser;
let page;

before(async () => {
  assert.ok(existsSync(join(pkgDir, 'approvals/answer-batch.js')), 'pkg/ is not built: run bash scripts/build-pkg.sh');
  server = await startServer({ pkgDir, pagePath: join(here, 'index.html') });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, timeout: 30_000 });
  page = await (await browser.newContext()).newPage();
  await page.goto(`${server.origin}/`);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Runs `body` in the page while every download of `file` from /pkg/ fails, then with it back. */
async function offlineThenOnline(file, body) {
  const pattern = `**/pkg/${file}`;
  await page.route(pattern, (route) => route.abort('internetdisconnected'));
  const offline = await page.evaluate(body);
  await page.unroute(pattern);
  const online = await page.evaluate(body);
  return { offline, online };
}

test('answerApprovals: the checks cannot be downloaded: AdkLoadError naming the file, nothing applied; then it works', async () => {
  const { offline, online } = await offlineThenOnline('approvals/answer-batch.js', async () => {
    const { answerApprovals } = await import('/pkg/index.js');
    const answered = [];
    let asked = 0;
    const chat = {
      messages: [
        {
          id: 'm1',
          role: 'assistant',
          parts: [{ type: 'tool-process_payment', toolCallId: 'call-1', state: 'approval-requested', input: {}, approval: { id: 'approval-1' } }],
        },
      ],
      async addToolApprovalResponse(response) {
        answered.push(response.id);
      },
      addToolOutput() {},
    };
    try {
      const result = await answerApprovals(chat, (pending) => {
        asked += pending.length;
        return [{ approvalId: 'approval-1', approved: true }];
      });
      return { result, asked, answered };
    } catch (error) {
      return { error: { name: error.name, message: error.message, cause: error.cause !== undefined }, asked, answered };
    }
  });
  assert.equal(offline.error?.name, 'AdkLoadError', JSON.stringify(offline));
  assert.match(offline.error.message, /answer-batch\.js/);
  assert.ok(offline.error.cause, 'the download failure is the cause');
  assert.equal(offline.asked, 1, 'the handler ran');
  assert.deepEqual(offline.answered, [], 'nothing was applied');
  assert.deepEqual(online.result?.map(({ approvalId, approved }) => ({ approvalId, approved })), [{ approvalId: 'approval-1', approved: true }], JSON.stringify(online));
  assert.deepEqual(online.answered, ['approval-1']);
});

test('autoSend.addToolOutput: its body cannot be downloaded: AdkLoadError naming the file, nothing added; then it works', async () => {
  const { offline, online } = await offlineThenOnline('decision/add-tool-output.js', async () => {
    const { createAutoSend } = await import('/pkg/index.js');
    const added = [];
    const chat = {
      status: 'ready',
      messages: [
        { id: 'm1', role: 'assistant', parts: [{ type: 'tool-pick_file', toolCallId: 'call-1', state: 'input-available', input: {} }] },
      ],
      async addToolApprovalResponse() {},
      async addToolOutput(args) {
        added.push(args.toolCallId);
        chat.messages = [{ ...chat.messages[0], parts: [{ ...chat.messages[0].parts[0], state: 'output-available', output: args.output }] }];
      },
    };
    const autoSend = createAutoSend({ mode: 'sse', frontendTools: ['pick_file'] });
    try {
      await autoSend.addToolOutput(chat, { tool: 'pick_file', toolCallId: 'call-1', output: { name: 'a.txt' } });
      return { added };
    } catch (error) {
      return { error: { name: error.name, message: error.message, cause: error.cause !== undefined }, added };
    }
  });
  assert.equal(offline.error?.name, 'AdkLoadError', JSON.stringify(offline));
  assert.match(offline.error.message, /add-tool-output\.js/);
  assert.ok(offline.error.cause, 'the download failure is the cause');
  assert.deepEqual(offline.added, [], 'nothing was added');
  assert.deepEqual(online, { added: ['call-1'] }, JSON.stringify(online));
});

test('getLocation: its rules cannot be downloaded: AdkLoadError naming the file; then it loads', async () => {
  const { offline, online } = await offlineThenOnline('tools/get-location.js', async () => {
    const { getLocation } = await import('/pkg/geolocation.js');
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: (ok) => setTimeout(() => ok({ coords: { latitude: 1, longitude: 2, accuracy: 3 }, timestamp: 4 }), 0) },
    });
    try {
      return { output: await getLocation() };
    } catch (error) {
      return { error: { name: error.name, message: error.message } };
    }
  });
  assert.equal(offline.error?.name, 'AdkLoadError', JSON.stringify(offline));
  assert.match(offline.error.message, /get-location\.js/);
  assert.deepEqual(online.output, { latitude: 1, longitude: 2, accuracy: 3, timestamp: 4 }, JSON.stringify(online));
});

test("useAdkChat's BIDI transport: its module cannot be downloaded: the send rejects with AdkLoadError; the next send loads it", async () => {
  const { offline, online } = await offlineThenOnline('transport/bidi/bidi-transport.js', async () => {
    const { LazyBidiTransport } = await import('/pkg/transport/bidi/lazy-transport.js');
    // One transport across both runs: the one a chat keeps.
    globalThis.lazy ??= new LazyBidiTransport({ url: 'ws://127.0.0.1:9/unused', connectTimeoutMs: 2000 });
    try {
      await globalThis.lazy.sendMessages({ chatId: 'c', messages: 'not an array', trigger: 'submit-message' });
      return { sent: true };
    } catch (error) {
      return { error: { name: error.name, message: error.message } };
    }
  });
  assert.equal(offline.error?.name, 'AdkLoadError', JSON.stringify(offline));
  assert.match(offline.error.message, /transport\.js/);
  // Loaded now: the transport itself answers (the messages are refused by its own check).
  assert.equal(online.error?.name, 'AdkInvalidArgumentError', JSON.stringify(online));
  assert.match(online.error.message, /`messages` is/);
});

test("the drop-in executors (executeChangeBgm): their bodies cannot be downloaded: {success: false} naming the file, never a rejection; then they run", async () => {
  const { offline, online } = await offlineThenOnline('drop-in/drop-in-executors.js', async () => {
    const { executeChangeBgm, getToolExecutor } = await import('/pkg/index.js');
    const switched = [];
    const bgmChannel = { currentTrack: 0, switchTrack: () => switched.push('switch') };
    const direct = await executeChangeBgm({ track: 2 }, { bgmChannel });
    const registered = getToolExecutor('change_bgm') === executeChangeBgm;
    return { direct, registered, switched };
  });
  assert.equal(offline.direct.success, false, JSON.stringify(offline));
  assert.match(offline.direct.error, /drop-in-executors\.js/);
  assert.deepEqual(offline.switched, []);
  assert.equal(offline.registered, true, 'the registry holds the exported executor');
  assert.deepEqual(online.direct, { success: true, output: { track: 2, message: 'BGM changed to track 2' } }, JSON.stringify(online));
  assert.deepEqual(online.switched, ['switch']);
});

test('the browser tool runner cannot be downloaded: the approved tool part gets an output-error naming the file, onToolError hears it; then tools run', async () => {
  const { offline, online } = await offlineThenOnline('tools/tool-runner.js', async () => {
    // create-adk.js itself: chat.js also exports AI SDK's transport, which a bare page cannot import.
    const { createAdk } = await import('/pkg/chat/create-adk.js');
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: (ok) => setTimeout(() => ok({ coords: { latitude: 1, longitude: 2, accuracy: 3 }, timestamp: 4 }), 0) },
    });
    // A new call id each run: the runner starts each tool call once per engine.
    globalThis.round = (globalThis.round ?? 0) + 1;
    const toolCallId = `call-${globalThis.round}`;
    const outputs = [];
    const toolErrors = [];
    const chat = {
      status: 'ready',
      messages: [
        { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'where am I?' }] },
        {
          id: 'a1',
          role: 'assistant',
          parts: [{ type: 'tool-get_location', toolCallId, state: 'approval-responded', input: {}, approval: { id: `approval-${globalThis.round}`, approved: true } }],
        },
      ],
      async addToolApprovalResponse() {},
      async addToolOutput(args) {
        outputs.push(args);
      },
    };
    const adk = createAdk({ mode: 'sse', onToolError: (error) => toolErrors.push(error.name) });
    adk.attach(chat);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await adk.whenToolsIdle();
    adk.detach();
    return { outputs, toolErrors };
  });
  assert.equal(offline.outputs.length, 1, JSON.stringify(offline));
  assert.equal(offline.outputs[0].state, 'output-error');
  assert.match(offline.outputs[0].errorText, /tool-runner\.js/);
  assert.deepEqual(offline.toolErrors, ['AdkLoadError']);
  assert.equal(online.outputs.length, 1, JSON.stringify(online));
  assert.deepEqual(online.outputs[0].output, { latitude: 1, longitude: 2, accuracy: 3, timestamp: 4 });
  assert.deepEqual(online.toolErrors, []);
});

test("BidiTransport {socket: 'worker'}: transport/bidi/worker/main-thread.js cannot be downloaded: the socket stays on the main thread with the one warning, in the words of a worker that cannot start; then the worker starts", async () => {
  const warnings = [];
  const listen = (message) => message.type() === 'warning' && warnings.push(message.text());
  page.on('console', listen);
  try {
    const { offline, online } = await offlineThenOnline('transport/bidi/worker/main-thread.js', async () => {
      const { BidiTransport } = await import('/pkg/transport.js');
      // A new transport each run: a transport whose worker could not start keeps its socket on the
      // main thread. Nothing listens on port 9: the send fails at the socket, after the start.
      const transport = new BidiTransport({ url: 'ws://127.0.0.1:9/unused', socket: 'worker', connectTimeoutMs: 2000 });
      let error = null;
      try {
        await transport.sendMessages({ chatId: 'c', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }], trigger: 'submit-message' });
      } catch (caught) {
        error = { name: caught.name, kind: caught.kind };
      }
      const socket = transport.socket;
      transport.close();
      return { socket, error };
    });
    assert.equal(offline.socket, 'main', JSON.stringify(offline));
    assert.equal(offline.error?.name, 'AdkTransportError', JSON.stringify(offline));
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0], /BidiTransport \{socket: 'worker'\}: the WebSocket stays on the main thread, as without the option \(its main-thread\.js could not be downloaded: .+\)\. .*worker-src 'self'/);
    // With the file back, the next transport's worker starts and holds the socket.
    assert.equal(online.socket, 'worker', JSON.stringify(online));
    assert.equal(online.error?.name, 'AdkTransportError', JSON.stringify(online));
    assert.equal(warnings.length, 1, warnings.join('\n'));
  } finally {
    page.off('console', listen);
  }
});
