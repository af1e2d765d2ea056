// A chat component tested as an app tests its own with adk-stream-wasm/testing: rendered under
// jsdom with `useChat` from `@ai-sdk/react` (AI SDK 7's in the AI SDK 7 run), the backend played by
// the kit's AdkTestTransport, the user's clicks through Testing Library. The same shape as the npm
// README's test example, in both modes, with the browser tool of the README's useChat example.
import { afterEach, describe, expect, it } from 'vitest';
import { createElement as h, Fragment, useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useChat } from '@ai-sdk/react';
import { approve, createAutoSend, deny, getLocation, pendingApprovals } from 'adk-stream-wasm';
import { adkScript, type AdkTestTransport } from 'adk-stream-wasm/testing';
import { aiSdk } from '../helpers/ai.js';

const POSITION = { coords: { latitude: 35.6762, longitude: 139.6503, accuracy: 20 }, timestamp: 1_767_225_600_000 };

afterEach(() => {
  cleanup();
  delete (navigator as any).geolocation;
});

/** The component of the npm README's useChat example: approve, deny, get_location run after its approval. */
function LocationChat({ transport, mode }: { transport: AdkTestTransport; mode: 'sse' | 'bidi' }) {
  const [autoSend] = useState(() => createAutoSend({ mode }));
  const chat = useChat({ transport: transport as any, sendAutomaticallyWhen: autoSend.sendAutomaticallyWhen });
  const onApprove = async (p: { approvalId: string; toolCallId: string; toolName: string }) => {
    await approve(chat, p.approvalId);
    if (p.toolName !== 'get_location') return;
    try {
      const output = await getLocation();
      await autoSend.addToolOutput(chat, { tool: p.toolName, toolCallId: p.toolCallId, output });
    } catch (error) {
      const errorText = error instanceof Error ? error.message : String(error);
      await autoSend.addToolOutput(chat, { tool: p.toolName, toolCallId: p.toolCallId, state: 'output-error', errorText });
    }
  };
  return h(
    Fragment,
    null,
    ...chat.messages.flatMap((m: any) => m.parts).map((part: any, i: number) => (part.type === 'text' ? h('p', { key: `t${i}` }, part.text) : null)),
    ...pendingApprovals(chat.messages).map((p) =>
      h(
        'p',
        { key: p.approvalId },
        h('button', { onClick: () => onApprove(p) }, `Approve ${p.toolName}`),
        h('button', { onClick: () => deny(chat, p.approvalId) }, `Deny ${p.toolName}`),
      ),
    ),
    h('button', { onClick: () => chat.sendMessage({ text: 'Where am I?' }) }, 'Ask'),
  );
}

describe.each(['sse', 'bidi'] as const)(`a user's chat component tested with the testing kit (%s), AI SDK ${aiSdk}`, (mode) => {
  it('get_location approved: the position goes with the approval in request 2, the answer is shown, nothing more', async () => {
    let asked = 0;
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: (p: unknown) => void) => {
          asked++;
          setTimeout(() => ok(POSITION), 0);
        },
      },
    });
    const transport = adkScript({ mode })
      .approvalRequest('get_location', {}, { toolCallId: 'call-location' })
      .done()
      .text('You are in Tokyo.')
      .done()
      .transport();
    render(h(LocationChat, { transport, mode }));

    fireEvent.click(screen.getByText('Ask'));
    fireEvent.click(await screen.findByText('Approve get_location'));
    await screen.findByText('You are in Tokyo.');

    expect(await transport.settled({ quietMs: 200 })).toBe(2);
    expect(asked).toBe(1);
    const sent = transport.requests[1].messages.at(-1)?.parts.find((p: any) => p.toolCallId === 'call-location');
    expect(sent).toMatchObject({
      state: 'output-available',
      approval: { approved: true },
      output: { latitude: 35.6762, longitude: 139.6503, accuracy: 20 },
    });
  });

  it('get_location denied: geolocation is never asked, the denial is request 2', async () => {
    let asked = 0;
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: () => asked++ },
    });
    const transport = adkScript({ mode })
      .approvalRequest('get_location', {}, { toolCallId: 'call-location' })
      .done()
      .toolError('call-location', 'The user denied the location.')
      .text('I will not use your location.')
      .done()
      .transport();
    render(h(LocationChat, { transport, mode }));

    fireEvent.click(screen.getByText('Ask'));
    fireEvent.click(await screen.findByText('Deny get_location'));
    await screen.findByText('I will not use your location.');

    expect(await transport.settled({ quietMs: 200 })).toBe(2);
    expect(asked).toBe(0);
    expect(transport.requests[1].messages.at(-1)?.parts.find((p: any) => p.toolCallId === 'call-location')).toMatchObject({
      state: 'approval-responded',
      approval: { approved: false },
    });
  });
});
