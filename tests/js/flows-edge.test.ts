// SPEC §3 flows F10–F12, F14 and F15: backends that answer in unusual ways, tool results written by
// the backend, and chat.stop(). Flows no fixture covers are scripted in the fixtures' format, in
// both modes.
import { describe, expect, it } from 'vitest';
import { approve, deny, pendingApprovals } from 'adk-stream-wasm';
import { aiSdk } from './helpers/ai.js';
import {
  createTestChat,
  expectNoFurtherRequest,
  lastAssistant,
  sentToolPart,
  settle,
  texts,
  toolPart,
  waitUntil,
} from './helpers/chat.js';
import { loadFixture, streamedText } from './helpers/fixtures.js';
import { expectPending, start } from './helpers/flows.js';
import { askingResponse, finalResponse, type Mode, output, reasoning, text, toolCall } from './helpers/script.js';

const PAY = { toolCallId: 'call-pay', approvalId: 'approval-pay' };
const PAY_INPUT = { recipient: 'Alice', amount: 30, currency: 'USD' };

// While AI SDK has not yet pushed the user's message the list is empty, which pendingApprovals
// rejects (reported separately, see helpers-api.test.ts); these waits only need the count.
const shownApprovals = (messages: any[]) => (messages.length === 0 ? 0 : pendingApprovals(messages).length);

