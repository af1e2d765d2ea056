// The scripted chats that SPEC §5's "the testing kit works with every AI SDK Chat class, whose
// messages may be framework proxies" asks of each `Chat`: one table, run over React's (AI SDK's)
// `Chat` by tests/js/testing-kit.test.ts and over Vue's and Svelte's by
// tests/frameworks/testing-kit.test.ts (issue 34: before its fix the kit's structuredClone of a
// framework's proxied messages threw "[object Array] could not be cloned"). Each row names the SPEC
// rows it proves; its `run` takes the `Chat` class under test.
// Imports resolve from the workspace root's node_modules, where the scripts install the packed package.
import { expect } from 'vitest';
import { answerApprovals, approve, createAutoSend, deny, pendingApprovals } from 'adk-stream-wasm';
import { adkScript, spokenTurn } from 'adk-stream-wasm/testing';
import { createAdk } from 'adk-stream-wasm/chat';

export type ChatClass = new (init: any) => any;

export interface KitCase {
  name: string;
  run(Chat: ChatClass): Promise<void>;
}

const texts = (message: any): string[] => message.parts.filter((p: any) => p.type === 'text').map((p: any) => p.text);
/** The chat as [role, its text] per message. */
const shown = (chat: any) => chat.messages.map((m: any) => [m.role, texts(m).join('')]);
/** The part of the last request's last message for `toolCallId`, as the transport recorded it. */
const sentPart = (transport: any, toolCallId: string) => transport.requests.at(-1).messages.at(-1).parts.find((p: any) => p.toolCallId === toolCallId);

/** A chat of `Chat` over `transport` with the package's createAutoSend, as the README wires one. */
function autoSendChat(Chat: ChatClass, mode: 'sse' | 'bidi', transport: any) {
  const autoSend = createAutoSend({ mode });
  return { autoSend, chat: new Chat({ transport, sendAutomaticallyWhen: autoSend.sendAutomaticallyWhen }) };
}

const approvedPayment = (mode: 'sse' | 'bidi'): KitCase => ({
  name: `SPEC §3 F1/F6, §5 W5: ${mode}, a payment approved: 2 requests, the answer sent once, one assistant message with the result and the text, no error`,
  async run(Chat) {
    // The script gives each SSE response its own messageId, as an ADK backend does (W5: one message all the same).
    const transport = adkScript({ mode })
      .reasoning('The user wants to pay.')
      .approvalRequest('process_payment', { amount: 50 }, { toolCallId: 'call-1', approvalId: 'approval-1' })
      .done()
      .toolResult('call-1', { success: true })
      .text('Paid $50.')
      .done()
      .transport();
    const { chat } = autoSendChat(Chat, mode, transport);
    await chat.sendMessage({ text: 'Pay $50' });
    expect(await transport.settled()).toBe(1);
    expect(chat.error?.message).toBeUndefined();
    expect(pendingApprovals(chat.messages).map((p) => p.approvalId)).toEqual(['approval-1']);

    await approve(chat, 'approval-1');
    expect(await transport.settled()).toBe(2);
    expect(chat.error?.message).toBeUndefined();
    expect(chat.status).toBe('ready');
    // The recorded request is a plain copy (not a framework's proxy), the answer in it.
    expect(sentPart(transport, 'call-1')).toMatchObject({ state: 'approval-responded', approval: { id: 'approval-1', approved: true } });
    expect(chat.messages.map((m: any) => m.role)).toEqual(['user', 'assistant']);
    const parts = chat.messages[1].parts.filter((p: any) => p.toolCallId === 'call-1');
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ state: 'output-available', output: { success: true } });
    expect(texts(chat.messages[1])).toEqual(['Paid $50.']);
  },
});

