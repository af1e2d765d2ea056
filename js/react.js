// useAdkChat: AI SDK's useChat with this library's engine, helpers, browser tools and transport, in
// either mode: react/use-adk-chat.js has its body, with what only BIDI needs (chat/bidi-parts.js);
// react-sse.js is the SSE-only entry, the same body without it.
import { useCallback, useMemo, useRef } from 'react';
import { BIDI } from './chat/bidi-parts.js';
import { useAdkChatWith } from './react/use-adk-chat.js';
import { hasToolExecutor, runToolExecutor } from './drop-in/executors.js';

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
  return useAdkChatWith(options, BIDI, 'useAdkChat');
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
