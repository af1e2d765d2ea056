// A ChatTransport that plays fixed responses (one array of UI message chunks per request) and
// records every request, for the deterministic tests. A response can hold `{hold: promise}` entries:
// the stream waits there (still open, status 'streaming') until the promise settles.
export class ScriptedTransport {
  constructor(responses) {
    this.responses = responses;
    this.requests = [];
    this.toolResults = [];
    this.openStreams = 0;
  }

  sendMessages = async ({ messages, abortSignal }) => {
    this.requests.push({ messages: structuredClone(messages) });
    const chunks = this.responses[this.requests.length - 1] ?? [{ type: 'start' }, { type: 'finish' }];
    return this.play(chunks, abortSignal);
  };

  reconnectToStream = async () => null;

  sendToolResult(toolCallId, result) {
    this.toolResults.push({ toolCallId, result: structuredClone(result) });
  }

  play(chunks, signal) {
    let finished = false;
    this.openStreams++;
    const finish = () => {
      if (!finished) {
        finished = true;
        this.openStreams--;
      }
    };
    return new ReadableStream({
      start(controller) {
        signal?.addEventListener('abort', () => {
          if (finished) return;
          finish();
          try {
            controller.error(Object.assign(new Error('aborted'), { name: 'AbortError' }));
          } catch {}
        }, { once: true });
      },
      async pull(controller) {
        for (const chunk of chunks) {
          await new Promise((r) => setImmediate(r));
          if (finished) return;
          if (chunk && chunk.hold) await chunk.hold;
          else controller.enqueue(structuredClone(chunk));
        }
        finish();
        controller.close();
      },
      cancel: () => finish(),
    });
  }
}

export const toolCall = (toolCallId, toolName, input = {}) => [
  { type: 'tool-input-start', toolCallId, toolName },
  { type: 'tool-input-available', toolCallId, toolName, input },
];
export const text = (id, value) => [
  { type: 'text-start', id },
  { type: 'text-delta', id, delta: value },
  { type: 'text-end', id },
];
export const ask = (...calls) => calls.map(([toolCallId, approvalId]) => ({ type: 'tool-approval-request', toolCallId, approvalId }));

/** Polls `condition` every macrotask turn until it holds; fails after `ms`. */
export async function until(condition, what, ms = 3000) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 1));
  }
}

/** Waits until the chat is idle (no request in flight, no open stream) for `quietMs`. */
export async function settled(chat, transport, quietMs = 50) {
  let count = -1;
  for (;;) {
    await until(() => chat.status !== 'submitted' && chat.status !== 'streaming' && transport.openStreams === 0, 'the chat is idle');
    if (count === transport.requests.length) return;
    count = transport.requests.length;
    await new Promise((r) => setTimeout(r, quietMs));
  }
}

export const lastPart = (request, toolCallId) => {
  let found;
  for (const message of request.messages) for (const part of message.parts ?? []) if (part.toolCallId === toolCallId) found = part;
  return found;
};
