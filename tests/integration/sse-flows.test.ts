// SPEC §3 SSE flows F3 and F4 end to end: AI SDK's own DefaultChatTransport (real fetch, real HTTP)
// under AI SDK's real Chat, against a local HTTP backend that replays the recorded get_location
// conversation (one response per `[DONE]`), with the package's engine and browser tool runner
// (`createAdk({mode: 'sse', tools: {get_location: stub}})`).
import { afterEach, describe, expect, it } from 'vitest';
import { DefaultChatTransport } from 'ai';
import { AdkSseTransport } from 'adk-stream-wasm/chat';
import { createAppChat, expectQuiet, lastMessage, settle, texts, toolPartIn } from './helpers/chat.js';
import { POSITION, approvalRequests, chunksOf, data, findToolPart, loadFixture, locationStub, parseFrame, streamedText } from './helpers/fixtures.js';
import { SseBackend, readAsAdk, type SseScript } from './helpers/sse-backend.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

const fixture = loadFixture('get_location-approved-sse-baseline');
const [call] = approvalRequests(fixture.turns[0]);
const DENIED_TEXT = 'OK, I will not use your location.';

/**
 * The recorded responses; for a request that shows the call denied, the backend reports the denial
 * (`tool-output-denied`) and says so instead of the recorded output and text.
 */
const recorded: SseScript = (body, n) => {
  const turn = fixture.turns[n];
  if (turn === undefined) return [data({ type: 'error', errorText: `test backend: no response left for request ${n + 1}` }), 'data: [DONE]\n\n'];
  const part = n > 0 ? findToolPart(body.messages, call.toolCallId) : undefined;
  if (part?.approval?.approved !== false) return turn;
  return turn.map((raw) => {
    const chunk = parseFrame(raw);
    if (chunk === 'DONE') return raw;
    if (chunk.type === 'tool-output-available') return data({ type: 'tool-output-denied', toolCallId: call.toolCallId });
    if (chunk.type === 'text-delta') return data({ ...chunk, delta: DENIED_TEXT });
    return raw;
  });
};

/** Why the backend did not read a request (SPEC §4a), for the test that ends. */
let ignored: string[] = [];
const script = (body: any, n: number) => readAsAdk(recorded, ignored)(body, n);
afterEach(() => {
  ignored = [];
});

async function start(stub: ReturnType<typeof locationStub>, transportKind: 'adk' | 'ai-sdk-default' = 'adk') {
  const backend = await SseBackend.start(script);
  cleanups.push(() => backend.close());
  const transport = transportKind === 'adk' ? new AdkSseTransport({ api: backend.url }) : new DefaultChatTransport({ api: backend.url });
  const t = createAppChat(transport, { mode: 'sse', tools: { get_location: { execute: stub.execute } } });
  const requests = () => backend.requests.length;
  await t.chat.sendMessage({ text: fixture.userText });
  await settle(t, requests, 1);
  expect(t.adk.pendingApprovals().map((p) => [p.toolName, p.toolCallId, p.approvalId])).toEqual([['get_location', call.toolCallId, call.approvalId]]);
  expect(t.adk.explain().send).toBe(false);
  expect(stub.calls, 'geolocation before the answer').toHaveLength(0);
  return { t, backend, requests };
}

