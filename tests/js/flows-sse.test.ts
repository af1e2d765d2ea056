// SPEC §3 flows F1–F5 over SSE: AI SDK's real Chat, the package's per-chat engine, recorded
// backend responses.
import { describe, expect, it, vi } from 'vitest';
import { approve, deny } from 'adk-stream-wasm';
import { aiSdk } from './helpers/ai.js';
import { createTestChat, expectNoFurtherRequest, lastAssistant, sentToolPart, settle, texts, toolPart } from './helpers/chat.js';
import { approvalRequests, loadFixture, streamedText, withOutputError } from './helpers/fixtures.js';
import { POSITION, expectPending, runApprovedBrowserTool, start } from './helpers/flows.js';
import { finalResponse, outputError, text } from './helpers/script.js';

describe(`SPEC §3 SSE flows, AI SDK ${aiSdk}`, () => {
  it('F1 SSE process_payment, user approves: 2 requests, final text shown', async () => {
    const fixture = loadFixture('process_payment-approved-sse-baseline');
    const t = createTestChat({ mode: 'sse' }, fixture.responses);
    await start(t, fixture.userText);
    const [call] = approvalRequests(fixture.responses[0]);
    expectPending(t, [call], 'process_payment');

    await approve(t.chat, call.approvalId);
    await settle(t, 2);
    await expectNoFurtherRequest(t);

    const sent = sentToolPart(t.transport.requests[1], call.toolCallId);
    expect(sent.state).toBe('approval-responded');
    expect(sent.approval).toMatchObject({ id: call.approvalId, approved: true });
    const final = lastAssistant(t.chat.messages);
    expect(texts(final)).toEqual([streamedText(fixture.responses[1])]);
    expect(toolPart(final, call.toolCallId).state).toBe('output-available');
  });

  it('F2 SSE process_payment, user denies: 2 requests', async () => {
    const fixture = loadFixture('process_payment-denied-sse-baseline');
    const t = createTestChat({ mode: 'sse' }, fixture.responses);
    await start(t, fixture.userText);
    const [call] = approvalRequests(fixture.responses[0]);
    expectPending(t, [call], 'process_payment');

    await deny(t.chat, call.approvalId, { reason: 'not now' });
    await settle(t, 2);
    await expectNoFurtherRequest(t);

    const sent = sentToolPart(t.transport.requests[1], call.toolCallId);
    expect(sent.state).toBe('approval-responded');
    expect(sent.approval).toMatchObject({ id: call.approvalId, approved: false, reason: 'not now' });
    const final = lastAssistant(t.chat.messages);
    expect(texts(final)).toEqual([streamedText(fixture.responses[1])]);
    expect(toolPart(final, call.toolCallId)).toMatchObject({ state: 'output-error', errorText: 'This tool call is rejected.' });
  });

  it('F3 SSE get_location, user approves, position available: 2 requests, request 2 carries approval AND output (Pattern A)', async () => {
    const fixture = loadFixture('get_location-approved-sse-baseline');
    const t = createTestChat({ mode: 'sse' }, fixture.responses);
    await start(t, fixture.userText);
    const [call] = approvalRequests(fixture.responses[0]);
    expectPending(t, [call], 'get_location');
    // The browser tool is stubbed: Node has no geolocation.
    const geolocation = vi.fn(async () => ({ ...POSITION }));

    await approve(t.chat, call.approvalId);
    // Pattern A (ADR 0008): the approval alone is not sent.
    await expectNoFurtherRequest(t);
    expect(t.transport.calls).toBe(1);
    expect(t.autoSend.explain({ messages: t.chat.messages }).rule).toBe('awaiting-browser-output');

    expect(await runApprovedBrowserTool(t, call.toolCallId, 'get_location', geolocation)).toBe(true);
    expect(geolocation).toHaveBeenCalledTimes(1);
    await settle(t, 2);
    await expectNoFurtherRequest(t);

    const sent = sentToolPart(t.transport.requests[1], call.toolCallId);
    expect(sent.state).toBe('output-available');
    expect(sent.approval).toMatchObject({ id: call.approvalId, approved: true });
    expect(sent.output).toEqual(POSITION);
    expect(texts(lastAssistant(t.chat.messages))).toEqual([streamedText(fixture.responses[1])]);
  });

  it('F4 SSE get_location, user denies: 2 requests, geolocation never called', async () => {
    const fixture = loadFixture('get_location-approved-sse-baseline');
    const [call] = approvalRequests(fixture.responses[0]);
    // The recorded backend answers a denial with an error, then text (as in the denied fixtures).
    const denied = finalResponse('sse', 1, [
      outputError(call.toolCallId, 'This tool call is rejected.'),
      ...text('0', 'The location was not shared.'),
    ]);
    const t = createTestChat({ mode: 'sse' }, [fixture.responses[0], denied]);
    await start(t, fixture.userText);
    expectPending(t, [call], 'get_location');
    const geolocation = vi.fn(async () => ({ ...POSITION }));

    await deny(t.chat, call.approvalId);
    expect(await runApprovedBrowserTool(t, call.toolCallId, 'get_location', geolocation)).toBe(false);
    await settle(t, 2);
    await expectNoFurtherRequest(t);

    expect(geolocation).not.toHaveBeenCalled();
    const sent = sentToolPart(t.transport.requests[1], call.toolCallId);
    expect(sent.state).toBe('approval-responded');
    expect(sent.approval).toMatchObject({ id: call.approvalId, approved: false });
    expect(sent.output).toBeUndefined();
    expect(texts(lastAssistant(t.chat.messages))).toEqual(['The location was not shared.']);
  });

  const mixes = [
    { alice: true, bob: true },
    { alice: true, bob: false },
    { alice: false, bob: true },
    { alice: false, bob: false },
  ];
  const word = (approved: boolean) => (approved ? 'approve' : 'deny');

  it.each(mixes)(
    'F5 SSE two process_payment approvals in one response, answered one by one (Alice $alice, Bob $bob): 2 requests, none after the first answer',
    async ({ alice, bob }) => {
      const fixture = loadFixture('multiple-payments-approved-sse-baseline');
      const [aliceCall, bobCall] = approvalRequests(fixture.responses[0]);
      let responses = fixture.responses;
      if (!alice) responses = withOutputError(responses, aliceCall.toolCallId, 'This tool call is rejected.');
      if (!bob) responses = withOutputError(responses, bobCall.toolCallId, 'This tool call is rejected.');
      const t = createTestChat({ mode: 'sse' }, responses);
      await start(t, fixture.userText);
      expectPending(t, [aliceCall, bobCall], 'process_payment');

      await (alice ? approve : deny)(t.chat, aliceCall.approvalId);
      await expectNoFurtherRequest(t);
      expect(t.transport.calls, `requests after the first answer (${word(alice)})`).toBe(1);
      expect(t.autoSend.explain({ messages: t.chat.messages }).rule).toBe('approval-pending');

      await (bob ? approve : deny)(t.chat, bobCall.approvalId);
      await settle(t, 2);
      await expectNoFurtherRequest(t);

      const request = t.transport.requests[1];
      expect(sentToolPart(request, aliceCall.toolCallId)).toMatchObject({ state: 'approval-responded', approval: { id: aliceCall.approvalId, approved: alice } });
      expect(sentToolPart(request, bobCall.toolCallId)).toMatchObject({ state: 'approval-responded', approval: { id: bobCall.approvalId, approved: bob } });
      const final = lastAssistant(t.chat.messages);
      expect(texts(final)).toEqual([streamedText(fixture.responses[1])]);
      expect(toolPart(final, aliceCall.toolCallId).state).toBe(alice ? 'output-available' : 'output-error');
      expect(toolPart(final, bobCall.toolCallId).state).toBe(bob ? 'output-available' : 'output-error');
    },
  );
});
