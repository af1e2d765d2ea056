import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useAdkChat } from 'adk-stream-wasm/react';
import type { BidiPattern } from 'adk-stream-wasm';
import type { ChatMode } from './config';
import { MessageView } from './MessageView';
import { Icon, type IconName } from './Icon';
import type { BidiAudio } from 'adk-stream-wasm/transport';
import type { AdkVoiceTransport } from 'adk-stream-wasm/voice';

// The microphone button (adk-stream-wasm/voice), loaded only in BIDI mode.
const VoiceButton = lazy(() => import('./VoiceButton'));

export interface BackendInfo {
  mode: 'scripted' | 'replay';
  fixture: { name: string; mode: ChatMode; turns: number; prompt: string; finalText: string } | null;
  approvalTimeoutMs: number;
  examples: string[];
}

const DEFAULT_EXAMPLES = [
  'Send $50 to Hanako',
  'Make two payments: $30 to Alice and $40 to Bob',
  'Where am I?',
  "What's the weather in Tokyo?",
  'Play track 2 as background music',
];

const EXAMPLE_ICONS: [RegExp, IconName][] = [
  [/two payments|alice/i, 'split'],
  [/pay|send|送金/i, 'card'],
  [/where|location|現在地/i, 'pin'],
  [/weather|天気/i, 'cloud'],
  [/music|track|bgm|トラック/i, 'music'],
];

export function ChatView(props: {
  mode: ChatMode;
  pattern: BidiPattern;
  sseUrl: string;
  wsUrl: string;
  info: BackendInfo | null;
  onLatency(ms: number): void;
}) {
  const { mode, pattern, info, onLatency } = props;
  // How many prompts were sent, and how many had been sent when the last response finished: the
  // onFinish callback reads the state of the latest render (a stale one would keep saying 0).
  const [prompts, setPrompts] = useState(0);
  const [finishedAfter, setFinishedAfter] = useState(0);
  const audioSink = useRef<((audio: BidiAudio) => void) | null>(null); // the voice's player, in BIDI mode
  const chat = useAdkChat({
    mode,
    api: props.sseUrl,
    url: props.wsUrl,
    bidiPattern: mode === 'bidi' ? pattern : undefined,
    // socket: 'worker': the WebSocket in the package's worker, so the microphone's frames go from
    // the audio thread to the socket without the main thread (the README's Voice section).
    transportOptions: mode === 'bidi' ? { onLatency, onAudio: (audio: BidiAudio) => audioSink.current?.(audio), socket: 'worker' } : undefined,
    onFinish: () => setFinishedAfter(prompts),
  });
  const { messages, sendMessage, status, error, stop, approve, deny, answerApprovals, pendingApprovals, explain } = chat;
  const [draft, setDraft] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const busy = status === 'submitted' || status === 'streaming';

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, status]);

  const send = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || busy) return;
    setActionError(null);
    void sendMessage({ text: trimmed });
    setPrompts((n) => n + 1);
    setDraft('');
  };

  const answer = async (approvalId: string, approved: boolean) => {
    setActionError(null);
    try {
      await (approved ? approve : deny)(approvalId);
    } catch (e) {
      setActionError(e instanceof Error ? e.message : String(e));
    }
  };

  const answerAll = async (approved: boolean) => {
    setActionError(null);
    try {
      await answerApprovals((pending) => Object.fromEntries(pending.map((p) => [p.approvalId, approved])));
    } catch (e) {
      setActionError(e instanceof Error ? e.message : String(e));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(draft);
  };

  const examples =
    info?.mode === 'replay' && info.fixture ? [info.fixture.prompt] : info?.examples?.length ? info.examples : DEFAULT_EXAMPLES;

  return (
    <main className="chat" data-mode={mode} data-pattern={pattern} data-status={status} data-finished-after-prompts={finishedAfter}>
      <div className="messages" ref={listRef} aria-live="polite">
        {messages.length === 0 && (
          <div className="empty">
            <h2>Ask for something that needs your approval</h2>
            <p>
              The agent calls tools. Payments and your location wait for your <strong>Approve</strong> or{' '}
              <strong>Deny</strong>; adk-stream-wasm decides when the answer goes back to the backend
              {mode === 'bidi' ? ' over one WebSocket' : ' over SSE'}, and runs <code>get_location</code> in this browser.
            </p>
            {info?.mode === 'replay' && info.fixture && (
              <p className="muted">
                This backend replays the recording <code>{info.fixture.name}</code> ({info.fixture.mode.toUpperCase()},{' '}
                {info.fixture.turns} turn{info.fixture.turns === 1 ? '' : 's'}): send any message to start it.
              </p>
            )}
          </div>
        )}
        {/* One assistant message per agent turn (the package keeps a continuation in the message it continues). */}
        {messages.map((message) => (
          <MessageView key={message.id} message={message} onAnswer={answer} />
        ))}
        {status === 'submitted' && (
          <div className="typing" aria-label="Waiting for the agent">
            <span />
            <span />
            <span />
          </div>
        )}
      </div>

      <section className="dock">
        {pendingApprovals.length > 1 && (
          <div className="batch" data-testid="batch-bar">
            <span>
              {pendingApprovals.length} approvals are waiting. Answer them one by one, or all at once (one request):
            </span>
            <button type="button" className="approve small" onClick={() => void answerAll(true)}>
              Approve all
            </button>
            <button type="button" className="deny small" onClick={() => void answerAll(false)}>
              Deny all
            </button>
          </div>
        )}
        <div
          className={`explain ${explain.send ? 'send' : 'hold'}`}
          data-testid="explain"
          data-rule={explain.rule}
          data-send={String(explain.send)}
          title="adk-stream-wasm's explain(): why the chat would (not) send the user's answers now"
        >
          <span className="explain-label">{explain.send ? 'Would auto-send' : 'No auto-send yet'}</span>
          <code className="rule">{explain.rule}</code>
          <span className="detail">{explain.detail}</span>
        </div>
        {(error || actionError) && (
          <div className="error-banner" role="alert" data-testid="chat-error">
            {actionError ?? error?.message}
          </div>
        )}
        <div className="examples" aria-label="Example prompts">
          {examples.map((text) => (
            <button key={text} type="button" className="chip" disabled={busy} onClick={() => send(text)}>
              <Icon name={EXAMPLE_ICONS.find(([re]) => re.test(text))?.[1] ?? 'chat'} size={14} /> {text}
            </button>
          ))}
        </div>
        <form className="composer" onSubmit={onSubmit}>
          <input
            aria-label="Message"
            placeholder={busy ? 'The agent is answering…' : 'Ask the agent…'}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            autoComplete="off"
          />
          {mode === 'bidi' && (
            <Suspense fallback={null}>
              <VoiceButton transport={() => chat.transport as unknown as AdkVoiceTransport} audioSink={audioSink} />
            </Suspense>
          )}
          {busy ? (
            <button type="button" className="stop" onClick={() => void stop()}>
              Stop
            </button>
          ) : (
            <button type="submit" className="primary" disabled={!draft.trim()}>
              Send
            </button>
          )}
        </form>
      </section>
    </main>
  );
}