describe('SPEC §3 SSE get_location flows with DefaultChatTransport', () => {
  it('F3 approve, position available: 2 requests, request 2 carries approval.approved=true AND the position (Pattern A)', async () => {
    const stub = locationStub('grant');
    const { t, backend, requests } = await start(stub);

    await t.adk.approve(call.approvalId);
    await settle(t, requests, 2);
    await expectQuiet(t, requests);

    expect(stub.calls).toHaveLength(1);
    for (const request of backend.requests) {
      expect(request.method).toBe('POST');
      expect(request.body).toMatchObject({ id: t.chat.id, trigger: 'submit-message' });
    }
    // SPEC §4a W1: the approval, then the position as a tool-result part, in request 2.
    const last = backend.requests[1].body.messages.at(-1);
    const index = last.parts.findIndex((p: any) => p.toolCallId === call.toolCallId);
    expect(last.parts[index]).toMatchObject({ state: 'approval-responded', approval: { id: call.approvalId, approved: true } });
    expect(last.parts[index].output).toBeUndefined();
    expect(last.parts[index + 1]).toEqual({ type: 'tool-result', toolCallId: call.toolCallId, result: POSITION });
    expect(ignored).toEqual([]);
    const final = lastMessage(t.chat);
    expect(t.chat.status).toBe('ready');
    expect(texts(final)).toEqual([streamedText(fixture.turns[1])]);
    // W5: the answer goes on in the message it answers; W3: the chat holds AI SDK's shape.
    expect(t.chat.messages.map((m: any) => m.role)).toEqual(['user', 'assistant']);
    const recordedOutput = chunksOf(fixture.turns[1]).find((c) => c.type === 'tool-output-available')!.output;
    expect(toolPartIn(final, call.toolCallId)).toMatchObject({ state: 'output-available', output: recordedOutput });
  });

  it('F4 deny: 2 requests, geolocation never called', async () => {
    const stub = locationStub('grant');
    const { t, backend, requests } = await start(stub);

    await t.adk.deny(call.approvalId);
    await settle(t, requests, 2);
    await expectQuiet(t, requests);

    expect(stub.calls, 'geolocation calls').toHaveLength(0);
    const sent = findToolPart(backend.requests[1].body.messages, call.toolCallId);
    expect(sent).toMatchObject({ state: 'approval-responded', approval: { id: call.approvalId, approved: false } });
    expect(sent.output).toBeUndefined();
    const final = lastMessage(t.chat);
    expect(t.chat.status).toBe('ready');
    expect(texts(final)).toEqual([DENIED_TEXT]);
    expect(toolPartIn(final, call.toolCallId).state).toBe('output-denied');
  });

  it('F13 over SSE: approved, the browser refuses: request 2 carries output-error with a clear errorText', async () => {
    const stub = locationStub('refuse');
    const { t, backend, requests } = await start(stub);

    await t.adk.approve(call.approvalId);
    await settle(t, requests, 2);
    await expectQuiet(t, requests);

    expect(stub.calls).toHaveLength(1);
    const last = backend.requests[1].body.messages.at(-1);
    const index = last.parts.findIndex((p: any) => p.toolCallId === call.toolCallId);
    expect(last.parts[index]).toMatchObject({ state: 'approval-responded', approval: { id: call.approvalId, approved: true } });
    expect(last.parts[index + 1]).toMatchObject({ type: 'tool-result', toolCallId: call.toolCallId });
    expect(last.parts[index + 1].result.error).toMatch(/Location permission was denied by the user/);
    expect(ignored).toEqual([]);
  });

  it("SPEC §4a row A: with AI SDK's DefaultChatTransport (AI SDK's shape) the ADK backend answers the approved position with an empty response", async () => {
    const stub = locationStub('grant');
    const { t, backend, requests } = await start(stub, 'ai-sdk-default');

    await t.adk.approve(call.approvalId);
    await settle(t, requests, 2);
    await expectQuiet(t, requests);

    expect(findToolPart(backend.requests[1].body.messages, call.toolCallId)).toMatchObject({ state: 'output-available', output: POSITION });
    expect(ignored).toEqual([expect.stringMatching(/none in state approval-responded/)]);
    // The chat silently goes back to ready with no answer: what AdkSseTransport prevents.
    expect(texts(lastMessage(t.chat))).toEqual([]);
  });

  it("backend 'ai-sdk': AdkSseTransport sends AI SDK's shape, never a tool-result part", async () => {
    const bodies: any[] = [];
    const backend = await SseBackend.start((body, n) => {
      bodies.push(body);
      return recorded(body, n);
    });
    cleanups.push(() => backend.close());
    const stub = locationStub('grant');
    const transport = new AdkSseTransport({ api: backend.url, backend: 'ai-sdk' });
    const t = createAppChat(transport, { mode: 'sse', tools: { get_location: { execute: stub.execute } } });
    await t.chat.sendMessage({ text: fixture.userText });
    await settle(t, () => backend.requests.length, 1);
    await t.adk.approve(call.approvalId);
    await settle(t, () => backend.requests.length, 2);
    await expectQuiet(t, () => backend.requests.length);
    expect(JSON.stringify(bodies)).not.toContain('"tool-result"');
    expect(findToolPart(bodies[1].messages, call.toolCallId)).toMatchObject({ state: 'output-available', output: POSITION });
  });
});
