// useAdkChat: AI SDK's useChat with this library's engine, helpers, browser tools and transport, in
// either mode (react/use-adk-chat.js has its body; react-sse.js the SSE-only entry).
import { useCallback, useMemo, useRef } from 'react';
import { createAdkFor } from './chat/create-adk.js';
import { LazyBidiTransport } from './transport/bidi/lazy-transport.js';
import { useAdkChatWith } from './react/use-adk-chat.js';
import { hasToolExecutor, runToolExecutor } from './drop-in/executors.js';

/**
 * What only a BIDI chat needs, apart so that the SSE-only hook (react-sse.js) leaves it out: the
 * BIDI transport, whose module loads when the chat is created, and createAdk's BIDI parts.
 */
const BIDI_HOOK = {
  transport: (options) => new LazyBidiTransport(options),
  createAdk: createAdkFor,
};

/**
 * `useAdkChat({mode: 'sse' | 'bidi', api?, url?, bidiPattern?, tools?, frontendTools?, backend?,
 * transport?, transportOptions?, id?, ...chatOptions})` returns useChat's result plus `approve`,
 * `deny`, `answerApprovals`, `pendingApprovals`, `explain` and `adk`. Changing mode, endpoint,
 * pattern, tool set, backend, transport or id creates a new chat with a new engine, so nothing one
 * chat remembers leaks into another. Callbacks (`onFinish`, `onError`, `onData`, `onToolCall`,
 * `onToolError`) are always the latest render's, as with AI SDK's `useChat`.
 * Its types are in react.d.ts; this JSDoc only lets tsc check the body (tools/check-types.mjs).
 * @param {Record<string, any>} [options]
 */
export function useAdkChat(options = {}) {
  return useAdkChatWith(options, BIDI_HOOK, 'useAdkChat');
}

/**
 * The drop-in `useToolExecutors(deps?)` (SPEC §7): `{execute(toolName, input), isExecutorAvailable(toolName)}`
 * over the module's tool executor registry. `execute` resolves `{success, output?, error?}` and never
 * rejects. Both functions keep their identity across renders and use the latest `deps`.
 */
export function useToolExecutors(deps) {
  const latestDeps = useRef(deps);
  latestDeps.current = deps;
  const execute = useCallback((toolName, input) => runToolExecutor(toolName, input, latestDeps.current), []);
  const isExecutorAvailable = useCallback((toolName) => hasToolExecutor(toolName), []);
  return useMemo(() => ({ execute, isExecutorAvailable }), [execute, isExecutorAvailable]);
}
