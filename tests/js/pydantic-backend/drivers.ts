// The ways an app builds a chat in front of the Pydantic AI backend, all with AI SDK's real `Chat`
// and `DefaultChatTransport` of the run's major (AI_SDK=6|7):
//  - createAdk: the package's engine, runner and helpers (`createAdk({mode, tools, frontendTools,
//    backend: 'ai-sdk'})`, `adk.approve`/`adk.deny`); the runner runs get_browser_location after its
//    approval;
//  - createAutoSend: the `useChat` path (`sendAutomaticallyWhen: createAutoSend({mode: 'sse',
//    frontendTools}).sendAutomaticallyWhen`), answers through the package's `approve`/`deny`, and
//    the app runs its browser tool after approving it and adds the output with `autoSend.addToolOutput`;
//  - ai-sdk: AI SDK's own helpers (`lastAssistantMessageIsCompleteWithApprovalResponses ||
//    lastAssistantMessageIsCompleteWithToolCalls`), `chat.addToolApprovalResponse`, and the browser
//    tool run in `onToolCall` once the user approved it (AI SDK's documented client-tool style).
// useAdkChat's driver is in jsdom/pydantic-backend.test.ts.
import { approve, createAutoSend, deny } from 'adk-stream-wasm';
import { createAdk } from 'adk-stream-wasm/chat';
import { Chat } from '../helpers/ai.js';
import { ai, aiSdkHelpers } from '../aisdk-backend/sdk.js';
import type { Driver, DriverContext, DriverFactory, PendingApproval } from './harness.js';

export type Decider = 'createAdk' | 'createAutoSend' | 'ai-sdk';

const BROWSER_TOOL = 'get_browser_location';

/** The browser tool's result as addToolOutput takes it: the output, or an output-error. */
async function browserResult(context: DriverContext): Promise<{ output: unknown } | { state: 'output-error'; errorText: string }> {
  try {
    return { output: await context.browserLocation() };
  } catch (error) {
    return { state: 'output-error', errorText: error instanceof Error ? error.message : String(error) };
  }
}

function chatDriver(chat: any, extra: { answer: Driver['answer']; toolsIdle?: () => Promise<void> }): Driver {
  return {
    chatId: chat.id,
    send: (text) => chat.sendMessage({ text }),
    messages: () => chat.messages,
    status: () => chat.status,
    error: () => chat.error,
    answer: extra.answer,
    stop: () => chat.stop(),
    toolsIdle: extra.toolsIdle ?? (() => Promise.resolve()),
    dispose: () => {},
  };
}

const createAdkDriver: DriverFactory = (context) => {
  const toolErrors: unknown[] = [];
  const adk = createAdk({
    mode: 'sse',
    tools: { [BROWSER_TOOL]: { requiresApproval: true, execute: () => context.browserLocation() } },
    // The app's browser tool set (SPEC §6). The transport is AI SDK's own: nothing is re-encoded.
    frontendTools: context.frontendTools,
    onToolError: (error: unknown) => toolErrors.push(error),
  });
  const chat: any = new Chat({
    id: context.chatId,
    transport: new ai.DefaultChatTransport({ api: context.api, fetch: context.fetch }),
    sendAutomaticallyWhen: adk.sendAutomaticallyWhen,
    onToolCall: async ({ toolCall }: any) => {
      if (!(toolCall.toolName in context.clientOutputs)) return;
      await adk.addToolOutput({ tool: toolCall.toolName, toolCallId: toolCall.toolCallId, output: context.clientOutputs[toolCall.toolName] });
    },
  });
  adk.attach(chat);
  return chatDriver(chat, {
    answer: (pending, approved) => (approved ? adk.approve(pending.approvalId) : adk.deny(pending.approvalId)),
    toolsIdle: () => adk.whenToolsIdle(),
  });
};

const createAutoSendDriver: DriverFactory = (context) => {
  const autoSend = createAutoSend({ mode: 'sse', frontendTools: context.frontendTools });
  let chat: any;
  const running = new Set<Promise<void>>();
  chat = new Chat({
    id: context.chatId,
    transport: new ai.DefaultChatTransport({ api: context.api, fetch: context.fetch }),
    sendAutomaticallyWhen: autoSend.sendAutomaticallyWhen,
    onToolCall: async ({ toolCall }: any) => {
      if (!(toolCall.toolName in context.clientOutputs)) return;
      await autoSend.addToolOutput(chat, { tool: toolCall.toolName, toolCallId: toolCall.toolCallId, output: context.clientOutputs[toolCall.toolName] });
    },
  });
  return chatDriver(chat, {
    async answer(pending: PendingApproval, approved: boolean) {
      await (approved ? approve(chat, pending.approvalId) : deny(chat, pending.approvalId));
      // The app's own browser tool runs once the user approved it; its output goes in with the package's helper.
      if (approved && pending.toolName === BROWSER_TOOL) {
        const job = browserResult(context).then((result) =>
          autoSend.addToolOutput(chat, { tool: pending.toolName, toolCallId: pending.toolCallId, ...result } as any),
        );
        running.add(job);
        await job.finally(() => running.delete(job));
      }
    },
    toolsIdle: () => Promise.all([...running]).then(() => undefined),
  });
};

const aiSdkDriver: DriverFactory = (context) => {
  let chat: any;
  const approved = new Set<string>();
  chat = new Chat({
    id: context.chatId,
    transport: new ai.DefaultChatTransport({ api: context.api, fetch: context.fetch }),
    sendAutomaticallyWhen: aiSdkHelpers,
    onToolCall: async ({ toolCall }: any) => {
      const { toolName, toolCallId } = toolCall;
      if (toolName in context.clientOutputs) {
        // AI SDK's own addToolOutput is not awaited inside onToolCall, as its docs say.
        void chat.addToolOutput({ tool: toolName, toolCallId, output: context.clientOutputs[toolName] });
      } else if (toolName === BROWSER_TOOL && approved.has(toolCallId)) {
        // The browser tool runs only once the user approved it: the server calls it again after the approval.
        const result = await browserResult(context);
        void chat.addToolOutput({ tool: toolName, toolCallId, ...result });
      }
    },
  });
  return chatDriver(chat, {
    async answer(pending: PendingApproval, yes: boolean) {
      if (yes) approved.add(pending.toolCallId);
      await chat.addToolApprovalResponse({ id: pending.approvalId, approved: yes });
    },
  });
};

export const DRIVERS: Record<Decider, DriverFactory> = {
  createAdk: createAdkDriver,
  createAutoSend: createAutoSendDriver,
  'ai-sdk': aiSdkDriver,
};
