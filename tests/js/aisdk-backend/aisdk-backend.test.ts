// The package in front of AI SDK's own server side instead of an ADK backend: `ToolLoopAgent` (through
// `DirectChatTransport`, and over HTTP) and `streamText` (over HTTP), with a mock language model that
// counts its calls, the real `Chat`, tools that need the user's approval, AI SDK 7's automatic
// approvals (`toolApproval`) and client-side tools answered in `onToolCall`. Each scenario runs three
// times side by side: with the package's `createAdk`, with `createAutoSend` alone, and with AI SDK's
// own helpers (`lastAssistantMessageIsCompleteWithApprovalResponses` ||
// `lastAssistantMessageIsCompleteWithToolCalls`). The package must make no more model calls and
// requests than the scenario needs (nor than AI SDK's helpers), never stall (the final text
// arrives), send nothing before the last pending approval is answered, and never send a request
// for an answer the server wrote itself (an automatic approval is no user action).
import { describe, expect, it } from 'vitest';
import { aiSdk, checkAiVersion } from '../helpers/ai.js';
import { run, type Backend, type Decider, type Outcome, type Scenario, type TransportKind } from './harness.js';
import { approvedBrowserTool, automatic, common } from './scenarios.js';
import { ai } from './sdk.js';

const VIAS: Array<{ label: string; transport: TransportKind; backend: Backend }> = [
  { label: 'ToolLoopAgent through DirectChatTransport', transport: 'direct', backend: 'agent' },
  { label: 'ToolLoopAgent over HTTP (DefaultChatTransport, a Node http server on 127.0.0.1)', transport: 'http', backend: 'agent' },
  { label: 'streamText over HTTP (toUIMessageStreamResponse, DefaultChatTransport)', transport: 'http', backend: 'streamText' },
];
const PACKAGE: Decider[] = ['createAdk', 'createAutoSend'];

async function runAll(scenario: Scenario, transport: TransportKind, backend: Backend): Promise<Record<Decider, Outcome>> {
  const outcomes = {} as Record<Decider, Outcome>;
  // One after the other: each run owns its model, server and chat.
  for (const decider of [...PACKAGE, 'ai-sdk'] as Decider[]) outcomes[decider] = await run(scenario, transport, backend, decider);
  return outcomes;
}

/** A part of a request that is a user action: an answer or an output, not one the server decided alone. */
const isUserAction = (part: string) => !part.endsWith(':auto') && /:(approval-responded|output-available|output-error)$/.test(part);

const counts = (o: Outcome) => ({ modelCalls: o.modelCalls, requests: o.requests, finalText: o.finalText ?? '' });

describe(`AI SDK ${aiSdk}'s own backend`, () => {
  it('the server side is the ai package of this run', () => {
    checkAiVersion();
    expect(typeof ai.ToolLoopAgent).toBe('function');
    expect(typeof ai.DirectChatTransport).toBe('function');
  });

  for (const via of VIAS) {
    describe(via.label, () => {
      for (const scenario of aiSdk === 7 ? [...automatic, ...common] : common) {
        it(`${scenario.name}: ${scenario.needed.modelCalls} model call(s), ${scenario.needed.requests} request(s)`, async () => {
          const outcomes = await runAll(scenario, via.transport, via.backend);
          const detail = (decider: Decider) => `${decider}: ${JSON.stringify(outcomes[decider])}`;
          for (const decider of PACKAGE) {
            const outcome = outcomes[decider];
            expect(outcome.error, detail(decider)).toBeNull();
            // Never stalls, never more than needed.
            expect(counts(outcome), detail(decider)).toEqual({
              modelCalls: scenario.needed.modelCalls,
              requests: scenario.needed.requests,
              finalText: scenario.needed.text,
            });
            expect(outcome.modelCalls, detail(decider)).toBeLessThanOrEqual(outcomes['ai-sdk'].modelCalls);
            // Nothing is sent before every pending approval is answered (one request for the batch),
            // nor after chat.stop() until the user acts; a client tool's output alone is sent at once.
            const answered = (scenario.answers ?? []).length > 0;
            expect(outcome.requestsBeforeAnswers, detail(decider)).toBe(answered ? 1 : scenario.needed.requests);
            expect(outcome.requestsAfterAnswer.slice(0, -1).every((n) => n === 1), detail(decider)).toBe(true);
            // Each request after the first carries a user action; an automatic answer alone never is one.
            for (const parts of outcome.sent) expect(parts.some(isUserAction), detail(decider)).toBe(true);
            // The package's runner never runs a browser tool the user denied.
            expect(outcome.browserRuns, detail(decider)).toEqual([]);
          }
          // AI SDK's own helpers, side by side: the same model calls, requests and final text.
          expect(outcomes['ai-sdk'].error, detail('ai-sdk')).toBeNull();
          expect(counts(outcomes['ai-sdk']), detail('ai-sdk')).toEqual(counts(outcomes.createAdk));
          if (scenario.stopWhilePending) {
            expect(outcomes.createAdk.partsAtStop, detail('createAdk')).toContain('process_payment:approval-requested');
          }
        });
      }

      // Where the package does more than AI SDK's helpers: they send the approval of a client-side
      // tool at once, without its output, and AI SDK's server fails on an approved tool that has
      // neither an `execute` nor a result. The package runs the tool after the approval and sends both.
      it(`${approvedBrowserTool.name}: createAdk runs it after the approval and sends both in one request; AI SDK's helpers send the approval alone and the server fails`, async () => {
        const outcome = await run(approvedBrowserTool, via.transport, via.backend, 'createAdk');
        expect(outcome.error, JSON.stringify(outcome)).toBeNull();
        expect(counts(outcome)).toEqual({ modelCalls: 2, requests: 2, finalText: approvedBrowserTool.needed.text });
        expect(outcome.browserRuns).toEqual(['get_time']);
        expect(outcome.sent).toEqual([['get_time:output-available']]);
        const helpers = await run(approvedBrowserTool, via.transport, via.backend, 'ai-sdk');
        expect(helpers.sent, JSON.stringify(helpers)).toEqual([['get_time:approval-responded']]);
        expect(helpers.status).toBe('error');
        expect(helpers.finalText).toBeNull();
      });

      // Not skipped silently: AI SDK 6 has no automatic approvals (`toolApproval` is AI SDK 7's), so these
      // scenarios run on AI SDK 7 only. Here AI SDK 6 shows it ignores the option: the tool runs unasked.
      if (aiSdk === 6) {
        for (const scenario of automatic) {
          it(`${scenario.name}: AI SDK 7 only (AI SDK 6 ignores toolApproval and runs the tool without an approval)`, async () => {
            const outcomes = await runAll({ ...scenario, answers: scenario.answers?.filter(([tool]) => tool !== 'get_weather') }, via.transport, via.backend);
            for (const decider of [...PACKAGE, 'ai-sdk'] as Decider[]) {
              const outcome = outcomes[decider];
              expect(outcome.error, `${decider}: ${JSON.stringify(outcome)}`).toBeNull();
              expect(outcome.finalParts, decider).toContain('get_weather:output-available');
              expect(outcome.finalParts.some((part) => part.endsWith(':auto')), decider).toBe(false);
              expect(counts(outcome), decider).toEqual(counts(outcomes['ai-sdk']));
            }
          });
        }
      }
    });
  }
});
