// What an app's jest suite does with the package (SPEC §7: the drop-in names work where apps test
// their code). The package is ES modules only, so jest runs in its ESM mode
// (`node --experimental-vm-modules node_modules/jest/bin/jest.js`, no transform), under happy-dom.
import { Chat } from '@ai-sdk/react';
import { approve, createAutoSend, extractToolName, getLocation, isReady, isToolType } from 'adk-stream-wasm';
import { createAdk } from 'adk-stream-wasm/chat';
import { sendAutomaticallyWhen } from 'adk-stream-wasm/sse';
import { adkScript } from 'adk-stream-wasm/testing';

const answered = (approved) => [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Send $50 to Hanako' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [{ type: 'tool-process_payment', toolCallId: 'call-1', state: 'approval-responded', input: {}, approval: { id: 'approval-1', approved } }],
  },
];

test('the engine decides under jest and happy-dom (its WebAssembly compiles there)', () => {
  expect(isReady()).toBe(true);
  const autoSend = createAutoSend({ mode: 'sse' });
  expect(autoSend.sendAutomaticallyWhen({ messages: answered(true) })).toBe(true);
  expect(autoSend.sendAutomaticallyWhen({ messages: answered(true) })).toBe(false);
  expect(autoSend.explain({ messages: [] }).send).toBe(false);
});

test('the drop-in names', () => {
  expect(sendAutomaticallyWhen({ messages: answered(false) })).toBe(true);
  expect(extractToolName({ type: 'tool-get_location' })).toBe('get_location');
  expect(isToolType('dynamic-tool')).toBe(false);
});

test('getLocation with navigator.geolocation mocked', async () => {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: (ok) => ok({ coords: { latitude: 35.68, longitude: 139.77, accuracy: 12 }, timestamp: 1 }) },
  });
  expect(await getLocation()).toEqual({ latitude: 35.68, longitude: 139.77, accuracy: 12, timestamp: 1 });
});

test("AI SDK's Chat played by the testing kit: an approved payment is sent once", async () => {
  const transport = adkScript({ mode: 'sse' })
    .approvalRequest('process_payment', { amount: 50 }, { toolCallId: 'call-1', approvalId: 'approval-1' })
    .done()
    .toolResult('call-1', { success: true })
    .text('Sent.')
    .done()
    .transport();
  const adk = createAdk({ mode: 'sse' });
  const chat = new Chat({ transport, sendAutomaticallyWhen: adk.sendAutomaticallyWhen });
  adk.attach(chat);
  await chat.sendMessage({ text: 'Send $50 to Hanako' });
  await approve(chat, 'approval-1');
  expect(await transport.settled()).toBe(2);
  const parts = chat.messages.at(-1).parts;
  expect(parts.filter((p) => p.type === 'text').map((p) => p.text)).toEqual(['Sent.']);
});
