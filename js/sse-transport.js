// AdkSseTransport: AI SDK's HTTP transport for an ADK backend over SSE (SPEC §4a, §5). It is AI SDK's
// own `DefaultChatTransport` (so `api`, `headers`, `body`, `credentials`, `fetch` and
// `prepareSendMessagesRequest` work as users expect), with two changes on the wire only:
// - the request body carries the history as an ADK backend reads it (W1; `backend: 'ai-sdk'` sends
//   it as AI SDK holds it, W4);
// - a response that continues an assistant message goes on in that message (W5).
import { DefaultChatTransport } from 'ai';
import { continuedMessageId, continuing, readBackend, readFrontendTools, toAdkWire } from './adk-wire.js';
import { describeValue, invalidArgument } from './errors.js';

const F = 'new AdkSseTransport';

export class AdkSseTransport extends DefaultChatTransport {
  #adk;
  #isBrowserTool;

  /**
   * `{api?, headers?, body?, credentials?, fetch?, prepareSendMessagesRequest?, …}` as for AI SDK's
   * `DefaultChatTransport`, plus `backend?: 'adk' | 'ai-sdk'` and `frontendTools?`.
   * @param {Record<string, any>} [options]
   */
  constructor(options = {}) {
    if (options === null || typeof options !== 'object') {
      throw invalidArgument(F, `the options are ${describeValue(options)}`, "an object such as {api: '/stream'}");
    }
    const { backend, frontendTools, ...http } = options;
    super(http);
    this.#adk = readBackend(F, backend) === 'adk';
    this.#isBrowserTool = readFrontendTools(F, frontendTools);
  }

  /** Which kind of backend this transport encodes for. */
  get backend() {
    return this.#adk ? 'adk' : 'ai-sdk';
  }

  async sendMessages(options) {
    const messages = options.messages;
    const id = Array.isArray(messages) ? continuedMessageId(messages) : undefined;
    const wire = this.#adk && Array.isArray(messages) ? toAdkWire(messages, this.#isBrowserTool) : messages;
    const stream = await super.sendMessages(wire === messages ? options : { ...options, messages: wire });
    if (id === undefined) return stream;
    return stream.pipeThrough(
      new TransformStream({
        transform(chunk, controller) {
          controller.enqueue(continuing(chunk, id));
        },
      }),
    );
  }
}
