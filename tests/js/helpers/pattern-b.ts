// A BIDI Pattern B chat over the testing kit (issue 32 §4): createAdk runs the approved browser tool
// and sends its output as a tool_result, as with BidiTransport. The stand-in tests and the
// "output that cannot be sent" tests drive it the same way; only the tool and the transport differ.
import { createAdk } from 'adk-stream-wasm/chat';
import { adkScript } from 'adk-stream-wasm/testing';
import { Chat } from './ai.js';

/** The part of `toolCallId` in any of the chat's messages. */
export const partOf = (chat: any, toolCallId: string) => chat.messages.flatMap((m: any) => m.parts).find((p: any) => p.toolCallId === toolCallId);

/**
 * The backend asks to approve `tool` (toolCallId 'call-1', approvalId 'approval-1'); the user
 * approves; createAdk runs `execute` and sends its output (through `sendToolResult` when given, in
 * place of the kit's). Resolves once the tools are idle, with what onToolError was called with.
 */
export async function approvedByPatternB(tool: string, execute: () => unknown, { sendToolResult }: { sendToolResult?: () => never } = {}) {
  const transport = adkScript({ mode: 'bidi' })
    .approvalRequest(tool, {}, { toolCallId: 'call-1', approvalId: 'approval-1' })
    .done()
    .text('Done.')
    .done()
    .transport();
  if (sendToolResult) (transport as any).sendToolResult = sendToolResult;
  const errors: Array<[unknown, unknown]> = [];
  const adk = createAdk({ mode: 'bidi', bidiPattern: 'B', transport, tools: { [tool]: { execute } }, onToolError: (error, call) => errors.push([error, call]) });
  const chat = new Chat({ transport, sendAutomaticallyWhen: adk.sendAutomaticallyWhen });
  adk.attach(chat);
  await chat.sendMessage({ text: `Use ${tool}` });
  await transport.settled();
  await adk.approve('approval-1');
  await transport.settled();
  await adk.whenToolsIdle();
  return { chat, errors, transport };
}
