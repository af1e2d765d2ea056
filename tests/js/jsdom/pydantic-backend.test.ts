// useAdkChat (adk-stream-wasm/react) under jsdom in front of the real Pydantic AI backend
// (tests/pydantic-backend/server.py, started here on 127.0.0.1): every flow of
// pydantic-backend/pydantic-backend.test.ts through `useAdkChat({mode: 'sse', api, backend: 'ai-sdk',
// frontendTools, tools: {get_browser_location}})`, with its `approve`/`deny` and its runner for the
// browser tool. The node suite runs the same flows with createAdk, createAutoSend and AI SDK's
// helpers side by side; here each must give the same requests, tool runs and final text as there.
// With the default backend kind ('adk') the package encodes an approved browser tool's output as
// an ADK backend reads it (a `tool-result` part, SPEC §4a W1), which Pydantic's adapter refuses
// (HTTP 422): the last test shows it, and why an AI SDK-native backend needs `backend: 'ai-sdk'` (W4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useAdkChat } from 'adk-stream-wasm/react';
import { aiSdk } from '../helpers/ai.js';
import { expectPackageOutcome } from '../pydantic-backend/expect.js';
import { counts, runFlow, type DriverFactory } from '../pydantic-backend/harness.js';
import { flows, serverGetLocationDefault } from '../pydantic-backend/scenarios.js';
import { startPydanticServer, type PydanticServer } from '../pydantic-backend/server.js';

let server: PydanticServer;
beforeAll(async () => {
  server = await startPydanticServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** useAdkChat rendered with renderHook; `backend` as given (none: the package's default, 'adk'). */
function useAdkChatDriver(backend: 'ai-sdk' | undefined): DriverFactory {
  return (context) => {
    const view = renderHook(() =>
      useAdkChat({
        mode: 'sse',
        api: context.api,
        id: context.chatId,
        ...(backend ? { backend } : {}),
        frontendTools: context.frontendTools,
        tools: { get_browser_location: { requiresApproval: true, execute: () => context.browserLocation() } },
        transportOptions: { fetch: context.fetch },
        onToolError: () => {},
        onToolCall: async ({ toolCall }: any) => {
          if (!(toolCall.toolName in context.clientOutputs)) return;
          await view.result.current.addToolOutput({
            tool: toolCall.toolName,
            toolCallId: toolCall.toolCallId,
            output: context.clientOutputs[toolCall.toolName],
          });
        },
      } as any),
    );
    const current = () => view.result.current;
    return {
      chatId: context.chatId,
      send: (text) => current().sendMessage({ text }),
      messages: () => current().messages,
      status: () => current().status,
      error: () => current().error,
      answer: (pending, approved) => (approved ? current().approve(pending.approvalId) : current().deny(pending.approvalId)),
      stop: () => current().stop(),
      toolsIdle: () => current().adk.whenToolsIdle(),
      dispose: () => view.unmount(),
    };
  };
}

describe(`useAdkChat in front of Pydantic AI's Vercel AI adapter (AI SDK ${aiSdk}, jsdom)`, () => {
  it('runs under jsdom', () => {
    expect(navigator.userAgent).toContain('jsdom');
  });

  for (const scenario of flows) {
    it(`${scenario.name}: ${scenario.expected.requests} request(s)`, async () => {
      const outcome = await runFlow(server, scenario, 'useAdkChat', useAdkChatDriver('ai-sdk'));
      expectPackageOutcome(scenario, outcome, `useAdkChat: ${JSON.stringify(outcome, null, 1)}`);
    });
  }

  // As createAdk in the node suite (the README's warning): the default browser tool set has
  // get_location, so the browser's geolocation runs in place of the server's tool.
  it("the server's get_location with the package's default browser tools: geolocation runs in the server tool's place", async () => {
    const outcome = await runFlow(server, serverGetLocationDefault, 'useAdkChat', useAdkChatDriver('ai-sdk'));
    const detail = JSON.stringify(outcome, null, 1);
    expect(outcome.error, detail).toBeNull();
    expect(counts(outcome), detail).toEqual({ requests: 2, text: 'get_location success.', serverRuns: [], browserRuns: ['geolocation'] });
    expect(outcome.sent, detail).toEqual([['get_location:output-available']]);
  });

  // Without `backend: 'ai-sdk'` the package speaks to an ADK backend: the approved browser tool goes
  // as `approval-responded` + a `tool-result` part, which the adapter's request validation refuses.
  it("Pattern A without backend: 'ai-sdk': the ADK encoding (a tool-result part) is refused by the adapter with HTTP 422", async () => {
    const scenario = flows.find((flow) => flow.name.includes('(Pattern A)'))!;
    const outcome = await runFlow(server, scenario, 'useAdkChat-adk', useAdkChatDriver(undefined));
    const detail = JSON.stringify(outcome, null, 1);
    expect(outcome.requests, detail).toBe(2);
    expect(outcome.partTypes, detail).toContain('tool-result');
    // (read as AI SDK-native parts, the `tool-result` part is a tool named `result` with no state)
    expect(outcome.sent, detail).toEqual([['get_browser_location:approval-responded', 'result:undefined']]);
    expect(outcome.status, detail).toBe('error');
    // The adapter's refusal in the package's words (SPEC §5 F-g: never a body as the message).
    expect(outcome.error, detail).toMatch(/AdkTransportError: .*HTTP 422/);
    expect(outcome.server.toolRuns, detail).toEqual([]);
    expect(outcome.server.modelCalls, detail).toBe(1);
  });
});
