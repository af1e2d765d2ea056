// The recordings the testing kit (testing.js) plays: a recording's frames read into chunks, and a
// conversation split into the response streams a transport returns (SSE: one per `[DONE]`; BIDI:
// by the rule BidiTransport applies, in plain JS: response-ends.js). No WebAssembly: nothing here
// imports the core.
import { splitConversation } from '../wire/response-ends.js';
import { AdkError } from '../errors/errors.js';
import { describeValue } from '../errors/arguments.js';

/** A test's own mistake: a request past the script's end, a malformed recording, a wait that
 *  timed out. `name` is `'AdkTestingError'`; the message says what was seen and what was expected. */
export class AdkTestingError extends AdkError {
  static errorName = 'AdkTestingError';

  /** @param {string} message */
  constructor(message) {
    super(message);
  }
}

/** @typedef {import('./ai-types.js').TestChunk} TestChunk */
/** @typedef {'sse' | 'bidi'} AdkMode */

/**
 * A recording in the format of the project's fixtures (one recorded backend conversation).
 * @typedef {object} AdkRecording
 * @property {AdkMode} mode
 * @property {{messages?: ReadonlyArray<{content?: unknown, parts?: ReadonlyArray<unknown>}>}} [input] The request that started the conversation; its first message's text is the prompt.
 * @property {{rawEvents: ReadonlyArray<string>}} output `rawEvents`: the frames exactly as sent, `data: <chunk JSON>\n\n` and `data: [DONE]\n\n`.
 */

const DATA = 'data:';
export const DONE = /** @type {const} */ ('[DONE]');

// The package's one description of a value (errors.js); the kit's other files import it from here.
export { describeValue };

/** Throws unless `mode` is 'sse' or 'bidi'. @param {unknown} mode @param {string} where @returns {asserts mode is AdkMode} */
export function checkMode(mode, where) {
  if (mode !== 'sse' && mode !== 'bidi') {
    throw new AdkTestingError(`${where}: mode is ${describeValue(mode)}; expected 'sse' or 'bidi'.`);
  }
}

/**
 * The frames of a recording (`rawEvents`: `data: <chunk JSON>\n\n` and `data: [DONE]\n\n`) as
 * chunks and the string '[DONE]'. BIDI pongs (`{"type":"pong",…}`, no `data:`) and `data-pcm`
 * audio chunks never reach the message stream, so they are left out here too.
 * @param {ReadonlyArray<string>} rawEvents
 * @returns {Array<TestChunk | '[DONE]'>}
 */
export function parseRawEvents(rawEvents) {
  if (!Array.isArray(rawEvents)) {
    throw new AdkTestingError(`parseRawEvents(): rawEvents is ${describeValue(rawEvents)}; expected an array of "data: …" frames.`);
  }
  /** @type {Array<TestChunk | '[DONE]'>} */
  const events = [];
  rawEvents.forEach((raw, index) => {
    const frame = typeof raw === 'string' ? raw.trim() : '';
    if (!frame.startsWith(DATA)) {
      if (frame.startsWith('{') && frame.includes('"pong"')) return;
      throw new AdkTestingError(`rawEvents[${index}] is ${describeValue(raw)}; expected a frame "data: <chunk JSON>" or "data: [DONE]".`);
    }
    const payload = frame.slice(DATA.length).trim();
    if (payload === DONE) {
      events.push(DONE);
      return;
    }
    let chunk;
    try {
      chunk = JSON.parse(payload);
    } catch {
      throw new AdkTestingError(`rawEvents[${index}] is not JSON after "data: " (${payload.slice(0, 60)}); expected a UI message chunk.`);
    }
    if (chunk === null || typeof chunk !== 'object' || typeof chunk.type !== 'string') {
      throw new AdkTestingError(`rawEvents[${index}] has no string "type"; expected a UI message chunk such as {"type":"text-delta",…}.`);
    }
    if (chunk.type !== 'data-pcm') events.push(chunk);
  });
  return events;
}

/**
 * Splits a conversation (chunks and '[DONE]') into the response streams a transport returns. SSE:
 * one response per `[DONE]`. BIDI: the rule `BidiTransport` applies, from the same core rules
 * (SPEC §5): at `[DONE]`, and at the first `finish-step` after a `tool-approval-request` of the
 * same response, whatever came between.
 * @param {ReadonlyArray<TestChunk | '[DONE]'>} events
 * @param {AdkMode} mode
 * @returns {TestChunk[][]}
 */
