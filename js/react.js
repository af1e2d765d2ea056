// useAdkChat: AI SDK's useChat with this library's engine, helpers, browser tools and transport.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Chat, useChat } from '@ai-sdk/react';
import { DefaultChatTransport } from 'ai';
import { createAdk } from './chat.js';
import { LazyBidiTransport } from './lazy-transport.js';
import { hasToolExecutor, runToolExecutor } from './executors.js';

/**
 * `useAdkChat({mode: 'sse' | 'bidi', api?, url?, bidiPattern?, tools?, transportOptions?, id?,
 * ...chatOptions})` returns useChat's result plus `approve`, `deny`, `answerApprovals`,
 * `pendingApprovals`, `explain` and `adk`. Changing mode, endpoint, pattern or id creates a new
 * chat with a new engine, so nothing one chat remembers leaks into another.
 * Its types are in react.d.ts; this JSDoc only lets tsc check the body (tools/check-types.mjs).
 * @param {Record<string, any>} [options]
 */
export function useAdkChat(options = {}) {
  const {
    mode = 'sse',
    api = '/api/chat',
    url,
    bidiPattern,
    tools,
    transportOptions,
    id,
    ...chatOptions
  } = options;
  const toolNames = tools ? Object.keys(tools).sort().join(',') : '';
  const latestChatOptions = useRef(chatOptions);
  latestChatOptions.current = chatOptions;

  const created = useMemo(() => {
    /** @type {{ chat: any, adk: any }} */
    const holder = { chat: null, adk: null };
    const transport =
      mode === 'bidi'
        ? new LazyBidiTransport({
            url,
            ...transportOptions,
            // Chunks that arrived with no open stream: let AI SDK pick them up (nothing is lost).
            onBufferedChunks: () => {
              if (holder.adk) void holder.adk.resumeBuffered();
              if (transportOptions && typeof transportOptions.onBufferedChunks === 'function') {
                transportOptions.onBufferedChunks();
              }
            },
          })
        : new DefaultChatTransport({ api, ...transportOptions });
    const adk = createAdk({ mode, bidiPattern, tools, transport, onToolError: chatOptions.onToolError });
    holder.adk = adk;
    const { onToolError: _ignored, ...rest } = latestChatOptions.current;
    holder.chat = new Chat({ id, ...rest, transport, sendAutomaticallyWhen: adk.sendAutomaticallyWhen });
    return { adk, chat: holder.chat, transport };
    // The chat is rebuilt only when what identifies it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, api, url, bidiPattern, id, toolNames]);

  const { adk, chat, transport } = created;
  if (tools) adk.setTools(tools);

  useEffect(() => {
    adk.attach(chat);
    return () => {
      adk.detach();
      if ('close' in transport && typeof transport.close === 'function') transport.close();
    };
  }, [adk, chat, transport]);

  const helpers = useChat({ chat });
  return {
    ...helpers,
    adk,
    transport,
    // The library's addToolOutput instead of useChat's: it marks the output as the browser's and
    // may be awaited inside onToolCall (it resolves once queued while the chat streams).
    addToolOutput: adk.addToolOutput,
    approve: adk.approve,
    deny: adk.deny,
    answerApprovals: adk.answerApprovals,
    pendingApprovals: adk.pendingApprovals(helpers.messages),
    explain: adk.explain(helpers.messages),
  };
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
