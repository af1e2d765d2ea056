import { useEffect, useState } from 'react';
import type { BidiPattern } from 'adk-stream-wasm';
import { readConfig, type ChatMode } from './config';
import { ChatView, type BackendInfo } from './ChatView';

const config = readConfig();

export function App() {
  const [mode, setMode] = useState<ChatMode>(config.mode);
  const [pattern, setPattern] = useState<BidiPattern>(config.pattern);
  const [chatNumber, setChatNumber] = useState(1);
  const [latency, setLatency] = useState<number | undefined>(undefined);
  const [info, setInfo] = useState<BackendInfo | null>(null);

  // The local backend says what it plays (scripted agent or a recording); a real one may not.
  useEffect(() => {
    const controller = new AbortController();
    fetch(config.infoUrl, { signal: controller.signal })
      .then((r) => (r.ok ? r.json() : null))
      .then((body) => setInfo(body && typeof body.mode === 'string' ? body : null))
      .catch(() => setInfo(null));
    return () => controller.abort();
  }, []);

  useEffect(() => setLatency(undefined), [mode, pattern, chatNumber]);

  const endpoint = mode === 'sse' ? config.sseUrl : config.wsUrl;
  return (
    <div className="app">
      <header className="topbar">
        <div className="brand">
          <span className="logo" aria-hidden="true">✓</span>
          <div>
            <h1>adk-stream-wasm</h1>
            <p className="tagline">Human-in-the-loop chat · AI SDK 6 + Rust/WebAssembly</p>
          </div>
        </div>
        <div className="controls">
          <Segmented
            label="Transport"
            value={mode}
            options={[
              { value: 'sse', label: 'SSE' },
              { value: 'bidi', label: 'BIDI' },
            ]}
            onChange={(v) => setMode(v as ChatMode)}
          />
          {mode === 'bidi' && (
            <Segmented
              label="Pattern"
              value={pattern}
              options={[
                { value: 'A', label: 'Pattern A', title: 'An approved browser tool is sent together with its output' },
                { value: 'B', label: 'Pattern B', title: 'The approval goes at once; the output follows as a tool_result frame' },
              ]}
              onChange={(v) => setPattern(v as BidiPattern)}
            />
          )}
          {mode === 'bidi' && (
            <span className="pill latency" data-testid="latency" title="WebSocket ping round trip">
              <span className={`dot ${latency === undefined ? 'idle' : 'live'}`} aria-hidden="true" />
              {latency === undefined ? 'latency —' : `${Math.round(latency)} ms`}
            </span>
          )}
          <button type="button" className="ghost" onClick={() => setChatNumber((n) => n + 1)}>
            New chat
          </button>
        </div>
      </header>
      <div className="endpoint" title="Set ?backend=, ?sse= or ?ws= to point the app at another backend">
        {mode === 'sse' ? 'POST' : 'WebSocket'} <code>{endpoint}</code>
        {info && info.mode === 'replay' && info.fixture && (
          <span className="pill replay" data-testid="replay-banner">
            replaying {info.fixture.name}
          </span>
        )}
        {info && info.mode === 'scripted' && <span className="pill">scripted agent</span>}
      </div>
      <ChatView
        key={`${mode}-${pattern}-${chatNumber}`}
        mode={mode}
        pattern={pattern}
        sseUrl={config.sseUrl}
        wsUrl={config.wsUrl}
        info={info}
        onLatency={setLatency}
      />
    </div>
  );
}

function Segmented(props: {
  label: string;
  value: string;
  options: { value: string; label: string; title?: string }[];
  onChange(value: string): void;
}) {
  return (
    <div className="segmented" role="radiogroup" aria-label={props.label}>
      {props.options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={props.value === o.value}
          className={props.value === o.value ? 'on' : ''}
          title={o.title}
          onClick={() => props.onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
