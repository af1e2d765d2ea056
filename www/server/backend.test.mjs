// The local backend on its own (no browser): the wire protocol of SPEC §5 and the replay split.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { startBackend, DEFAULT_FIXTURES_DIR } from './app.mjs';
import { loadFixture } from './replay.mjs';

const FIXTURES_DIR = process.env.ADK_FIXTURES_DIR ?? DEFAULT_FIXTURES_DIR;
let backend;
before(async () => {
  backend = await startBackend({ port: 0, quiet: true, chunkDelayMs: 0, staticDir: null });
});
after(() => backend.close());

const user = (text) => ({ id: `u-${text.length}`, role: 'user', parts: [{ type: 'text', text }] });
const parse = (text) =>
  text
    .split('\n\n')
    .filter(Boolean)
    .map((f) => f.replace(/^data: /, ''))
    .map((p) => (p === '[DONE]' ? p : JSON.parse(p)));

async function post(messages) {
  const res = await fetch(`${backend.url}/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: 'chat-1', messages, trigger: 'submit-message' }),
  });
  assert.equal(res.headers.get('content-type'), 'text/event-stream');
  return parse(await res.text());
}

/** A BIDI client: frames in order, with a waiter for the next stream end (DONE / blocking finish-step). */
async function connect() {
  const ws = new WebSocket(`${backend.url.replace('http', 'ws')}/live`);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const frames = [];
  let wake = null;
  ws.on('message', (data) => {
    frames.push(String(data));
    if (wake) wake();
  });
  const next = async (predicate, ms = 3000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const i = frames.findIndex(predicate);
      if (i >= 0) return frames.splice(0, i + 1);
      if (Date.now() > deadline) throw new Error(`no such frame within ${ms} ms; got ${frames.join('|')}`);
      await new Promise((r) => {
        wake = r;
        setTimeout(r, 50);
      });
    }
  };
  const send = (frame) => ws.send(JSON.stringify({ version: '1.0', timestamp: Date.now(), ...frame }));
  const chunksOf = (frames) => frames.map((f) => JSON.parse(f.replace(/^data: /, '')));
  /** The chunks up to the next blocking finish-step, and up to the next [DONE] (without it). */
  const untilFinishStep = async () => chunksOf(await next((f) => f.includes('"finish-step"')));
  const untilDone = async (ms) => chunksOf((await next((f) => f === 'data: [DONE]\n\n', ms)).slice(0, -1));
  return { ws, next, send, untilFinishStep, untilDone };
}

test('SSE: a payment asks for approval, then the answer gives the result (shapes of the recording)', async () => {
  await backend.configure({ chunkDelayMs: 0 });
  const first = await post([user('Send $50 to Hanako')]);
  assert.deepEqual(
    first.map((c) => c.type ?? c),
    ['start', 'tool-input-start', 'tool-input-available', 'tool-approval-request', 'finish', '[DONE]'],
  );
  const { toolCallId } = first[1];
  const { approvalId } = first[3];
  const assistant = {
    id: first[0].messageId,
    role: 'assistant',
    parts: [{ type: 'tool-process_payment', toolCallId, state: 'approval-responded', input: first[2].input, approval: { id: approvalId, approved: false } }],
  };
  const second = await post([user('Send $50 to Hanako'), assistant]);
  assert.deepEqual(second[1], { type: 'tool-output-error', toolCallId, errorText: 'User denied the payment' });
  assert.equal(second.at(-1), '[DONE]');
});

test('BIDI: ping gets a pong with the same timestamp', async () => {
  const { ws, next, send } = await connect();
  send({ type: 'ping', timestamp: 1234 });
  const [pong] = await next((f) => f.includes('pong'));
  assert.deepEqual(JSON.parse(pong), { type: 'pong', timestamp: 1234 });
  ws.close();
});

test('BIDI: blocking approval ends the stream at finish-step; the timeout answers "Approval request timed out"', async () => {
  await backend.configure({ approvalTimeoutMs: 300, chunkDelayMs: 0 });
  const { ws, next, send } = await connect();
  send({ type: 'message', id: 'chat-t', messages: [user('Send $50 to Hanako')], trigger: 'submit-message' });
  const turn = await next((f) => f.includes('"finish-step"'));
  const types = turn.map((f) => JSON.parse(f.replace(/^data: /, '')).type);
  assert.deepEqual(types.slice(-3), ['start-step', 'tool-approval-request', 'finish-step']);
  const rest = await next((f) => f === 'data: [DONE]\n\n', 3000);
  const chunks = rest.slice(0, -1).map((f) => JSON.parse(f.replace(/^data: /, '')));
  assert.equal(chunks[0].type, 'tool-output-error');
  assert.equal(chunks[0].errorText, 'Approval request timed out');
  assert.ok(chunks.some((c) => c.type === 'text-delta'));
  ws.close();
  await backend.configure({});
});

test('issue 35 / SPEC §5 F-a: a pending confirmation lives with its connection; an answer on another one is dropped as the real backend drops it ("not found in mapping"), nothing paid, nothing sent back', async () => {
  await backend.configure({ chunkDelayMs: 0 });
  const paidBefore = backend.wallets.payments.length;
  const first = await connect();
  const question = [user('Send $50 to Hanako')];
  first.send({ type: 'message', id: 'chat-lost', messages: question, trigger: 'submit-message' });
  const chunks = await first.untilFinishStep();
  const request = chunks.find((c) => c.type === 'tool-approval-request');
  const input = chunks.find((c) => c.type === 'tool-input-available');
  first.ws.close();
  const second = await connect();
  const assistant = {
    id: 'a-1',
    role: 'assistant',
    parts: [{ type: 'tool-process_payment', toolCallId: request.toolCallId, state: 'approval-responded', input: input.input, approval: { id: request.approvalId, approved: true } }],
  };
  second.send({ type: 'message', id: 'chat-lost', messages: [...question, assistant], trigger: 'submit-message' });
  second.send({ type: 'ping', timestamp: 1 });
  // The pong comes back; nothing else does.
  const got = await second.next((f) => f.includes('pong'));
  await new Promise((r) => setTimeout(r, 300));
  assert.deepEqual(got.filter((f) => !f.includes('pong')), []);
  await assert.rejects(second.next(() => true, 100));
  assert.equal(backend.wallets.payments.length, paidBefore);
  const dropped = backend.stats.requests.filter((r) => r.type === 'dropped-answer');
  assert.deepEqual(dropped.map((r) => r.approvalId), [request.approvalId]);
  second.ws.close();
});

test('BIDI Pattern B: the approval alone, then the tool_result frame completes the turn', async () => {
  await backend.configure({ chunkDelayMs: 0 });
  const { ws, next, send, untilFinishStep } = await connect();
  const history = [user('Where am I?')];
  send({ type: 'message', id: 'chat-b', messages: history, trigger: 'submit-message' });
  const turn = await untilFinishStep();
  const input = turn.find((c) => c.type === 'tool-input-available');
  const request = turn.find((c) => c.type === 'tool-approval-request');
  const assistant = {
    id: turn[0].messageId,
    role: 'assistant',
    parts: [{ type: 'tool-get_location', toolCallId: input.toolCallId, state: 'approval-responded', input: {}, approval: { id: request.approvalId, approved: true } }],
  };
  send({ type: 'message', id: 'chat-b', messages: [...history, assistant], trigger: 'submit-message' });
  send({ type: 'tool_result', toolCallId: input.toolCallId, result: { latitude: 1.5, longitude: 2.5, accuracy: 3, timestamp: 4 } });
  const rest = await next((f) => f === 'data: [DONE]\n\n');
  const [output] = rest.slice(0, -1).map((f) => JSON.parse(f.replace(/^data: /, '')));
  // As the real backend over BIDI: the turn goes on with no `start` (one per socket, SPEC §5).
  assert.ok(!rest.some((f) => f.includes('"type":"start"')), 'no second start on the socket');
  assert.deepEqual(output, { type: 'tool-output-available', toolCallId: input.toolCallId, output: { latitude: 1.5, longitude: 2.5, accuracy: 3, timestamp: 4 } });
  const stats = await (await fetch(`${backend.url}/__test/stats`)).json();
  assert.equal(stats.chats['chat-b'].toolResults, 1);
  assert.deepEqual(stats.violations, []);
  ws.close();
});

// SPEC §5 "Agent turns over BIDI": as the ADK backend's converter streams them.
test('BIDI: one `start` per socket; a later typed turn and a spoken one come without it and reuse the text part ids', async () => {
  await backend.configure({ chunkDelayMs: 0 });
  const { ws, next, send } = await connect();
  const chunksOf = (frames) => frames.filter((f) => f !== 'data: [DONE]\n\n').map((f) => JSON.parse(f.replace(/^data: /, '')));
  send({ type: 'message', id: 'chat-s', messages: [user("What's the weather in Tokyo?")], trigger: 'submit-message' });
  const first = chunksOf(await next((f) => f === 'data: [DONE]\n\n'));
  assert.equal(first[0].type, 'start');
  const messageId = first[0].messageId;
  assert.ok(first.some((c) => c.type === 'text-start' && c.id === `${messageId}_output_text`));
  send({ type: 'message', id: 'chat-s', messages: [user('hello')], trigger: 'submit-message' });
  const second = chunksOf(await next((f) => f === 'data: [DONE]\n\n'));
  assert.ok(!second.some((c) => c.type === 'start'), 'no start in a later turn');
  assert.ok(second.some((c) => c.type === 'text-start' && c.id === `${messageId}_output_text`), 'the first turn\'s text part id');
  // A spoken turn: no request, no start; the user's speech, then the answer's transcription.
  send({ type: 'audio_control', action: 'start' });
  send({ type: 'audio_chunk', chunk: Buffer.alloc(3200).toString('base64'), sampleRate: 16000, channels: 1, bitDepth: 16 });
  send({ type: 'audio_control', action: 'stop' });
  const spoken = chunksOf(await next((f) => f === 'data: [DONE]\n\n', 5000));
  assert.ok(!spoken.some((c) => c.type === 'start'), 'no start in a spoken turn');
  const texts = spoken.filter((c) => c.type === 'text-start').map((c) => c.id);
  assert.deepEqual(texts, [`${messageId}_input_text`, `${messageId}_output_text`]);
  assert.ok(spoken.some((c) => c.type === 'data-pcm'));
  assert.equal(spoken.at(-1).type, 'finish');
  ws.close();
});

test('replay: every fixture splits into as many SSE responses as it has [DONE]s, BIDI streams at blocking finish-steps', () => {
  const names = fs.readdirSync(FIXTURES_DIR).filter((f) => f.endsWith('.json'));
  assert.ok(names.length > 0);
  for (const file of names) {
    const fixture = loadFixture(path.join(FIXTURES_DIR, file), FIXTURES_DIR);
    const raw = fixture.recording.output.rawEvents;
    const done = raw.filter((f) => f.trim() === 'data: [DONE]').length;
    assert.equal(done, fixture.recording.output.expectedDoneCount, `${file}: expectedDoneCount`);
    const approvals = raw.filter((f) => f.includes('"tool-approval-request"'));
    // SSE: parallel approvals share one response; BIDI: one stream per blocking approval.
    const expected = fixture.mode === 'sse' ? done : done + approvals.length;
    assert.equal(fixture.segments.length, expected, `${file}: ${fixture.segments.length} turns`);
    assert.deepEqual(fixture.segments.flat(), raw, `${file}: nothing lost or reordered`);
  }
});

// --- SPEC §4a: the backend reads answers as the real ADK backend does --------------------------

const POSITION = { latitude: 1.5, longitude: 2.5, accuracy: 3, timestamp: 4 };

/** The first SSE response to "Where am I?" and the assistant message that answers it, in `shape`. */
async function locationAnswer(shape) {
  const first = await post([user('Where am I?')]);
  const { toolCallId, input } = first.find((c) => c.type === 'tool-input-available');
  const { approvalId } = first.find((c) => c.type === 'tool-approval-request');
  const approval = { id: approvalId, approved: true };
  const parts = {
    // Row A: AI SDK's own shape.
    A: [{ type: 'tool-get_location', toolCallId, state: 'output-available', input, output: POSITION, approval }],
    // Row B: the approval alone.
    B: [{ type: 'tool-get_location', toolCallId, state: 'approval-responded', input, approval }],
    // Row C: W1.
    C: [
      { type: 'tool-get_location', toolCallId, state: 'approval-responded', input, approval },
      { type: 'tool-result', toolCallId, result: POSITION },
    ],
  }[shape];
  return { toolCallId, messages: [user('Where am I?'), { id: first[0].messageId, role: 'assistant', parts }] };
}

test('SPEC §4a row A, SSE: AI SDK\'s shape of an approved get_location gets an empty response', async () => {
  await backend.configure({ chunkDelayMs: 0 });
  const { messages } = await locationAnswer('A');
  assert.deepEqual(await post(messages), []);
  const stats = await (await fetch(`${backend.url}/__test/stats`)).json();
  assert.equal(stats.emptyResponses, 1);
});

test('SPEC §4a row B, SSE: the approval alone waits for a result that never comes', async () => {
  await backend.configure({ chunkDelayMs: 0, frontendResultTimeoutMs: 50 });
  const { messages, toolCallId } = await locationAnswer('B');
  const chunks = await post(messages);
  assert.deepEqual(chunks[1], { type: 'tool-output-error', toolCallId, errorText: 'Timeout waiting for frontend tool result' });
  await backend.configure({});
});

test('SPEC §4a row C, SSE: the approval and its tool-result part give the position in one request', async () => {
  await backend.configure({ chunkDelayMs: 0 });
  const { messages, toolCallId } = await locationAnswer('C');
  const chunks = await post(messages);
  assert.equal(chunks[0].type, 'start');
  assert.notEqual(chunks[0].messageId, messages[1].id, 'a new message id, as the real backend sends (W5)');
  assert.deepEqual(chunks[1], { type: 'tool-output-available', toolCallId, output: POSITION });
  assert.equal(chunks.at(-1), '[DONE]');
});

test('SPEC §4a W7: with an API key set, POST /stream without X-API-Key is refused', async () => {
  await backend.configure({ chunkDelayMs: 0, apiKey: 'secret' });
  const body = JSON.stringify({ id: 'chat-k', messages: [user('hi')], trigger: 'submit-message' });
  const refused = await fetch(`${backend.url}/stream`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  assert.equal(refused.status, 401);
  const taken = await fetch(`${backend.url}/stream`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'secret' }, body });
  assert.equal(taken.status, 200);
  await taken.text();
  await backend.configure({});
});

test('SPEC §4a row A, BIDI: AI SDK\'s shape does not release the approval wait; the timeout answers', async () => {
  await backend.configure({ chunkDelayMs: 0, approvalTimeoutMs: 300 });
  const { ws, send, untilFinishStep, untilDone } = await connect();
  const history = [user('Where am I?')];
  send({ type: 'message', id: 'chat-a', messages: history, trigger: 'submit-message' });
  const turn = await untilFinishStep();
  const input = turn.find((c) => c.type === 'tool-input-available');
  const request = turn.find((c) => c.type === 'tool-approval-request');
  const part = { type: 'tool-get_location', toolCallId: input.toolCallId, state: 'output-available', input: {}, output: POSITION, approval: { id: request.approvalId, approved: true } };
  send({ type: 'message', id: 'chat-a', messages: [...history, { id: turn[0].messageId, role: 'assistant', parts: [part] }], trigger: 'submit-message' });
  const rest = await untilDone(3000);
  assert.deepEqual(rest[0], { type: 'tool-output-error', toolCallId: input.toolCallId, errorText: 'Approval request timed out' });
  ws.close();
  await backend.configure({});
});

test('SPEC §4a W6, BIDI: two payments at once; the second approval after the first finish-step; one message answers both', async () => {
  await backend.configure({ chunkDelayMs: 0 });
  const { ws, send, untilFinishStep, untilDone } = await connect();
  const history = [user('Pay $30 to Alice and $40 to Bob at once')];
  send({ type: 'message', id: 'chat-w6', messages: history, trigger: 'submit-message' });
  const first = await untilFinishStep();
  const second = await untilFinishStep();
  assert.deepEqual(second.map((c) => c.type), ['start-step', 'tool-approval-request', 'finish-step']);
  const inputs = first.filter((c) => c.type === 'tool-input-available');
  const requests = [first.find((c) => c.type === 'tool-approval-request'), second[1]];
  const parts = inputs.map((c, i) => ({ type: 'tool-process_payment', toolCallId: c.toolCallId, state: 'approval-responded', input: c.input, approval: { id: requests[i].approvalId, approved: i === 0 } }));
  send({ type: 'message', id: 'chat-w6', messages: [...history, { id: first[0].messageId, role: 'assistant', parts }], trigger: 'submit-message' });
  const rest = await untilDone();
  assert.deepEqual(rest.filter((c) => c.type.startsWith('tool-output')).map((c) => [c.type, c.toolCallId]), [
    ['tool-output-available', inputs[0].toolCallId],
    ['tool-output-error', inputs[1].toolCallId],
  ]);
  ws.close();
});

// Issue 40 item 6: the BIDI backend does what the real ADK backend does when the user types, speaks
// or stops mid-turn (SPEC §5 W11, W12).
const DONE_FRAME = 'data: [DONE]\n\n';
const framesOf = (frames) => frames.filter((f) => f !== DONE_FRAME).map((f) => JSON.parse(f.replace(/^data: /, '')));
const textOfChunks = (chunks) => chunks.filter((c) => c.type === 'text-delta').map((c) => c.delta).join('');

test('issue 40 item 6 / SPEC §5 W11: a message sent while a turn streams is queued and answered after that turn\'s [DONE], no violation', async () => {
  await backend.configure({ chunkDelayMs: 10 });
  backend.stats.reset();
  const { ws, next, send } = await connect();
  send({ type: 'message', id: 'chat-q', messages: [user("What's the weather in Tokyo?")], trigger: 'submit-message' });
  await next((f) => f.includes('"reasoning-delta"'));
  send({ type: 'message', id: 'chat-q', messages: [user('Play track 2 as background music')], trigger: 'submit-message' });
  const first = framesOf(await next((f) => f === DONE_FRAME));
  assert.match(textOfChunks(first), /^Tokyo: /, 'the first turn keeps its answer up to its [DONE]');
  assert.ok(!first.some((c) => c.toolName === 'change_bgm'), 'nothing of the second answer before the first [DONE]');
  const second = framesOf(await next((f) => f === DONE_FRAME));
  assert.ok(!second.some((c) => c.type === 'start'), 'no start: one per socket');
  assert.equal(textOfChunks(second), 'The background music is now track 2.');
  assert.equal(backend.stats.totals.queuedMessages, 1);
  assert.deepEqual(backend.stats.violations, []);
  ws.close();
});

test('issue 40 item 6 / SPEC §5 W11: a message typed during the voice\'s answer is answered after its [DONE]', async () => {
  await backend.configure({ chunkDelayMs: 0 });
  const { ws, next, send } = await connect();
  send({ type: 'audio_control', action: 'start' });
  send({ type: 'audio_chunk', chunk: Buffer.alloc(32000).toString('base64'), sampleRate: 16000, channels: 1, bitDepth: 16 });
  send({ type: 'audio_control', action: 'stop' });
  const playing = framesOf(await next((f) => f.includes('"data-pcm"'), 5000));
  send({ type: 'message', id: 'chat-v', messages: [user('Play track 2 as background music')], trigger: 'submit-message' });
  const spoken = [...playing, ...framesOf(await next((f) => f === DONE_FRAME, 5000))];
  assert.match(textOfChunks(spoken), /Output transcription: your 1\.0 s, played back\./, 'the voice\'s answer whole');
  assert.ok(!spoken.some((c) => c.toolName === 'change_bgm'));
  const typed = framesOf(await next((f) => f === DONE_FRAME));
  assert.equal(textOfChunks(typed), 'The background music is now track 2.');
  ws.close();
});

test('issue 40 item 6 / SPEC §5 W12: an interrupt is logged and ignored, as by the ADK backend: the turn streams on to its [DONE]', async () => {
  await backend.configure({ chunkDelayMs: 10 });
  backend.stats.reset();
  const { ws, next, send } = await connect();
  send({ type: 'message', id: 'chat-i', messages: [user('Hello there')], trigger: 'submit-message' });
  await next((f) => f.includes('"text-delta"'));
  send({ type: 'interrupt', reason: 'user_abort' });
  const rest = framesOf(await next((f) => f === DONE_FRAME));
  assert.equal(rest.at(-1).type, 'finish', 'the turn ends as it would have');
  assert.equal(backend.stats.totals.interrupts, 1);
  ws.close();
});

test('issue 40 item 6: with interrupt end-turn, an interrupted turn ends where it is, without [DONE]; the next message is answered without start', async () => {
  await backend.configure({ chunkDelayMs: 10, interrupt: 'end-turn' });
  try {
    const { ws, next, send } = await connect();
    send({ type: 'message', id: 'chat-e', messages: [user('Hello there')], trigger: 'submit-message' });
    await next((f) => f.includes('"text-delta"'));
    send({ type: 'interrupt', reason: 'user_abort' });
    await assert.rejects(next((f) => f === DONE_FRAME || f.includes('"finish"'), 500), /no such frame/);
    send({ type: 'message', id: 'chat-e', messages: [user('Play track 2 as background music')], trigger: 'submit-message' });
    const after = framesOf(await next((f) => f === DONE_FRAME));
    const answer = after.slice(after.findIndex((c) => c.type === 'reasoning-start'));
    assert.ok(!answer.some((c) => c.type === 'start'));
    assert.equal(textOfChunks(answer), 'The background music is now track 2.');
    ws.close();
  } finally {
    await backend.configure({ chunkDelayMs: 0 });
  }
});

test('issue 40 item 6: interrupt must be ignore or end-turn', () => {
  assert.throws(() => backend.configure({ interrupt: 'stop' }), /interrupt must be ignore or end-turn, not stop/);
  backend.configure({ chunkDelayMs: 0 });
});

test('SPEC §5 F-f test hook: POST /__test/close-sockets sends the close frame at once and ends the connection holdMs later', async () => {
  await backend.configure({ chunkDelayMs: 0 });
  const { ws } = await connect();
  const started = Date.now();
  const closed = new Promise((resolve) => ws.once('close', (code) => resolve({ code, ms: Date.now() - started })));
  const res = await fetch(`${backend.url}/__test/close-sockets`, { method: 'POST', body: JSON.stringify({ holdMs: 400 }) });
  assert.equal((await res.json()).holdMs, 400);
  const { code, ms } = await closed;
  assert.equal(code, 1001);
  assert.ok(ms >= 350, `the connection ended after ${ms} ms`);
});
