// Library faults the hardening work found, one minimal reproduction each (RELIABILITY.md
// "Findings"). Each test FAILS while its fault is there; when the package fixes it, it passes and
// stays as a regression test. The fuzz targets keep the Rust-side inputs of K1 and K2 in
// fuzz/regressions/messages/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chat } from '@ai-sdk/react';
import { createAutoSend, pendingApprovals, approve, answerApprovals } from 'adk-stream-wasm';
import { createAdk } from 'adk-stream-wasm/chat';
import { ScriptedTransport, toolCall, text, ask, settled, until, lastPart } from './lib/scripted.mjs';

const POSITION = { latitude: 35.6762, longitude: 139.6503, accuracy: 20, timestamp: 1_767_225_600_000 };
const user = { id: 'u', role: 'user', parts: [{ type: 'text', text: 'Pay Alice and tell me where I am' }] };
const tool = (name, id, state, approval, extra = {}) => ({ type: `tool-${name}`, toolCallId: `call-${id}`, state, input: {}, ...(approval ? { approval } : {}), ...extra });

test('B1 (engine): an approved get_location that is not the last part still waits for its output (principle 3, SSE and BIDI Pattern A)', () => {
  const messages = [user, { id: 'a', role: 'assistant', parts: [
    tool('get_location', 'loc', 'approval-responded', { id: 'approval-loc', approved: true }),
    tool('process_payment', 'pay', 'approval-responded', { id: 'approval-pay', approved: false }),
  ] }];
  for (const mode of ['sse', 'bidi']) {
    const explained = createAutoSend({ mode }).explain({ messages });
    assert.deepEqual(
      { mode, send: explained.send, rule: explained.rule },
      { mode, send: false, rule: 'awaiting-browser-output' },
      `the approval of get_location would be sent without its position: ${explained.detail}`,
    );
  }
});

test('B1 (flow): SSE, one response asks get_location then process_payment; both approved: request 2 carries the position', async () => {
  const transport = new ScriptedTransport([
    [{ type: 'start', messageId: 'm1' }, ...toolCall('call-loc', 'get_location'), ...toolCall('call-pay', 'process_payment', { amount: 5 }),
      ...ask(['call-loc', 'approval-loc'], ['call-pay', 'approval-pay']), { type: 'finish' }],
    [{ type: 'start', messageId: 'm2' }, ...text('t', 'Paid, and you are in Tokyo.'), { type: 'finish' }],
  ]);
  // A position takes a while to come, as getCurrentPosition's does.
  const slowPosition = () => new Promise((resolve) => setTimeout(() => resolve({ ...POSITION }), 50));
  const adk = createAdk({ mode: 'sse', tools: { get_location: { execute: slowPosition } } });
  const chat = new Chat({ transport, sendAutomaticallyWhen: adk.sendAutomaticallyWhen });
  adk.attach(chat);
  await chat.sendMessage({ text: 'Pay Alice and tell me where I am' });
  await settled(chat, transport);
  await answerApprovals(chat, (pending) => pending.map((p) => ({ approvalId: p.approvalId, approved: true })));
  await adk.whenToolsIdle();
  await settled(chat, transport);
  assert.equal(transport.requests.length, 2);
  const sent = lastPart(transport.requests[1], 'call-loc');
  assert.deepEqual(
    { state: sent.state, output: sent.output },
    { state: 'output-available', output: POSITION },
    'Pattern A: the approval of get_location travels with its output',
  );
});

test('K1: a part typed "tool-" (no tool name) before the last part: explain() and sendAutomaticallyWhen agree, and its approval can be answered', () => {
  const parts = (state, approved) => [
    tool('', '0', 'approval-requested', { id: 'approval-0' }),
    tool('process_payment', '1', state, { id: 'approval-1', ...(approved === undefined ? {} : { approved }) }),
  ];
  const asking = [user, { id: 'a', role: 'assistant', parts: parts('approval-requested') }];
  const answered = [user, { id: 'a', role: 'assistant', parts: parts('approval-responded', true) }];
  const autoSend = createAutoSend({ mode: 'sse' });
  const explained = autoSend.explain({ messages: answered });
  const decided = createAutoSend({ mode: 'sse' }).sendAutomaticallyWhen({ messages: answered });
  assert.equal(explained.send, decided, `explain() says ${explained.rule}, sendAutomaticallyWhen says ${decided}`);
  // The decision waits for approval-0, so the user must be able to see and answer it.
  if (!decided) assert.ok(pendingApprovals(asking).some((p) => p.approvalId === 'approval-0'), 'approval-0 blocks the chat but is not listed as pending');
});