describe.each(['sse', 'bidi'] as const)(`SPEC §3 edge flows over %s, AI SDK ${aiSdk}`, (mode: Mode) => {
  it.each(['approve', 'deny'] as const)(
    `F10 ${mode}: backend answers the approval (%s) with an empty turn: 2 requests, no third (no loop)`,
    async (answer) => {
      const t = createTestChat({ mode }, [
        askingResponse(mode, 0, toolCall(PAY.toolCallId, 'process_payment', PAY_INPUT), [PAY]),
        finalResponse(mode, 1, []),
      ]);
      await start(t, 'Pay Alice 30 dollars');
      expectPending(t, [PAY], 'process_payment');

      await (answer === 'approve' ? approve : deny)(t.chat, PAY.approvalId);
      await settle(t, 2);
      await expectNoFurtherRequest(t);

      expect(sentToolPart(t.transport.requests[1], PAY.toolCallId).approval).toMatchObject({ approved: answer === 'approve' });
      // The message is unchanged by the empty turn; the engine knows it sent the answer.
      const last = lastAssistant(t.chat.messages);
      expect(toolPart(last, PAY.toolCallId).state).toBe('approval-responded');
      expect(t.autoSend.explain({ messages: t.chat.messages })).toMatchObject({ send: false, rule: 'already-known' });
    },
  );

  it(`F11 ${mode}: backend sends text together with the second confirmation: 3 requests, second answer sent, both texts kept`, async () => {
    const search = { toolCallId: 'call-search', approvalId: 'approval-search' };
    const update = { toolCallId: 'call-update', approvalId: 'approval-update' };
    const t = createTestChat({ mode }, [
      askingResponse(mode, 0, toolCall(search.toolCallId, 'search_database', { query: 'inactive users' }), [search]),
      // ADR 0004's "broken" backend: the first tool's text arrives with the second confirmation.
      askingResponse(mode, 1, [...text('t1', 'Found 10 users.'), ...toolCall(update.toolCallId, 'update_database', { users: 10 })], [update]),
      finalResponse(mode, 2, text('t2', 'Database updated.')),
    ]);
    await start(t, 'Search and update the database');
    expectPending(t, [search], 'search_database');

    await approve(t.chat, search.approvalId);
    await settle(t, 2);
    expectPending(t, [update], 'update_database');

    await approve(t.chat, update.approvalId);
    await settle(t, 3);
    await expectNoFurtherRequest(t);

    expect(sentToolPart(t.transport.requests[2], update.toolCallId)).toMatchObject({
      state: 'approval-responded',
      approval: { id: update.approvalId, approved: true },
    });
    expect(texts(lastAssistant(t.chat.messages))).toEqual(['Found 10 users.', 'Database updated.']);
  });

  it(`F12 ${mode}: backend sends reasoning and text before the approval request: 2 requests`, async () => {
    const t = createTestChat({ mode }, [
      askingResponse(
        mode,
        0,
        [...reasoning('r0', 'The user wants to pay Alice.'), ...text('t0', 'I will pay Alice 30 USD.'), ...toolCall(PAY.toolCallId, 'process_payment', PAY_INPUT)],
        [PAY],
      ),
      finalResponse(mode, 1, [output(PAY.toolCallId, { success: true, transaction_id: 'txn_1' }), ...text('t1', 'Alice has been paid.')]),
    ]);
    await start(t, 'Pay Alice 30 dollars');
    expectPending(t, [PAY], 'process_payment');

    await approve(t.chat, PAY.approvalId);
    await settle(t, 2);
    await expectNoFurtherRequest(t);

    expect(sentToolPart(t.transport.requests[1], PAY.toolCallId).approval).toMatchObject({ id: PAY.approvalId, approved: true });
    const final = lastAssistant(t.chat.messages);
    expect(texts(final)).toEqual(['I will pay Alice 30 USD.', 'Alice has been paid.']);
    expect(final.parts.some((p: any) => p.type === 'reasoning')).toBe(true);
  });

  it.each(['change_bgm', 'get_weather'])(
    `F14 ${mode}: %s, tool output written by the backend, then text: 1 request`,
    async (tool) => {
      const fixture = loadFixture(`${tool}-${mode}-baseline`);
      const t = createTestChat({ mode }, fixture.responses);
      await start(t, fixture.userText);
      await expectNoFurtherRequest(t);

      const final = lastAssistant(t.chat.messages);
      const part = final.parts.find((p: any) => p.type === `tool-${tool}`);
      expect(part.state).toBe('output-available');
      expect(texts(final)).toEqual([streamedText(fixture.responses[0])]);
      expect(t.autoSend.explain({ messages: t.chat.messages }).send).toBe(false);
    },
  );

  // The approval request has arrived but the response is still open (SSE: no `finish` yet; BIDI: no
  // `finish-step` yet), and stays open until the user stops it.
  const openAskingResponse = () => ({
    chunks: askingResponse(mode, 0, toolCall(PAY.toolCallId, 'process_payment', PAY_INPUT), [PAY]).slice(0, -1),
    hang: true,
  });

  it(`F15 ${mode}: chat.stop() after the user answered while the response still streams: 1 request, nothing sent after the stop`, async () => {
    const t = createTestChat({ mode }, [openAskingResponse(), finalResponse(mode, 1, text('t1', 'Paid.'))]);
    const sending = t.chat.sendMessage({ text: 'Pay Alice 30 dollars' });
    await waitUntil(() => shownApprovals(t.chat.messages) === 1, 'the approval request is shown');
    expect(t.chat.status).toBe('streaming');

    await approve(t.chat, PAY.approvalId);
    expect(toolPart(lastAssistant(t.chat.messages), PAY.toolCallId).state).toBe('approval-responded');
    await t.chat.stop();
    await sending;

    expect(t.transport.abortedStreams).toBe(1);
    await expectNoFurtherRequest(t);
    expect(t.transport.calls).toBe(1);
    expect(t.chat.status).toBe('ready');
  });

  it(`F15 ${mode}: chat.stop() while the approval still awaits the user: 1 request, nothing sent after the stop`, async () => {
    const t = createTestChat({ mode }, [openAskingResponse(), finalResponse(mode, 1, text('t1', 'Paid.'))]);
    const sending = t.chat.sendMessage({ text: 'Pay Alice 30 dollars' });
    await waitUntil(() => shownApprovals(t.chat.messages) === 1, 'the approval request is shown');

    await t.chat.stop();
    await sending;

    expect(t.transport.abortedStreams).toBe(1);
    await expectNoFurtherRequest(t);
    expect(t.transport.calls).toBe(1);
    expect(pendingApprovals(t.chat.messages)).toHaveLength(1);
  });
});
