// resumeBuffered: chunks the BIDI transport kept while no response stream was open, into the chat:
// those that continue the turn's message into it (SPEC §4a W6), a turn the backend started as a
// message of its own (SPEC §5 W8) with the user's transcribed speech before it (W9), never an older
// copy over a newer message (W10). A module of its own: only a BIDI chat that meets such chunks runs
// it, so createAdk loads it on demand and an SSE app never downloads it (nor AI SDK's stream reader
// that it needs).
import { generateId, readUIMessageStream } from 'ai';
import { describeValue, invalidArgument } from '../errors/arguments.js';
import { copyJson as copy } from '../core/json-copy.js';
/** @import { ChatLike, UIMessageLike } from '../index.js' */

/**
 * A message as AI SDK's Chat holds it and its reader writes it (an `id`, its parts an array).
 * @typedef {{id: string, role: string, parts: any[], metadata?: unknown}} Message
 */

/** @param {ChatLike} chat */
const busy = (chat) => chat.status === 'streaming' || chat.status === 'submitted';
/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * Whether a chunk is of the user's transcribed speech (SPEC §5 W9): a text part whose id ends
 * `_input_text`, as the ADK backend streams a spoken turn. Here, not in chunk-owner.js: only a chat
 * that meets buffered chunks needs it (this module loads on demand).
 * @param {{type: string, id?: unknown}} chunk
 */
export function isUserSpeech(chunk) {
  const type = chunk.type;
  return (type === 'text-start' || type === 'text-delta' || type === 'text-end') && typeof chunk.id === 'string' && chunk.id.endsWith('_input_text');
}

/** The data part that carries the user's speech through AI SDK's reader (never left in a message). */
const SPEECH = 'data-adk-user-speech';

/**
 * Delivers chunks the BIDI transport kept while no response stream was open into the chat: a second
 * approval of the same turn (SPEC §4a W6) or the backend's late result into the assistant message
 * they continue, a turn the backend started (a voice answer, SPEC §5 W8) as a new assistant message
 * after the others, with the user's transcribed speech as a user message before it (W9). AI SDK's
 * own `chat.resumeStream()` reads them into a new message, where a tool result or approval for an
 * earlier call fails. `chat` is the AI SDK `Chat` instance (with `useChat`, the one you give it as
 * `useChat({chat})`), whose state is always current. While the chat streams, it waits for it.
 * Resolves true when chunks were applied.
 * @param {ChatLike & { setMessages?: never }} chat
 * @param {{ reconnectToStream(options: { chatId: string; continueMessage?: boolean }): Promise<ReadableStream<unknown> | null> }} transport
 * @param {{ onError?(error: unknown): void }} [options]
 * @returns {Promise<boolean>}
 */