test('K2: a backend id holding U+001F in an earlier part: pendingApprovals/approve work and explain() agrees with the decision', async () => {
  const parts = (state, approved) => [
    tool('search', '\u001f0', 'output-available', undefined, { output: {} }),
    { type: 'text', text: 'found' },
    tool('process_payment', '1', state, { id: 'approval-1', ...(approved === undefined ? {} : { approved }) }),
  ];
  const asking = [user, { id: 'a', role: 'assistant', parts: parts('approval-requested') }];
  const answered = [user, { id: 'a', role: 'assistant', parts: parts('approval-responded', true) }];
  const explained = createAutoSend({ mode: 'sse' }).explain({ messages: answered });
  const decided = createAutoSend({ mode: 'sse' }).sendAutomaticallyWhen({ messages: answered });
  assert.equal(explained.send, decided, `explain() says ${explained.rule} (${explained.detail}), sendAutomaticallyWhen says ${decided}`);
  assert.deepEqual(pendingApprovals(asking).map((p) => p.approvalId), ['approval-1']);
  const chat = { messages: asking, addToolApprovalResponse: async () => { chat.messages = answered; }, addToolOutput: async () => {} };
  await approve(chat, 'approval-1');
});

// B2: useAdkChat's effect cleanup calls adk.detach(), which resets the engine: the runner forgets
// which tool calls it claimed and the engine forgets what it sent. An effect re-run (React
// StrictMode, fast refresh, or an app re-attaching) in the middle of a flow repeats both.
test('B2 (runner): detach + attach while an approved get_location runs: it runs once', async () => {
  const transport = new ScriptedTransport([
    [{ type: 'start', messageId: 'm1' }, ...toolCall('call-loc', 'get_location'), ...ask(['call-loc', 'approval-loc']), { type: 'finish' }],
    [{ type: 'start', messageId: 'm2' }, ...text('t', 'You are in Tokyo.'), { type: 'finish' }],
  ]);
  let runs = 0;
  const execute = async () => {
    runs++;
    await new Promise((r) => setTimeout(r, 50));
    return { ...POSITION };
  };
  const adk = createAdk({ mode: 'sse', tools: { get_location: { execute } } });
  const chat = new Chat({ transport, sendAutomaticallyWhen: adk.sendAutomaticallyWhen });
  adk.attach(chat);
  await chat.sendMessage({ text: 'Where am I?' });
  await settled(chat, transport);
  await approve(chat, 'approval-loc');
  await until(() => runs === 1, 'get_location started');
  adk.detach();
  adk.attach(chat);
  await adk.runTools();
  await adk.whenToolsIdle();
  await settled(chat, transport);
  assert.equal(runs, 1, 'get_location ran twice for one approval');
});

test('B2 (engine): detach + attach while the approval is in flight, then an empty turn: the answer is not sent again', async () => {
  let release;
  const hold = new Promise((r) => (release = r));
  const transport = new ScriptedTransport([
    [{ type: 'start', messageId: 'm1' }, ...toolCall('call-pay', 'process_payment', { amount: 5 }), ...ask(['call-pay', 'approval-pay']), { type: 'finish' }],
    [{ type: 'start', messageId: 'm1' }, { hold }, { type: 'finish' }],
  ]);
  const adk = createAdk({ mode: 'sse' });
  const chat = new Chat({ transport, sendAutomaticallyWhen: adk.sendAutomaticallyWhen });
  adk.attach(chat);
  await chat.sendMessage({ text: 'Pay Alice 5 dollars' });
  await settled(chat, transport);
  await approve(chat, 'approval-pay');
  await until(() => transport.requests.length === 2, 'the answer is sent');
  adk.detach();
  adk.attach(chat);
  release();
  await settled(chat, transport);
  assert.equal(transport.requests.length, 2, 'the payment approval was sent a second time (F10, D16)');
});

