import { ready, pendingApprovals } from 'adk-stream-wasm';
import { ChatApp } from './ChatApp';

// A server component: the package loads on the server too (no bundler plugin, no config), so a
// server can use the same rules as the browser, for example to render what waits for an answer.
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
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
