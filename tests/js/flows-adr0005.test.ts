// SPEC §2 rows D23, D24 and D26 with AI SDK's real Chat, in both modes: ADR 0005's shape (the
// frontend tool call get_location, then a separate confirmation tool part asking for approval, in
// one response). The user approves the confirmation, which is sent at once; then the browser adds
// get_location's output to the EARLIER part, which must be sent once, and then nothing more.
import { describe, expect, it } from 'vitest';
import { approve, createAutoSend } from 'adk-stream-wasm';
import { sendAutomaticallyWhen as sseSendAutomaticallyWhen } from 'adk-stream-wasm/sse';
import { sendAutomaticallyWhen as bidiSendAutomaticallyWhen } from 'adk-stream-wasm/bidi';
import { aiSdk, Chat } from './helpers/ai.js';
import { expectNoFurtherRequest, lastAssistant, sentToolPart, settle, texts, toolPart, type TestChat } from './helpers/chat.js';
import { expectPending, POSITION, start } from './helpers/flows.js';
import { askingResponse, finalResponse, type Mode, text, toolCall } from './helpers/script.js';
import { ScriptedTransport } from './helpers/transport.js';

const LOCATION = { toolCallId: 'call-location' };
const CONFIRM = { toolCallId: 'call-confirm', approvalId: 'approval-confirm' };

/** Response 1: get_location (no approval of its own), then the confirmation asking for approval.
 *  Response 2 (to the answer): an empty turn, the backend waits for the position (no new
 *  messageId: with one, AI SDK would push a copy of the message and its addToolOutput would update
 *  the first copy only, which no decision helper can see). Response 3: the final text. */
function script(mode: Mode) {
  return [
    askingResponse(
      mode,
      0,
      [...toolCall(LOCATION.toolCallId, 'get_location', {}), ...toolCall(CONFIRM.toolCallId, 'adk_request_confirmation', { tool: 'get_location' })],
      [CONFIRM],
    ),
    mode === 'sse' ? [{ type: 'start' }, { type: 'finish', finishReason: 'stop' }] : [],
    finalResponse(mode, 2, text('t-final', 'You are in Tokyo.')),
  ];
}

type Way = 'the library helper' | 'plain chat.addToolOutput' | 'the drop-in sendAutomaticallyWhen';

function chatFor(mode: Mode, way: Way): TestChat {
  const transport = new ScriptedTransport(script(mode));
  const autoSend = createAutoSend({ mode });
  const dropIn = mode === 'sse' ? sseSendAutomaticallyWhen : bidiSendAutomaticallyWhen;
  const chat = new Chat({
    id: `adr-0005-${mode}-${way}`,
    transport,
    sendAutomaticallyWhen: way === 'the drop-in sendAutomaticallyWhen' ? dropIn : autoSend.sendAutomaticallyWhen,
  });
  return { chat, transport, autoSend };
}

describe.each(['sse', 'bidi'] as const)(`SPEC D23/D24: ADR 0005's confirmation shape over %s, AI SDK ${aiSdk}`, (mode: Mode) => {
  it.each(['the library helper', 'plain chat.addToolOutput', 'the drop-in sendAutomaticallyWhen'] as const)(
    `${mode}: the answer is sent at once, then the browser's output once through %s, then nothing`,
    async (way: Way) => {
      const t = chatFor(mode, way);
      await start(t, 'Where am I?');
      expectPending(t, [CONFIRM], 'adk_request_confirmation');

      await approve(t.chat, CONFIRM.approvalId);
      await settle(t, 2);
      expect(sentToolPart(t.transport.requests[1], CONFIRM.toolCallId).approval).toMatchObject({ approved: true });
      expect(sentToolPart(t.transport.requests[1], LOCATION.toolCallId).state).toBe('input-available');
      await expectNoFurtherRequest(t);

      const output = { tool: 'get_location', toolCallId: LOCATION.toolCallId, output: POSITION };
      if (way === 'the library helper') await t.autoSend.addToolOutput(t.chat, output);
      else await t.chat.addToolOutput(output);
      await settle(t, 3);
      const sent = sentToolPart(t.transport.requests[2], LOCATION.toolCallId);
      expect(sent).toMatchObject({ state: 'output-available', output: POSITION });
      await expectNoFurtherRequest(t);

      const last = lastAssistant(t.chat.messages);
      expect(toolPart(last, LOCATION.toolCallId).state).toBe('output-available');
      expect(texts(last).join(' ')).toContain('You are in Tokyo.');
    },
  );
});

describe(`SPEC D26: the drop-in default engines keep their memory per chat, AI SDK ${aiSdk}`, () => {
  it.each([
    ['sse', sseSendAutomaticallyWhen],
    ['bidi', bidiSendAutomaticallyWhen],
  ] as const)('%s: two chats whose parts reuse approval-1 and call-1 each send their answer once', (_mode, decide) => {
    const chatOf = (user: string, assistant: string) => ({
      messages: [
        { id: user, role: 'user', parts: [{ type: 'text', text: 'Pay' }] },
        {
          id: assistant,
          role: 'assistant',
          parts: [{ type: 'tool-process_payment', toolCallId: 'call-1', state: 'approval-responded', input: {}, approval: { id: 'approval-1', approved: true } }],
        },
      ],
    });
    const first = chatOf('user-a', 'assistant-a');
    const second = chatOf('user-b', 'assistant-b');
    expect(decide(first)).toBe(true);
    expect(decide(second)).toBe(true);
    expect(decide(first)).toBe(false);
    expect(decide(second)).toBe(false);
    // Two bare one-message lists, told apart by the message's own id.
    const bare = (id: string) => ({ messages: [chatOf('u', id).messages[1]] });
    expect(decide(bare('bare-a'))).toBe(true);
    expect(decide(bare('bare-b'))).toBe(true);
  });
});

describe(`The drop-in engines follow a continued message across response ids, AI SDK ${aiSdk}`, () => {
  it.each(['sse', 'bidi'] as const)(
    'F10 %s with the drop-in sendAutomaticallyWhen: an empty turn under a new messageId sends nothing more',
    async (mode: Mode) => {
      const pay = { toolCallId: 'call-pay', approvalId: 'approval-pay' };
      const transport = new ScriptedTransport([
        askingResponse(mode, 0, toolCall(pay.toolCallId, 'process_payment', { amount: 30 }), [pay]),
        // A new messageId, as the recorded ADK backend sends with every response.
        [{ type: 'start', messageId: `${mode}-message-1` }, { type: 'finish', finishReason: 'stop' }],
      ]);
      const t: TestChat = {
        chat: new Chat({ id: `drop-in-f10-${mode}`, transport, sendAutomaticallyWhen: mode === 'sse' ? sseSendAutomaticallyWhen : bidiSendAutomaticallyWhen }),
        transport,
        autoSend: createAutoSend({ mode }),
      };
      await start(t, 'Pay Alice 30 dollars');
      await approve(t.chat, pay.approvalId);
      await settle(t, 2);
      await expectNoFurtherRequest(t);
      expect(lastAssistant(t.chat.messages).id).toBe(`${mode}-message-1`);
    },
  );
});
