import { Suspense } from 'react';
import { ready, pendingApprovals } from 'adk-stream-wasm';
import { ChatApp } from './ChatApp';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// With `cacheComponents` (next.config.mjs) what depends on the request renders under <Suspense>:
// the search params, and the chat, whose new id AI SDK draws at random.
export default function Page({ searchParams }: { searchParams: SearchParams }) {
  return (
    <Suspense fallback={<p>Loading the chat…</p>}>
      <Chat searchParams={searchParams} />
    </Suspense>
  );
}

// A server component: the package loads on the server too (no bundler plugin, no config), so a
// server can use the same rules as the browser, for example to render what waits for an answer.
async function Chat({ searchParams }: { searchParams: SearchParams }) {
  await ready;
  const waiting = pendingApprovals([]).length;
  const params = await searchParams;
  const mode = params.mode === 'bidi' ? 'bidi' : 'sse';
  const backend = typeof params.backend === 'string' ? params.backend : 'http://127.0.0.1:8787';
  return (
    <>
      <p data-testid="server">server: {waiting} pending approvals</p>
      <ChatApp mode={mode} backend={backend} />
    </>
  );
}
