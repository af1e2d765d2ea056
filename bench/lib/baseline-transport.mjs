// The plain-JS receiver baseline for the BIDI benchmark: a minimal hand-written AI SDK
// ChatTransport over one WebSocket that sends the SPEC §5 `message` frame, parses `data:` frames
// and enqueues each chunk into the response's ReadableStream; `data: [DONE]` closes it. No timers,
// no pings, no buffering between responses: the least a receiver can do.

export class BaselineTransport {
  #url;
  #socket = null;
  #controller = null;

  constructor({ url }) {
    this.#url = url;
  }

  #open() {
    if (this.#socket !== null && this.#socket.readyState === WebSocket.OPEN) return Promise.resolve(this.#socket);
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.#url);
      socket.onopen = () => resolve(socket);
      socket.onerror = () => reject(new Error(`cannot connect to ${this.#url}`));
      socket.onclose = () => {
        if (this.#controller !== null) this.#controller.error(new Error('socket closed mid-response'));
        this.#controller = null;
      };
      socket.onmessage = (event) => this.#receive(event.data);
      this.#socket = socket;
    });
  }

  #receive(text) {
    if (typeof text !== 'string' || !text.startsWith('data: ')) return; // pongs, binary
    const end = text.endsWith('\n\n') ? text.length - 2 : text.length;
    const payload = text.slice(6, end);
    const controller = this.#controller;
    if (controller === null) return;
    if (payload === '[DONE]') {
      this.#controller = null;
      controller.close();
      return;
    }
    let chunk;
    try {
      chunk = JSON.parse(payload);
    } catch {
      return;
    }
    controller.enqueue(chunk);
  }

  async sendMessages({ chatId, messages, trigger, messageId }) {
    const socket = await this.#open();
    const stream = new ReadableStream({
      start: (controller) => {
        this.#controller = controller;
      },
    });
    socket.send(JSON.stringify({ type: 'message', version: '1.0', timestamp: Date.now(), id: chatId, messages, trigger, messageId }));
    return stream;
  }

  async reconnectToStream() {
    return null;
  }

  close() {
    if (this.#socket !== null) this.#socket.close();
    this.#socket = null;
  }
}
