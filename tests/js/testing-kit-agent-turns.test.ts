// Issue 32, SPEC §5 "the testing kit behaves as the transport it stands in for ... turns the backend
// starts (W8, W9)": a scripted backend starts turns with no request open (`transport.agentTurn`,
// `spokenTurn`), through the BIDI transport's own chunk owner (chunk-owner.js) and buffer
// (chunk-buffer.js), and AI SDK's real Chat with createAdk shows them as the real BidiTransport does
// (tests/integration/bidi-agent-turns.test.ts, the same turns against a WebSocket backend).
import { describe, expect, it } from 'vitest';
import { createAdk } from 'adk-stream-wasm/chat';
import { pendingApprovals } from 'adk-stream-wasm';
import { AdkTestTransport, AdkTestingError, adkScript, spokenTurn } from 'adk-stream-wasm/testing';
import { Chat } from './helpers/ai.js';
import { texts } from './helpers/chat.js';

/** The chat as [role, its text] per message. */
const shown = (chat: any) => chat.messages.map((m: any) => [m.role, texts(m).join('')]);

/** A BIDI chat over the kit, wired as the README wires BidiTransport: onBufferedChunks resumes
 *  (unless `resumes` is false: then buffered chunks wait for whoever resumes them). */
function bidiChat(transport: AdkTestTransport, { resumes = true } = {}) {
  const adk = createAdk({ mode: 'bidi', transport });
  if (resumes) transport.onBufferedChunks = () => void adk.resumeBuffered();
  const chat = new Chat({ transport, sendAutomaticallyWhen: adk.sendAutomaticallyWhen });
  adk.attach(chat);
  return { adk, chat };
}

/**
 * W6's paused turn: a BIDI chat with NO onBufferedChunks (the buffered chunks wait for whoever
 * resumes them) sends 'Pay Alice and Bob'; the script's first response ends at approval-a's
 * finish-step, then the backend sends the turn's second approval (call-b), which is buffered.
 */
async function secondApprovalBuffered(transport: AdkTestTransport) {
  const { adk, chat } = bidiChat(transport, { resumes: false });
  await chat.sendMessage({ text: 'Pay Alice and Bob' });
  await transport.settled();
  transport.agentTurn([
    { type: 'tool-input-available', toolCallId: 'call-b', toolName: 'process_payment', input: { amount: 40 } },
    { type: 'start-step' },
    { type: 'tool-approval-request', toolCallId: 'call-b', approvalId: 'approval-b' },
    { type: 'finish-step' },
  ]);
  return { adk, chat };
}

