'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { useAdkChat } from 'adk-stream-wasm/react';

// A chat with an ADK backend: AI SDK's useChat through useAdkChat, which supplies the engine that
// decides when to send the user's answers back, the approval helpers and (BIDI) the WebSocket transport.
export function ChatApp({ mode, backend }: { mode: 'sse' | 'bidi'; backend: string }) {
  const chat = useAdkChat(
    mode === 'sse'
      ? { mode, api: `${backend}/stream` }
      : { mode, url: `${backend.replace(/^http/, 'ws')}/live` },
  );
  const [text, setText] = useState('');
  // Set once React runs in the browser (after hydration, for a server-rendered page): tests wait for it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void chat.sendMessage({ text });
    setText('');
  };
  const pending = new Set(chat.pendingApprovals.map((p) => p.approvalId));

  return (
    <main data-status={chat.status} data-mode={mode} data-hydrated={hydrated}>
      <p data-testid="explain" data-rule={chat.explain.rule}>
        {chat.explain.detail}
      </p>
      {chat.messages.map((message) => (
        <section key={message.id} data-role={message.role}>
          {message.parts.map((part, i) => {
            if (part.type === 'text') {
              return message.role === 'assistant' ? (
                <p key={i} data-testid="assistant-text">{part.text}</p>
              ) : (
                <p key={i}>{part.text}</p>
              );
            }
            if (!('toolCallId' in part)) return null;
            const tool = part.type === 'dynamic-tool' ? part.toolName : part.type.slice('tool-'.length);
            const approvalId = 'approval' in part ? part.approval?.id : undefined;
            return (
              <div key={i} data-testid="tool-part" data-tool={tool} data-state={part.state}>
                {tool}: {part.state}
                {'errorText' in part && part.errorText ? ` (${part.errorText})` : ''}
                {approvalId && pending.has(approvalId) && (
                  <>
                    <button onClick={() => void chat.approve(approvalId)}>Approve {tool}</button>
                    <button onClick={() => void chat.deny(approvalId, { reason: 'denied in the example app' })}>
                      Deny {tool}
                    </button>
                  </>
                )}
              </div>
            );
          })}
        </section>
      ))}
      <form onSubmit={submit}>
        <input aria-label="Message" value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit">Send</button>
      </form>
    </main>
  );
}
