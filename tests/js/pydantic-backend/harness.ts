// One flow against the real Pydantic AI backend (server.ts): the user's text, the user's answers
// to each approval, and what the browser does for its tools. The chat is driven through a `Driver`,
// one per way an app builds it: the package's `createAdk` with AI SDK's `Chat`, the `useChat` path
// (`Chat` + `DefaultChatTransport` + `createAutoSend`), AI SDK's own helpers, and `useAdkChat`
// (jsdom/pydantic-backend.test.ts). Requests are counted twice: by a counting `fetch` in the browser
// and by the server's own log of the chat.
import type { PydanticServer, ServerLog } from './server.js';
import { onStreamEnd } from '../helpers/streams.js';

export type FrontendTools = Array<string | { name: string; requiresApproval?: boolean }>;

/** The browser's tools in these flows: the approval-gated position and the clock. */
export const BROWSER_TOOLS: FrontendTools = ['get_browser_location', { name: 'get_time', requiresApproval: false }];

export const POSITION = { latitude: 35.6762, longitude: 139.6503, accuracy: 20, timestamp: 1_767_225_600_000 };

export interface Expected {
  requests: number;
  text: string;
  /** Tool bodies the server ran (sorted). */
  serverRuns: string[];
  /** Browser tools that ran (sorted): `get_browser_location`, `geolocation` (navigator.geolocation). */
  browserRuns: string[];
}

export interface Scenario {
  name: string;
  /** The user's message; the server's model decides its tool calls from it. */
  text: string;
  /** The user's answers, in this order, each once its approval is pending: tool name → approved. */
  answers?: Array<[string, boolean]>;
  /** What the browser's get_browser_location does once approved. Default: gives the position. */
  browserFails?: boolean;
  /** Client tools the app answers in `onToolCall`, with their outputs. */
  clientOutputs?: Record<string, unknown>;
  /** The app's browser tool set for the package; `undefined` = the package's default. */
  frontendTools?: FrontendTools;
  /** Stops the chat once text streams (the server streams slowly). */
  stopWhileStreaming?: boolean;
  /** With the package (every path). */
  expected: Expected;
  /** With AI SDK's own helpers, where they differ (an extra round trip). */
  aiSdk?: Partial<Expected>;
}

export interface Outcome extends Expected {
  /** Requests seen by the browser's fetch (the server's count is `requests`). */
  clientRequests: number;
  finalText: string;
  status: string;
  error: string | null;
  /** Per request after the first: the tool parts of the last message sent, `name:state`. */
  sent: string[][];
  /** Requests made by the time each answer of `answers` had been given (before the chat went idle). */
  requestsAfterAnswer: number[];
  /** The tool parts of the last message at the end, `name:state`. */
  finalParts: string[];
  /** Every part type of every request body, as the browser sent it. */
  partTypes: string[];
  /** The server's log of the chat. */
  server: ServerLog;
}

export interface PendingApproval {
  toolName: string;
  approvalId: string;
  toolCallId: string;
}

/** What a flow needs of a chat, whichever API built it. */
export interface Driver {
  readonly chatId: string;
  send(text: string): Promise<void>;
  messages(): any[];
  status(): string;
  error(): unknown;
  /** The user's answer through the app's API; for a browser tool the app's own part follows. */
  answer(pending: PendingApproval, approved: boolean): Promise<void>;
  stop(): Promise<void>;
  /** Resolves when the driver's own browser tools have finished. */
  toolsIdle(): Promise<void>;
  dispose(): void;
}

/** What a driver is built with. */
export interface DriverContext {
  chatId: string;
  api: string;
  /** A `fetch` that counts requests and open responses and keeps each body. */
  fetch: typeof fetch;
  frontendTools: FrontendTools | undefined;
  clientOutputs: Record<string, unknown>;
  /** The app's get_browser_location executor: the position, or a throw. */
  browserLocation(): Promise<unknown>;
}

export type DriverFactory = (context: DriverContext) => Driver | Promise<Driver>;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const MAX_REQUESTS = 6;

/** A fetch that counts requests and open response bodies, and keeps each request body. */
export function countingFetch(inner: typeof fetch = globalThis.fetch) {
  const state = { requests: 0, open: 0, bodies: [] as any[] };
  const wrapped = (async (input: RequestInfo | URL, init?: RequestInit) => {
    state.requests += 1;
    if (typeof init?.body === 'string') state.bodies.push(JSON.parse(init.body));
    if (state.requests > MAX_REQUESTS) throw new Error(`more than ${MAX_REQUESTS} requests: the chat loops`);
    state.open += 1;
    // Once per request: its fetch failed, it has no body, or its body is over (onStreamEnd).
    const ended = () => {
      state.open -= 1;
    };
    let response: Response;
    try {
      response = await inner(input, init);
    } catch (error) {
      ended();
      throw error;
    }
    if (!response.body) {
      ended();
      return response;
    }
    const body = onStreamEnd(response.body, ended);
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  }) as typeof fetch;
  return { fetch: wrapped, state };
}

