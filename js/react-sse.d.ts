// `adk-stream-wasm/react/sse`: useAdkChat for apps that talk SSE only, the same hook as
// `adk-stream-wasm/react`'s without what only a BIDI chat needs (about 1.2 KB gzip less in an app).
import type { UIMessage } from 'ai';
import type { AdkOwnTransport, UseAdkChatOptions, UseAdkChatResult } from './react.js';

export type { AdkOwnTransport, UseAdkChatOptions, UseAdkChatResult, UseToolExecutorsResult } from './react.js';
export { useToolExecutors } from './react.js';

/** useAdkChat in SSE mode (`mode` may be left out, or `'sse'`); `mode: 'bidi'` throws
 *  `AdkInvalidArgumentError` (take useAdkChat from `adk-stream-wasm/react` for BIDI). */
export function useAdkChat<M extends UIMessage = UIMessage, OWN extends AdkOwnTransport<M, 'sse'> | undefined = undefined>(
  options?: Omit<UseAdkChatOptions<M, 'sse'>, 'url' | 'bidiPattern'> & { transport?: OWN },
): UseAdkChatResult<M, 'sse', OWN>;
