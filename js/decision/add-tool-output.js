// `autoSend.addToolOutput(chat, args)`'s body (auto-send.js), loaded when it is first called: an
// app whose chats run no browser tool never downloads it (docs/decisions/0006).
import { AdkNotCommittedError } from '../errors/errors.js';
import { invalidArgument, requireChat, shown } from '../errors/arguments.js';

/** @import { AutoSend, ChatLike, AddToolOutputArgs } from './auto-send.js' */

/**
 * `autoSend.addToolOutput(chat, args)`: adds a browser output and marks it as the browser's.
 * @param {AutoSend} autoSend @param {ChatLike} chat @param {AddToolOutputArgs} args @returns {Promise<void>}
 */
export async function addBrowserOutput(autoSend, chat, args) {
  requireChat(chat, 'addToolOutput');
  if (args === null || typeof args !== 'object') {
    throw invalidArgument('addToolOutput', `the arguments are ${typeof args}`, '{tool, toolCallId, output} or {tool, toolCallId, state: "output-error", errorText}');
  }
  const { toolCallId } = args;
  if (typeof toolCallId !== 'string' || toolCallId === '') {
    throw invalidArgument('addToolOutput', `toolCallId is ${typeof toolCallId}`, 'the tool call id string (part.toolCallId)');
  }
  if (findToolPart(chat.messages, toolCallId) === null) {
    throw invalidArgument('addToolOutput', `no tool part of this chat has toolCallId '${shown(toolCallId)}'`, 'the toolCallId of a tool part in chat.messages');
  }
  autoSend.markBrowserOutput(toolCallId);
  // Mid-stream, AI SDK queues the output behind the stream's own job, and `onToolCall` runs
  // inside that job: awaiting the commit there would wait for a stream that waits for us.
  // So the output is only queued; AI SDK applies it when the stream's job ends.
  if (chat.status === 'streaming' || chat.status === 'submitted') {
    Promise.resolve(chat.addToolOutput(args)).catch(() => {}); // nothing awaits it to hear of a failure
    return;
  }
  const before = chat.messages;
  await chat.addToolOutput(args);
  // As in approve(): useChat's result keeps its render's array; only a live Chat is checked.
  const after = chat.messages;
  const part = findToolPart(after, toolCallId);
  const expected = args.state === 'output-error' ? 'output-error' : 'output-available';
  if (after !== before && (part === null || part.state !== expected)) {
    throw new AdkNotCommittedError(`addToolOutput(): the output of ${toolCallId} was not committed; the part is ${part ? part.state : 'gone'}, expected ${expected}.`);
  }
}

/**
 * The tool part of `toolCallId`, latest message first, or null.
 * @param {unknown} messages @param {string} toolCallId @returns {any}
 */
function findToolPart(messages, toolCallId) {
  if (!Array.isArray(messages)) return null;
  for (let m = messages.length - 1; m >= 0; m--) {
    const parts = messages[m] && messages[m].parts;
    if (!Array.isArray(parts)) continue;
    for (const part of parts) if (part && part.toolCallId === toolCallId) return part;
  }
  return null;
}
