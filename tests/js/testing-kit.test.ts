// adk-stream-wasm/testing, the kit apps test their chat with: every recorded fixture replayed
// through AI SDK's real Chat with the package's createAutoSend, request counts as SPEC §3 says;
// the scripted chats every Chat class runs (tests/support/testing-kit-cases.ts, React's Chat here);
// the scripted builder's chunks accepted by Chat in both modes; requests recorded; a request past
// the script a named error, never a hang.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { approve, createAutoSend, deny, pendingApprovals } from 'adk-stream-wasm';
import { AdkTestTransport, AdkTestingError, adkScript, parseRawEvents, parseRecording, splitResponses } from 'adk-stream-wasm/testing';
import { aiSdk, Chat } from './helpers/ai.js';
import { fixturesDir } from './helpers/fixtures.js';
import { KIT_CASES } from '../support/testing-kit-cases.js';

const POSITION = { latitude: 35.6762, longitude: 139.6503, accuracy: 20, timestamp: 1_767_225_600_000 };

function readRecording(name: string): any {
  return JSON.parse(readFileSync(resolve(fixturesDir, `${name}.json`), 'utf8'));
}

function lastAssistant(chat: any): any {
  const last = chat.messages[chat.messages.length - 1];
  expect(last?.role, 'role of the last message').toBe('assistant');
  return last;
}

/**
 * Plays a recording as a user would: send its prompt, then after each response answer every
 * pending approval (deny when the recording's name says so), and for an approved get_location
 * add the browser's position through the engine. Returns the transport and chat once quiet.
 */
async function replay(name: string) {
  const recording = readRecording(name);
  const { mode, prompt } = parseRecording(recording);
  const transport = AdkTestTransport.fromRecording(recording);
  const autoSend = createAutoSend({ mode });
  const chat = new Chat({ id: `replay-${name}`, transport, sendAutomaticallyWhen: autoSend.sendAutomaticallyWhen });
  const approved = !name.includes('denied');

  await chat.sendMessage({ text: prompt });
  await transport.settled();
  for (let round = 0; round < 5; round++) {
    const pending = pendingApprovals(chat.messages);
    if (pending.length === 0) break;
    for (const p of pending) {
      if (approved) await approve(chat, p.approvalId);
      else await deny(chat, p.approvalId, { reason: 'not now' });
      if (approved && p.toolName === 'get_location') {
        await autoSend.addToolOutput(chat, { tool: 'get_location', toolCallId: p.toolCallId, output: POSITION });
      }
    }
    await transport.settled();
  }
  return { transport, chat, autoSend, recording };
}

describe(`the testing kit replays every recording through AI SDK ${aiSdk}'s Chat`, () => {
  // Requests per recording, as SPEC §3 counts them (F1, F2, F3, F5, F14, F6, F7).
  const recordings = [
    ['process_payment-approved-sse-baseline', 2, 'F1'],
    ['process_payment-denied-sse-baseline', 2, 'F2'],
    ['get_location-approved-sse-baseline', 2, 'F3'],
    ['multiple-payments-approved-sse-baseline', 2, 'F5'],
    ['change_bgm-sse-baseline', 1, 'F14'],
    ['get_weather-sse-baseline', 1, 'F14'],
    ['process_payment-approved-bidi-baseline', 2, 'F6'],
    ['process_payment-denied-bidi-baseline', 2, 'F6'],
    ['multiple-payments-sequential-bidi-baseline', 3, 'F7'],
    ['change_bgm-bidi-baseline', 1, 'F14'],
    ['get_weather-bidi-baseline', 1, 'F14'],
  ] as const;

  it.each(recordings)('%s: exactly %i request(s) (%s), the final text shown, nothing left', async (name, requests) => {
    const { transport, chat, recording } = await replay(name);
    expect(transport.requestCount).toBe(requests);
    expect(transport.remainingResponses).toBe(0);
    expect(chat.status).toBe('ready');
    expect(transport.requests.every((r) => r.chatId === `replay-${name}`)).toBe(true);
    expect(transport.requests[0].trigger).toBe('submit-message');
    // The recording's whole text (every text-delta) ends in the chat's assistant messages.
    const streamed = recording.output.expectedChunks
      .filter((c: any) => c.type === 'text-delta')
      .map((c: any) => c.delta)
      .join('');
    const shown = chat.messages
      .filter((m: any) => m.role === 'assistant')
      .flatMap((m: any) => m.parts)
      .filter((p: any) => p.type === 'text')
      .map((p: any) => p.text)
      .join('');
    expect(shown).toBe(streamed);
  });

  it('F3 over a recording: request 2 carries the approval and the browser position together', async () => {
    const { transport } = await replay('get_location-approved-sse-baseline');
    const sent = transport.requests[1].messages.at(-1).parts.find((p: any) => p.type === 'tool-get_location');
    expect(sent).toMatchObject({ state: 'output-available', output: POSITION, approval: { approved: true } });
  });

  it.each(recordings)('%s: parseRawEvents gives its expectedChunks, split into one response per request', (name, requests) => {
    const recording = readRecording(name);
    const events = parseRawEvents(recording.output.rawEvents);
    expect(events.filter((e) => e !== '[DONE]')).toEqual(recording.output.expectedChunks);
    expect(events.filter((e) => e === '[DONE]')).toHaveLength(recording.output.expectedDoneCount);
    expect(splitResponses(events, recording.mode)).toHaveLength(requests);
  });
});

// The scripted chats every Chat class runs (React's here, Vue's and Svelte's in tests/frameworks).
describe(`the testing kit's scripted chats with AI SDK ${aiSdk}'s Chat`, () => {
  for (const { name, run } of KIT_CASES) it(name, () => run(Chat));
});

