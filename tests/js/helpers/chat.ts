// Builds an app-like chat: AI SDK's real Chat, the package's per-chat engine passed as
// `sendAutomaticallyWhen`, and a scripted transport. Plus the waits and message look-ups the flow
// tests share.
import { expect } from 'vitest';
import { createAutoSend, type AutoSend, type AutoSendOptions } from 'adk-stream-wasm';
import { Chat } from './ai.js';
import type { Chunk } from './fixtures.js';
import { ScriptedTransport, type ScriptedResponse } from './transport.js';

/** How long "no further request" is watched for once the chat is idle. */
export const QUIET_MS = 300;

export interface TestChat {
  chat: any;
  transport: ScriptedTransport;
  autoSend: AutoSend;
}

let chats = 0;

export function createTestChat(options: AutoSendOptions, script: Array<Chunk[] | ScriptedResponse>): TestChat {
  const transport = new ScriptedTransport(script);
  const autoSend = createAutoSend(options);
  const chat = new Chat({
    id: `chat-${++chats}`,
    transport,
    sendAutomaticallyWhen: autoSend.sendAutomaticallyWhen,
  });
  return { chat, transport, autoSend };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `condition` every 5 ms; fails with `what` and the chat's state after `timeoutMs`. */
export async function waitUntil(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await sleep(5);
  }
}

function isIdle({ chat, transport }: TestChat): boolean {
  return chat.status !== 'submitted' && chat.status !== 'streaming' && transport.openStreams === 0;
}

function describe(t: TestChat): string {
  let why = '';
  try {
    const { rule, detail } = t.autoSend.explain({ messages: t.chat.messages });
    why = `; explain: ${rule}: ${detail}`;
  } catch (error) {
    why = `; explain threw ${String(error)}`;
  }
  return `status ${t.chat.status}, ${t.transport.calls} request(s), ${t.transport.openStreams} open stream(s)${why}`;
}

/** Waits until `calls` requests were made and the chat is idle, then checks the count is exact. */
export async function settle(t: TestChat, calls: number): Promise<void> {
  await waitUntil(
    () => t.transport.calls >= calls && isIdle(t),
    `${calls} request(s) were made and the chat is idle (now: ${describe(t)})`,
  );
  expect(t.transport.calls, `requests (${describe(t)})`).toBe(calls);
}

/** No request starts within QUIET_MS of an idle chat: the count stays and the chat stays ready. */
export async function expectNoFurtherRequest(t: TestChat, ms = QUIET_MS): Promise<void> {
  await waitUntil(() => isIdle(t), `the chat is idle (now: ${describe(t)})`);
  const before = t.transport.calls;
  await sleep(ms);
  expect(t.transport.calls, `requests within ${ms} ms of an idle chat (${describe(t)})`).toBe(before);
  expect(isIdle(t), `idle after ${ms} ms (${describe(t)})`).toBe(true);
}

export function lastMessage(messages: any[]): any {
  return messages[messages.length - 1];
}

/** The last message, which must be the assistant's. */
export function lastAssistant(messages: any[]): any {
  const message = lastMessage(messages);
  expect(message?.role, 'role of the last message').toBe('assistant');
  return message;
}

export function toolPart(message: any, toolCallId: string): any {
  const part = message.parts.find((p: any) => p.toolCallId === toolCallId);
  expect(part, `tool part ${toolCallId} in message ${message.id}`).toBeDefined();
  return part;
}

export function texts(message: any): string[] {
  return message.parts.filter((p: any) => p.type === 'text').map((p: any) => p.text);
}

/** The assistant messages' tool parts of a recorded request, by toolCallId (last one wins). */
export function sentToolPart(request: { messages: any[] }, toolCallId: string): any {
  let found: any;
  for (const message of request.messages) {
    for (const part of message.parts ?? []) if (part.toolCallId === toolCallId) found = part;
  }
  expect(found, `tool part ${toolCallId} in the request`).toBeDefined();
  return found;
}
