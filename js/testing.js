// adk-stream-wasm/testing: a ChatTransport that plays an ADK backend's responses into AI SDK's
// `Chat`, so an app tests its chat UI (vitest + jsdom, or a browser) with no backend. No `ai`
// import, so a test loads it before anything else; BIDI splitting runs the core's stream rules
// (the ones BidiTransport applies; reading and splitting recordings: testing-recordings.js), the
// rest is plain JS.
//
// One response stream per request, in order. Where the responses come from:
//  - a recording in the shared fixtures' format (`{mode, output: {rawEvents}}`): an SSE recording
//    holds one HTTP response per `[DONE]`; a BIDI recording is one socket conversation, split into
//    response streams at `[DONE]` and at the first `finish-step` after a `tool-approval-request`
//    (there the backend blocks on the user's answer, and the BIDI transport ends the stream);
//  - a script of turns written with `adkScript({mode})`, which emits the chunks a real ADK backend
//    emits in that mode and splits them by the same rule.

import { AdkTestingError, DONE, checkMode, describeValue, parseRecording, splitResponses } from './testing-recordings.js';

export { AdkTestingError, parseRawEvents, parseRecording, splitRawEvents, splitResponses } from './testing-recordings.js';

const base64 = (bytes) => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(text);
};
const fromBase64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
/** A deep copy of JSON data; jest's environments (happy-dom, jsdom) have no `structuredClone`. */
const copy = (value) => (typeof structuredClone === 'function' ? structuredClone(value) : JSON.parse(JSON.stringify(value)));

