// The mock language model's script: each call plays the next scripted step (tool calls, or text),
// and the model counts its calls, the number the package must keep at the fewest.
import { MockLanguageModel } from './sdk.js';

type ModelChunk = Record<string, unknown>;
/** Ends a step's stream only when the request is aborted (`chat.stop()`): a model still thinking. */
const HANG = Symbol('hang until aborted');
export type Step = Array<ModelChunk | typeof HANG>;

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const finish = (reason: 'stop' | 'tool-calls'): ModelChunk => ({ type: 'finish', finishReason: { unified: reason, raw: reason }, usage });

/** A model step that calls tools: `[toolName, input, toolCallId]` each. */
export function callTools(...calls: Array<[string, Record<string, unknown>, string]>): Step {
  return [
    { type: 'stream-start', warnings: [] },
    ...calls.map(([toolName, input, toolCallId]) => ({ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) })),
    finish('tool-calls'),
  ];
}

/** A model step that answers with text and stops. */
export function answer(text: string): Step {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: text },
    { type: 'text-end', id: 't' },
    finish('stop'),
  ];
}

/** A step that calls tools and then keeps its stream open until the request is aborted. */
export function callToolsAndHang(...calls: Array<[string, Record<string, unknown>, string]>): Step {
  return [...callTools(...calls).slice(0, -1), HANG];
}

function modelStream(step: Step, abortSignal: AbortSignal | undefined): ReadableStream<ModelChunk> {
  return new ReadableStream({
    async start(controller) {
      for (const chunk of step) {
        if (chunk === HANG) {
          await new Promise<void>((resolve) => {
            if (!abortSignal || abortSignal.aborted) resolve();
            else abortSignal.addEventListener('abort', () => resolve(), { once: true });
          });
          controller.error(abortSignal?.reason ?? new Error('aborted'));
          return;
        }
        controller.enqueue(chunk);
        await Promise.resolve();
      }
      controller.close();
    },
  });
}

/** The mock model: call n plays step n; a call beyond the script answers "(unscripted call n)". */
export function scriptedModel(steps: Step[]) {
  let calls = 0;
  const model = new MockLanguageModel({
    doStream: async (options: { abortSignal?: AbortSignal }) => {
      calls += 1;
      const step = steps[calls - 1] ?? answer(`(unscripted call ${calls})`);
      return { stream: modelStream(step, options.abortSignal) };
    },
  });
  return { model, calls: () => calls };
}