// B3 (BIDI transport): after an abort the rest of the aborted turn is to be dropped up to its end,
// but a new request reset that. A backend that finishes the interrupted turn before it handles the
// next message (as a sequential backend, ADK's, does: it streams the turn on to its [DONE] and queues
// the message) then put the aborted turn's tail into the next response, and its [DONE] ended that
// response; the real reply arrived with no stream open and was buffered for a later one. Needs a
// global WebSocket (Node 22).
test('B3: abort, then send at once: the next stream holds its own reply, not the tail of the aborted turn', async () => {
  assert.equal(typeof WebSocket, 'function', 'needs a global WebSocket: run on Node 22 (scripts/test-hardening.sh does)');
  const { startServer, data, DONE } = await import('./lib/raw-ws.mjs');
  const { BidiTransport } = await import('adk-stream-wasm/transport');
  let n = 0;
  const s = await startServer({
    onConnection: (conn) => {
      conn.onMessage = (m) => {
        // The interrupted turn streams on to its [DONE] (interrupt is logged and ignored).
        if (m.type === 'interrupt') {
          setTimeout(() => conn.write(Buffer.concat([data({ type: 'text-delta', id: 't1', delta: ' tail of the aborted turn' }), data({ type: 'finish' }), DONE])), 20);
        }
        if (m.type !== 'message') return;
        n++;
        if (n === 1) {
          conn.write(Buffer.concat([data({ type: 'start', messageId: 'first' }), data({ type: 'text-start', id: 't1' }), data({ type: 'text-delta', id: 't1', delta: 'partial' })]));
          return;
        }
        conn.write(Buffer.concat([data({ type: 'start', messageId: `reply-${n}` }), data({ type: 'text-start', id: 't' }), data({ type: 'text-delta', id: 't', delta: `reply ${n}` }), data({ type: 'text-end', id: 't' }), data({ type: 'finish' }), DONE]));
      };
    },
  });
  try {
    const t = new BidiTransport({ url: s.url, pingIntervalMs: 0 });
    const request = (abortSignal) => ({ chatId: 'c', messages: [user], trigger: 'submit-message', messageId: undefined, abortSignal });
    const read = async (stream) => {
      const chunks = [];
      const reader = stream.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return chunks;
        chunks.push(value);
      }
    };
    const controller = new AbortController();
    const first = (await t.sendMessages(request(controller.signal))).getReader();
    await first.read();
    controller.abort();
    const second = await read(await t.sendMessages(request()));
    assert.deepEqual(second.filter((c) => c.type === 'text-delta').map((c) => c.delta), ['reply 2'], 'the second stream shows the aborted turn instead of its own reply');
    assert.equal(await t.reconnectToStream({ chatId: 'c' }), null, 'part of a reply is left buffered');
    t.close();
  } finally {
    await s.close();
  }
});

// B4: a JS exception thrown inside a method of the engine while Rust holds its borrow (here
// Array.isArray on a revoked proxy) leaves the engine unusable: from then on explain() throws
// "recursive use of an object detected…" and sendAutomaticallyWhen (which swallows the error)
// answers false for ever: the chat stalls silently.
test('B4: markBrowserOutput(revoked proxy) throws a named error and leaves the engine working', () => {
  const autoSend = createAutoSend({ mode: 'sse' });
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  assert.throws(() => autoSend.markBrowserOutput(proxy), (error) => error.name === 'AdkInvalidArgumentError', 'a named error');
  const d6 = { messages: [user, { id: 'a', role: 'assistant', parts: [tool('process_payment', '1', 'approval-responded', { id: 'approval-1', approved: true })] }] };
  assert.equal(autoSend.explain(d6).rule, 'unsent-user-action', 'explain() still works');
  assert.equal(autoSend.sendAutomaticallyWhen(d6), true, 'the engine still sends (D6)');
});

// H1: the glue coerces some arguments with String() or destructures them before checking, so a
// TypeError of the JS engine escapes instead of the package's named error (README "Errors").
test('H1: null-prototype names and null options give AdkInvalidArgumentError, not a raw TypeError', async () => {
  const { isFrontendExecuteTool, getToolExecutor, hasToolExecutor, extractToolName } = await import('adk-stream-wasm');
  const bare = Object.create(null);
  for (const [label, call] of [
    ['createAdk(null)', () => createAdk(null)],
    ['createAutoSend().isFrontendTool(Object.create(null))', () => createAutoSend({ mode: 'sse' }).isFrontendTool(bare)],
    ['getToolExecutor(Object.create(null))', () => getToolExecutor(bare)],
    ['hasToolExecutor(Object.create(null))', () => hasToolExecutor(bare)],
    ['extractToolName(part, Object.create(null))', () => extractToolName({ type: 'dynamic-tool' }, bare)],
  ]) {
    let thrown = null;
    try {
      call();
    } catch (error) {
      thrown = error;
    }
    if (thrown) assert.match(thrown.name, /^Adk\w+Error$/, `${label} threw ${thrown.name}: ${thrown.message}`);
  }
  void isFrontendExecuteTool;
});

// H2: error messages and explain() details repeat the offending value whole: a 10 MB id gives a
// 10 MB message (logged, shown, sent to error trackers).
test('H2: a 10 MB id gives an error message of bounded length', async () => {
  const huge = 'x'.repeat(10 * 1024 * 1024);
  const chat = { messages: [user, { id: 'a', role: 'assistant', parts: [tool('process_payment', '1', 'approval-requested', { id: 'approval-1' })] }], addToolApprovalResponse: async () => {}, addToolOutput: async () => {} };
  const error = await approve(chat, huge).then(() => null, (e) => e);
  assert.equal(error?.name, 'AdkUnknownApprovalError');
  assert.ok(error.message.length <= 4096, `the message is ${error.message.length} characters long`);
  const detail = createAutoSend({ mode: 'sse' }).explain({ messages: [{ role: 'assistant', parts: [{ type: 'tool-x', toolCallId: huge, state: 'approval-responded', approval: { id: huge, approved: true } }] }] }).detail;
  assert.ok(detail.length <= 4096, `explain's detail is ${detail.length} characters long`);
});
