// Assertions shared by the Pydantic backend's node suite and its useAdkChat run (jsdom/).
import { expect } from 'vitest';
import { counts, type Outcome, type Scenario } from './harness.js';

/** The AI SDK encoding only: no `tool-result` part (the ADK wire shape) in any body, sent or received. */
export function expectNoToolResultPart(outcome: Outcome, detail: string) {
  expect(outcome.partTypes, detail).not.toContain('tool-result');
  const received = outcome.server.bodies.flatMap((body: any) => body.messages.flatMap((m: any) => (m.parts ?? []).map((p: any) => p.type)));
  expect(received, detail).not.toContain('tool-result');
  expect(received, detail).toEqual(outcome.partTypes);
}

/** What holds for every package path in every flow (also used by the useAdkChat run). */
export function expectPackageOutcome(scenario: Scenario, outcome: Outcome, detail: string) {
  expect(outcome.error, detail).toBeNull();
  expect(outcome.clientRequests, detail).toBe(outcome.requests);
  if (scenario.stopWhileStreaming) {
    // Stopped mid-text: nothing is sent after the stop, the text is what came before it.
    expect({ ...counts(outcome), text: '' }, detail).toEqual({ ...scenario.expected, text: '' });
    expect(outcome.text.startsWith('word0 '), detail).toBe(true);
  } else {
    expect(counts(outcome), detail).toEqual(scenario.expected);
  }
  // Nothing is sent before every pending approval is answered: one request carries the batch.
  expect(outcome.requestsAfterAnswer.slice(0, -1).every((n) => n === 1), detail).toBe(true);
  // Each approved server tool ran exactly once, a denied one never (the server's own log).
  const serverTools = new Set(['process_payment', 'send_email', 'delete_file', 'get_location']);
  for (const tool of serverTools) {
    const approved = (scenario.answers ?? []).filter(([name, yes]) => name === tool && yes).length;
    expect(outcome.serverRuns.filter((run) => run === tool).length, `${detail}\n${tool}`).toBe(approved);
  }
  expectNoToolResultPart(outcome, detail);
}
