// SPEC §4 helpers with AI SDK's real Chat: approve/deny validate the APPROVAL id, answerApprovals
// applies every answer or none and is followed by exactly one request.
import { describe, expect, it, vi } from 'vitest';
import { answerApprovals, approve, deny, pendingApprovals } from 'adk-stream-wasm';
import { aiSdk } from './helpers/ai.js';
import { createTestChat, expectNoFurtherRequest, lastAssistant, sentToolPart, settle, texts, toolPart } from './helpers/chat.js';
import { approvalRequests, loadFixture, streamedText, withOutputError } from './helpers/fixtures.js';
import { expectPending, start } from './helpers/flows.js';

async function twoPendingPayments(responses?: (r: ReturnType<typeof loadFixture>['responses']) => any[]) {
  const fixture = loadFixture('multiple-payments-approved-sse-baseline');
  const [alice, bob] = approvalRequests(fixture.responses[0]);
  const t = createTestChat({ mode: 'sse' }, responses ? responses(fixture.responses) : fixture.responses);
  await start(t, fixture.userText);
  expectPending(t, [alice, bob], 'process_payment');
  return { t, fixture, alice, bob };
}

function expectStillPending(t: ReturnType<typeof createTestChat>, ids: string[]) {
  expect(pendingApprovals(t.chat.messages).map((p) => p.approvalId)).toEqual(ids);
  for (const part of lastAssistant(t.chat.messages).parts) {
    if (part.toolCallId) expect(part.state).toBe('approval-requested');
  }
}

describe(`SPEC §4 approve / deny, AI SDK ${aiSdk}`, () => {
  it.each([
    ['approve', approve],
    ['deny', deny],
  ] as const)('%s with a toolCallId is an AdkUnknownApprovalError naming the valid approval ids; nothing changes', async (_name, answer) => {
    const fixture = loadFixture('process_payment-approved-sse-baseline');
    const [call] = approvalRequests(fixture.responses[0]);
    const t = createTestChat({ mode: 'sse' }, fixture.responses);
    await start(t, fixture.userText);

    const error: any = await answer(t.chat, call.toolCallId).then(
      () => null,
      (e) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('AdkUnknownApprovalError');
    expect(error.message).toContain(call.approvalId);
    expect(error.message).toContain(call.toolCallId);

    await expectNoFurtherRequest(t);
    expect(t.transport.calls).toBe(1);
    expectStillPending(t, [call.approvalId]);
  });

  it('approve with an unknown id lists the pending approval ids', async () => {
    const { t, alice, bob } = await twoPendingPayments();
    await expect(approve(t.chat, 'approval-that-does-not-exist')).rejects.toSatisfy(
      (e: any) => e.name === 'AdkUnknownApprovalError' && e.message.includes(alice.approvalId) && e.message.includes(bob.approvalId),
    );
    await expectNoFurtherRequest(t);
    expect(t.transport.calls).toBe(1);
  });

  it('approve resolves once the answer is committed in chat.messages', async () => {
    const { t, alice } = await twoPendingPayments();
    await approve(t.chat, alice.approvalId, { reason: 'known recipient' });
    expect(toolPart(lastAssistant(t.chat.messages), alice.toolCallId)).toMatchObject({
      state: 'approval-responded',
      approval: { id: alice.approvalId, approved: true, reason: 'known recipient' },
    });
  });

  it('pendingApprovals gives tool name, input, approval id and toolCallId of each pending approval', async () => {
    const { t, fixture, alice, bob } = await twoPendingPayments();
    const inputs = fixture.responses[0].filter((c) => c.type === 'tool-input-available').map((c) => c.input);
    expect(pendingApprovals(t.chat.messages)).toEqual([
      expect.objectContaining({ ...alice, toolName: 'process_payment', input: inputs[0] }),
      expect.objectContaining({ ...bob, toolName: 'process_payment', input: inputs[1] }),
    ]);
  });

  // A new chat has no messages; an app that renders pendingApprovals(chat.messages) must not crash.
  it('pendingApprovals of a new chat (no messages) is []', () => {
    expect(pendingApprovals([])).toEqual([]);
  });

  it('pendingApprovals of a chat whose last message is the user\'s is []', () => {
    expect(pendingApprovals([{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] }])).toEqual([]);
  });
});

