// Browser tools with the per-chat engine and AI SDK's real Chat, beyond F3/F4: a frontend tool the
// backend calls without an approval request, and a batch answer that includes one (Pattern A: the
// approval travels with the output). The tool itself is stubbed (no geolocation in Node).
import { describe, expect, it, vi } from 'vitest';
import { answerApprovals } from 'adk-stream-wasm';
import { aiSdk } from './helpers/ai.js';
import { createTestChat, expectNoFurtherRequest, lastAssistant, sentToolPart, settle, texts } from './helpers/chat.js';
import { POSITION, runApprovedBrowserTool, start } from './helpers/flows.js';
import { askingResponse, finalResponse, type Mode, output, text, toolCall } from './helpers/script.js';

const LOC = { toolCallId: 'call-loc', approvalId: 'approval-loc' };
const PAY = { toolCallId: 'call-pay', approvalId: 'approval-pay' };

describe.each(['sse', 'bidi'] as const)(`browser tools over %s, AI SDK ${aiSdk}`, (mode: Mode) => {
  it(`${mode}: get_location called without an approval request: no request until its output, then one`, async () => {
    const t = createTestChat({ mode }, [
      finalResponse(mode, 0, toolCall(LOC.toolCallId, 'get_location', {})),
      finalResponse(mode, 1, [output(LOC.toolCallId, POSITION), ...text('t1', 'You are in Tokyo.')]),
    ]);
    await start(t, 'Where am I?');
    await expectNoFurtherRequest(t);
    expect(t.autoSend.explain({ messages: t.chat.messages }).rule).toBe('awaiting-browser-output');

    await t.autoSend.addToolOutput(t.chat, { tool: 'get_location', toolCallId: LOC.toolCallId, output: POSITION });
    await settle(t, 2);
    await expectNoFurtherRequest(t);

    expect(sentToolPart(t.transport.requests[1], LOC.toolCallId)).toMatchObject({ state: 'output-available', output: POSITION });
    expect(texts(lastAssistant(t.chat.messages))).toEqual(['You are in Tokyo.']);
  });

  it(`${mode} Pattern A: answerApprovals approving process_payment and get_location: one request, once the position exists, carrying both`, async () => {
    const t = createTestChat({ mode }, [
      askingResponse(mode, 0, [...toolCall(PAY.toolCallId, 'process_payment', { amount: 5 }), ...toolCall(LOC.toolCallId, 'get_location', {})], [PAY, LOC]),
      finalResponse(mode, 1, [output(PAY.toolCallId, { success: true }), output(LOC.toolCallId, POSITION), ...text('t1', 'Paid, and you are in Tokyo.')]),
    ]);
    await start(t, 'Pay 5 dollars and tell me where I am');
    const geolocation = vi.fn(async () => ({ ...POSITION }));

    await answerApprovals(t.chat, (pending) => pending.map((p) => ({ approvalId: p.approvalId, approved: true })));
    await expectNoFurtherRequest(t);
    expect(t.transport.calls).toBe(1);

    expect(await runApprovedBrowserTool(t, LOC.toolCallId, 'get_location', geolocation)).toBe(true);
    await settle(t, 2);
    await expectNoFurtherRequest(t);

    const request = t.transport.requests[1];
    expect(sentToolPart(request, PAY.toolCallId)).toMatchObject({ state: 'approval-responded', approval: { id: PAY.approvalId, approved: true } });
    expect(sentToolPart(request, LOC.toolCallId)).toMatchObject({ state: 'output-available', output: POSITION, approval: { id: LOC.approvalId, approved: true } });
    expect(texts(lastAssistant(t.chat.messages))).toEqual(['Paid, and you are in Tokyo.']);
  });

  it(`${mode}: answerApprovals approving process_payment and denying get_location: one request at once, the tool never runs`, async () => {
    const t = createTestChat({ mode }, [
      askingResponse(mode, 0, [...toolCall(PAY.toolCallId, 'process_payment', { amount: 5 }), ...toolCall(LOC.toolCallId, 'get_location', {})], [PAY, LOC]),
      finalResponse(mode, 1, [output(PAY.toolCallId, { success: true }), ...text('t1', 'Paid; no location.')]),
    ]);
    await start(t, 'Pay 5 dollars and tell me where I am');
    const geolocation = vi.fn(async () => ({ ...POSITION }));

    await answerApprovals(t.chat, () => ({ [PAY.approvalId]: true, [LOC.approvalId]: false }));
    expect(await runApprovedBrowserTool(t, LOC.toolCallId, 'get_location', geolocation)).toBe(false);
    await settle(t, 2);
    await expectNoFurtherRequest(t);

    expect(geolocation).not.toHaveBeenCalled();
    expect(sentToolPart(t.transport.requests[1], LOC.toolCallId)).toMatchObject({ state: 'approval-responded', approval: { approved: false } });
  });
});