export async function resumeBuffered(chat, transport, options = {}) {
  const { onError } = options;
  if (chat === null || typeof chat !== 'object' || !Array.isArray(chat.messages)) {
    throw invalidArgument('resumeBuffered', `chat is ${describeValue(chat)}`, 'an AI SDK Chat instance');
  }
  if (typeof chat.setMessages === 'function') {
    // What useChat returns is one render's snapshot: its messages and status go stale (issue 32).
    throw invalidArgument('resumeBuffered', 'chat is what useChat returns', "the Chat instance: new Chat({transport, sendAutomaticallyWhen}) from '@ai-sdk/react', passed to useChat({chat})");
  }
  if (transport === null || typeof transport !== 'object' || typeof transport.reconnectToStream !== 'function') {
    throw invalidArgument('resumeBuffered', `transport is ${describeValue(transport)}`, "the chat's BidiTransport");
  }
  // AI SDK writes its response's message until it is ready; two writers would undo each other (W10).
  while (busy(chat)) await sleep(10);
  // AI SDK's Chat has an id, and a messages setter (ChatLike says only what every chat reads).
  const target = /** @type {{id: string, messages: Message[]}} */ (/** @type {unknown} */ (chat));
  const stream = await transport.reconnectToStream({ chatId: target.id, continueMessage: true });
  if (!stream) return false;
  const last = chat.messages[chat.messages.length - 1];
  // The message the chunks continue; a turn of the backend's own begins with a `start` naming another.
  /** @type {Message} */
  // A new message's id is AI SDK's own, as its Chat makes them: this module then shares nothing with
  // the transport's (chunk-owner.js), which a bundler would split into a chunk of its own for the two.
  const base = last && last.role === 'assistant' ? copy(/** @type {Message} */ (last)) : { id: generateId(), role: 'assistant', parts: [] };
  const reader = readUIMessageStream({
    // The reader writes into the message it is given: a copy, so `base` stays what the chat held.
    message: /** @type {any} */ (copy(base)),
    stream: /** @type {ReadableStream<any>} */ (stream.pipeThrough(speechAsData())),
    onError: (error) => {
      if (typeof onError === 'function') onError(error);
    },
  }).getReader();
  /** The reader's last copy of each message: what the chunks changed since. */
  const read = new Map([[base.id, base]]);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const { message, speech } = splitSpeech(value);
    target.messages = written(target.messages, message, read.get(message.id), speech);
    read.set(message.id, message);
  }
  // AI SDK asks again only after a stream it ran; the applied chunks may have completed the answers.
  return true;
}

/**
 * W9: the user's transcribed speech (`…_input_text` text chunks) becomes a data part of its own, in
 * the order it came, for `splitSpeech` to take out of the agent's message.
 */
function speechAsData() {
  let text = '';
  return new TransformStream({
    /** @param {any} chunk @param {TransformStreamDefaultController<unknown>} controller */
    transform(chunk, controller) {
      if (!isUserSpeech(chunk)) return controller.enqueue(chunk);
      if (chunk.type === 'text-start') text = '';
      if (chunk.type === 'text-delta' && typeof chunk.delta === 'string') text += chunk.delta;
      controller.enqueue({ type: SPEECH, id: chunk.id, data: text });
    },
  });
}

/**
 * The reader's message without the user's speech, and that speech (null when there is none).
 * @param {Message} value @returns {{message: Message, speech: string | null}}
 */
function splitSpeech(value) {
  const spoken = value.parts.filter((part) => part.type === SPEECH);
  if (spoken.length === 0) return { message: value, speech: null };
  return { message: { ...value, parts: value.parts.filter((part) => part.type !== SPEECH) }, speech: spoken.map((part) => part.data).join('\n') };
}

/**
 * The chat's messages with `message` written: a message of its own after every other (W8), the user's
 * `speech` just before it (W9); into a message the chat holds, only the parts the chunks changed since
 * `before`, the reader's last copy (W10: an answer the user gave meanwhile stays given).
 * @param {Message[]} messages @param {Message} message @param {Message | undefined} before @param {string | null} speech
 */
function written(messages, message, before, speech) {
  const out = messages.slice();
  let index = out.findIndex((m) => m.id === message.id);
  if (index === -1) index = out.push(message) - 1;
  else out[index] = changed(out[index], before, message);
  if (speech !== null) {
    const user = { id: `${message.id}-user`, role: 'user', parts: [{ type: 'text', text: speech }] };
    const at = out.findIndex((m) => m.id === user.id);
    if (at === -1) out.splice(index, 0, user);
    else out[at] = user;
  }
  return out;
}

/**
 * `now` with each part the reader changed since `before` taken from `after`, and every new part.
 * @param {Message} now @param {Message | undefined} before @param {Message} after
 */
function changed(now, before, after) {
  const parts = now.parts.slice();
  after.parts.forEach((part, i) => {
    const old = before && i < before.parts.length ? before.parts[i] : undefined;
    if (old !== undefined && JSON.stringify(old) === JSON.stringify(part)) return;
    if (old !== undefined && i < parts.length) parts[i] = part;
    else parts.push(part);
  });
  return { ...now, metadata: after.metadata, parts };
}
