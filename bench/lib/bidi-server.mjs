// The BIDI backend of the receive-path benchmark: a `ws` server on 127.0.0.1 that answers every
// `message` frame with one text response of `n` text-delta frames (SPEC §5 framing), between
// `start`/`text-start` and `text-end`/`finish`/`data: [DONE]`. The run's shape comes in the user
// message's text as JSON: `{n, paced}`. Blast runs send every frame at once (throughput); paced
// runs send one frame per timer tick and record when each was sent (latency). The server closes
// itself after `lifetimeMs`.
import { WebSocketServer } from 'ws';

// Token-sized deltas like a model's, a few of them Japanese (as in the recorded ADK streams).
export const TOKENS = ['The', ' current', ' location', ' is', ' Tokyo', ',', ' Japan', ' (', '35.68', '°N', ')', '.', ' 現在', 'の位置', 'は', '東京です', ' and', ' the', ' payment', ' of', ' $200', ' to', ' Jiro', ' succeeded'];

const frame = (chunk) => Buffer.from(`data: ${JSON.stringify(chunk)}\n\n`);
const DELTAS = TOKENS.map((delta) => frame({ type: 'text-delta', id: '0', delta }));

/** The text a response of `n` deltas adds to the assistant message. */
export function expectedText(n) {
  let text = '';
  for (let i = 0; i < n; i++) text += TOKENS[i % TOKENS.length];
  return text;
}

const wallClock = () => performance.timeOrigin + performance.now();

export function startBidiServer({ lifetimeMs = 10 * 60_000 } = {}) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  // Send times (epoch ms, sub-ms precision) of the last paced run's text-deltas, by index.
  let sendTimes = [];
  wss.on('connection', (socket) => {
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      let request;
      try {
        request = JSON.parse(data.toString());
      } catch {
        return;
      }
      if (request.type !== 'message') return;
      const last = request.messages[request.messages.length - 1];
      const { n, paced } = JSON.parse(last.parts.find((p) => p.type === 'text').text);
      const send = (buffer) => socket.send(buffer, { binary: false });
      send(frame({ type: 'start', messageId: `bench-${Date.now()}` }));
      send(frame({ type: 'text-start', id: '0' }));
      const finish = () => {
        send(frame({ type: 'text-end', id: '0' }));
        send(frame({ type: 'finish', finishReason: 'stop' }));
        send(Buffer.from('data: [DONE]\n\n'));
      };
      if (!paced) {
        for (let i = 0; i < n; i++) send(DELTAS[i % DELTAS.length]);
        finish();
        return;
      }
      sendTimes = new Array(n);
      let i = 0;
      const tick = () => {
        if (socket.readyState !== socket.OPEN) return;
        sendTimes[i] = wallClock();
        send(DELTAS[i % DELTAS.length]);
        i++;
        if (i < n) setTimeout(tick, 1);
        else finish();
      };
      setTimeout(tick, 1);
    });
  });
  const timer = setTimeout(() => close(), lifetimeMs);
  timer.unref();
  const close = () =>
    new Promise((resolve) => {
      clearTimeout(timer);
      for (const client of wss.clients) client.terminate();
      wss.close(() => resolve());
    });
  return new Promise((resolve, reject) => {
    wss.on('error', reject);
    wss.on('listening', () => {
      resolve({ url: `ws://127.0.0.1:${wss.address().port}/live`, takeSendTimes: () => sendTimes, close });
    });
  });
}
