// Steps the flow tests share, written as an app would write them with the package's helpers.
import { expect } from 'vitest';
import { pendingApprovals, type PendingApproval } from 'adk-stream-wasm';
import { lastAssistant, settle, type TestChat, toolPart } from './chat.js';

/** Sends the user's prompt and waits for the first response to end. */
export async function start(t: TestChat, userText: string): Promise<void> {
  await t.chat.sendMessage({ text: userText });
  await settle(t, 1);
}

/** The approvals the UI would show now, checked against what the backend asked for. */
export function expectPending(t: TestChat, asked: Array<{ toolCallId: string; approvalId: string }>, toolName?: string): PendingApproval[] {
  const pending = pendingApprovals(t.chat.messages);
  expect(pending.map((p) => ({ toolCallId: p.toolCallId, approvalId: p.approvalId }))).toEqual(asked);
  if (toolName !== undefined) for (const p of pending) expect(p.toolName).toBe(toolName);
  return pending;
}

export const POSITION = { latitude: 35.6762, longitude: 139.6503, accuracy: 20, timestamp: 1_767_225_600_000 };

/**
 * What an app does for a browser tool that needs approval, until the library runs it itself:
 * once the answer is committed and approving, run the tool and add its output through the
 * engine (so it knows the output is the browser's). A denied or unanswered call never runs.
 */
export async function runApprovedBrowserTool(
  t: TestChat,
  toolCallId: string,
  tool: string,
  execute: () => Promise<unknown>,
): Promise<boolean> {
  const part = toolPart(lastAssistant(t.chat.messages), toolCallId);
  if (part.state !== 'approval-responded' || part.approval?.approved !== true) return false;
  const output = await execute();
  await t.autoSend.addToolOutput(t.chat, { tool, toolCallId, output });
  return true;
}
