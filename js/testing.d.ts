// Type declarations of `adk-stream-wasm/testing`: a ChatTransport that plays recorded or scripted
// ADK backend responses into AI SDK's `Chat`, for an app's own tests.
//
// `ai` is an optional peer dependency. With it installed, the chunk and message types below are
// AI SDK's own, so `new Chat({transport})` type-checks exactly; without it they are `any`, and
// these declarations still compile under `skipLibCheck: false`.
// @ts-ignore -- resolves only when the optional peer `ai` is installed (see above).
import type { UIMessage as AiUIMessage, UIMessageChunk as AiUIMessageChunk } from 'ai';
import type { AdkError } from './errors/errors.js';

/** A UI message chunk as the backend writes it (`{type: 'text-delta', id, delta}`, …). */
export type TestChunk = AiUIMessageChunk;

/** A test's own mistake: a request past the script's end, a malformed recording, a wait that
 *  timed out. `name` is `'AdkTestingError'`; the message says what was seen and what was expected. */
export declare class AdkTestingError extends AdkError {
  constructor(message: string);
}

/** A recording in the format of the project's fixtures (one recorded backend conversation). */
export interface AdkRecording {
  mode: 'sse' | 'bidi';
  /** The request that started the conversation; its first message's text is the prompt. */
  input?: { messages?: ReadonlyArray<{ content?: unknown; parts?: ReadonlyArray<unknown> }> };
  /** `rawEvents`: the frames exactly as sent, `data: <chunk JSON>\n\n` and `data: [DONE]\n\n`. */
  output: { rawEvents: ReadonlyArray<string> };
}

/** The frames of a recording as chunks and `'[DONE]'` (pongs and `data-pcm` audio left out). */
export function parseRawEvents(rawEvents: ReadonlyArray<string>): Array<TestChunk | '[DONE]'>;

/** Splits a conversation into response streams where the transport ends them: at `[DONE]`; in
 *  BIDI also at the first `finish-step` after a `tool-approval-request` of the same response,
 *  whatever came between (the core's rules, the ones `BidiTransport` applies). */
export function splitResponses(events: ReadonlyArray<TestChunk | '[DONE]'>, mode: 'sse' | 'bidi'): TestChunk[][];

/** The same split over a recording's frames, each kept verbatim (what a test backend replays, one
 *  response per request); pongs, audio and frames that are not JSON stay with their response. */
export function splitRawEvents(rawEvents: ReadonlyArray<string>, mode: 'sse' | 'bidi'): string[][];

/** A recording's mode, the text of its first user message, and its response streams. */
export function parseRecording(recording: AdkRecording): { mode: 'sse' | 'bidi'; prompt: string; responses: TestChunk[][] };

/** One request the transport received, as AI SDK sent it (`messages` deep-copied). */
export interface RecordedRequest<UI_MESSAGE = AiUIMessage> {
  chatId: string;
  trigger: 'submit-message' | 'regenerate-message';
  messageId: string | undefined;
  messages: UI_MESSAGE[];
  body: object | undefined;
  headers: Record<string, string> | Headers | undefined;
  metadata: unknown;
}

export interface AdkTestTransportOptions {
  /** One array of chunks per request, in order. */
  responses: ReadonlyArray<ReadonlyArray<TestChunk>>;
  /** The pause before each chunk in milliseconds (default 0: one chunk per task). */
  chunkDelayMs?: number;
  /** Where `playAudio()` sends the agent's `data-pcm` chunks (a voice's `onAudio`). */
  onAudio?(audio: TestAudio): void;
  /** Chunks `agentTurn()` sent arrived while no response stream was open: called once per batch,
   *  as BidiTransport's option. Give it `() => adk.resumeBuffered()` (or `resumeBuffered(chat,
   *  transport)` from `adk-stream-wasm/chat`) to bring them into the chat. */
  onBufferedChunks?(): void;
}

/** A `data-pcm` chunk as the BIDI transport hands it to `onAudio`. */
export interface TestAudio {
  content: string;
  sampleRate: number;
  channels: number;
  bitDepth: number;
}

/** A frame a voice sent through the transport. */
export type TestAudioFrame =
  | { type: 'audio_control'; action: 'start' | 'stop' }
  | { type: 'audio_chunk'; chunk: string; sampleRate: number; channels: number; bitDepth: number }
  | { type: 'interrupt'; reason?: string };

