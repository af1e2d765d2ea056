// Where the backend is, and how the app starts. Query parameters win over build-time variables,
// which win over the default (the same origin that served the app: the local backend).
//
//   ?backend=http://127.0.0.1:8000   SSE at <backend>/stream, BIDI at ws://<backend host>/live
//   ?sse=<url>  ?ws=<url>            each endpoint on its own
//   ?mode=sse|bidi  ?pattern=A|B     the initial mode and BIDI pattern
//   VITE_ADK_BACKEND, VITE_ADK_SSE_URL, VITE_ADK_WS_URL at build time (`vite build`, `vite`)
import type { BidiPattern } from 'adk-stream-wasm';

export type ChatMode = 'sse' | 'bidi';

export interface AppConfig {
  sseUrl: string;
  wsUrl: string;
  /** Where GET /info lives (the local backend describes itself there; a real backend may not). */
  infoUrl: string;
  mode: ChatMode;
  pattern: BidiPattern;
}

function toWs(httpUrl: string): string {
  const url = new URL(httpUrl, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export function readConfig(search = window.location.search): AppConfig {
  const params = new URLSearchParams(search);
  const env = import.meta.env;
  const backend = params.get('backend') ?? env.VITE_ADK_BACKEND ?? window.location.origin;
  const base = backend.endsWith('/') ? backend : `${backend}/`;
  const sseUrl = new URL(params.get('sse') ?? env.VITE_ADK_SSE_URL ?? 'stream', base).toString();
  const wsUrl = params.get('ws') ?? env.VITE_ADK_WS_URL ?? toWs(new URL('live', base).toString());
  const mode = params.get('mode') === 'bidi' ? 'bidi' : 'sse';
  const pattern = params.get('pattern')?.toUpperCase() === 'B' ? 'B' : 'A';
  return { sseUrl, wsUrl, infoUrl: new URL('info', base).toString(), mode, pattern };
}
