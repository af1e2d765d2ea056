// The BIDI frames (SPEC §5), pure: the client frames the transport writes, each from the arguments
// the app passed, checked (a bad one is an AdkInvalidArgumentError saying what was expected); and
// each server event read once into a chunk, `[DONE]`, a pong, audio or a malformation with its reason.
import { describeValue, field, invalidArgument, isArray, messageOf, optionalString } from '../errors/arguments.js';
import { F_SEND, optionalSignal } from '../transport/bidi/options.js';
import { toAdkWire } from './adk-wire.js';
import { interruptReason } from '../transport/bidi/interrupt-reason.js';
import { INPUT_SAMPLE_RATE, OUTPUT_SAMPLE_RATE } from './audio-format.js';

/**
 * What `onAudio` receives for each `data-pcm` chunk; absent fields default to 24000 Hz, mono, 16-bit.
 * @typedef {object} BidiAudio
 * @property {string} content Base64 PCM, as the backend sent it.
 * @property {number} sampleRate
 * @property {number} channels
 * @property {number} bitDepth
 */
/**
 * @typedef {object} BidiAudioChunk
 * @property {string | ArrayBuffer | ArrayBufferView} chunk Base64 PCM, or the PCM bytes (encoded to base64 here).
 * @property {number} [sampleRate] Default 16000.
 * @property {number} [channels] Default 1.
 * @property {number} [bitDepth] Default 16.
 */
/** @import { Chunk } from './chunk-owner.js' */

/**
 * One event of a frame: a chunk (the parsed object, its `type` a string), or `[DONE]`, a pong's
 * timestamp, audio, or a malformation's description (none of which has a `type`).
 * @typedef {{type?: string, done?: boolean, pong?: number, audio?: BidiAudio, malformed?: string, [field: string]: any}} FrameEvent
 */
/** An audio format: `{sampleRate?, channels?, bitDepth?}`, each a positive whole number. @typedef {Omit<BidiAudioChunk, 'chunk'>} AudioFormat */
/**
 * The voice's audio path (BidiTransport's, not public API): the parts of its audio_chunk frame, and
 * `send` for a frame built from them; with the socket in a worker, also `port(lost)`, a port to
 * the worker for the worklet's frames, and `control`, the audio_control frame writer.
 * @typedef {object} AudioPath
 * @property {[string, string, string]} parts
 * @property {(text: string) => void} send
 * @property {(lost: (error: Error) => void) => MessagePort} [port]
 * @property {typeof audioControlFrame} [control]
 */

/** `{"type":…,"version":"1.0","timestamp":…` + the frame's own fields (SPEC §5). */
const head = (/** @type {string} */ type) => `{"type":"${type}","version":"1.0","timestamp":`;
export const frame = (/** @type {string} */ type, rest = '') => `${head(type)}${Date.now()}${rest}}`;
export const interruptFrame = (/** @type {string | undefined} */ reason) => frame('interrupt', reason ? `,"reason":"${reason}"` : '');

/** @param {Uint8Array} bytes */
export function base64(bytes) {
  let binary = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode.apply(null, /** @type {any} */ (bytes.subarray(i, i + 0x8000)));
  return btoa(binary);
}

// ---- outgoing frames from the app's arguments ----

/**
 * `sendMessages(options)`: the `message` frame (the history as the backend reads it: `config.adk`),
 * the request's abort signal, and the messages (SPEC §4a W4).
 * @param {unknown} options @param {import('../transport/bidi/options.js').Config} config
 * @returns {{text: string, signal: AbortSignal | null, messages: unknown[]}}
 */
export function messageRequest(options, config) {
  if (options === null || typeof options !== 'object') {
    throw invalidArgument(F_SEND, `the options are ${describeValue(options)}`, '{chatId, messages, trigger, messageId?, abortSignal?}');
  }
  const chatId = field(F_SEND, options, 'chatId');
  if (typeof chatId !== 'string') throw invalidArgument(F_SEND, `\`chatId\` is ${describeValue(chatId)}`, 'a string');
  const messages = field(F_SEND, options, 'messages');
  if (!isArray(messages)) throw invalidArgument(F_SEND, `\`messages\` is ${describeValue(messages)}`, 'the array of UI messages');
  const trigger = field(F_SEND, options, 'trigger');
  if (trigger !== 'submit-message' && trigger !== 'regenerate-message') {
    throw invalidArgument(F_SEND, `\`trigger\` is ${describeValue(trigger)}`, "'submit-message' or 'regenerate-message'");
  }
  const messageId = optionalString(F_SEND, options, 'messageId', 'a string or undefined');
  const signal = optionalSignal(F_SEND, options);
  let history;
  try {
    history = JSON.stringify(config.adk ? toAdkWire(messages, config.isBrowserTool) : messages);
  } catch (error) {
    throw invalidArgument(F_SEND, `JSON.stringify(messages) threw: ${messageOf(error)}`, 'messages that JSON can carry (no cycles, no BigInt)');
  }
  const id = `,"messageId":${JSON.stringify(messageId)}`;
  const text = frame('message', `,"id":${JSON.stringify(chatId)},"messages":${history},"trigger":"${trigger}"${messageId === undefined ? '' : id}`);
  return { text, signal, messages };
}