describe(`SPEC §4 answerApprovals, AI SDK ${aiSdk}`, () => {
  it.each([
    ['an array of {approvalId, approved}', (a: string, b: string) => [{ approvalId: a, approved: true }, { approvalId: b, approved: false, reason: 'too much' }]],
    ['a record of booleans and decisions', (a: string, b: string) => ({ [a]: true, [b]: { approved: false, reason: 'too much' } })],
    ['a Map, returned by an async handler', (a: string, b: string) => Promise.resolve(new Map<string, any>([[a, true], [b, { approved: false, reason: 'too much' }]]))],
  ])('answers N approvals with one request (decisions as %s)', async (_form, decide) => {
    const { t, fixture, alice, bob } = await twoPendingPayments((r) =>
      withOutputError(r, approvalRequests(r[0])[1].toolCallId, 'This tool call is rejected.'),
    );
    const handler = vi.fn((pending: any[]) => decide(pending[0].approvalId, pending[1].approvalId));

    const applied = await answerApprovals(t.chat, handler);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0][0].map((p: any) => [p.approvalId, p.toolCallId, p.toolName])).toEqual([
      [alice.approvalId, alice.toolCallId, 'process_payment'],
      [bob.approvalId, bob.toolCallId, 'process_payment'],
    ]);
    expect(applied).toEqual([
      expect.objectContaining({ approvalId: alice.approvalId, approved: true }),
      expect.objectContaining({ approvalId: bob.approvalId, approved: false }),
    ]);

    await settle(t, 2);
    await expectNoFurtherRequest(t);
    const request = t.transport.requests[1];
    expect(sentToolPart(request, alice.toolCallId).approval).toMatchObject({ id: alice.approvalId, approved: true });
    expect(sentToolPart(request, bob.toolCallId).approval).toMatchObject({ id: bob.approvalId, approved: false, reason: 'too much' });
    expect(texts(lastAssistant(t.chat.messages))).toEqual([streamedText(fixture.responses[1])]);
  });

  it('a decision missing for one approval is an AdkIncompleteBatchError naming it; nothing is applied, no request', async () => {
    const { t, alice, bob } = await twoPendingPayments();
    const error: any = await answerApprovals(t.chat, () => [{ approvalId: alice.approvalId, approved: true }]).then(
      () => null,
      (e) => e,
    );
    expect(error?.name).toBe('AdkIncompleteBatchError');
    expect(error.message).toContain(bob.approvalId);

    await expectNoFurtherRequest(t);
    expect(t.transport.calls).toBe(1);
    expectStillPending(t, [alice.approvalId, bob.approvalId]);
  });

  it('an unknown id (a toolCallId) is an AdkIncompleteBatchError naming it; nothing is applied, no request', async () => {
    const { t, alice, bob } = await twoPendingPayments();
    const error: any = await answerApprovals(t.chat, () => ({ [alice.approvalId]: true, [bob.approvalId]: true, [bob.toolCallId]: false })).then(
      () => null,
      (e) => e,
    );
    expect(error?.name).toBe('AdkIncompleteBatchError');
    expect(error.message).toContain(bob.toolCallId);

    await expectNoFurtherRequest(t);
    expect(t.transport.calls).toBe(1);
    expectStillPending(t, [alice.approvalId, bob.approvalId]);
  });

  it('a handler that throws applies nothing and sends nothing', async () => {
    const { t, alice, bob } = await twoPendingPayments();
    await expect(
      answerApprovals(t.chat, () => {
        throw new Error('the dialog was closed');
      }),
    ).rejects.toThrow('the dialog was closed');
    await expectNoFurtherRequest(t);
    expect(t.transport.calls).toBe(1);
    expectStillPending(t, [alice.approvalId, bob.approvalId]);
  });
});