describe('adkScript: scripted turns in the shape an ADK backend sends', () => {
  it('bidi: two approval requests in a row share one response; a tool call without approval is input-available', async () => {
    const script = adkScript({ mode: 'bidi' })
      .toolCall('get_weather', { city: 'Tokyo' }, { toolCallId: 'weather-1' })
      .approvalRequest('process_payment', { to: 'Alice' })
      .approvalRequest('process_payment', { to: 'Bob' })
      .toolResult('call-1', { ok: true })
      .done();
    const responses = script.responses();
    expect(responses).toHaveLength(2);
    expect(responses[0].map((c: any) => c.type)).toEqual([
      'start',
      'tool-input-available',
      'tool-input-available',
      'start-step',
      'tool-approval-request',
      'tool-input-available',
      'tool-approval-request',
      'finish-step',
    ]);
    expect(responses[1].map((c: any) => c.type)).toEqual(['tool-output-available', 'finish']);
    // The builder's frames are a recording: played back they split the same way.
    expect(parseRecording({ mode: 'bidi', output: { rawEvents: script.rawEvents() } }).responses).toEqual(responses);

    const transport = script.transport();
    const chat = new Chat({ transport });
    await chat.sendMessage({ text: 'Weather, then pay Alice and Bob' });
    await transport.settled();
    const parts = lastAssistant(chat).parts;
    expect(parts.find((p: any) => p.toolCallId === 'weather-1')).toMatchObject({ state: 'input-available', input: { city: 'Tokyo' } });
    expect(pendingApprovals(chat.messages).map((p) => p.toolCallId)).toEqual(['call-1', 'call-2']);
  });
});

describe('AdkTestTransport: requests recorded, the script end a named error', () => {
  it('a request past the script rejects with AdkTestingError, which becomes the chat error (no hang)', async () => {
    const transport = adkScript({ mode: 'sse' }).text('Hello.').done().transport();
    const chat = new Chat({ transport });
    await chat.sendMessage({ text: 'Hi' });
    await chat.sendMessage({ text: 'Again' });
    expect(await transport.settled()).toBe(2);
    expect(chat.status).toBe('error');
    expect(chat.error).toBeInstanceOf(AdkTestingError);
    expect(chat.error.name).toBe('AdkTestingError');
    expect(chat.error.message).toMatch(/request 2 .*after the script's end: it has 1 response/);
    // What the second request sent is recorded all the same.
    expect(transport.requests[1].messages.at(-1).parts).toEqual([{ type: 'text', text: 'Again' }]);
  });

  it('records each request: chatId, trigger, messageId and a copy of the messages as sent', async () => {
    const transport = adkScript({ mode: 'sse' }).text('One.').done().text('Two.').done().transport();
    const chat = new Chat({ id: 'recorded', transport });
    await chat.sendMessage({ text: 'First' });
    await transport.settled();
    await chat.regenerate();
    expect(await transport.settled()).toBe(2);
    expect(transport.requests.map((r) => [r.chatId, r.trigger])).toEqual([
      ['recorded', 'submit-message'],
      ['recorded', 'regenerate-message'],
    ]);
    expect(transport.requests[0].messages).toHaveLength(1);
    // A copy: the chat's later changes do not reach the recorded request.
    expect(transport.requests[0].messages[0]).not.toBe(chat.messages[0]);
    expect(chat.messages.at(-1).parts.filter((p: any) => p.type === 'text').map((p: any) => p.text)).toEqual(['Two.']);
  });

  it('chat.stop() ends the playing stream: no further request, the chat ready', async () => {
    const transport = adkScript({ mode: 'sse' }).text('a').text('b').text('c').done().transport({ chunkDelayMs: 30 });
    const chat = new Chat({ transport });
    const sending = chat.sendMessage({ text: 'Hi' });
    await new Promise((r) => setTimeout(r, 40));
    await chat.stop();
    await sending;
    expect(await transport.settled()).toBe(1);
    expect(transport.openStreams).toBe(0);
    expect(chat.status).toBe('ready');
  });

  it('waitForRequests rejects with AdkTestingError when the chat never makes the request', async () => {
    const transport = adkScript({ mode: 'sse' }).text('Hello.').done().transport();
    await expect(transport.waitForRequests(1, { timeoutMs: 50 })).rejects.toMatchObject({
      name: 'AdkTestingError',
      message: expect.stringMatching(/made 0 request\(s\).*expected 1/),
    });
  });

  it('bad input is an AdkTestingError that says what was expected', () => {
    expect(() => adkScript({ mode: 'websocket' as any })).toThrow(/mode is the string 'websocket'; expected 'sse' or 'bidi'/);
    expect(() => new AdkTestTransport(null as any)).toThrow(AdkTestingError);
    expect(() => new AdkTestTransport({ responses: [{}] as any })).toThrow(/responses\[0\] is object; expected an array/);
    expect(() => parseRawEvents(['event: ping'])).toThrow(/rawEvents\[0\].*expected a frame "data: <chunk JSON>"/);
    expect(() => parseRawEvents(['data: {not json'])).toThrow(/not JSON/);
    expect(() => adkScript({ mode: 'sse' }).toolCall('' as any)).toThrow(/tool name is the string ''; expected a non-empty string/);
  });

  it('BIDI pongs and data-pcm audio in a recording never reach the message stream', () => {
    const events = parseRawEvents([
      'data: {"type":"start"}\n\n',
      '{"type":"pong","timestamp":1}',
      'data: {"type":"data-pcm","data":{"content":"AAAA"}}\n\n',
      'data: {"type":"finish"}\n\n',
      'data: [DONE]\n\n',
    ]);
    expect(events).toEqual([{ type: 'start' }, { type: 'finish' }, '[DONE]']);
  });
});