/** `sendToolResult(toolCallId, result)`: BIDI Pattern B's `tool_result` frame. @param {unknown} toolCallId @param {unknown} result */
export function toolResultFrame(toolCallId, result) {
  const fn = 'BidiTransport.sendToolResult';
  if (typeof toolCallId !== 'string' || toolCallId === '') {
    throw invalidArgument(fn, `the toolCallId is ${describeValue(toolCallId)}`, "the tool part's toolCallId, a non-empty string");
  }
  if (result === null || typeof result !== 'object' || isArray(result)) {
    throw invalidArgument(fn, `the result is ${describeValue(result)}`, 'an object, such as {latitude, longitude, accuracy, timestamp}');
  }
  let json;
  try {
    json = JSON.stringify(result);
  } catch (error) {
    throw invalidArgument(fn, `JSON.stringify(result) threw: ${messageOf(error)}`, 'a result that JSON can carry');
  }
  return frame('tool_result', `,"toolCallId":${JSON.stringify(toolCallId)},"result":${json}`);
}

/** `interrupt(reason)`: the `interrupt` frame. */
export const checkedInterruptFrame = (/** @type {unknown} */ reason) => interruptFrame(interruptReason(reason));

/** `sendAudioControl(action)`: the `audio_control` frame. @param {unknown} action */
export function audioControlFrame(action) {
  if (action !== 'start' && action !== 'stop') {
    throw invalidArgument('BidiTransport.sendAudioControl', `the action is ${describeValue(action)}`, "'start' or 'stop'");
  }
  return frame('audio_control', `,"action":"${action}"`);
}

const F_AUDIO = 'BidiTransport.sendAudioChunk';

