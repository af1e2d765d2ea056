// SPEC §3 flows F6–F7 over BIDI: one recorded socket conversation per fixture, played as the
// response streams the BIDI transport hands to Chat (split at [DONE] and at each finish-step that
// follows a tool-approval-request).
import { describe, expect, it } from 'vitest';
import { approve, deny } from 'adk-stream-wasm';
import { aiSdk } from './helpers/ai.js';
import { createTestChat, expectNoFurtherRequest, lastAssistant, sentToolPart, settle, texts, toolPart } from './helpers/chat.js';
import { approvalRequests, loadFixture, streamedText, withOutputError } from './helpers/fixtures.js';
import { expectPending, start } from './helpers/flows.js';

describe(`SPEC §3 BIDI flows, AI SDK ${aiSdk}`, () => {
  it.each([
    { answer: 'approve', fixture: 'process_payment-approved-bidi-baseline', state: 'output-available' },
    { answer: 'deny', fixture: 'process_payment-denied-bidi-baseline', state: 'output-error' },
  ] as const)('F6 BIDI process_payment, user answers $answer: 2 requests', async ({ answer, fixture: name, state }) => {
    const fixture = loadFixture(name);
    const t = createTestChat({ mode: 'bidi' }, fixture.responses);
    await start(t, fixture.userText);
    const [call] = approvalRequests(fixture.responses[0]);
    expectPending(t, [call], 'process_payment');

    await (answer === 'approve' ? approve : deny)(t.chat, call.approvalId);
    await settle(t, 2);
    await expectNoFurtherRequest(t);

    expect(sentToolPart(t.transport.requests[1], call.toolCallId)).toMatchObject({
      state: 'approval-responded',
      approval: { id: call.approvalId, approved: answer === 'approve' },
    });
    const final = lastAssistant(t.chat.messages);
    expect(texts(final)).toEqual([streamedText(fixture.responses[1])]);
    expect(toolPart(final, call.toolCallId).state).toBe(state);
  });

  it.each([
    { alice: true, bob: true },
    { alice: true, bob: false },
    { alice: false, bob: true },
    { alice: false, bob: false },
  ])('F7 BIDI two payments in sequence, Alice approved $alice then Bob approved $bob: 3 requests, final text', async ({ alice, bob }) => {
    const fixture = loadFixture('multiple-payments-sequential-bidi-baseline');
    const [aliceCall] = approvalRequests(fixture.responses[0]);
    const [bobCall] = approvalRequests(fixture.responses[1]);
    let responses = fixture.responses;
    // A denied payment: the BIDI backend reports the denial as the tool's error (as recorded in
    // process_payment-denied-bidi-baseline).
    if (!alice) responses = withOutputError(responses, aliceCall.toolCallId, 'User denied the payment');
    if (!bob) responses = withOutputError(responses, bobCall.toolCallId, 'User denied the payment');
    const t = createTestChat({ mode: 'bidi' }, responses);
    await start(t, fixture.userText);

    expectPending(t, [aliceCall], 'process_payment');
    await (alice ? approve : deny)(t.chat, aliceCall.approvalId);
    await settle(t, 2);
    expect(sentToolPart(t.transport.requests[1], aliceCall.toolCallId).approval).toMatchObject({ id: aliceCall.approvalId, approved: alice });

    expectPending(t, [bobCall], 'process_payment');
    await (bob ? approve : deny)(t.chat, bobCall.approvalId);
    await settle(t, 3);
    await expectNoFurtherRequest(t);

    const third = t.transport.requests[2];
    expect(sentToolPart(third, bobCall.toolCallId)).toMatchObject({ state: 'approval-responded', approval: { id: bobCall.approvalId, approved: bob } });
    expect(sentToolPart(third, aliceCall.toolCallId).state).toBe(alice ? 'output-available' : 'output-error');
    const final = lastAssistant(t.chat.messages);
    expect(texts(final)).toEqual([streamedText(fixture.responses[2])]);
    expect(toolPart(final, aliceCall.toolCallId).state).toBe(alice ? 'output-available' : 'output-error');
    expect(toolPart(final, bobCall.toolCallId).state).toBe(bob ? 'output-available' : 'output-error');
  });
});
