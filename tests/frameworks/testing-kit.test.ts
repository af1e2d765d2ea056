// Issue 34, SPEC §5 ("the testing kit works with every AI SDK Chat class, whose messages may be
// framework proxies"): the testing kit (adk-stream-wasm/testing) under AI SDK's Vue and Svelte
// `Chat`, whose messages are reactive proxies. Before the fix the kit's structuredClone of the
// request's messages threw "[object Array] could not be cloned" and the chat ended in `error`.
// The voice's turns as they reach a chat (spoken turns the backend starts, SPEC §5 W8, W9) through
// the kit's spokenTurn and createAdk's resumeBuffered, which writes the framework's messages.
import { describe, expect, it } from 'vitest';
import { answerApprovals, approve, createAutoSend, deny, pendingApprovals } from 'adk-stream-wasm';
import { adkScript, spokenTurn } from 'adk-stream-wasm/testing';
import { createAdk } from 'adk-stream-wasm/chat';
import { FRAMEWORKS, aiSdk } from './helpers/frameworks.js';

describe.each(FRAMEWORKS)(`the testing kit with AI SDK ${aiSdk}'s $name Chat (ai $ai)`, ({ Chat }) => {
  it.each(['sse', 'bidi'] as const)('SPEC §5, issue 34: %s, a payment approved: 2 requests, the answer recorded, no error', async (mode) => {
    const transport = adkScript({ mode })
      .approvalRequest('process_payment', { amount: 50 }, { toolCallId: 'call-1', approvalId: 'approval-1' })
      .done()
      .toolResult('call-1', { success: true })
      .text('Paid $50.')
      .done()
      .transport();
    const autoSend = createAutoSend({ mode });
    const chat = new Chat({ transport, sendAutomaticallyWhen: autoSend.sendAutomaticallyWhen });

    await chat.sendMessage({ text: 'Pay $50' });
    await transport.settled();
    expect(chat.error?.message).toBeUndefined();
    expect(transport.requestCount).toBe(1);
    expect(pendingApprovals(chat.messages).map((p) => p.approvalId)).toEqual(['approval-1']);

    await approve(chat, 'approval-1');
    expect(await transport.settled()).toBe(2);
    expect(chat.error?.message).toBeUndefined();
    expect(chat.status).toBe('ready');
    // The recorded request is a plain copy (not the chat's proxy): later changes do not reach it.
    const sent = transport.requests[1].messages.at(-1)!.parts.find((p: any) => p.toolCallId === 'call-1');
    expect(sent).toMatchObject({ state: 'approval-responded', approval: { id: 'approval-1', approved: true } });
    const last = chat.messages.at(-1);
    expect(last.parts.filter((p: any) => p.type === 'text').map((p: any) => p.text)).toEqual(['Paid $50.']);
  });

  it('SPEC §5, issue 34: sse, a payment denied: 2 requests, the denial recorded', async () => {
    const transport = adkScript({ mode: 'sse' })
      .approvalRequest('process_payment', { amount: 500 })
      .done()
      .toolError('call-1', 'This tool call is rejected.')
      .text('I did not pay.')
      .done()
      .transport();
    const autoSend = createAutoSend({ mode: 'sse' });
    const chat = new Chat({ transport, sendAutomaticallyWhen: autoSend.sendAutomaticallyWhen });
    await chat.sendMessage({ text: 'Pay $500' });
    await transport.settled();
    expect(chat.error?.message).toBeUndefined();
    await deny(chat, 'approval-1', { reason: 'too much' });
    expect(await transport.settled()).toBe(2);
    expect(chat.error?.message).toBeUndefined();
    const sent = transport.requests[1].messages.at(-1)!.parts.find((p: any) => p.toolCallId === 'call-1');
    expect(sent).toMatchObject({ state: 'approval-responded', approval: { approved: false, reason: 'too much' } });
  });
  it('SPEC §4, issue 34: answerApprovals answers two approvals at once: one request; a wrong id is an AdkUnknownApprovalError', async () => {
    const transport = adkScript({ mode: 'sse' })
      .approvalRequest('process_payment', { to: 'Alice' })
      .approvalRequest('process_payment', { to: 'Bob' })
      .done()
      .text('Paid Alice.')
      .done()
      .transport();
    const autoSend = createAutoSend({ mode: 'sse' });
    const chat = new Chat({ transport, sendAutomaticallyWhen: autoSend.sendAutomaticallyWhen });
    await chat.sendMessage({ text: 'Pay Alice and Bob' });
    await transport.settled();
    await expect(approve(chat, 'call-1')).rejects.toMatchObject({ name: 'AdkUnknownApprovalError' });
    const [alice, bob] = pendingApprovals(chat.messages);
    await answerApprovals(chat, () => ({ [alice.approvalId]: true, [bob.approvalId]: { approved: false, reason: 'not Bob' } }));
    expect(await transport.settled()).toBe(2);
    const sent = transport.requests[1].messages.at(-1)!.parts.filter((p: any) => p.state === 'approval-responded');
    expect(sent.map((p: any) => p.approval.approved)).toEqual([true, false]);
    expect(chat.error?.message).toBeUndefined();
  });

  it('SPEC §3 F3, issue 34: createAutoSend with a browser tool: claimToolCalls after the approval, the output and the approval in one request', async () => {
    const transport = adkScript({ mode: 'sse' })
      .approvalRequest('get_location', {}, { toolCallId: 'loc-1', approvalId: 'approval-loc' })
      .done()
      .text('You are in Tokyo.')
      .done()
      .transport();
    const autoSend = createAutoSend({ mode: 'sse' });
    const chat = new Chat({ transport, sendAutomaticallyWhen: autoSend.sendAutomaticallyWhen });
    await chat.sendMessage({ text: 'Where am I?' });
    await transport.settled();
    expect(autoSend.claimToolCalls(chat.messages)).toEqual([]);
    await approve(chat, 'approval-loc');
    const [call] = autoSend.claimToolCalls(chat.messages);
    expect(call).toMatchObject({ toolCallId: 'loc-1', toolName: 'get_location', run: 'approved' });
    await autoSend.addToolOutput(chat, { tool: 'get_location', toolCallId: 'loc-1', output: { latitude: 35.6762, longitude: 139.6503 } });
    expect(await transport.settled()).toBe(2);
    const sent = transport.requests[1].messages.at(-1)!.parts.find((p: any) => p.toolCallId === 'loc-1');
    expect(sent).toMatchObject({ state: 'output-available', approval: { approved: true }, output: { latitude: 35.6762 } });
  });

  it('SPEC §5 W8/W9, issue 34: bidi, spoken turns the backend starts: each its own message, the speech the user\'s, nothing sent', async () => {
    const transport = adkScript({ mode: 'bidi' }).text('You said: hello').done().text('You said: thanks').done().transport({ onAudio: () => {} });
    const adk = createAdk({ mode: 'bidi', transport });
    transport.onBufferedChunks = () => void adk.resumeBuffered();
    const chat = new Chat({ transport, sendAutomaticallyWhen: adk.sendAutomaticallyWhen });
    adk.attach(chat);
    await chat.sendMessage({ text: 'hello' });
    await transport.settled();
    transport.agentTurn(spokenTurn('What time is it?', 'It is noon.', { audio: ['AAECAwQFBgc='] }));
    await transport.settled();
    await chat.sendMessage({ text: 'thanks' });
    expect(await transport.settled(), 'the spoken turn sent nothing').toBe(2);
    const shown = chat.messages.map((m: any) => [m.role, m.parts.filter((p: any) => p.type === 'text').map((p: any) => p.text).join('')]);
    expect(shown).toEqual([
      ['user', 'hello'],
      ['assistant', 'You said: hello'],
      ['user', 'What time is it?'],
      ['assistant', 'It is noon.'],
      ['user', 'thanks'],
      ['assistant', 'You said: thanks'],
    ]);
    expect(chat.error?.message).toBeUndefined();
  });
});
