// createAdk and attachAdk: wire one AI SDK `Chat` to its engine, its browser tools and (BIDI) its
// transport. The React hook (react.js) is built on them; `adk-stream-wasm/chat` (chat.js) exports
// them. Which tool call runs when is decided in Rust (src/runner.rs); this file claims the calls
// and hands their results to the chat, and tool-runner.js, loaded with the first one, runs them.
import { approve, deny, answerApprovals, pendingApprovals } from '../index.js';
import { createAutoSendAs } from '../decision/auto-send.js';
import { AdkTransportError } from '../errors/errors.js';
import { describeValue, invalidArgument, messageOf } from '../errors/arguments.js';
import { loadOnDemand } from '../core/load-on-demand.js';

/**
 * What only a BIDI chat does, apart so that an SSE-only app (useAdkChat from
 * `adk-stream-wasm/react/sse`) leaves it out: Pattern B's tool_result frame after a browser tool
 * ran, and the resume of chunks the transport buffered (resume-buffered.js, with AI SDK's
 * `readUIMessageStream`, about 0.6 KB gzip of an app).
 */
const BIDI_CHAT = {
  /** Pattern B sends each approved browser tool's output on the transport: refused without one that can. */
  checkTransport(transport, fn) {
    if (transport !== null && typeof transport === 'object' && typeof transport.sendToolResult === 'function') return;
    throw invalidArgument(
      fn,
      "bidiPattern 'B' without a `transport` that has sendToolResult()",
      "the chat's BidiTransport as `transport` (or another with sendToolResult(), such as AdkTestTransport): Pattern B sends each approved browser tool's output on it as a tool_result frame",
    );
  },
  /**
   * BIDI Pattern B: the output travels as a tool_result frame on the open socket (SPEC §5), after
   * the message that carries the approval (the backend must see the approval first). Returns what
   * the part gets: the result when it was sent; when it could not be (the socket closed, the
   * approval never sent), an output-error that says the backend did not get it, so the user sees
   * it and the chat does not wait for an output (the error goes to onToolError too).
   */
  async sendToolResult(transport, call, result, onToolError) {
    try {
      const approvalSent = typeof transport.whenMessageSent === 'function' ? await transport.whenMessageSent(call.messagesBefore) : true;
      if (!approvalSent) throw new AdkTransportError('send-failed', 'its approval was never sent');
      // The frame's `result` is an object (SPEC §5), as W1's tool-result part: `{value}` around any other output.
      const { output } = result;
      const object = output !== null && typeof output === 'object' && !Array.isArray(output);
      transport.sendToolResult(call.toolCallId, result.state === 'output-error' ? { error: result.errorText } : object ? output : { value: output });
      return result;
    } catch (error) {
      if (typeof onToolError === 'function') onToolError(error, call);
      return {
        state: 'output-error',
        errorText: `${call.toolName} ran, but its result could not be sent to the backend: ${messageOf(error)}`,
      };
    }
  },
  /**
   * The chunks the transport kept while no response stream was open, into the message they
   * continue; `chatNow()` is the attached chat once the module is loaded (null: detached meanwhile).
   */
  async resumeBuffered(chatNow, transport, options) {
    const { resumeBuffered } = await loadOnDemand(() => import('./resume-buffered.js'), 'resume-buffered.js');
    const chat = chatNow();
    return chat !== null && resumeBuffered(chat, transport, options);
  },
};

/**
 * Creates the engine for a chat that does not exist yet: pass `adk.sendAutomaticallyWhen` to the
 * `Chat` constructor, then `adk.attach(chat)`.
 * Options: `{mode, bidiPattern?, tools?: {[name]: {execute(input, ctx), requiresApproval?}},
 * frontendTools?, transport?: the BidiTransport (Pattern B's tool_result frames need it),
 * onToolError?(error, call), onError?(error): the engine's (createAutoSend's)}`.
 */
export function createAdk(options) {
  return createAdkWith(options, BIDI_CHAT, 'createAdk');
}

