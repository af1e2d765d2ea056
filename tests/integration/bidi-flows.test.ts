// SPEC §3 BIDI flows end to end: the package's real BidiTransport (Rust, web-sys WebSocket) under
// AI SDK's real Chat, against a local ADK-like WebSocket backend that replays the recorded
// conversations turn by turn (F6, F7) or plays get_location (F8, F9, F13; no recording exists).
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket as WsWebSocket } from 'ws';
import { BidiTransport } from 'adk-stream-wasm/transport';
import { registerToolExecutor, resetToolExecutors } from 'adk-stream-wasm';
import { createAppChat, expectQuiet, lastMessage, settle, texts, toolPartIn, waitUntil, type AppChat } from './helpers/chat.js';
import { DONE, POSITION, approvalRequests, data, findToolPart, loadFixture, locationStub, streamedText } from './helpers/fixtures.js';
import { WsBackend, replayTurns, type ClientFrame, type Script, type Turn } from './helpers/ws-backend.js';
// @ts-ignore -- plain JS, shared with the demo backend: what the real ADK backend reads (SPEC §4a).
import { answersIn } from '../../www/server/adk-reading.mjs';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function backendFor(script: Script): Promise<WsBackend> {
  const backend = await WsBackend.start(script);
  cleanups.push(() => backend.close());
  return backend;
}

function transportFor(backend: WsBackend, options: Record<string, unknown> = {}): BidiTransport {
  const transport = new BidiTransport({ url: backend.url, ...options });
  cleanups.push(() => transport.close());
  return transport;
}

/** Every message frame must be well formed (SPEC §5). */
function expectMessageFrame(frame: ClientFrame, chatId: string) {
  expect(frame).toMatchObject({ type: 'message', version: '1.0', id: chatId, trigger: 'submit-message' });
  expect(Number.isInteger(frame.timestamp)).toBe(true);
  expect(Array.isArray(frame.messages)).toBe(true);
}

describe('environment', () => {
  it('the global WebSocket is the one this run means to test', () => {
    if (process.env.ADK_WS_POLYFILL === '1') {
      expect(globalThis.WebSocket.prototype).toBeInstanceOf(WsWebSocket);
    } else {
      expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(22);
      expect(typeof globalThis.WebSocket).toBe('function');
      expect(globalThis.WebSocket.prototype instanceof WsWebSocket).toBe(false);
    }
  });
});

