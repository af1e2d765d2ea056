// The BIDI receive-path benchmark in Chromium (bundled by esbuild): WebSocket frames from the local
// `ws` server into the ReadableStream that AI SDK's real Chat consumes, through the library's
// BidiTransport or the plain-JS baseline transport.
import { Chat } from '@ai-sdk/react';
import { ready } from 'adk-stream-wasm';
import { BidiTransport } from 'adk-stream-wasm/transport';
import { BaselineTransport } from '../lib/baseline-transport.mjs';

const wall = () => performance.timeOrigin + performance.now();

// Latency runs stamp each text-delta frame as the socket dispatches it: a listener added in the
// constructor runs before the transport's own handler (set after construction). Both transports
// create their socket with the global `WebSocket`, so both are stamped the same way.
let stampSockets = false;
let frameStamps = null;
const NativeWebSocket = globalThis.WebSocket;
class StampingWebSocket extends NativeWebSocket {
  constructor(...args) {
    super(...args);
    if (stampSockets) {
      this.addEventListener('message', (event) => {
        if (frameStamps !== null && typeof event.data === 'string' && event.data.startsWith('data: {"type":"text-delta"')) frameStamps.push(wall());
      });
    }
  }
}
globalThis.WebSocket = StampingWebSocket;

const TRANSPORTS = {
  // Pings off: the baseline sends none either.
  library: (url) => new BidiTransport({ url, pingIntervalMs: 0 }),
  baseline: (url) => new BaselineTransport({ url }),
};

/** The transport as Chat sees it; with `readStamps`, each text-delta is stamped as it is read. */
function withReadStamps(inner, readStamps) {
  if (readStamps === null) return inner;
  return {
    async sendMessages(options) {
      const stream = await inner.sendMessages(options);
      return stream.pipeThrough(
        new TransformStream({
          transform(chunk, controller) {
            if (chunk.type === 'text-delta') readStamps.push(wall());
            controller.enqueue(chunk);
          },
        }),
      );
    },
    reconnectToStream: (options) => inner.reconnectToStream(options),
  };
}

let chats = 0;

/** One response of `n` deltas, consumed by AI SDK's Chat or by a plain reader loop. */
async function respond(transport, { n, paced, consumer }) {
  const text = JSON.stringify({ n, paced });
  if (consumer === 'chat') {
    const chat = new Chat({ id: `bench-${++chats}`, transport });
    await chat.sendMessage({ text });
    if (chat.error) throw chat.error;
    const last = chat.messages[chat.messages.length - 1];
    const received = last.parts.filter((p) => p.type === 'text').map((p) => p.text).join('');
    return { status: chat.status, textLength: received.length, deltas: null };
  }
  const stream = await transport.sendMessages({
    chatId: `bench-${++chats}`,
    messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text }] }],
    trigger: 'submit-message',
    messageId: undefined,
    abortSignal: undefined,
  });
  const reader = stream.getReader();
  let deltas = 0;
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value.type === 'text-delta') {
      deltas++;
      length += value.delta.length;
    }
  }
  return { status: 'ready', textLength: length, deltas };
}

/**
 * A measured response on a warmed-up transport (its socket open, its code run): `{ms, ...}`, and
 * for paced runs the dispatch and read stamps of every text-delta.
 */
/** The floor: the page's own WebSocket counting text-delta frames, no transport, no stream. */
window.rawRun = async ({ url, n }) => {
  const socket = new NativeWebSocket(url);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const once = (count) =>
    new Promise((resolve) => {
      let deltas = 0;
      socket.onmessage = (event) => {
        if (event.data.startsWith('data: {"type":"text-delta"')) deltas++;
        else if (event.data.startsWith('data: [DONE]')) resolve(deltas);
      };
      const text = JSON.stringify({ n: count, paced: false });
      socket.send(JSON.stringify({ type: 'message', id: 'raw', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text }] }], trigger: 'submit-message' }));
    });
  await once(500);
  const t0 = performance.now();
  const deltas = await once(n);
  const ms = performance.now() - t0;
  socket.close();
  return { ms, deltas };
};

window.bidiRun = async ({ impl, url, n, paced, consumer }) => {
  await ready;
  stampSockets = paced;
  const inner = TRANSPORTS[impl](url);
  const readStamps = paced ? [] : null;
  const transport = withReadStamps(inner, readStamps);
  try {
    await respond(transport, { n: 500, paced: false, consumer });
    readStamps?.splice(0);
    frameStamps = paced ? [] : null;
    const t0 = performance.now();
    const result = await respond(transport, { n, paced, consumer });
    const ms = performance.now() - t0;
    return { ...result, ms, frameStamps, readStamps };
  } finally {
    frameStamps = null;
    stampSockets = false;
    inner.close();
  }
};
ready.then(() => {
  window.benchReady = true;
});
