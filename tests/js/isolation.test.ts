// SPEC §2 principle 2: what a chat sent is remembered per chat instance, never in a module global.
// Two engines, and two real Chats with an engine each, do not share memory.
import { describe, expect, it } from 'vitest';
import { approve, createAutoSend, deny } from 'adk-stream-wasm';
import { aiSdk } from './helpers/ai.js';
import { createTestChat, expectNoFurtherRequest, lastAssistant, sentToolPart, settle, texts } from './helpers/chat.js';
import { approvalRequests, loadFixture, streamedText } from './helpers/fixtures.js';
import { start } from './helpers/flows.js';
import { conversation, responded, tool } from './helpers/messages.js';

describe('two createAutoSend engines do not share memory', () => {
  it.each(['sse', 'bidi'] as const)('%s: what one engine sent, the other still sends; reset forgets only its own', (mode) => {
    const a = createAutoSend({ mode });
    const b = createAutoSend({ mode });
    const answered = conversation(responded('process_payment', true));
    expect(a.sendAutomaticallyWhen(answered)).toBe(true);
    expect(b.sendAutomaticallyWhen(answered)).toBe(true);
    expect(a.sendAutomaticallyWhen(answered)).toBe(false);
    expect(b.sendAutomaticallyWhen(answered)).toBe(false);
    a.reset();
    expect(a.sendAutomaticallyWhen(answered)).toBe(true);
    expect(b.sendAutomaticallyWhen(answered)).toBe(false);
  });

  it('a browser output marked on one engine is not the browser\'s for the other', () => {
    const a = createAutoSend({ mode: 'sse' });
    const b = createAutoSend({ mode: 'sse' });
    // A backend tool's output-error is the backend's unless the engine is told otherwise
    // (get_location's would be the browser's by inference: principle 6).
    a.markBrowserOutput('call-read_sensor');
    const failed = conversation(tool('read_sensor', 'output-error', { errorText: 'Sensor unavailable' }));
    expect(a.sendAutomaticallyWhen(failed)).toBe(true);
    expect(b.sendAutomaticallyWhen(failed)).toBe(false);
  });

  it('an engine\'s frontendTools are its own', () => {
    const a = createAutoSend({ mode: 'sse', frontendTools: ['read_clipboard'] });
    const b = createAutoSend({ mode: 'sse' });
    expect(a.isFrontendTool('read_clipboard')).toBe(true);
    expect(b.isFrontendTool('read_clipboard')).toBe(false);
    const approved = conversation(responded('read_clipboard', true));
    expect(a.sendAutomaticallyWhen(approved)).toBe(false);
    expect(b.sendAutomaticallyWhen(approved)).toBe(true);
  });
});

describe(`two real Chats, one engine each, AI SDK ${aiSdk}`, () => {
  it('the same recorded conversation in two chats at once: each sends its own answer, 2 requests each', async () => {
    const fixture = loadFixture('process_payment-approved-sse-baseline');
    const [call] = approvalRequests(fixture.responses[0]);
    // Both backends use the same ids, so a shared memory would suppress the second chat's answer.
    const first = createTestChat({ mode: 'sse' }, fixture.responses);
    const second = createTestChat({ mode: 'sse' }, fixture.responses);
    await Promise.all([start(first, fixture.userText), start(second, fixture.userText)]);

    await Promise.all([approve(first.chat, call.approvalId), deny(second.chat, call.approvalId)]);
    await Promise.all([settle(first, 2), settle(second, 2)]);
    await Promise.all([expectNoFurtherRequest(first), expectNoFurtherRequest(second)]);

    expect(sentToolPart(first.transport.requests[1], call.toolCallId).approval).toMatchObject({ approved: true });
    expect(sentToolPart(second.transport.requests[1], call.toolCallId).approval).toMatchObject({ approved: false });
    for (const t of [first, second]) expect(texts(lastAssistant(t.chat.messages))).toEqual([streamedText(fixture.responses[1])]);
  });
});