/** `createAdk` whose errors name `fn` (useAdkChat's own). */
export function createAdkFor(options, fn) {
  return createAdkWith(options, BIDI_CHAT, fn);
}

/** `createAdk` without the BIDI chat's parts, for the SSE-only `useAdkChat` (which refuses mode 'bidi'). */
export function createSseAdk(options, fn) {
  return createAdkWith(options, null, fn);
}

/** createAdk with the BIDI chat's parts (`BIDI_CHAT`) or without them (null). */
function createAdkWith(options, bidi, fn) {
  if (options === null || typeof options !== 'object') {
    throw invalidArgument(fn, `the options are ${describeValue(options)}`, "{mode: 'sse' | 'bidi', tools?, transport?}");
  }
  const { mode, bidiPattern, transport, onToolError, onError, frontendTools } = options;
  // `||`: no tools (undefined, null, false) is an empty set.
  let tools = options.tools || {};
  if (typeof tools !== 'object') {
    throw invalidArgument(fn, `tools is ${describeValue(tools)}`, '{[name]: {execute, requiresApproval?}}');
  }
  // SPEC §6: the chat's own `tools` always run in the browser; `frontendTools` (any form
  // createAutoSend takes, frontend-tools.js) says which others do, else the registry.
  const own = Object.entries(tools).map(([name, tool]) => ({ name, requiresApproval: tool ? tool.requiresApproval : undefined }));
  const autoSend = createAutoSendAs({ mode, bidiPattern, frontendTools, onError }, fn, own);
  if (bidi !== null && autoSend.bidiPattern === 'B') bidi.checkTransport(transport, fn);
  let chat = null;
  let unsubscribe = null;
  const running = new Map();

  async function run(call) {
    const { toolCallId, toolName, partIndex } = call;
    // The part's input as it is now: the chat may move on while the runner loads.
    const messages = chat.messages;
    const last = messages[messages.length - 1];
    const part = last && Array.isArray(last.parts) ? last.parts[partIndex] : undefined;
    let result;
    let runner = null;
    try {
      // The executors and their rules load with the first tool a chat runs (tool-runner.js).
      runner = await loadOnDemand(() => import('../tools/tool-runner.js'), 'tool-runner.js');
    } catch (error) {
      // The runner could not be downloaded: the part says so, and the chat goes on.
      result = { state: 'output-error', errorText: messageOf(error) };
      if (typeof onToolError === 'function') onToolError(error, call);
    }
    // Outside the download's catch, as before the runner loaded on demand: a throw from the app's
    // onToolError inside the run rejects it (runTools reports it) and adds no output.
    if (runner !== null) result = await runner.toolResult(call, part ? part.input : undefined, tools, onToolError);
    if (bidi !== null && autoSend.bidiPattern === 'B' && call.run === 'approved') {
      result = await bidi.sendToolResult(transport, call, result, onToolError);
    }
    await autoSend.addToolOutput(chat, { tool: toolName, toolCallId, ...result });
  }

  /** Starts every browser tool call that may start now; resolves when they have all finished. */
  function runTools() {
    if (chat === null) return Promise.resolve();
    const started = [];
    for (const claimed of autoSend.claimToolCalls(chat.messages)) {
      const call = { ...claimed, messagesBefore: messagesAtDecision };
      const job = run(call)
        .catch((error) => {
          if (typeof onToolError === 'function') onToolError(error, call);
        })
        .finally(() => running.delete(call.toolCallId));
      running.set(call.toolCallId, job);
      started.push(job);
    }
    return Promise.all(started).then(() => undefined);
  }

  // SPEC §5 F-c: a request refused before it reached the backend (`connect-failed`, from either
  // transport: the one definite failure) did not send the answers it carried. Read from the chat's
  // error when the engine is next asked; `failure` is the error already read.
  let failure = null;
  const noteFailure = () => {
    const error = chat !== null && chat.status === 'error' ? chat.error : null;
    if (error == null || error === failure) return;
    failure = error;
    const last = chat.messages[chat.messages.length - 1];
    if (error.kind === 'connect-failed' && last && last.role === 'assistant') autoSend.sendFailed();
  };

  // How many messages the transport had sent when AI SDK last asked for a decision: a tool
  // approved then must wait for a later message (its approval's) before its tool_result.
  let messagesAtDecision = 0;
  const sendAutomaticallyWhen = (arg) => {
    noteFailure();
    if (transport && typeof transport.messagesSent === 'number') messagesAtDecision = transport.messagesSent;
    return autoSend.sendAutomaticallyWhen(arg);
  };

  const adk = {
    autoSend,
    sendAutomaticallyWhen,
    get chat() {
      return chat;
    },
    /** Binds the chat; from now on approved browser tools run by themselves. */
    attach(target) {
      if (target === null || typeof target !== 'object' || typeof target.addToolOutput !== 'function') {
        throw invalidArgument('attach', `the chat is ${describeValue(target)}`, 'an AI SDK Chat instance');
      }
      if (unsubscribe) unsubscribe();
      chat = target;
      unsubscribe = autoSend.onDecision(() => {
        void runTools();
      });
      // Tools approved before the chat was attached run now.
      queueMicrotask(() => void runTools());
      return adk;
    },
    approve: (approvalId, opts) => approve(chat, approvalId, opts),
    deny: (approvalId, opts) => deny(chat, approvalId, opts),
    answerApprovals: (handler) => answerApprovals(chat, handler),
    // The module compiles at import (createAutoSend above has it), so these answer at once.
    pendingApprovals: (messages = chat ? chat.messages : []) => pendingApprovals(messages),
    explain: (messages = chat ? chat.messages : []) => (noteFailure(), autoSend.explain({ messages })),
    /**
     * Sends, once, the answers whose request was refused before it reached the backend (explain():
     * rule 'waits-to-be-sent'), as AI SDK's `chat.sendMessage()` resubmits them. Never called by the
     * package itself. Resolves false when no answer waits (SPEC §5 F-c).
     */
    async resend() {
      noteFailure();
      if (chat === null || !autoSend.resend()) return false;
      await chat.sendMessage();
      return true;
    },
    addToolOutput: (args) => autoSend.addToolOutput(chat, args),
    runTools,
    /** Resolves when every browser tool started so far has finished and its output is added. */
    whenToolsIdle: () => Promise.all([...running.values()]).then(() => undefined),
    /**
     * Delivers chunks the BIDI transport kept while no response stream was open (a second approval,
     * the backend's late result) into the message they continue, and a turn the backend started (a
     * voice answer) as a message of its own with the user's speech before it (resume-buffered.js).
     * Pass it as the transport's `onBufferedChunks` (useAdkChat does). Resolves true when chunks
     * were applied.
     */
    async resumeBuffered() {
      if (chat === null || !transport || bidi === null) return false;
      const applied = await bidi.resumeBuffered(() => chat, transport, {
        onError: (error) => {
          if (typeof onToolError === 'function') onToolError(error, null);
        },
      });
      if (applied) await runTools();
      return applied;
    },
    /** Replaces the executors of the chat's own tools (the tool names are fixed at creation). */
    setTools(next) {
      if (next && typeof next === 'object') tools = next;
    },
    /**
     * Stops running tools for this chat. What the engine sent and which tool calls ran are kept,
     * so attaching the same chat again (React re-runs effects) neither re-sends nor re-runs.
     */
    detach() {
      if (unsubscribe) unsubscribe();
      unsubscribe = null;
      chat = null;
    },
  };
  return adk;
}

/** For apps that build the `Chat` themselves: `attachAdk(chat, adk)` is `adk.attach(chat)`. */
export function attachAdk(chat, adk) {
  // Checked here, so a swapped or missing argument is a named error like every other export's,
  // not a TypeError from reading `attach` of undefined.
  if (adk === null || typeof adk !== 'object' || typeof adk.attach !== 'function') {
    const given = adk !== null && typeof adk === 'object' && !Array.isArray(adk) ? 'an object without an attach() method' : describeValue(adk);
    throw invalidArgument('attachAdk', `adk is ${given}`, 'what createAdk({mode}) returned');
  }
  return adk.attach(chat);
}
