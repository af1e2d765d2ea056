// BidiTransport: AI SDK's ChatTransport over one WebSocket per chat (the BIDI protocol of
// docs/protocol.md in the repository): JavaScript over the core module's stream rules.
// `ai` is an optional peer dependency: the transport runs without it (it is JavaScript and the
// browser's WebSocket). With `ai` installed these are AI SDK's own types, so the class is checked
// against its `ChatTransport`; without it they are `any` and the declarations still compile under
// `skipLibCheck: false` (tools/check-types.mjs checks both).
// @ts-ignore -- resolves only when the optional peer `ai` is installed (see above).
import type { ChatRequestOptions, ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import type { AdkCallbackError } from './errors/errors.js';

/** What `onAudio` receives for each `data-pcm` chunk; absent fields default to 24000 Hz, mono, 16-bit. */
export interface BidiAudio {
  /** Base64 PCM, as the backend sent it. */
  content: string;
  sampleRate: number;
  channels: number;
  bitDepth: number;
}

/** Which kind of backend a transport talks to. */
export type AdkBackendKind = 'adk' | 'ai-sdk';

/** Which tools run in the browser, in the same forms for every API (createAutoSend, createAdk,
 *  useAdkChat, the transports): names or `{name, requiresApproval?}` (`[]` for none), a test such as
 *  `autoSend.isFrontendTool`, or the registry's when undefined. A bare name, and a name the test
 *  accepts, needs the user's approval. */
export type FrontendToolSet = ReadonlyArray<string | { name: string; requiresApproval?: boolean }> | ((toolName: string) => boolean);

export interface BidiTransportOptions {
  /** `ws://` or `wss://` URL of the backend's BIDI endpoint. Nothing connects before the first request or `connect()`. */
  url: string;
  /**
   * `'adk'` (default): an ADK backend, which reads an approved browser tool with its output as an
   * `approval-responded` part followed by a `tool-result` part (docs/protocol.md); the messages in `Chat`
   * are not changed. `'ai-sdk'`: a backend that reads AI SDK's own shape; the history goes as it is.
   */
  backend?: AdkBackendKind;
  /** The tools that run in the browser, for the ADK encoding (default: the frontend-tool registry's). */
  frontendTools?: FrontendToolSet;
  /** Time for the socket to open before the request fails (default 30000). */
  connectTimeoutMs?: number;
  /**
   * Where the WebSocket lives. `'main'` (default): on the main thread. `'worker'`: in a dedicated
   * module worker shipped with the package (`transport/bidi/worker/worker.js`, emitted by your bundler; under a
   * Content-Security-Policy it needs `worker-src 'self'`), started at the first request or
   * `connect()`; the voice (`adk-stream-wasm/voice`) then sends its audio from the audio thread to
   * the worker, and the main thread gets only the level meter's updates. Received frames, errors,
   * timeouts and pings are the same either way. Where no worker can start (Node, jsdom, a CSP), the
   * socket stays on the main thread with a console warning; `transport.socket` says where it is.
   */
  socket?: 'main' | 'worker';
  /**
   * Time allowed after a `tool-approval-request` with nothing following it before the stream fails
   * and an `interrupt` with reason `'timeout'` is sent (default 60000; 0 disables).
   */
  approvalTimeoutMs?: number;
  /**
   * Time allowed after each `message` frame for the backend's first chunk (pongs do not
   * count) before the stream fails with kind `'no-response'`, naming the request, and an
   * `interrupt` with reason `'timeout'` is sent (default 30000; 0 disables). The real ADK backend
   * stalled 20 s and still completed; it gives up on an approval after 30 s.
   */
  responseTimeoutMs?: number;
  /** Ping period while the socket is open (default 2000; 0 disables). */
  pingIntervalMs?: number;
  /**
   * A dead network is one that closes nothing: when no frame at all (pong or data) arrives for this
   * long while a response is streaming or a ping waits for its pong, the stream fails with kind
   * `'liveness'`, the socket is closed and the next request reconnects (default 3 × `pingIntervalMs`;
   * 0 disables).
   */
  livenessTimeoutMs?: number;
  /**
   * After an abort, what the backend still sends of the aborted turn is dropped until that turn's
   * `[DONE]`, a new turn's `start`, or this many milliseconds, whichever comes first (default 5000;
   * 0: no time limit).
   */
  abortTailTimeoutMs?: number;
  /** Each pong's round-trip time in milliseconds. */
  onLatency?(ms: number): void;
  /** Audio chunks (`data-pcm`); they never enter the message stream. */
  onAudio?(audio: BidiAudio): void;
  /**
   * Frames that were skipped (`AdkMalformedFrameError`: bad JSON, a binary frame, an unknown shape),
   * and faults reported while no request is open (kind `'unhandled-buffered-approval'`; kind
   * `'connection-lost'` when the socket is lost while an approval waits for the user's answer: the
   * answer to it is then refused, not sent, with the same kind). The stream goes on. Where the platform has no `reportError`, an exception thrown by one of this
   * transport's callbacks comes here too, as an `AdkCallbackError` (its `cause` is what was thrown).
   */
  onError?(error: BidiTransportError | AdkCallbackError): void;
  /**
   * Chunks arrived while no response stream was open (for example the backend's late result after
   * the stream ended, a second approval of the same turn, or a turn the backend started by itself,
   * such as a voice answer). They are kept, never lost. Before the turn's `[DONE]` they continue its
   * assistant message; after it they are a turn of their own, which begins with a
   * `start` naming a new message (the backend's `messageId`, else one of the package's own). Pass
   * `() => resumeBuffered(chat, transport)` (from `adk-stream-wasm/chat`, `chat` the `Chat`
   * instance; createAdk and useAdkChat do it) to put each where it belongs. Not
   * `chat.resumeStream()` for chunks that continue a message: AI SDK reads a resumed stream into a
   * new message, so `reconnectToStream` refuses that with kind `'resume-would-split'`. Without a
   * handler, chunks that continue the turn lead the next request's stream (a turn of the backend's
   * own stays for `reconnectToStream`); an approval
   * request among them is then reported (kind `'unhandled-buffered-approval'`, to `onError`, else
   * the platform's `reportError`), since the chat cannot show it until then. When the next request
   * answers the same turn while an approval request is buffered, its frame is not sent: its stream
   * is the buffered response, so the new approval joins the same message and both answers go in one
   * frame. Called once per batch.
   */
  onBufferedChunks?(): void;
}

/** The `kind` of a transport error, for code that reacts to one fault. */
export type BidiTransportErrorKind =
  | 'cannot-open'
  | 'connect-failed'
  | 'connect-timeout'
  | 'closed-mid-response'
  | 'connection-lost'
  | 'request-failed'
  | 'no-response'
  | 'approval-timeout'
  | 'liveness'
  | 'not-connected'
  | 'send-failed'
  | 'closed'
  | 'superseded'
  | 'resume-would-split'
  | 'unhandled-buffered-approval'
  | 'malformed-frame';

/**
 * Rejections, stream errors and `onError` reports: `name` is `'AdkTransportError'` (or
 * `'AdkMalformedFrameError'` for skipped frames), the message says what happened and what to check.
 * Bad arguments throw `AdkInvalidArgumentError`s instead; an aborted request rejects with the
 * signal's reason (an `AbortError`), as `fetch` does.
 */
export interface BidiTransportError extends Error {
  name: 'AdkTransportError' | 'AdkMalformedFrameError';
  kind: BidiTransportErrorKind;
}

export type InterruptReason = 'user_abort' | 'timeout' | 'error';

export interface BidiAudioChunk {
  /** Base64 PCM, or the PCM bytes (encoded to base64 here). */
  chunk: string | ArrayBuffer | ArrayBufferView;
  /** Default 16000. */
  sampleRate?: number;
  /** Default 1. */
  channels?: number;
  /** Default 16. */
  bitDepth?: number;
}

/**
 * One socket per transport, reused across requests and reopened when closed. Each `sendMessages`
 * sends a `message` frame with the whole history and resolves with that response's stream, which
 * ends at `data: [DONE]` or at a `finish-step` that follows a `tool-approval-request`. Aborting the
 * request closes its stream and sends `interrupt` (`'user_abort'`).
 */
export declare class BidiTransport<UI_MESSAGE extends UIMessage = UIMessage> implements ChatTransport<UI_MESSAGE> {
  /** Throws `AdkInvalidArgumentError` for bad options, naming the option and what was expected. */
  constructor(options: BidiTransportOptions);

  sendMessages(
    options: {
      trigger: 'submit-message' | 'regenerate-message';
      chatId: string;
      messageId: string | undefined;
      messages: UI_MESSAGE[];
      abortSignal: AbortSignal | undefined;
    } & ChatRequestOptions,
  ): Promise<ReadableStream<UIMessageChunk>>;

  /**
   * A stream of the buffered chunks (see `onBufferedChunks`), or `null` when there are none. Chunks
   * that continue the turn's assistant message are given only with `continueMessage: true` (the
   * caller applies them to that message, as `resumeBuffered` does); otherwise it rejects with kind
   * `'resume-would-split'`. Each turn the backend started begins with a `start` naming its message.
   */
  reconnectToStream(
    options: { chatId: string; abortSignal?: AbortSignal; continueMessage?: boolean } & ChatRequestOptions,
  ): Promise<ReadableStream<UIMessageChunk> | null>;

  /** BIDI Pattern B: a browser tool's output as a `tool_result` frame. Throws if the socket is not open. */
  sendToolResult(toolCallId: string, result: object): void;

  /** Sends `interrupt`; `false` when no socket is open (nothing to interrupt). */
  interrupt(reason?: InterruptReason): boolean;

  /** Throws if the socket is not open (send a message, or `await connect()`, first). */
  sendAudioControl(action: 'start' | 'stop'): void;

  /** Throws if the socket is not open (send a message, or `await connect()`, first). */
  sendAudioChunk(chunk: BidiAudioChunk): void;

  /**
   * Opens the socket without sending a message, for audio before the first text message (the voice's
   * `start()` calls it). Resolves once the socket is open, at once if it is; rejects with the
   * `AdkTransportError` a request would get (`'connect-failed'`, `'connect-timeout'`, `'cannot-open'`,
   * or `'closed'` when `close()` is called meanwhile).
   */
  connect(): Promise<void>;

  /** Closes the socket (a request in flight fails with kind `'closed'`); the next request reopens it. */
  close(): void;

  /** The last ping round-trip time in milliseconds; undefined before the first pong. */
  readonly latencyMs: number | undefined;

  /** Whether the socket is open now. */
  readonly connected: boolean;

  /** Where the socket is: `'worker'` once the `socket: 'worker'` option started its worker, else `'main'`. */
  readonly socket: 'main' | 'worker';


  /** How many `message` frames this transport has sent. */
  readonly messagesSent: number;

  /** Resolves true once more than `count` message frames have been sent, false after `timeoutMs`
   *  (default 60000). Pattern B sends a tool_result only after its approval's message. */
  whenMessageSent(count: number, timeoutMs?: number): Promise<boolean>;
}
