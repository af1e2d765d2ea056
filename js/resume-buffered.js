// resumeBuffered: chunks the BIDI transport kept while no response stream was open, into the
// assistant message they continue (SPEC §4a W6). A module of its own: only a BIDI chat that meets
// such chunks runs it, so createAdk loads it on demand and an SSE app never downloads it (nor AI
// SDK's stream reader that it needs).
import { readUIMessageStream } from 'ai';
import { describeValue, invalidArgument } from './errors.js';

/**
 * Delivers chunks the BIDI transport kept while no response stream was open (a second approval of
 * the same turn, SPEC §4a W6; the backend's late result after an approval timeout) into the
 * assistant message they continue. AI SDK's own `chat.resumeStream()` reads them into a new
 * message, where a tool result or approval for an earlier call fails. For `useChat` with
 * `createAutoSend`: `new BidiTransport({url, onBufferedChunks: () => resumeBuffered(chat, transport)})`
 * (createAdk and useAdkChat do it themselves). Resolves true when chunks were applied; while the
 * chat streams it does nothing, since the next stream takes them.
 * @param {any} chat @param {any} transport @param {{onError?: (error: unknown) => void}} [options]
 */
export async function resumeBuffered(chat, transport, options = {}) {
  const { onError } = options;
  if (chat === null || typeof chat !== 'object' || !Array.isArray(chat.messages)) {
    throw invalidArgument('resumeBuffered', `chat is ${describeValue(chat)}`, 'an AI SDK Chat instance');
  }
  if (transport === null || typeof transport !== 'object' || typeof transport.reconnectToStream !== 'function') {
    throw invalidArgument('resumeBuffered', `transport is ${describeValue(transport)}`, "the chat's BidiTransport");
  }
  if (chat.status === 'streaming' || chat.status === 'submitted') return false; // the next stream takes them
  const messages = chat.messages;
  const last = messages[messages.length - 1];
  if (!last || last.role !== 'assistant') {
    await chat.resumeStream();
    return true;
  }
  const stream = await transport.reconnectToStream({ chatId: chat.id, continueMessage: true });
  if (!stream) return false;
  const reader = readUIMessageStream({
    // A copy of JSON data (jest's environments have no structuredClone).
    message: typeof structuredClone === 'function' ? structuredClone(last) : JSON.parse(JSON.stringify(last)),
    stream,
    onError: (error) => {
      if (typeof onError === 'function') onError(error);
    },
  }).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const current = chat.messages;
    const index = current.findIndex((message) => message.id === last.id);
    if (index === -1) break; // the chat moved on (a new request replaced the history)
    chat.messages = [...current.slice(0, index), value, ...current.slice(index + 1)];
  }
  // AI SDK asks again only after a stream it ran; the applied chunks may have completed the answers.
  return true;
}