function abortError(signal) {
  if (signal && signal.reason instanceof Error) return signal.reason;
  const error = new Error('The request was aborted.');
  error.name = 'AbortError';
  return error;
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * AI SDK's `ChatTransport` over scripted responses. Records every request (`requests`), plays the
 * response of the same number, and rejects a request past the script with `AdkTestingError`, so a
 * chat that sends once too often fails at once instead of waiting for a backend.
 */
export class AdkTestTransport {
  #responses;
  #chunkDelayMs;
  #open = 0;
  #lastActivity = Date.now();

  /**
   * @param {{responses: object[][], chunkDelayMs?: number, onAudio?: (audio: object) => void}} options responses: one array of
   *   chunks per request; chunkDelayMs: the pause before each chunk (default 0: one chunk per task,
   *   as chunks arrive from a network).
   */
  constructor(options) {
    if (options === null || typeof options !== 'object' || !Array.isArray(options.responses)) {
      throw new AdkTestingError(`new AdkTestTransport(): the options are ${describeValue(options)}; expected {responses: chunk[][]} (or use AdkTestTransport.fromRecording / adkScript().transport()).`);
    }
    options.responses.forEach((response, index) => {
      if (!Array.isArray(response)) {
        throw new AdkTestingError(`new AdkTestTransport(): responses[${index}] is ${describeValue(response)}; expected an array of UI message chunks.`);
      }
    });
    const delay = options.chunkDelayMs ?? 0;
    if (typeof delay !== 'number' || !(delay >= 0)) {
      throw new AdkTestingError(`new AdkTestTransport(): chunkDelayMs is ${describeValue(delay)}; expected a number ≥ 0.`);
    }
    this.#responses = options.responses.map((response) => copy(response));
    this.#chunkDelayMs = delay;
    /** Every request received, in order: `{chatId, trigger, messageId, messages, body, headers, metadata}`
     *  (messages deep-copied as they were sent). */
    this.requests = [];
    // Voice (adk-stream-wasm/voice): the frames an app sent, and where scripted agent audio goes.
    /** `audio_control`, `audio_chunk` and `interrupt` frames, in order, as the BIDI transport sends them. */
    this.audioFrames = [];
    this.onAudio = options.onAudio ?? null;
  }

  // ---- voice: what the BIDI transport offers a voice, recorded ----
  get connected() {
    return true;
  }

  sendAudioChunk({ chunk, sampleRate = 16000, channels = 1, bitDepth = 16 }) {
    if (typeof chunk !== 'string') chunk = base64(chunk instanceof ArrayBuffer ? new Uint8Array(chunk) : new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    this.audioFrames.push({ type: 'audio_chunk', chunk, sampleRate, channels, bitDepth });
  }

  sendAudioControl(action) {
    this.audioFrames.push({ type: 'audio_control', action });
  }

  interrupt(reason) {
    this.audioFrames.push({ type: 'interrupt', reason });
    return true;
  }

  /** The `audio_chunk` frames' PCM, concatenated: the bytes the app sent. */
  get sentAudio() {
    const parts = this.audioFrames.filter((f) => f.type === 'audio_chunk').map((f) => fromBase64(f.chunk));
    const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    parts.reduce((at, p) => (all.set(p, at), at + p.length), 0);
    return all;
  }

  /** Plays `data-pcm` chunks as the agent's voice: each goes to the `onAudio` option, with the
   *  BIDI transport's defaults (24000 Hz, mono, 16-bit). `content`: base64, or the PCM bytes. */
  playAudio(...chunks) {
    if (typeof this.onAudio !== 'function') {
      throw new AdkTestingError('playAudio(): the transport has no onAudio; expected new AdkTestTransport({responses, onAudio: voice.onAudio}).');
    }
    for (const c of chunks.flat()) {
      const content = typeof c.content === 'string' ? c.content : base64(new Uint8Array(c.content.buffer ?? c.content, c.content.byteOffset ?? 0, c.content.byteLength));
      this.onAudio({ content, sampleRate: c.sampleRate ?? 24000, channels: c.channels ?? 1, bitDepth: c.bitDepth ?? 16 });
    }
  }

  /** A transport that plays a recording in the shared fixtures' format. */
  static fromRecording(recording, options = {}) {
    return new AdkTestTransport({ ...options, responses: parseRecording(recording).responses });
  }

  /** How many requests the chat made. */
  get requestCount() {
    return this.requests.length;
  }

  /** How many scripted responses no request has taken yet. */
  get remainingResponses() {
    return Math.max(0, this.#responses.length - this.requests.length);
  }

  /** Response streams not yet ended. */
  get openStreams() {
    return this.#open;
  }

  async sendMessages(options) {
    const { chatId, trigger, messageId, messages, abortSignal, body, headers, metadata } = options ?? {};
    this.#lastActivity = Date.now();
    this.requests.push({ chatId, trigger, messageId, messages: copy(messages), body, headers, metadata });
    const index = this.requests.length - 1;
    if (index >= this.#responses.length) {
      throw new AdkTestingError(
        `request ${index + 1} (trigger ${trigger}) came after the script's end: it has ${this.#responses.length} response(s). ` +
          'Either the chat sent once too often, or the script needs another response.',
      );
    }
    if (abortSignal && abortSignal.aborted) throw abortError(abortSignal);
    return this.#play(this.#responses[index], abortSignal);
  }

  /** Nothing is ever left to resume: every response is played by the request that takes it. */
  async reconnectToStream() {
    return null;
  }

  #play(chunks, signal) {
    let next = 0;
    let ended = false;
    this.#open++;
    const end = () => {
      if (ended) return;
      ended = true;
      this.#open--;
      this.#lastActivity = Date.now();
    };
    return new ReadableStream({
      start: (controller) => {
        if (!signal) return;
        signal.addEventListener(
          'abort',
          () => {
            if (ended) return;
            end();
            try {
              controller.error(abortError(signal));
            } catch {
              // the stream is already closed
            }
          },
          { once: true },
        );
      },
      pull: async (controller) => {
        await wait(this.#chunkDelayMs);
        if (ended) return;
        if (next < chunks.length) {
          controller.enqueue(copy(chunks[next++]));
          this.#lastActivity = Date.now();
        } else {
          end();
          controller.close();
        }
      },
      cancel: () => end(),
    });
  }

  /**
   * Resolves with the request count once every stream has ended and no request came for
   * `quietMs` (default 100): AI SDK decides after each stream ends, so a follow-up request comes
   * within a few tasks or not at all. Rejects with `AdkTestingError` after `timeoutMs` (default 5000).
   */
  async settled({ quietMs = 100, timeoutMs = 5000 } = {}) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.#open === 0 && Date.now() - this.#lastActivity >= quietMs) return this.requests.length;
      if (Date.now() > deadline) {
        throw new AdkTestingError(
          `settled(): after ${timeoutMs} ms ${this.#open} response stream(s) are still open (${this.requests.length} request(s) so far); ` +
            'expected every stream to end. Is a stream waiting on a chat that was never read?',
        );
      }
      await wait(Math.min(10, quietMs));
    }
  }

  /** Resolves once `count` requests were made and their streams ended; `AdkTestingError` after `timeoutMs`. */
  async waitForRequests(count, { timeoutMs = 5000 } = {}) {
    const deadline = Date.now() + timeoutMs;
    while (this.requests.length < count || this.#open > 0) {
      if (Date.now() > deadline) {
        throw new AdkTestingError(
          `waitForRequests(${count}): after ${timeoutMs} ms the chat made ${this.requests.length} request(s) and ${this.#open} stream(s) are open; ` +
            `expected ${count} request(s), all played. ${this.requests.length < count ? 'Is an answer still missing (approve, deny, a browser tool output)?' : ''}`.trim(),
        );
      }
      await wait(5);
    }
    return this.requests.length;
  }
}

/**
 * Writes a backend's turns as an ADK backend streams them, in `mode`:
 *   adkScript({mode: 'sse'}).approvalRequest('process_payment', {amount: 50}).done()
 *     .toolResult('call-1', {ok: true}).text('Paid.').done().transport()
 * SSE: each response is `start` … `finish`, ended by `done()`. BIDI: one conversation; a turn
 * starts with `start` and ends with `finish` at `done()`; approval requests come in a step
 * (`start-step`, `tool-approval-request`, `finish-step`) that ends the response stream, as the
 * backend then waits for the answer in the same turn (a `done()` right after them ends only the
 * response, so one script serves both modes). Ids not given are `call-N`, `approval-N`, `text-N`.
 */
export function adkScript(options) {
  const mode = options && options.mode;
  checkMode(mode, 'adkScript()');
  const events = [];
  let inTurn = false;
  let stepOpen = false;
  let turns = 0;
  const counters = { call: 0, approval: 0, text: 0 };
  const nextId = (kind) => `${kind}-${++counters[kind]}`;

  const begin = () => {
    if (stepOpen) {
      events.push({ type: 'finish-step' });
      stepOpen = false;
    }
    if (!inTurn) {
      inTurn = true;
      events.push({ type: 'start', messageId: `message-${++turns}` });
    }
  };
  const stringOption = (value, name, where) => {
    if (value !== undefined && (typeof value !== 'string' || value === '')) {
      throw new AdkTestingError(`${where}: ${name} is ${describeValue(value)}; expected a non-empty string.`);
    }
    return value;
  };
  const toolName = (name, where) => {
    if (typeof name !== 'string' || name === '') throw new AdkTestingError(`${where}: the tool name is ${describeValue(name)}; expected a non-empty string.`);
    return name;
  };

  /** A text or reasoning part streamed whole: its start, one delta, its end. @param {'text' | 'reasoning'} kind @param {unknown} value @param {unknown} id */
  const streamPart = (kind, value, id) => {
    const where = `${kind}()`;
    if (typeof value !== 'string') throw new AdkTestingError(`${where}: the text is ${describeValue(value)}; expected a string.`);
    begin();
    const partId = stringOption(id, 'id', where) ?? nextId('text');
    events.push({ type: `${kind}-start`, id: partId }, { type: `${kind}-delta`, id: partId, delta: value }, { type: `${kind}-end`, id: partId });
    return builder;
  };

  const builder = {
    mode,
    /** Streams `text` as one text part. @param {unknown} value @param {{id?: string}} [options] */
    text(value, { id } = {}) {
      return streamPart('text', value, id);
    },
    /** Streams `text` as one reasoning part. @param {unknown} value @param {{id?: string}} [options] */
    reasoning(value, { id } = {}) {
      return streamPart('reasoning', value, id);
    },
    /** A tool call with its input (state input-available): a browser tool runs on it.
     *  @param {unknown} name @param {unknown} [input] @param {{toolCallId?: string}} [options] */
    toolCall(name, input = {}, { toolCallId } = {}) {
      toolName(name, 'toolCall()');
      begin();
      events.push({ type: 'tool-input-available', toolCallId: stringOption(toolCallId, 'toolCallId', 'toolCall()') ?? nextId('call'), toolName: name, input });
      return builder;
    },
    /** A tool call that waits for the user's approval (state approval-requested).
     *  @param {unknown} name @param {unknown} [input] @param {{toolCallId?: string, approvalId?: string}} [options] */
    approvalRequest(name, input = {}, { toolCallId, approvalId } = {}) {
      toolName(name, 'approvalRequest()');
      const callId = stringOption(toolCallId, 'toolCallId', 'approvalRequest()') ?? nextId('call');
      const id = stringOption(approvalId, 'approvalId', 'approvalRequest()') ?? nextId('approval');
      if (mode === 'bidi') {
        // Requests in a row share one step (one response); the next other chunk, or done(), closes it.
        if (!stepOpen) {
          begin();
          events.push({ type: 'tool-input-available', toolCallId: callId, toolName: name, input }, { type: 'start-step' });
        } else {
          events.push({ type: 'tool-input-available', toolCallId: callId, toolName: name, input });
        }
        events.push({ type: 'tool-approval-request', toolCallId: callId, approvalId: id });
        stepOpen = true;
      } else {
        begin();
        events.push({ type: 'tool-input-available', toolCallId: callId, toolName: name, input });
        events.push({ type: 'tool-approval-request', toolCallId: callId, approvalId: id });
      }
      return builder;
    },
    /** The backend's result of a tool call (it ran the tool, or answered a denial with an error text). */
    toolResult(toolCallId, output) {
      stringOption(toolCallId, 'toolCallId', 'toolResult()');
      if (toolCallId === undefined) throw new AdkTestingError('toolResult(): the toolCallId is missing; expected the id of an earlier tool call.');
      begin();
      events.push({ type: 'tool-output-available', toolCallId, output });
      return builder;
    },
    /** The backend's failure of a tool call (`tool-output-error`). */
    toolError(toolCallId, errorText) {
      stringOption(toolCallId, 'toolCallId', 'toolError()');
      if (toolCallId === undefined || typeof errorText !== 'string') {
        throw new AdkTestingError('toolError(): expected (toolCallId, errorText), both strings.');
      }
      begin();
      events.push({ type: 'tool-output-error', toolCallId, errorText });
      return builder;
    },
    /** Any other UI message chunk, as is. */
    chunk(chunk) {
      if (chunk === null || typeof chunk !== 'object' || typeof chunk.type !== 'string') {
        throw new AdkTestingError(`chunk(): the chunk is ${describeValue(chunk)}; expected a UI message chunk {type, …}.`);
      }
      begin();
      events.push(copy(chunk));
      return builder;
    },
    /**
     * Ends the response: `finish`, then `[DONE]`. In BIDI, right after approval requests it only
     * closes their step: the BIDI backend waits for the answer inside the same turn, so the
     * stream ends there and the turn goes on in the next response (a script reads the same in
     * both modes).
     */
    done() {
      if (mode === 'bidi' && stepOpen) {
        events.push({ type: 'finish-step' });
        stepOpen = false;
        return builder;
      }
      if (stepOpen) {
        events.push({ type: 'finish-step' });
        stepOpen = false;
      }
      if (inTurn) events.push({ type: 'finish', finishReason: 'stop' });
      events.push(DONE);
      inTurn = false;
      return builder;
    },
    /** The conversation so far as a recording's frames (`data: …\n\n`), for a fixture of your own. */
    rawEvents() {
      return closed().map((event) => `data: ${event === DONE ? DONE : JSON.stringify(event)}\n\n`);
    },
    /** The response streams, one array of chunks per request. */
    responses() {
      return splitResponses(closed(), mode);
    },
    /** A transport that plays these responses. */
    transport(transportOptions = {}) {
      return new AdkTestTransport({ ...transportOptions, responses: builder.responses() });
    },
  };
  // A BIDI step still open at the end would leave its response unended: close it in the output.
  const closed = () => (stepOpen ? [...events, { type: 'finish-step' }] : [...events]);
  return builder;
}