/**
 * AI SDK's `ChatTransport` over scripted responses: request N gets response N. Every request is
 * recorded; a request past the script rejects with `AdkTestingError` (the chat's `error`), never
 * a stream that hangs. An aborted request (`chat.stop()`) ends its stream with the abort error.
 * It answers as the package's transports do: a response that continues an assistant message goes
 * on in that message, whatever `messageId` its `start` carries (one message per agent turn).
 */
export declare class AdkTestTransport<UI_MESSAGE extends AiUIMessage = AiUIMessage> {
  /** Throws `AdkTestingError` when `responses` is not an array of chunk arrays. */
  constructor(options: AdkTestTransportOptions);
  /** A transport that plays a recording (SSE: a response per `[DONE]`; BIDI: split as above). */
  static fromRecording<UI_MESSAGE extends AiUIMessage = AiUIMessage>(
    recording: AdkRecording,
    options?: Omit<AdkTestTransportOptions, 'responses'>,
  ): AdkTestTransport<UI_MESSAGE>;

  /** Every request received, in order. */
  readonly requests: RecordedRequest<UI_MESSAGE>[];
  /** How many requests the chat made. */
  readonly requestCount: number;
  /** Scripted responses no request has taken yet. */
  readonly remainingResponses: number;
  /** Response streams not yet ended. */
  readonly openStreams: number;

  sendMessages(options: {
    trigger: 'submit-message' | 'regenerate-message';
    chatId: string;
    messageId: string | undefined;
    messages: UI_MESSAGE[];
    abortSignal: AbortSignal | undefined;
    headers?: Record<string, string> | Headers;
    body?: object;
    metadata?: unknown;
  }): Promise<ReadableStream<TestChunk>>;
  /**
   * The chunks `agentTurn()` sent while no response stream was open, as BidiTransport gives them:
   * `null` when there are none. Chunks that continue the turn's assistant message are given only
   * with `continueMessage: true` (the caller applies them to that message, as `resumeBuffered`
   * does); otherwise it rejects with an `AdkTransportError` of kind `'resume-would-split'`. Each
   * turn the backend started begins with a `start` naming its message.
   */
  reconnectToStream(options: { chatId: string; continueMessage?: boolean }): Promise<ReadableStream<TestChunk> | null>;

  /**
   * The scripted backend sends `chunks` with no request open, as BidiTransport receives them: a
   * turn it starts by itself (a spoken turn: `spokenTurn(heard, answer)`), or the rest of a turn
   * whose response ended at an approval's finish-step. `'[DONE]'` ends the turn; after it, chunks
   * begin a new assistant message (its `start` is added when they have none). `data-pcm` chunks go
   * to `onAudio`. The rest are kept for `reconnectToStream`, and `onBufferedChunks` is called once
   * for the batch. Nothing is recorded as a request. Without `onBufferedChunks`, chunks that
   * continue the turn lead the next request's stream; when they hold an approval request, the next
   * request that answers the turn is not recorded (BidiTransport sends no frame then) and its stream
   * is those chunks, so both approvals are answered in one request. Throws `AdkTestingError` while a request's
   * response is streaming (`await transport.settled()` first) or when `chunks` is not an array of
   * chunks and `'[DONE]'`.
   */
  agentTurn(chunks: ReadonlyArray<TestChunk | '[DONE]'>): void;
  /** Called once per batch of chunks kept by `agentTurn()` (see the option). */
  onBufferedChunks: (() => void) | null;

  /** Resolves with the request count once every stream has ended, the chunks `agentTurn()` kept
   *  were taken (when there is an `onBufferedChunks`) and no request came for `quietMs` (default
   *  100); rejects with `AdkTestingError` after `timeoutMs` (default 5000). */
  settled(options?: { quietMs?: number; timeoutMs?: number }): Promise<number>;
  /** Resolves once `count` requests were made and their streams ended; rejects with
   *  `AdkTestingError` after `timeoutMs` (default 5000). */
  waitForRequests(count: number, options?: { timeoutMs?: number }): Promise<number>;

