// useAdkChat: AI SDK's useChat with this library's engine, helpers, browser tools and transport, in
// either mode: react/use-adk-chat.js has its body, with what only BIDI needs (chat/bidi-parts.js);
// react-sse.js is the SSE-only entry, the same body without it. `adk-stream-wasm/react` imports
// `react`, `@ai-sdk/react` and `ai` when it runs, so its types use theirs directly.
import { useCallback, useMemo, useRef } from 'react';
import { BIDI } from './chat/bidi-parts.js';
import { useAdkChatWith } from './react/use-adk-chat.js';
import { hasToolExecutor, runToolExecutor } from './drop-in/executors.js';
/** @import { UseChatHelpers } from '@ai-sdk/react' */
/** @import { UIMessage, ChatTransport } from 'ai' */
/** @import { Adk } from './chat/adk-types.d.ts' */
/** @import { AdkChatOptions } from './chat/framework-chat.js' */
/** @import { Explanation, PendingApproval } from './index.js' */
/** @import { ToolExecutorDependencies, ToolExecutorResult } from './drop-in/executors.js' */

/** @typedef {import('./chat/framework-chat.js').AdkChatMode} AdkChatMode */

/**
 * A transport of the app's own (the testing kit's `AdkTestTransport`, a custom one): any AI SDK
 * `ChatTransport`; in BIDI Pattern B its `sendToolResult` carries approved browser tools' outputs
 * (without one, Pattern B is refused when the chat is created).
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {AdkChatMode} [MODE=AdkChatMode]
 * @typedef {ChatTransport<M> & (MODE extends 'bidi' ? { sendToolResult?(toolCallId: string, result: object): void } : unknown)} AdkOwnTransport
 */

/**
 * useChat's own options, which useAdkChat passes on.
 * @typedef {object} UseChatOwnOptions
 * @property {number} [experimental_throttle]
 * @property {boolean} [resume]
 */

/**
 * useAdkChat's options: the one-call chats' (`mode`, `api`, `url`, `bidiPattern`, `tools`,
 * `frontendTools`, `backend`, `transport`, `transportOptions`, `onToolError`, AI SDK's `Chat`
 * options; `onError` also hears the engine's `AdkInternalError`) and useChat's own. A function
 * `frontendTools` is asked through the latest render's.
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {AdkChatMode} [MODE=AdkChatMode]
 * @typedef {AdkChatOptions<M, MODE> & UseChatOwnOptions} UseAdkChatOptions
 */

/**
 * The BIDI transport useAdkChat builds: `BidiTransport`'s members, over its module, which loads
 * when the chat is created (an SSE app never downloads it). It is not an instance of the class
 * (`instanceof BidiTransport` is false). Before the module has loaded it answers as a
 * `BidiTransport` with no socket open: `connected` false, `interrupt()` false, the senders an
 * `AdkTransportError` `'not-connected'`; a failed download rejects the next async call.
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @typedef {import('./chat/framework-chat.js').AdkChatBidiTransport<M>} UseAdkChatBidiTransport
 */

/**
 * The chat's transport, by mode: the BIDI WebSocket transport (`latencyMs`, `interrupt()`, …) or
 * the package's `AdkSseTransport` (AI SDK's `DefaultChatTransport` with the ADK encoding) for SSE;
 * either when the mode is only known at run time.
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {AdkChatMode} [MODE=AdkChatMode]
 * @typedef {import('./chat/framework-chat.js').AdkChatTransport<M, MODE>} AdkChatTransport
 */

/**
 * What useAdkChat adds to useChat's result.
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {AdkChatMode} [MODE=AdkChatMode]
 * @template {ChatTransport<M> | undefined} [OWN=undefined]
 * @typedef {object} AdkChatHelpers
 * @property {Adk['addToolOutput']} addToolOutput The library's `adk.addToolOutput` (not useChat's): it tells the engine the output is the
 *  browser's, and may be awaited inside `onToolCall` (while the chat streams it resolves once the
 *  output is queued; otherwise once it is committed).
 * @property {Adk} adk
 * @property {OWN extends ChatTransport<M> ? OWN : AdkChatTransport<M, MODE>} transport The transport given as `transport`, else the one the hook built.
 * @property {Adk['approve']} approve
 * @property {Adk['deny']} deny
 * @property {Adk['answerApprovals']} answerApprovals
 * @property {PendingApproval<M>[]} pendingApprovals
 * @property {Explanation} explain
 */

/**
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {AdkChatMode} [MODE=AdkChatMode]
 * @template {ChatTransport<M> | undefined} [OWN=undefined]
 * @typedef {Omit<UseChatHelpers<M>, 'addToolOutput'> & AdkChatHelpers<M, MODE, OWN>} UseAdkChatResult
 */

/**
 * `useAdkChat({mode: 'sse' | 'bidi', api?, url?, bidiPattern?, tools?, frontendTools?, backend?,
 * transport?, transportOptions?, id?, ...chatOptions})` returns useChat's result plus `approve`,
 * `deny`, `answerApprovals`, `pendingApprovals`, `explain` and `adk`. Changing mode, endpoint,
 * pattern, tool set, backend, transport or id creates a new chat with a new engine, so nothing one
 * chat remembers leaks into another. Callbacks (`onFinish`, `onError`, `onData`, `onToolCall`,
 * `onToolError`) are always the latest render's, as with AI SDK's `useChat`.
 * `mode` decides the transport's type: `useAdkChat({mode: 'bidi', url})` gives the BIDI transport
 * (`UseAdkChatBidiTransport`); no mode (the default, SSE) or `mode: 'sse'` gives the package's
 * `AdkSseTransport`.
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {AdkChatMode} [MODE='sse']
 * @template {AdkOwnTransport<M, MODE> | undefined} [OWN=undefined]
 * @param {UseAdkChatOptions<M, MODE> & { transport?: OWN }} [options]
 * @returns {UseAdkChatResult<M, MODE, OWN>}
 */
export function useAdkChat(options = {}) {
  return /** @type {any} */ (useAdkChatWith(options, BIDI, 'useAdkChat'));
}

/**
 * @typedef {object} UseToolExecutorsResult
 * @property {(toolName: string, input: Record<string, unknown>) => Promise<ToolExecutorResult>} execute Runs the registered executor of `toolName`; `{success: false, error}` when there is none or
 *  it fails. Never rejects.
 * @property {(toolName: string) => boolean} isExecutorAvailable
 */

/**
 * The drop-in hook over the module's tool executor registry (SPEC §7): `{execute(toolName, input),
 * isExecutorAvailable(toolName)}`; `deps` reach every executor (`change_bgm` needs `bgmChannel`).
 * `execute` resolves `{success, output?, error?}` and never rejects. Both functions keep their
 * identity across renders and use the latest `deps`.
 * @param {ToolExecutorDependencies} [deps] @returns {UseToolExecutorsResult}
 */
export function useToolExecutors(deps) {
  const latestDeps = useRef(deps);
  latestDeps.current = deps;
  const execute = useCallback((/** @type {string} */ toolName, /** @type {Record<string, unknown>} */ input) => runToolExecutor(toolName, input, latestDeps.current), []);
  const isExecutorAvailable = useCallback((/** @type {string} */ toolName) => hasToolExecutor(toolName), []);
  return useMemo(() => ({ execute, isExecutorAvailable }), [execute, isExecutorAvailable]);
}