describe('SPEC §5 W8/W9 in the testing kit: turns the scripted backend starts', () => {
  // W8, W9: a typed turn, two spoken turns the backend starts, a typed turn, each its own message:
  // a row of tests/support/testing-kit-cases.ts, run over every Chat class.
  it('W8: the spoken turn\'s audio goes to onAudio, not into a message; onBufferedChunks is called once per batch', async () => {
    const audio: any[] = [];
    let calls = 0;
    const transport = adkScript({ mode: 'bidi' }).text('Hi.').done().transport({ onAudio: (a) => audio.push(a) });
    const { adk, chat } = bidiChat(transport);
    transport.onBufferedChunks = () => {
      calls++;
      void adk.resumeBuffered();
    };
    await chat.sendMessage({ text: 'hello' });
    await transport.settled();
    transport.agentTurn(spokenTurn('What time is it?', 'It is noon.', { audio: ['AAECAwQFBgc=', 'CAkKCw=='] }));
    await transport.settled();
    expect(calls).toBe(1);
    expect(audio).toEqual([
      { content: 'AAECAwQFBgc=', sampleRate: 24000, channels: 1, bitDepth: 16 },
      { content: 'CAkKCw==', sampleRate: 24000, channels: 1, bitDepth: 16 },
    ]);
    expect(shown(chat).slice(2)).toEqual([
      ['user', 'What time is it?'],
      ['assistant', 'It is noon.'],
    ]);
    expect(chat.messages.at(-1).parts.some((p: any) => p.type === 'data-pcm')).toBe(false);
  });

  it('W8: a turn the backend starts after a paused approval\'s [DONE] is a message of its own after the payment\'s', async () => {
    const transport = adkScript({ mode: 'bidi' })
      .approvalRequest('process_payment', { amount: 50 }, { toolCallId: 'call-1', approvalId: 'approval-1' })
      .done()
      .toolResult('call-1', { paid: 50 })
      .text('Paid.')
      .done()
      .transport();
    const { adk, chat } = bidiChat(transport);
    await chat.sendMessage({ text: 'Send $50 to Hanako' });
    await transport.settled();
    await adk.approve('approval-1');
    await transport.settled();
    transport.agentTurn(spokenTurn('Is it done?', 'Yes, it is done.'));
    expect(await transport.settled()).toBe(2);
    expect(shown(chat)).toEqual([
      ['user', 'Send $50 to Hanako'],
      ['assistant', 'Paid.'],
      ['user', 'Is it done?'],
      ['assistant', 'Yes, it is done.'],
    ]);
    expect(chat.messages[1].parts.find((p: any) => p.toolCallId === 'call-1').state).toBe('output-available');
  });

  it('W6: chunks that continue a paused turn join its message; chat.resumeStream() is refused with resume-would-split, as BidiTransport refuses it', async () => {
    const transport = adkScript({ mode: 'bidi' })
      .approvalRequest('process_payment', { amount: 30 }, { toolCallId: 'call-a', approvalId: 'approval-a' })
      .done()
      .transport();
    const { adk, chat } = await secondApprovalBuffered(transport);
    const refused = await transport.reconnectToStream({ chatId: chat.id }).catch((e: any) => e);
    expect(refused).toMatchObject({ name: 'AdkTransportError', kind: 'resume-would-split' });
    // With continueMessage (what resumeBuffered says) the chunks are given, the turn's one message.
    expect(await adk.resumeBuffered()).toBe(true);
    expect(chat.messages.map((m: any) => m.role)).toEqual(['user', 'assistant']);
    expect(pendingApprovals(chat.messages).map((p) => p.approvalId)).toEqual(['approval-a', 'approval-b']);
  });

  it('W6: with no onBufferedChunks, the answer to the first approval is not sent while a second one of the turn is buffered: its stream is the buffered response, as BidiTransport answers it', async () => {
    const transport = adkScript({ mode: 'bidi' })
      .approvalRequest('process_payment', { amount: 30 }, { toolCallId: 'call-a', approvalId: 'approval-a' })
      .done()
      .toolResult('call-a', { paid: 30 })
      .toolResult('call-b', { paid: 40 })
      .text('Both paid.')
      .done()
      .transport();
    const { adk, chat } = await secondApprovalBuffered(transport);
    await adk.approve('approval-a');
    expect(await transport.settled(), 'the first answer waits for the second').toBe(1);
    expect(pendingApprovals(chat.messages).map((p) => p.approvalId)).toEqual(['approval-b']);
    await adk.approve('approval-b');
    expect(await transport.settled()).toBe(2);
    const answered = transport.requests[1].messages.at(-1)!.parts.filter((p: any) => p.state === 'approval-responded');
    expect(answered.map((p: any) => p.toolCallId)).toEqual(['call-a', 'call-b']);
    expect(shown(chat)).toEqual([
      ['user', 'Pay Alice and Bob'],
      ['assistant', 'Both paid.'],
    ]);
  });

  it('W8: after chat.stop() ends a response, the turn is over: a turn the backend starts is a message of its own', async () => {
    const transport = adkScript({ mode: 'bidi' }).text('A long answer').done().transport({ chunkDelayMs: 30 });
    const { chat } = bidiChat(transport);
    const sent = chat.sendMessage({ text: 'Tell me a story' });
    await transport.whenMessageSent(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await chat.stop();
    await sent;
    await transport.settled();
    transport.agentTurn(spokenTurn('Stop.', 'Stopped.'));
    await transport.settled();
    expect(shown(chat).slice(-2)).toEqual([
      ['user', 'Stop.'],
      ['assistant', 'Stopped.'],
    ]);
    expect(chat.messages.filter((m: any) => m.role === 'assistant')).toHaveLength(2);
  });

  it('a turn the backend starts while a response streams is the test\'s mistake: AdkTestingError', async () => {
    const transport = adkScript({ mode: 'bidi' }).text('Hi.').done().transport({ chunkDelayMs: 20 });
    const chat = new Chat({ transport });
    const sent = chat.sendMessage({ text: 'hello' });
    await transport.whenMessageSent(0);
    expect(() => transport.agentTurn(spokenTurn('Hey', 'Hi'))).toThrow(AdkTestingError);
    await sent;
    expect(() => transport.agentTurn('nope' as any)).toThrow(/expected an array of UI message chunks/);
  });
});
