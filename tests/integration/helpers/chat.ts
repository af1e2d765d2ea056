// AI SDK's real `Chat` (the concrete class of @ai-sdk/react, over ai@6's AbstractChat) wired as an
// app wires it with the package: `createAdk` + `new Chat({transport, sendAutomaticallyWhen})` +
// `adk.attach(chat)`. Plus the waits the tests share.
import { expect } from 'vitest';
import { Chat } from '@ai-sdk/react';
import { createAdk, type Adk, type AdkOptions } from 'adk-stream-wasm/chat';

/** How long "nothing more is sent" is watched for once the chat is ready. */
export const QUIET_MS = 300;

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `condition` every 5 ms; fails naming `what` (a string or a function giving the state). */
export async function waitUntil(condition: () => boolean, what: string | (() => string), timeoutMs = 8_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting until ${typeof what === 'function' ? what() : what}`);
    }
    await sleep(5);
  }
}

export interface AppChat {
  chat: any;
  adk: Adk;
}

let chats = 0;

/** An app's chat: the package's per-chat engine and browser tool runner around AI SDK's Chat. */
export function createAppChat(transport: any, options: AdkOptions, chatInit: Record<string, unknown> = {}): AppChat {
  const adk = createAdk(options);
  const chat = new Chat({
    id: `integration-chat-${++chats}`,
    ...chatInit,
    transport,
    sendAutomaticallyWhen: adk.sendAutomaticallyWhen,
  });
  adk.attach(chat as any);
  return { chat, adk };
}

export function isBusy(chat: any): boolean {
  return chat.status === 'submitted' || chat.status === 'streaming';
}

/** One line on the chat's state for failure messages. */
export function describeChat({ chat, adk }: AppChat): string {
  let why = '';
  try {
    const { rule, detail } = adk.explain(chat.messages);
    why = `; explain: ${rule}: ${detail}`;
  } catch (error) {
    why = `; explain threw ${String(error)}`;
  }
  return `status ${chat.status}${chat.error ? ` (${chat.error.name}: ${chat.error.message})` : ''}, ${chat.messages.length} message(s)${why}`;
}

/**
 * Waits until `count()` reached `expected` and the chat is neither submitted nor streaming and its
 * browser tools are idle; then checks the count is exact.
 */
export async function settle(t: AppChat, count: () => number, expected: number, what = 'requests'): Promise<void> {
  await waitUntil(
    () => count() >= expected && !isBusy(t.chat),
    () => `${expected} ${what} were made and the chat is idle (now ${count()}; ${describeChat(t)})`,
  );
  await t.adk.whenToolsIdle();
  expect(count(), `${what} (${describeChat(t)})`).toBe(expected);
}

/** Nothing more goes out within QUIET_MS of a ready chat: `count()` stays and the chat stays idle. */
export async function expectQuiet(t: AppChat, count: () => number, what = 'requests', ms = QUIET_MS): Promise<void> {
  await waitUntil(() => !isBusy(t.chat), () => `the chat is idle (${describeChat(t)})`);
  const before = count();
  await sleep(ms);
  expect(count(), `${what} within ${ms} ms of an idle chat (${describeChat(t)})`).toBe(before);
  expect(isBusy(t.chat), `idle after ${ms} ms (${describeChat(t)})`).toBe(false);
}

export function lastMessage(chat: any): any {
  return chat.messages[chat.messages.length - 1];
}

export function texts(message: any): string[] {
  return (message?.parts ?? []).filter((p: any) => p.type === 'text').map((p: any) => p.text);
}

export function toolPartIn(message: any, toolCallId: string): any {
  const part = (message?.parts ?? []).find((p: any) => p.toolCallId === toolCallId);
  expect(part, `tool part ${toolCallId} in message ${message?.id}`).toBeDefined();
  return part;
}

/** The last message of a request's history (what the backend reads). */
export function lastSent(messages: any[]): any {
  return messages[messages.length - 1];
}