describe('SPEC §3 BIDI flows with the real BidiTransport', () => {
  it.each([
    { answer: 'approve', fixture: 'process_payment-approved-bidi-baseline', state: 'output-available' },
    { answer: 'deny', fixture: 'process_payment-denied-bidi-baseline', state: 'output-error' },
  ] as const)('F6 process_payment, user answers $answer: 2 message frames on one WebSocket', async ({ answer, fixture: name, state }) => {
    const fixture = loadFixture(name);
    const backend = await backendFor(replayTurns(fixture.turns));
    const transport = transportFor(backend);
    const t = createAppChat(transport, { mode: 'bidi', transport });
    const frames = () => backend.messageFrames.length;

    await t.chat.sendMessage({ text: fixture.userText });
    await settle(t, frames, 1, 'message frames');
    const [call] = approvalRequests(fixture.turns[0]);
    const pending = t.adk.pendingApprovals();
    expect(pending.map((p) => [p.toolName, p.toolCallId, p.approvalId])).toEqual([['process_payment', call.toolCallId, call.approvalId]]);

    await (answer === 'approve' ? t.adk.approve : t.adk.deny)(call.approvalId);
    await settle(t, frames, 2, 'message frames');
    await expectQuiet(t, () => backend.nonPing.length, 'client frames');

    expect(backend.connections, 'WebSocket connections').toBe(1);
    expect(backend.nonPing.map((f) => f.type)).toEqual(['message', 'message']);
    const [first, second] = backend.messageFrames;
    expectMessageFrame(first, t.chat.id);
    expectMessageFrame(second, t.chat.id);
    expect(findToolPart(second.messages, call.toolCallId)).toMatchObject({
      state: 'approval-responded',
      approval: { id: call.approvalId, approved: answer === 'approve' },
    });
    const final = lastMessage(t.chat);
    expect(t.chat.status).toBe('ready');
    expect(texts(final)).toEqual([streamedText(fixture.turns[1])]);
    expect(toolPartIn(final, call.toolCallId).state).toBe(state);
    expect(backend.scriptErrors).toEqual([]);
  });

  it.each([
    { alice: true, bob: true },
    { alice: true, bob: false },
    { alice: false, bob: true },
    { alice: false, bob: false },
  ])('F7 Alice then Bob, Alice approved $alice, Bob approved $bob: 3 message frames, final text', async ({ alice, bob }) => {
    const fixture = loadFixture('multiple-payments-sequential-bidi-baseline');
    const [aliceCall] = approvalRequests(fixture.turns[0]);
    const [bobCall] = approvalRequests(fixture.turns[1]);
    const backend = await backendFor(replayTurns(fixture.turns));
    const transport = transportFor(backend);
    const t = createAppChat(transport, { mode: 'bidi', transport });
    const frames = () => backend.messageFrames.length;

    await t.chat.sendMessage({ text: fixture.userText });
    await settle(t, frames, 1, 'message frames');
    expect(t.adk.pendingApprovals().map((p) => p.approvalId)).toEqual([aliceCall.approvalId]);
    await (alice ? t.adk.approve : t.adk.deny)(aliceCall.approvalId);
    await settle(t, frames, 2, 'message frames');
    expect(findToolPart(backend.messageFrames[1].messages, aliceCall.toolCallId).approval).toMatchObject({
      id: aliceCall.approvalId,
      approved: alice,
    });

    expect(t.adk.pendingApprovals().map((p) => p.approvalId)).toEqual([bobCall.approvalId]);
    await (bob ? t.adk.approve : t.adk.deny)(bobCall.approvalId);
    await settle(t, frames, 3, 'message frames');
    await expectQuiet(t, () => backend.nonPing.length, 'client frames');

    expect(backend.connections).toBe(1);
    const third = backend.messageFrames[2];
    expect(findToolPart(third.messages, bobCall.toolCallId)).toMatchObject({
      state: 'approval-responded',
      approval: { id: bobCall.approvalId, approved: bob },
    });
    expect(findToolPart(third.messages, aliceCall.toolCallId).state).toBe(alice ? 'output-available' : 'output-error');
    const final = lastMessage(t.chat);
    expect(t.chat.status).toBe('ready');
    expect(texts(final)).toEqual([streamedText(fixture.turns[2])]);
    expect(toolPartIn(final, aliceCall.toolCallId).state).toBe(alice ? 'output-available' : 'output-error');
    expect(toolPartIn(final, bobCall.toolCallId).state).toBe(bob ? 'output-available' : 'output-error');
    expect(backend.scriptErrors).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------
// get_location over BIDI. The backend asks for approval, then blocks; it reads the answer from the
// next message as the real ADK backend does (SPEC §4a): only a part in state `approval-responded`
// releases the wait. Pattern A: the output must come in that message, as the `tool-result` part
// after the approval (W1). Pattern B: the message carries the approval only, and the backend waits
// for the `tool_result` frame. A denial, or a failure the browser sent, is answered at once. Every
// response that continues the turn starts with a new messageId, as the real backend's do (W5).

const LOCATION_CALL = 'call-location-1';
const LOCATION_APPROVAL = 'approval-location-1';

interface LocationBackend {
  script: Script;
  /** What the backend made of the answer: 'output', 'tool_result', 'denied', 'browser-error'. */
  outcome: string[];
}

function locationBackend(): LocationBackend {
  const outcome: string[] = [];
  let waiting: Turn | null = null;
  const finish = (turn: Turn, chunks: any[], text: string) =>
    turn.send([
      data({ type: 'start', messageId: `location-answer-${turn.n}` }),
      ...chunks.map(data),
      data({ type: 'text-start', id: 'answer' }),
      data({ type: 'text-delta', id: 'answer', delta: text }),
      data({ type: 'text-end', id: 'answer' }),
      data({ type: 'finish', finishReason: 'stop' }),
      DONE,
    ]);
  const script: Script = {
    message(frame, turn) {
      if (turn.n === 0) {
        turn.send(
          [
            { type: 'start', messageId: 'location-answer' },
            { type: 'tool-input-start', toolCallId: LOCATION_CALL, toolName: 'get_location' },
            { type: 'tool-input-available', toolCallId: LOCATION_CALL, toolName: 'get_location', input: {} },
            { type: 'start-step' },
            { type: 'tool-approval-request', toolCallId: LOCATION_CALL, approvalId: LOCATION_APPROVAL },
            { type: 'finish-step' },
          ].map(data),
        );
        return;
      }
      if (turn.n !== 1) {
        outcome.push(`unexpected message ${turn.n + 1}`);
        turn.send([data({ type: 'error', errorText: `test backend: unexpected message ${turn.n + 1}` }), DONE]);
        return;
      }
      const answer = answersIn(frame.messages.at(-1)).get(LOCATION_CALL);
      if (answer === undefined) {
        // The real backend's wait is not released (its 30 s timeout follows): the test times out.
        outcome.push(`not released (${findToolPart(frame.messages, LOCATION_CALL)?.state})`);
      } else if (!answer.approved) {
        outcome.push('denied');
        finish(turn, [{ type: 'tool-output-error', toolCallId: LOCATION_CALL, errorText: 'User denied the location request' }], 'OK, I will not use your location.');
      } else if (answer.result !== undefined && typeof answer.result.error === 'string') {
        outcome.push('browser-error');
        finish(turn, [{ type: 'tool-output-error', toolCallId: LOCATION_CALL, errorText: answer.result.error }], `I could not get your location: ${answer.result.error}`);
      } else if (answer.result !== undefined) {
        outcome.push('output');
        const { latitude, longitude } = answer.result;
        finish(turn, [{ type: 'tool-output-available', toolCallId: LOCATION_CALL, output: answer.result }], `You are at ${latitude}, ${longitude}.`);
      } else {
        // Pattern B: the output follows as a tool_result frame.
        waiting = turn;
      }
    },
    toolResult(frame) {
      if (waiting === null || frame.toolCallId !== LOCATION_CALL) {
        outcome.push(`unexpected tool_result ${frame.toolCallId}`);
        return;
      }
      outcome.push('tool_result');
      const turn = waiting;
      waiting = null;
      const { latitude, longitude } = frame.result;
      finish(turn, [{ type: 'tool-output-available', toolCallId: LOCATION_CALL, output: frame.result }], `You are at ${latitude}, ${longitude}.`);
    },
  };
  return { script, outcome };
}

async function startLocationFlow(options: { bidiPattern?: 'A' | 'B'; stub: ReturnType<typeof locationStub>; viaRegistry?: boolean }) {
  const { script, outcome } = locationBackend();
  const backend = await backendFor(script);
  const transport = transportFor(backend);
  let tools: Record<string, any> | undefined = { get_location: { execute: options.stub.execute } };
  if (options.viaRegistry) {
    // The registry's executors have the old helpers' contract: (input, deps) => {success, output?, error?}.
    registerToolExecutor('get_location', async (input) => {
      try {
        return { success: true, output: await options.stub.execute(input, undefined) };
      } catch (error) {
        return { success: false, error: (error as Error).message };
      }
    });
    cleanups.push(() => resetToolExecutors());
    tools = undefined;
  }
  const t = createAppChat(transport, { mode: 'bidi', bidiPattern: options.bidiPattern, transport, tools });
  const frames = () => backend.messageFrames.length;
  await t.chat.sendMessage({ text: 'Where am I?' });
  await settle(t, frames, 1, 'message frames');
  expect(t.adk.pendingApprovals().map((p) => [p.toolName, p.approvalId])).toEqual([['get_location', LOCATION_APPROVAL]]);
  expect(options.stub.calls, 'geolocation before the answer').toHaveLength(0);
  return { t, backend, outcome, frames };
}

describe('SPEC §3 BIDI get_location flows with the real BidiTransport', () => {
  it.each([
    { how: 'createAdk tools', viaRegistry: false },
    { how: 'registerToolExecutor', viaRegistry: true },
  ])('F8 Pattern A, approve (executor via $how): 2 message frames, the second carries approval.approved=true AND the position', async ({ viaRegistry }) => {
    const stub = locationStub('grant');
    const { t, backend, outcome, frames } = await startLocationFlow({ stub, viaRegistry });

    await t.adk.approve(LOCATION_APPROVAL);
    await settle(t, frames, 2, 'message frames');
    await expectQuiet(t, () => backend.nonPing.length, 'client frames');

    expect(stub.calls).toHaveLength(1);
    expect(backend.connections).toBe(1);
    expect(backend.nonPing.map((f) => f.type)).toEqual(['message', 'message']);
    // SPEC §4a W1: the approval, then the position as a tool-result part, in the message frame.
    const parts = backend.messageFrames[1].messages.at(-1).parts;
    const index = parts.findIndex((p: any) => p.toolCallId === LOCATION_CALL);
    expect(parts[index]).toMatchObject({ state: 'approval-responded', approval: { id: LOCATION_APPROVAL, approved: true } });
    expect(parts[index].output).toBeUndefined();
    expect(parts[index + 1]).toEqual({ type: 'tool-result', toolCallId: LOCATION_CALL, result: POSITION });
    expect(outcome).toEqual(['output']);
    expect(texts(lastMessage(t.chat))).toEqual([`You are at ${POSITION.latitude}, ${POSITION.longitude}.`]);
    expect(toolPartIn(lastMessage(t.chat), LOCATION_CALL).state).toBe('output-available');
    // W5: the continuation's new messageId did not make a second assistant message.
    expect(t.chat.messages.map((m: any) => m.role)).toEqual(['user', 'assistant']);
  });

  // The approval message goes out first and the output FOLLOWS it as a tool_result frame (SPEC §2
  // principle 3, §5): a backend blocked on the approval reads the answer, then waits for the result.
  async function patternB(stub: ReturnType<typeof locationStub>) {
    const { t, backend, outcome, frames } = await startLocationFlow({ stub, bidiPattern: 'B' });
    await t.adk.approve(LOCATION_APPROVAL);
    await waitUntil(
      () => frames() >= 2 && backend.ofType('tool_result').length >= 1,
      () => `the backend got the approval message and the tool_result (frames: ${backend.nonPing.map((f) => f.type)})`,
    );
    expect(
      backend.nonPing.map((f) => f.type),
      'client frames in order: the tool_result must follow the message that carries the approval',
    ).toEqual(['message', 'message', 'tool_result']);
    await settle(t, frames, 2, 'message frames');
    await waitUntil(() => t.chat.status === 'ready', () => `the chat is ready (${t.chat.status})`);
    await expectQuiet(t, () => backend.nonPing.length, 'client frames');

    expect(stub.calls).toHaveLength(1);
    expect(backend.connections).toBe(1);
    expect(backend.nonPing.map((f) => f.type)).toEqual(['message', 'message', 'tool_result']);
    const sent = findToolPart(backend.messageFrames[1].messages, LOCATION_CALL);
    expect(sent).toMatchObject({ state: 'approval-responded', approval: { id: LOCATION_APPROVAL, approved: true } });
    expect(sent.output).toBeUndefined();
    const [result] = backend.ofType('tool_result');
    expect(Object.keys(result).sort()).toEqual(['result', 'timestamp', 'toolCallId', 'type', 'version']);
    expect(result).toMatchObject({ type: 'tool_result', version: '1.0', toolCallId: LOCATION_CALL, result: POSITION });
    expect(Number.isInteger(result.timestamp)).toBe(true);
    expect(outcome).toEqual(['tool_result']);
    const final = lastMessage(t.chat);
    expect(texts(final)).toEqual([`You are at ${POSITION.latitude}, ${POSITION.longitude}.`]);
    expect(toolPartIn(final, LOCATION_CALL)).toMatchObject({ state: 'output-available', output: POSITION });
  }

  it('F8 Pattern B, approve, geolocation takes 100 ms: the approval message, then exactly one tool_result frame with the position, no third message', async () => {
    await patternB(locationStub('grant', { delayMs: 100 }));
  });

  // With an executor that answers at once (a cached position, an app's own fast tool), the tool
  // runs before AI SDK has handed the approval's request to the transport; its tool_result must
  // still follow the message that carries the approval, or the backend gets a result for a call
  // it has not seen approved.
  it('F8 Pattern B, approve, geolocation answers at once: the tool_result still follows the approval message', async () => {
    await patternB(locationStub('grant'));
  });

  // Issue 32 §4: the socket closes after the approval went and before the browser's result could
  // follow. The part must not stay without an output (the chat would wait for it for good): it
  // gets an output-error saying the backend did not get the result, and onToolError the error.
  it('F8 Pattern B, the socket closes before the tool_result: the part says its result did not reach the backend; no tool_result frame', async () => {
    const stub = locationStub('grant', { delayMs: 150 });
    const toolErrors: unknown[] = [];
    const backend = await backendFor({
      message(_frame, turn) {
        if (turn.n === 0) {
          turn.send(
            [
              { type: 'start', messageId: 'location-answer' },
              { type: 'tool-input-available', toolCallId: LOCATION_CALL, toolName: 'get_location', input: {} },
              { type: 'start-step' },
              { type: 'tool-approval-request', toolCallId: LOCATION_CALL, approvalId: LOCATION_APPROVAL },
              { type: 'finish-step' },
            ].map(data),
          );
        } else {
          turn.socket.close(); // the backend goes away with the approval unanswered
        }
      },
    });
    const transport = transportFor(backend, { pingIntervalMs: 0 });
    const t = createAppChat(transport, {
      mode: 'bidi',
      bidiPattern: 'B',
      transport,
      tools: { get_location: { execute: stub.execute } },
      onToolError: (error) => toolErrors.push(error),
    });
    await t.chat.sendMessage({ text: 'Where am I?' });
    await waitUntil(() => t.adk.pendingApprovals().length === 1, () => `the approval is shown (${t.chat.status})`);
    await t.adk.approve(LOCATION_APPROVAL);
    await waitUntil(() => toolPartIn(lastMessage(t.chat), LOCATION_CALL)?.state === 'output-error', () => `the part has its output (${toolPartIn(lastMessage(t.chat), LOCATION_CALL)?.state})`);
    await t.adk.whenToolsIdle();
    expect(stub.calls).toHaveLength(1);
    expect(backend.ofType('tool_result')).toHaveLength(0);
    expect(toolPartIn(lastMessage(t.chat), LOCATION_CALL).errorText).toMatch(/^get_location ran, but its result could not be sent to the backend: /);
    expect(toolErrors).toHaveLength(1);
    expect(toolErrors[0]).toMatchObject({ name: 'AdkTransportError' });
  });

  it.each([{ bidiPattern: 'A' as const }, { bidiPattern: 'B' as const }])(
    'F9 deny (Pattern $bidiPattern): 2 message frames, geolocation never called',
    async ({ bidiPattern }) => {
      const stub = locationStub('grant');
      const { t, backend, outcome, frames } = await startLocationFlow({ stub, bidiPattern });

      await t.adk.deny(LOCATION_APPROVAL);
      await settle(t, frames, 2, 'message frames');
      await expectQuiet(t, () => backend.nonPing.length, 'client frames');

      expect(stub.calls, 'geolocation calls').toHaveLength(0);
      expect(backend.nonPing.map((f) => f.type)).toEqual(['message', 'message']);
      expect(findToolPart(backend.messageFrames[1].messages, LOCATION_CALL)).toMatchObject({
        state: 'approval-responded',
        approval: { id: LOCATION_APPROVAL, approved: false },
      });
      expect(outcome).toEqual(['denied']);
      expect(texts(lastMessage(t.chat))).toEqual(['OK, I will not use your location.']);
    },
  );

  it('F13 approved, but the browser refuses the position: request 2 carries output-error with a clear errorText', async () => {
    const stub = locationStub('refuse');
    const { t, backend, outcome, frames } = await startLocationFlow({ stub });

    await t.adk.approve(LOCATION_APPROVAL);
    await settle(t, frames, 2, 'message frames');
    await expectQuiet(t, () => backend.nonPing.length, 'client frames');

    expect(stub.calls).toHaveLength(1);
    expect(backend.nonPing.map((f) => f.type)).toEqual(['message', 'message']);
    const parts = backend.messageFrames[1].messages.at(-1).parts;
    const index = parts.findIndex((p: any) => p.toolCallId === LOCATION_CALL);
    expect(parts[index]).toMatchObject({ state: 'approval-responded', approval: { id: LOCATION_APPROVAL, approved: true } });
    const errorText = parts[index + 1].result.error;
    expect(errorText).toMatch(/Location permission was denied by the user/);
    expect(outcome).toEqual(['browser-error']);
    expect(texts(lastMessage(t.chat))).toEqual(['I could not get your location: ' + errorText]);
    expect(toolPartIn(lastMessage(t.chat), LOCATION_CALL).state).toBe('output-error');
  });
});

describe('BIDI ping', () => {
  it('pings while the socket is open and reports the round trip from the pong', async () => {
    const backend = await backendFor(replayTurns([[data({ type: 'start' }), data({ type: 'finish' }), DONE]]));
    const latencies: number[] = [];
    const transport = transportFor(backend, { pingIntervalMs: 50, onLatency: (ms: number) => latencies.push(ms) });
    const t = createAppChat(transport, { mode: 'bidi', transport });
    await t.chat.sendMessage({ text: 'hello' });
    await waitUntil(() => latencies.length >= 2, () => `two pongs were reported (pings sent: ${backend.ofType('ping').length})`, 3_000);
    const [ping] = backend.ofType('ping');
    expect(Object.keys(ping).sort()).toEqual(['timestamp', 'type', 'version']);
    expect(ping.version).toBe('1.0');
    expect(latencies.every((ms) => Number.isFinite(ms) && ms >= 0 && ms < 1_000)).toBe(true);
    expect(transport.latencyMs).toBeTypeOf('number');
    expect(backend.connections).toBe(1);
  });
});
