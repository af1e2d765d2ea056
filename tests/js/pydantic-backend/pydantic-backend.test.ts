// The package in front of a second real backend: Pydantic AI's Vercel AI adapter (`VercelAIAdapter`,
// `sdk_version=6`, tests/pydantic-backend/server.py) serving an agent with `requires_approval` tools,
// a browser tool that needs approval (its body raises `CallDeferred`), a server-side `get_location`
// that needs approval, and a scripted `FunctionModel`; over HTTP on 127.0.0.1, started and stopped
// here. Every flow of aisdk-backend/ runs three times side by side, with AI SDK's real `Chat` and
// `DefaultChatTransport`: the package's `createAdk`, the `useChat` path (`createAutoSend`, the
// package's `approve`/`deny`, browser outputs through `autoSend.addToolOutput`), and AI SDK's own
// helpers. useAdkChat runs the same flows in jsdom/pydantic-backend.test.ts.
//
// What Pydantic's adapter does with an approved deferred tool whose output comes in the same request
// as its approval (Pattern A, SPEC §2 principle 3): ONE request suffices. The part, as AI SDK holds it
// (`output-available` or `output-error` with `approval.approved: true`), is loaded as the tool's
// return (`load_messages`), the adapter reads no approval from it (only `approval-responded` parts
// become `DeferredToolResults`), the tool's body never runs, and the model gets the browser's output
// at once. AI SDK's helpers send the approval alone: the server then runs the tool, which raises
// `CallDeferred`, and streams it back as a bare tool call (`tool-input-available`, no text); the
// browser runs it in `onToolCall` and a THIRD request carries the output. The ADK encoding (an
// `approval-responded` part followed by a `{type: 'tool-result'}` part, SPEC §4a W1) is refused
// with HTTP 422 (the adapter validates every part: `tool-result` reads as a tool named `result` with
// an unknown field), so no request body here ever holds one (W4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiSdk, checkAiVersion } from '../helpers/ai.js';
import { DRIVERS, type Decider } from './drivers.js';
import { expectNoToolResultPart, expectPackageOutcome } from './expect.js';
import { counts, runFlow, type Outcome, type Scenario } from './harness.js';
import { flows, serverGetLocationDefault } from './scenarios.js';
import { startPydanticServer, type PydanticServer } from './server.js';

const PACKAGE: Decider[] = ['createAdk', 'createAutoSend'];

let server: PydanticServer;
beforeAll(async () => {
  server = await startPydanticServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function runAll(scenario: Scenario): Promise<Record<Decider, Outcome>> {
  const outcomes = {} as Record<Decider, Outcome>;
  // One after the other: each run owns its chat; the server keeps a log per chat id.
  for (const decider of [...PACKAGE, 'ai-sdk'] as Decider[]) outcomes[decider] = await runFlow(server, scenario, decider, DRIVERS[decider]);
  return outcomes;
}

describe(`Pydantic AI's Vercel AI adapter (AI SDK ${aiSdk} in front)`, () => {
  it('the chat is the ai package of this run', () => {
    checkAiVersion();
  });

  for (const scenario of flows) {
    const ai = { ...scenario.expected, ...scenario.aiSdk };
    it(`${scenario.name}: ${scenario.expected.requests} request(s)${scenario.aiSdk ? `, AI SDK's helpers ${ai.requests}` : ''}`, async () => {
      const outcomes = await runAll(scenario);
      const detail = (decider: Decider) => `${decider}: ${JSON.stringify(outcomes[decider], null, 1)}`;
      for (const decider of PACKAGE) {
        expectPackageOutcome(scenario, outcomes[decider], detail(decider));
        // Never more requests than AI SDK's helpers, nor model calls.
        expect(outcomes[decider].requests, detail(decider)).toBeLessThanOrEqual(outcomes['ai-sdk'].requests);
        expect(outcomes[decider].server.modelCalls, detail(decider)).toBeLessThanOrEqual(outcomes['ai-sdk'].server.modelCalls);
      }
      // AI SDK's own helpers, side by side.
      const helpers = outcomes['ai-sdk'];
      expect(helpers.error, detail('ai-sdk')).toBeNull();
      if (scenario.stopWhileStreaming) expect(helpers.requests, detail('ai-sdk')).toBe(1);
      else expect(counts(helpers), detail('ai-sdk')).toEqual(ai);
      expectNoToolResultPart(helpers, detail('ai-sdk'));
    });
  }

  // Pattern A on the wire: the second request carries the browser tool's part as AI SDK holds it,
  // output and approval together; AI SDK's helpers send the approval alone, then the output.
  it('Pattern A: request 2 holds get_browser_location output-available with approval.approved, and the server never runs its body', async () => {
    const scenario = flows.find((flow) => flow.name.includes('(Pattern A)'))!;
    const outcomes = await runAll(scenario);
    for (const decider of PACKAGE) {
      const outcome = outcomes[decider];
      const last = outcome.server.bodies[1].messages.at(-1);
      const part = last.parts.find((p: any) => p.type === 'tool-get_browser_location');
      expect(part, decider).toMatchObject({ state: 'output-available', output: { latitude: 35.6762 }, approval: { approved: true } });
      expect(outcome.server.toolRuns, decider).toEqual([]);
      expect(outcome.server.modelCalls, decider).toBe(2);
    }
    expect(outcomes['ai-sdk'].sent).toEqual([['get_browser_location:approval-responded'], ['get_browser_location:output-available']]);
    expect(outcomes['ai-sdk'].server.toolRuns).toEqual(['get_browser_location:deferred']);
  });

  // SPEC §6 and the README's warning: with the package's DEFAULT browser tool set, get_location is
  // a browser tool, so a server tool of that name is taken for the browser's. Observed:
  //  - createAdk runs the browser's geolocation in the server tool's place and sends its position
  //    with the approval; the server loads it as get_location's return and never runs its own tool;
  //  - the useChat path (createAutoSend, no runner) waits for a browser output that never comes:
  //    the approval is never sent, the chat stays at one request with no answer;
  //  - AI SDK's helpers send the approval and the server runs its get_location.
  // Declaring the set (`frontendTools: ['get_browser_location']` or `[]`, the flows above) avoids both.
  it("the server's get_location with the package's default browser tools: createAdk runs geolocation in its place, createAutoSend waits for an output that never comes", async () => {
    const outcomes = await runAll(serverGetLocationDefault);
    const detail = (decider: Decider) => `${decider}: ${JSON.stringify(outcomes[decider], null, 1)}`;
    expect(outcomes.createAdk.error, detail('createAdk')).toBeNull();
    expect(counts(outcomes.createAdk), detail('createAdk')).toEqual({
      requests: 2,
      text: 'get_location success.',
      serverRuns: [],
      browserRuns: ['geolocation'],
    });
    expect(outcomes.createAdk.sent, detail('createAdk')).toEqual([['get_location:output-available']]);

    expect(outcomes.createAutoSend.error, detail('createAutoSend')).toBeNull();
    expect(counts(outcomes.createAutoSend), detail('createAutoSend')).toEqual({ requests: 1, text: '', serverRuns: [], browserRuns: [] });
    expect(outcomes.createAutoSend.finalParts, detail('createAutoSend')).toEqual(['get_location:approval-responded']);

    expect(counts(outcomes['ai-sdk']), detail('ai-sdk')).toEqual(serverGetLocationDefault.expected);
    for (const decider of [...PACKAGE, 'ai-sdk'] as Decider[]) expectNoToolResultPart(outcomes[decider], detail(decider));
  });
});