export const KIT_CASES: KitCase[] = [
  approvedPayment('sse'),
  approvedPayment('bidi'),
  {
    name: 'SPEC §3 F2: sse, a payment denied, the backend answers with a tool error: 2 requests, the denial and its reason sent',
    async run(Chat) {
      const transport = adkScript({ mode: 'sse' })
        .approvalRequest('process_payment', { amount: 500 })
        .done()
        .toolError('call-1', 'This tool call is rejected.')
        .text('I did not pay.')
        .done()
        .transport();
      const { chat } = autoSendChat(Chat, 'sse', transport);
      await chat.sendMessage({ text: 'Pay $500' });
      await transport.settled();
      expect(chat.error?.message).toBeUndefined();
      await deny(chat, 'approval-1', { reason: 'too much' });
      expect(await transport.settled()).toBe(2);
      expect(chat.error?.message).toBeUndefined();
      expect(sentPart(transport, 'call-1')).toMatchObject({ state: 'approval-responded', approval: { approved: false, reason: 'too much' } });
      expect(chat.messages.at(-1).parts.find((p: any) => p.toolCallId === 'call-1')).toMatchObject({ state: 'output-error' });
    },
  },
  {
    name: 'SPEC §4: answerApprovals answers two approvals at once: one request; a wrong id is an AdkUnknownApprovalError',
    async run(Chat) {
      const transport = adkScript({ mode: 'sse' })
        .approvalRequest('process_payment', { to: 'Alice' })
        .approvalRequest('process_payment', { to: 'Bob' })
        .done()
        .text('Paid Alice.')
        .done()
        .transport();
      const { chat } = autoSendChat(Chat, 'sse', transport);
      await chat.sendMessage({ text: 'Pay Alice and Bob' });
      await transport.settled();
      await expect(approve(chat, 'call-1')).rejects.toMatchObject({ name: 'AdkUnknownApprovalError' });
      const [alice, bob] = pendingApprovals(chat.messages);
      await answerApprovals(chat, () => ({ [alice.approvalId]: true, [bob.approvalId]: { approved: false, reason: 'not Bob' } }));
      expect(await transport.settled()).toBe(2);
      const sent = transport.requests[1].messages.at(-1)!.parts.filter((p: any) => p.state === 'approval-responded');
      expect(sent.map((p: any) => p.approval.approved)).toEqual([true, false]);
      expect(chat.error?.message).toBeUndefined();
    },
  },
  {
    name: 'SPEC §3 F3: createAutoSend with a browser tool: claimToolCalls after the approval, the output and the approval in one request',
    async run(Chat) {
      const transport = adkScript({ mode: 'sse' })
        .approvalRequest('get_location', {}, { toolCallId: 'loc-1', approvalId: 'approval-loc' })
        .done()
        .text('You are in Tokyo.')
        .done()
        .transport();
      const { autoSend, chat } = autoSendChat(Chat, 'sse', transport);
      await chat.sendMessage({ text: 'Where am I?' });
      await transport.settled();
      expect(autoSend.claimToolCalls(chat.messages)).toEqual([]);
      await approve(chat, 'approval-loc');
      const [call] = autoSend.claimToolCalls(chat.messages);
      expect(call).toMatchObject({ toolCallId: 'loc-1', toolName: 'get_location', run: 'approved' });
      await autoSend.addToolOutput(chat, { tool: 'get_location', toolCallId: 'loc-1', output: { latitude: 35.6762, longitude: 139.6503 } });
      expect(await transport.settled()).toBe(2);
      expect(sentPart(transport, 'loc-1')).toMatchObject({ state: 'output-available', approval: { approved: true }, output: { latitude: 35.6762 } });
    },
  },
  {
    name: "SPEC §5 W8/W9: bidi, a typed turn, two spoken turns the backend starts, a typed turn: each its own message, in order, the speech the user's, nothing sent",
    async run(Chat) {
      const transport = adkScript({ mode: 'bidi' }).text('You said: hello').done().text('You said: thanks').done().transport({ onAudio: () => {} });
      // Wired as the README wires BidiTransport: onBufferedChunks resumes.
      const adk = createAdk({ mode: 'bidi', transport });
      transport.onBufferedChunks = () => void adk.resumeBuffered();
      const chat = new Chat({ transport, sendAutomaticallyWhen: adk.sendAutomaticallyWhen });
      adk.attach(chat);
      await chat.sendMessage({ text: 'hello' });
      await transport.settled();
      transport.agentTurn(spokenTurn('What time is it?', 'It is noon.', { audio: ['AAECAwQFBgc='] }));
      await transport.settled();
      transport.agentTurn(spokenTurn('And the date?', 'It is Friday.'));
      await transport.settled();
      await chat.sendMessage({ text: 'thanks' });
      expect(await transport.settled(), 'the spoken turns sent nothing').toBe(2);
      expect(shown(chat)).toEqual([
        ['user', 'hello'],
        ['assistant', 'You said: hello'],
        ['user', 'What time is it?'],
        ['assistant', 'It is noon.'],
        ['user', 'And the date?'],
        ['assistant', 'It is Friday.'],
        ['user', 'thanks'],
        ['assistant', 'You said: thanks'],
      ]);
      const agent = chat.messages.filter((m: any) => m.role === 'assistant');
      expect(new Set(agent.map((m: any) => m.id)).size, 'four agent turns, four messages').toBe(4);
      expect(chat.error?.message).toBeUndefined();
      // W9: the next request carries the spoken words as the user's.
      expect(transport.requests[1].messages.map((m: any) => [m.role, texts(m).join('')])).toEqual(shown(chat).slice(0, 7));
    },
  },
];
