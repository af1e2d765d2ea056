// The BIDI frames (SPEC §5), pure: the client frames the transport writes, and each server event
// read once into a chunk, `[DONE]`, a pong, audio or a malformation with its reason.
import { messageOf } from './errors.js';

/** `{"type":…,"version":"1.0","timestamp":…` + the frame's own fields (SPEC §5). */
export const frame = (type, rest = '') => `{"type":"${type}","version":"1.0","timestamp":${Date.now()}${rest}}`;
export const interruptFrame = (reason) => frame('interrupt', reason ? `,"reason":"${reason}"` : '');

export function base64(bytes) {
  let binary = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

// ---- incoming frames: each event parsed once; the malformed ones described for onError ----

/**
 * What one event of a frame is: a chunk (the parsed object itself, whose `type` is a string: no
 * wrapper is allocated on the path every chunk takes), or `{done}`, `{pong}`, `{audio}` or
 * `{malformed}` (none of which has a `type`).
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

/** An event without `data:` can only be a pong. */
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

function pong(value) {
  const at = value.timestamp;
  if (typeof at === 'number' && at >= 0 && Number.isFinite(at)) return { pong: Math.floor(at) };
  return { malformed: 'a pong has no non-negative numeric `timestamp`' };
}

/** An audio format field; anything but a positive whole number leaves the default. */
const count = (n) => (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 4294967295 ? n : undefined);
const isObject = (v) => v !== null && typeof v === 'object';

/** A `data-pcm` chunk: AI SDK data chunks carry it in `data`; a flat one is read too. */
function audio(value) {
  const nested = isObject(value.data) ? value.data : null;
  const content = nested && typeof nested.content === 'string' ? nested.content : value.content;
  if (typeof content !== 'string') return { malformed: 'a data-pcm chunk has no base64 `content` string' };
  // ADK's Live API speaks 24 kHz, mono, 16-bit.
  const pick = (key, fallback) => (nested && count(nested[key])) ?? count(value[key]) ?? fallback;
  return { audio: { content, sampleRate: pick('sampleRate', 24000), channels: pick('channels', 1), bitDepth: pick('bitDepth', 16) } };
}
