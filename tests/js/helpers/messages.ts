// UI messages built by hand for the decision rows of SPEC §2, shaped as AI SDK builds them.
export type Part = Record<string, unknown>;

export const tool = (name: string, state: string, extra: Part = {}): Part => ({
  type: `tool-${name}`,
  toolCallId: `call-${name}`,
  state,
  input: {},
  ...extra,
});

export const requested = (name: string): Part => tool(name, 'approval-requested', { approval: { id: `approval-${name}` } });

export const responded = (name: string, approved: boolean, extra: Part = {}): Part =>
  tool(name, 'approval-responded', { approval: { id: `approval-${name}`, approved }, ...extra });

export const textPart = (value: string): Part => ({ type: 'text', text: value, state: 'done' });
export const reasoningPart = (value: string): Part => ({ type: 'reasoning', text: value, state: 'done' });

/** `{messages}` whose last message is the assistant's with `parts`. */
export const conversation = (...parts: Part[]) => ({
  messages: [
    { id: 'user-1', role: 'user', parts: [textPart('Please do it')] },
    { id: 'assistant-1', role: 'assistant', parts },
  ],
});
