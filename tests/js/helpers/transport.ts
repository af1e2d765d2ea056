// A ChatTransport (AI SDK's interface: sendMessages + reconnectToStream) that plays scripted backend
// responses as ReadableStreams of UI message chunks, one response per sendMessages call, and
// records every request. Stands in for DefaultChatTransport (SSE) and the BIDI socket transport:
// what the auto-send decision sees is the same, the chunks that reach Chat.
import type { Chunk } from './fixtures.js';

export interface ScriptedResponse {
  chunks: Chunk[];
  /** Keep the stream open after the last chunk until the request is aborted (`chat.stop()`). */
  hang?: boolean;
}

export interface RecordedRequest {
  chatId: string;
  trigger: string;
  messageId: string | undefined;
  /** A deep copy of the messages as they were sent. */
  messages: any[];
}

/** How many requests past the script are answered (with an empty turn) before sendMessages
 *  throws: a send loop ends in an error instead of running forever, and is counted. */
const EXTRA_REQUESTS_ANSWERED = 3;

function abortError(): Error {
  const error = new Error('The request was aborted.');
  error.name = 'AbortError';
  return error;
}

export class ScriptedTransport {
  readonly requests: RecordedRequest[] = [];
  /** Response streams not yet closed. */
  openStreams = 0;
  /** Response streams that ended because the request was aborted. */
  abortedStreams = 0;
  private readonly script: ScriptedResponse[];

  constructor(script: Array<Chunk[] | ScriptedResponse>) {
    this.script = script.map((r) => (Array.isArray(r) ? { chunks: r } : r));
  }

  get calls(): number {
    return this.requests.length;
  }

  sendMessages = async (options: {
    chatId: string;
    messages: any[];
    abortSignal: AbortSignal | undefined;
    trigger: string;
    messageId: string | undefined;
  }): Promise<ReadableStream<Chunk>> => {
    this.requests.push({
      chatId: options.chatId,
      trigger: options.trigger,
      messageId: options.messageId,
      messages: structuredClone(options.messages),
    });
    const index = this.requests.length - 1;
    const scripted = this.script[index];
    if (scripted === undefined) {
      if (index >= this.script.length + EXTRA_REQUESTS_ANSWERED) {
        throw new Error(`request ${index + 1} was not expected (the script has ${this.script.length})`);
      }
      // An unexpected request gets an empty turn, as a backend with nothing to add would answer.
      return this.play({ chunks: [{ type: 'start' }, { type: 'finish' }] }, options.abortSignal);
    }
    return this.play(scripted, options.abortSignal);
  };

  reconnectToStream = async (): Promise<ReadableStream<Chunk> | null> => null;

  private play(response: ScriptedResponse, signal: AbortSignal | undefined): ReadableStream<Chunk> {
    const chunks = response.chunks.map((c) => structuredClone(c));
    let next = 0;
    let finished = false;
    this.openStreams++;
    const finish = () => {
      if (!finished) {
        finished = true;
        this.openStreams--;
      }
    };
    let stopWaiting: (() => void) | undefined;
    return new ReadableStream<Chunk>({
      start: (controller) => {
        signal?.addEventListener(
          'abort',
          () => {
            if (finished) return;
            this.abortedStreams++;
            finish();
            stopWaiting?.();
            try {
              controller.error(abortError());
            } catch {
              // already closed
            }
          },
          { once: true },
        );
      },
      pull: async (controller) => {
        // One chunk per macrotask, as chunks arrive from a network.
        await new Promise((r) => setTimeout(r, 0));
        if (finished) return;
        if (next < chunks.length) {
          controller.enqueue(chunks[next++]);
        } else if (response.hang) {
          await new Promise<void>((r) => {
            stopWaiting = r;
          });
        } else {
          finish();
          controller.close();
        }
      },
      cancel: () => finish(),
    });
  }
}