  // BIDI Pattern B, as BidiTransport offers it (createAdk and useAdkChat use these).
  /** Records a `tool_result` frame; a toolCallId that is no non-empty string, or a result that is
   *  no object, is an `AdkInvalidArgumentError`, as with BidiTransport. */
  sendToolResult(toolCallId: string, result: object): void;
  /** Every `tool_result` sent, in order; `afterRequest` is how many requests had been made then. */
  readonly toolResults: Array<{ toolCallId: string; result: object; afterRequest: number }>;
  /** How many requests (BidiTransport's `message` frames) were made. */
  readonly messagesSent: number;
  /** Resolves true once more than `count` requests were made, false after `timeoutMs` (default 60000). */
  whenMessageSent(count: number, timeoutMs?: number): Promise<boolean>;

  // Voice (adk-stream-wasm/voice): pass the transport to createVoice / useAdkVoice.
  /** Every `audio_control`, `audio_chunk` and `interrupt` the app sent, in order. */
  readonly audioFrames: TestAudioFrame[];
  /** The PCM of every `audio_chunk`, concatenated. */
  readonly sentAudio: Uint8Array;
  readonly connected: boolean;
  onAudio: ((audio: TestAudio) => void) | null;
  sendAudioChunk(chunk: { chunk: string | ArrayBuffer | ArrayBufferView; sampleRate?: number; channels?: number; bitDepth?: number }): void;
  sendAudioControl(action: 'start' | 'stop'): void;
  interrupt(reason?: string): boolean;
  /** Plays the agent's `data-pcm` chunks into `onAudio` (defaults 24000 Hz, mono, 16-bit); throws
   *  `AdkTestingError` when there is no `onAudio`. */
  playAudio(...chunks: Array<{ content: string | ArrayBuffer | ArrayBufferView; sampleRate?: number; channels?: number; bitDepth?: number } | Array<{ content: string | ArrayBuffer | ArrayBufferView; sampleRate?: number }>>): void;
}

/** Builds a backend's turns as an ADK backend streams them in `mode`. Ids not given are
 *  `call-N`, `approval-N`, `text-N`. Every method but the last three returns the builder. */
export interface AdkScript {
  readonly mode: 'sse' | 'bidi';
  /** One text part. */
  text(text: string, options?: { id?: string }): AdkScript;
  /** One reasoning part. */
  reasoning(text: string, options?: { id?: string }): AdkScript;
  /** A tool call with its input (`tool-input-available`): a browser tool runs on it. */
  toolCall(toolName: string, input?: unknown, options?: { toolCallId?: string }): AdkScript;
  /** A tool call that waits for the user's answer (`tool-approval-request`). In BIDI it ends the
   *  response (with the requests right before it), as the backend then waits. */
  approvalRequest(toolName: string, input?: unknown, options?: { toolCallId?: string; approvalId?: string }): AdkScript;
  /** The backend's result of a tool call (`tool-output-available`). */
  toolResult(toolCallId: string, output: unknown): AdkScript;
  /** The backend's failure of a tool call, or its answer to a denial (`tool-output-error`). */
  toolError(toolCallId: string, errorText: string): AdkScript;
  /** Any other UI message chunk, as is. */
  chunk(chunk: TestChunk): AdkScript;
  /** Ends the response (`finish`, `[DONE]`). In BIDI, right after approval requests it only ends
   *  the response: the backend waits for the answer within the same turn, which goes on in the
   *  next response (so one script serves both modes). */
  done(): AdkScript;
  /** The conversation as a recording's frames (`data: …\n\n`). */
  rawEvents(): string[];
  /** The response streams, one array of chunks per request. */
  responses(): TestChunk[][];
  /** A new transport that plays these responses. */
  transport<UI_MESSAGE extends AiUIMessage = AiUIMessage>(options?: Omit<AdkTestTransportOptions, 'responses'>): AdkTestTransport<UI_MESSAGE>;
}

/** Starts a script of backend turns. Throws `AdkTestingError` for a mode other than 'sse' or 'bidi'. */
export function adkScript(options: { mode: 'sse' | 'bidi' }): AdkScript;

/**
 * A spoken turn as an ADK backend streams it with no request open, for `transport.agentTurn()`:
 * the user's transcribed speech (a text part whose id ends `_input_text`, shown as a user message),
 * the agent's answer (`_output_text`) with each of `audio` (base64 PCM) as a `data-pcm` chunk,
 * `finish` and `'[DONE]'`, and no `start`. `id` is the part ids' stem (default `'voice'`). Throws
 * `AdkTestingError` for arguments of other types.
 */
export function spokenTurn(heard: string, answer: string, options?: { audio?: ReadonlyArray<string>; id?: string }): Array<TestChunk | '[DONE]'>;
