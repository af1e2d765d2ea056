// The BIDI transport's WebSocket in a dedicated worker (BidiTransport's `socket: 'worker'`): the
// socket's events go to the main thread as they come, where BidiSocket keeps its rules (connect
// timeout, pings, liveness) as for a socket of its own (transport/bidi/worker/main-thread.js is that side); the frames
// the main thread posts go out. The voice's capture worklet gets a port of its own here, so its
// audio_chunk frames go from the audio thread to the socket without waking the main thread.
// Self-contained (no imports): a bundler emits it as an asset, and it runs as a classic or a module
// worker.
//
// From the main thread: {id, url} opens socket `id`; {id, send} sends a text; {id, close} closes it;
// {id, audio: port, channel} sends every string the port brings (null ends the port); {end} closes
// everything and the worker. To the main thread: {ready}, then {id, type, data?, code?, reason?}
// per socket event (`closing` once its close frame came, a `close` last, also for a socket the main
// thread closed), {channel, lost} when a frame of an audio port could not be sent (`lost`: null
// when the socket was not open, else why the socket refused it) and {channel, done} when it ended.

/** WebSocket.OPEN, CLOSING */
const OPEN = 1, CLOSING = 2;
/** @type {Map<number, WebSocket>} */
const sockets = new Map();
/** The sockets whose `closing` the main thread heard. @type {Set<number>} */
const told = new Set();
/** The watch for a closing socket while any is open. @type {any} */
let watch = 0;

/** A socket whose close frame came has no event until its close: the main thread hears of it as
 *  `{id, type: 'closing'}` within 100 ms, so that BidiSocket's `closing` is true in the meantime
 *  and an answer given then is refused, as on the main thread (SPEC §5 F-f). */
function watchClosing() {
  if (watch !== 0) return;
  watch = setInterval(() => {
    if (sockets.size === 0) {
      clearInterval(watch);
      watch = 0;
    }
    for (const [id, ws] of sockets) closing(id, ws);
  }, 100);
}

/** Tells the main thread once that socket `id` is closing. @param {number} id @param {WebSocket} ws */
function closing(id, ws) {
  if (ws.readyState !== CLOSING || told.has(id)) return;
  told.add(id);
  postMessage({ id, type: 'closing' });
}

/** Socket `id`, or its events to the main thread once it is gone from here. @param {number} id @param {string} url */
function open(id, url) {
  let ws;
  try {
    ws = new WebSocket(url);
  } catch (error) {
    // As a browser's constructor would: the main thread hears it as a failed connection.
    postMessage({ id, type: 'error', reason: String(error && /** @type {Error} */ (error).message) });
    postMessage({ id, type: 'close', code: 1006, reason: '' });
    return;
  }
  ws.binaryType = 'arraybuffer';
  sockets.set(id, ws);
  ws.onopen = () => {
    postMessage({ id, type: 'open' });
    watchClosing();
  };
  // A worker's postMessage (tsc knows the window's: js/tsconfig.json has the DOM's types).
  ws.onmessage = ({ data }) => /** @type {(message: unknown, transfer: Transferable[]) => void} */ (postMessage)({ id, type: 'message', data }, typeof data === 'string' ? [] : [data]);
  ws.onerror = () => postMessage({ id, type: 'error' });
  ws.onclose = ({ code, reason }) => {
    sockets.delete(id);
    told.delete(id);
    postMessage({ id, type: 'close', code, reason });
  };
}

/** The main thread gave up on socket `id` (connect timeout, liveness, abort while opening, its
 *  close()): closed and forgotten here, and its `close` goes back at once, so the main thread
 *  forgets its stand-in too (issue 40 item 5); nothing more of it is posted.
 *  @param {number} id @param {number} code */
function closeSocket(id, code) {
  const ws = sockets.get(id);
  if (ws === undefined) return;
  sockets.delete(id);
  told.delete(id);
  ws.onopen = ws.onmessage = ws.onclose = null;
  ws.onerror = () => {};
  if (ws.readyState <= OPEN) ws.close(code);
  postMessage({ id, type: 'close', code, reason: '' });
}

/** The voice's port: its frames, in the order the worklet posted them, on socket `id` while it is
 *  open; the first frame that cannot go is reported and the port is closed (nothing goes after it).
 *  @param {number} id @param {MessagePort} port @param {number} channel */
function audio(id, port, channel) {
  port.onmessage = ({ data }) => {
    if (data === null) {
      port.close();
      return postMessage({ channel, done: true });
    }
    const ws = sockets.get(id);
    if (ws !== undefined && ws.readyState === OPEN) {
      try {
        return ws.send(data);
      } catch (error) {
        postMessage({ channel, lost: String(error && /** @type {Error} */ (error).message) });
        return port.close();
      }
    }
    postMessage({ channel, lost: null });
    port.close();
  };
}

onmessage = ({ data }) => {
  if (data.url !== undefined) return open(data.id, data.url);
  if (data.send !== undefined) {
    const ws = sockets.get(data.id);
    // As on the main thread: a socket that is closing drops the frame; its close event follows.
    if (ws !== undefined && ws.readyState === OPEN) ws.send(data.send);
    else if (ws !== undefined) closing(data.id, ws);
    return;
  }
  if (data.close !== undefined) return closeSocket(data.id, data.close);
  if (data.audio !== undefined) return audio(data.id, data.audio, data.channel);
  if (data.end) {
    for (const id of [...sockets.keys()]) closeSocket(id, 1000);
    self.close();
  }
};

postMessage({ ready: true });