/** `sendAudioChunk({chunk, sampleRate?, channels?, bitDepth?})`: base64 PCM, or its bytes (encoded here). @param {unknown} audio */
export function audioChunkFrame(audio) {
  if (audio === null || typeof audio !== 'object') {
    throw invalidArgument(F_AUDIO, `the argument is ${describeValue(audio)}`, '{chunk, sampleRate?, channels?, bitDepth?}');
  }
  let chunk = field(F_AUDIO, audio, 'chunk');
  if (typeof chunk === 'string') {
    // It goes into the frame as is, so it must be standard padded base64.
    if (chunk.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(chunk)) {
      throw invalidArgument(F_AUDIO, '`chunk` is a string that is not base64', 'base64 PCM or the PCM bytes');
    }
  } else if (chunk instanceof ArrayBuffer) {
    chunk = base64(new Uint8Array(chunk));
  } else if (ArrayBuffer.isView(chunk)) {
    chunk = base64(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  } else {
    throw invalidArgument(F_AUDIO, `\`chunk\` is ${describeValue(chunk)}`, 'base64 PCM (a string), an ArrayBuffer or a typed array');
  }
  const [before, middle, after] = audioChunkParts(audio);
  return before + Date.now() + middle + chunk + after;
}

/**
 * The voice's audio path: the frame's parts for its worklet, which joins them off the main thread
 * around its own base64, and `send`, which passes such a frame on as it is (built by construction,
 * it is not checked or encoded again; any other text is refused).
 * @param {AudioFormat | undefined} format @param {(text: string) => void} send
 * @returns {AudioPath}
 */
export function audioChunkSender(format, send) {
  const parts = audioChunkParts(format);
  return {
    parts,
    /** @param {string} text */
    send(text) {
      if (typeof text !== 'string' || !text.startsWith(parts[0])) throw invalidArgument(F_AUDIO, 'not a voice frame', 'the frame the worklet built');
      send(text);
    },
  };
}

/**
 * The audio_chunk frame of a format `{sampleRate?, channels?, bitDepth?}` in the three parts that
 * go around its timestamp and its base64 chunk. The one writer of the frame: audioChunkFrame joins
 * them here, and the voice's worklet joins them off the main thread (BidiTransport's audio path).
 * @param {unknown} format
 * @returns {[string, string, string]}
 */
export function audioChunkParts(format) {
  const sampleRate = optionalCount(F_AUDIO, format, 'sampleRate', INPUT_SAMPLE_RATE);
  const channels = optionalCount(F_AUDIO, format, 'channels', 1);
  const bitDepth = optionalCount(F_AUDIO, format, 'bitDepth', 16);
  return [head('audio_chunk'), ',"chunk":"', `","sampleRate":${sampleRate},"channels":${channels},"bitDepth":${bitDepth}}`];
}

/** Whether `n` is an audio format field's value: a positive whole number (of 32 bits). @type {(n: unknown) => n is number} */
const isCount = (n) => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 4294967295;

/** An optional audio format field of the app's; anything but a count is an error.
 *  @param {string} fn @param {unknown} object @param {string} key @param {number} fallback @returns {number} */
function optionalCount(fn, object, key, fallback) {
  const value = field(fn, object, key);
  if (value === undefined || value === null) return fallback;
  if (isCount(value)) return value;
  throw invalidArgument(fn, `\`${key}\` is ${describeValue(value)}`, 'a positive whole number');
}

// ---- incoming frames: each event parsed once; the malformed ones described for onError ----

/** The events of one frame, each read by `classify`; a frame without any is one malformation.
 *  @param {unknown} data @returns {FrameEvent[]} */
export function frameEvents(data) {
  if (typeof data !== 'string') {
    const bytes = data instanceof ArrayBuffer ? data.byteLength : 0;
    return [{ malformed: `a binary frame of ${bytes} bytes; the server sends text frames only` }];
  }
  // A frame holds events separated by blank lines.
  /** @type {FrameEvent[]} */
  const events = [];
  for (let from = 0; from < data.length; ) {
    let end = data.indexOf('\n\n', from);
    if (end < 0) end = data.length;
    const event = data.slice(from, end).trim();
    from = end + 2;
    if (event !== '') events.push(classify(event));
  }
  return events.length > 0 ? events : [{ malformed: 'an empty text frame' }];
}

/**
 * What one event of a frame is: a chunk (the parsed object itself, whose `type` is a string: no
 * wrapper is allocated on the path every chunk takes), or `{done}`, `{pong}`, `{audio}` or
 * `{malformed}` (none of which has a `type`).
 * @param {string} event @returns {FrameEvent}
 */
export function classify(event) {
  if (!event.startsWith('data:')) return bare(event);
  const payload = event.slice(5).trim();
  if (payload === '[DONE]') return { done: true };
  let value;
  try {
    value = JSON.parse(payload);
  } catch (error) {
    return { malformed: `the chunk after 'data: ' is not JSON (${Array.from(messageOf(error)).slice(0, 200).join('')})` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { malformed: "the chunk after 'data: ' is JSON but not an object" };
  const type = value.type;
  if (typeof type !== 'string') return { malformed: 'the chunk has no string `type`' };
  if (type === 'data-pcm') return audio(value);
  // A pong belongs outside `data:`, but one inside it is still a pong, not a chunk.
  if (type === 'pong') return pong(value);
  return value;
}

/** An event without `data:` can only be a pong. @param {string} text @returns {FrameEvent} */
function bare(text) {
  try {
    const value = JSON.parse(text);
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && value.type === 'pong') return pong(value);
  } catch {
    // Not JSON: unknown, below.
  }
  return {
    malformed: `a text frame starts with '${text.slice(0, 40)}'; expected 'data: <chunk JSON>', 'data: [DONE]' or {"type":"pong","timestamp":N}`,
  };
}

/** @param {any} value @returns {FrameEvent} */
function pong(value) {
  const at = value.timestamp;
  if (typeof at === 'number' && at >= 0 && Number.isFinite(at)) return { pong: Math.floor(at) };
  return { malformed: 'a pong has no non-negative numeric `timestamp`' };
}

/** An audio format field of the backend's; anything but a count leaves the default. */
const count = (/** @type {unknown} */ n) => (isCount(n) ? n : undefined);
const isObject = (/** @type {unknown} */ v) => v !== null && typeof v === 'object';

/** A `data-pcm` chunk: AI SDK data chunks carry it in `data`; a flat one is read too.
 *  @param {any} value @returns {FrameEvent} */
function audio(value) {
  const nested = isObject(value.data) ? value.data : null;
  const content = nested && typeof nested.content === 'string' ? nested.content : value.content;
  if (typeof content !== 'string') return { malformed: 'a data-pcm chunk has no base64 `content` string' };
  const pick = (/** @type {string} */ key, /** @type {number} */ fallback) => (nested && count(nested[key])) ?? count(value[key]) ?? fallback;
  return { audio: { content, sampleRate: pick('sampleRate', OUTPUT_SAMPLE_RATE), channels: pick('channels', 1), bitDepth: pick('bitDepth', 16) } };
}