export function splitResponses(events, mode) {
  checkMode(mode, 'splitResponses()');
  if (!Array.isArray(events)) {
    throw new AdkTestingError(`splitResponses(): events is ${describeValue(events)}; expected an array of UI message chunks and '[DONE]'.`);
  }
  /** @param {TestChunk | '[DONE]'} event @param {number} index */
  const eventOf = (event, index) => {
    if (event === DONE) return DONE;
    if (event === null || typeof event !== 'object' || typeof event.type !== 'string') {
      throw new AdkTestingError(`splitResponses(): events[${index}] is ${describeValue(event)}; expected a UI message chunk {type, …} or '[DONE]'.`);
    }
    return event.type;
  };
  return split(events, mode, eventOf).map((response) => response.filter((event) => event !== DONE));
}

/**
 * Splits a recording's frames (`rawEvents`, `data: …\n\n`) into response streams by the same rule
 * as `splitResponses`, each frame kept verbatim: what a test backend replays, one response per
 * request. Frames that are no chunk (a pong, audio, a frame that is not JSON) stay with the
 * response they came in.
 * @param {ReadonlyArray<string>} rawEvents
 * @param {AdkMode} mode
 * @returns {string[][]}
 */
export function splitRawEvents(rawEvents, mode) {
  checkMode(mode, 'splitRawEvents()');
  if (!Array.isArray(rawEvents)) {
    throw new AdkTestingError(`splitRawEvents(): rawEvents is ${describeValue(rawEvents)}; expected an array of "data: …" frames.`);
  }
  return split(rawEvents, mode, rawEventOf);
}

/** What a raw frame is for the rules: '[DONE]', a chunk's type, or null (no event of the stream). @param {string} raw */
function rawEventOf(raw) {
  const frame = typeof raw === 'string' ? raw.trim() : '';
  if (!frame.startsWith(DATA)) return null;
  const payload = frame.slice(DATA.length).trim();
  if (payload === DONE) return DONE;
  try {
    const chunk = JSON.parse(payload);
    const type = chunk !== null && typeof chunk === 'object' ? chunk.type : undefined;
    return typeof type === 'string' && type !== 'data-pcm' && type !== 'pong' ? type : null;
  } catch {
    return null;
  }
}

/**
 * `items` split into responses, each item read by `eventOf` ('[DONE]', a chunk's type, or null).
 * @template T
 * @param {ReadonlyArray<T>} items @param {AdkMode} mode
 * @param {(item: T, index: number) => string | null} eventOf
 * @returns {T[][]}
 */
function split(items, mode, eventOf) {
  if (mode === 'bidi') return splitConversation(/** @type {T[]} */ (items), eventOf);
  // SSE: one HTTP response per `[DONE]`.
  /** @type {T[][]} */
  const responses = [];
  /** @type {T[]} */
  let current = [];
  let hasEvent = false;
  items.forEach((item, index) => {
    const event = eventOf(item, index);
    current.push(item);
    if (event === DONE) {
      if (hasEvent) responses.push(current);
      else if (responses.length > 0) responses[responses.length - 1].push(...current);
      current = [];
      hasEvent = false;
    } else if (event !== null) {
      hasEvent = true;
    }
  });
  if (hasEvent) responses.push(current);
  else if (current.length > 0 && responses.length > 0) responses[responses.length - 1].push(...current);
  return responses;
}

/**
 * A recording in the shared fixtures' format: `{mode, input?: {messages}, output: {rawEvents}}`.
 * Returns `{mode, prompt, responses}`; `prompt` is the text of the recording's first user message.
 * @param {AdkRecording} recording
 * @returns {{mode: AdkMode, prompt: string, responses: TestChunk[][]}}
 */
export function parseRecording(recording) {
  if (recording === null || typeof recording !== 'object' || !recording.output) {
    throw new AdkTestingError(`parseRecording(): the recording is ${describeValue(recording)}; expected {mode, output: {rawEvents}}.`);
  }
  checkMode(recording.mode, 'parseRecording()');
  const first = recording.input && Array.isArray(recording.input.messages) ? recording.input.messages[0] : undefined;
  let prompt = '';
  if (first && typeof first.content === 'string') prompt = first.content;
  else if (first && Array.isArray(first.parts)) prompt = first.parts.filter((/** @type {any} */ p) => p && p.type === 'text').map((/** @type {any} */ p) => p.text).join('');
  return { mode: recording.mode, prompt, responses: splitResponses(parseRawEvents(recording.output.rawEvents), recording.mode) };
}

/**
 * The options of `new AdkTestTransport()` checked: the pause before each chunk, or an
 * `AdkTestingError` naming what is wrong.
 * @param {import('./transport.js').AdkTestTransportOptions} options @returns {number}
 */
export function checkedDelay(options) {
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
  if (options.onBufferedChunks !== undefined && typeof options.onBufferedChunks !== 'function') {
    throw new AdkTestingError(`new AdkTestTransport(): onBufferedChunks is ${describeValue(options.onBufferedChunks)}; expected a function, such as () => adk.resumeBuffered().`);
  }
  return delay;
}