export function toolStates(message: any): string[] {
  return (message?.parts ?? [])
    .filter((part: any) => typeof part.type === 'string' && (part.type.startsWith('tool-') || part.type === 'dynamic-tool'))
    .map((part: any) => `${part.toolName ?? part.type.slice(5)}:${part.state}`);
}

export function pendingApprovals(messages: any[]): PendingApproval[] {
  const last = messages[messages.length - 1];
  if (!last || last.role !== 'assistant') return [];
  return last.parts
    .filter((part: any) => part.state === 'approval-requested' && part.approval)
    .map((part: any) => ({ toolName: part.toolName ?? part.type.slice(5), approvalId: part.approval.id, toolCallId: part.toolCallId }));
}

function lastText(messages: any[]): string {
  const last = messages[messages.length - 1];
  if (!last || last.role !== 'assistant') return '';
  return last.parts
    .filter((part: any) => part.type === 'text')
    .map((part: any) => part.text)
    .join('');
}

/** Counts calls of `navigator.geolocation.getCurrentPosition` (answering with POSITION) while installed. */
export function mockGeolocation(runs: string[]): () => void {
  const nav: any = (globalThis as any).navigator ?? ((globalThis as any).navigator = {});
  const before = Object.getOwnPropertyDescriptor(nav, 'geolocation');
  Object.defineProperty(nav, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition(success: (position: unknown) => void) {
        runs.push('geolocation');
        const { latitude, longitude, accuracy, timestamp } = POSITION;
        setTimeout(() => success({ coords: { latitude, longitude, accuracy }, timestamp }), 0);
      },
    },
  });
  return () => {
    if (before) Object.defineProperty(nav, 'geolocation', before);
    else delete nav.geolocation;
  };
}

let chats = 0;

/** Runs `scenario` once through the driver `make` builds. Reports a stall instead of throwing. */
export async function runFlow(server: PydanticServer, scenario: Scenario, label: string, make: DriverFactory): Promise<Outcome> {
  const browserRuns: string[] = [];
  const restoreGeolocation = mockGeolocation(browserRuns);
  const counter = countingFetch();
  const chatId = `pydantic-${label}-${++chats}-${scenario.name.replace(/\W+/g, '-')}`;
  const driver = await make({
    chatId,
    api: server.api,
    fetch: counter.fetch,
    frontendTools: scenario.frontendTools,
    clientOutputs: scenario.clientOutputs ?? {},
    async browserLocation() {
      browserRuns.push('get_browser_location');
      if (scenario.browserFails) throw new Error('Location permission was denied by the user');
      return POSITION;
    },
  });
  let error: string | null = null;
  /** Idle: nothing streams, no response is open, no browser tool runs, for 3 checks 10 ms apart. */
  const idle = async (timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs;
    let quiet = 0;
    while (quiet < 3) {
      if (Date.now() > deadline) return false;
      await sleep(10);
      await driver.toolsIdle();
      const busy = driver.status() === 'submitted' || driver.status() === 'streaming' || counter.state.open > 0;
      quiet = busy ? 0 : quiet + 1;
    }
    return true;
  };
  try {
    const answers = [...(scenario.answers ?? [])];
    const requestsAfterAnswer: number[] = [];
    const sending = driver.send(scenario.text);
    if (scenario.stopWhileStreaming) {
      const deadline = Date.now() + 5_000;
      while (lastText(driver.messages()) === '' && Date.now() < deadline) await sleep(5);
      await driver.stop();
    }
    await sending;
    while (await idle()) {
      const pending = pendingApprovals(driver.messages());
      const next = answers.findIndex(([toolName]) => pending.some((p) => p.toolName === toolName));
      if (next === -1) break;
      const [[toolName, approved]] = answers.splice(next, 1);
      await driver.answer(pending.find((p) => p.toolName === toolName)!, approved);
      requestsAfterAnswer.push(counter.state.requests);
    }
    await sleep(50); // long enough for a late automatic request to start
    if (!(await idle())) error = `never idle (status ${driver.status()})`;
    if (driver.error()) error = String(driver.error());
    if (answers.length > 0) error = `${error ?? ''} unanswered: ${answers.map(([name]) => name).join(', ')}`.trim();
    const server_ = await server.log(chatId);
    return {
      requests: server_.requests,
      clientRequests: counter.state.requests,
      text: lastText(driver.messages()),
      finalText: lastText(driver.messages()),
      serverRuns: [...server_.toolRuns].sort(),
      browserRuns: [...browserRuns].sort(),
      status: driver.status(),
      error,
      requestsAfterAnswer,
      finalParts: toolStates(driver.messages()[driver.messages().length - 1]),
      sent: counter.state.bodies.slice(1).map((body) => toolStates(body.messages[body.messages.length - 1])),
      partTypes: counter.state.bodies.flatMap((body) => body.messages.flatMap((m: any) => (m.parts ?? []).map((p: any) => p.type))),
      server: server_,
    };
  } finally {
    driver.dispose();
    restoreGeolocation();
  }
}

/** The outcome's counts, to compare with `Expected`. */
export const counts = (o: Outcome): Expected => ({ requests: o.requests, text: o.text, serverRuns: o.serverRuns, browserRuns: o.browserRuns });
