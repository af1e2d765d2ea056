import type { Handle } from '@sveltejs/kit';
import { env } from '$env/dynamic/private';

// A production build has no Vite proxy: the server forwards the chat's SSE requests to the backend
// itself, and the stream goes through as it comes. (In dev, vite.config's proxy answers first.)
export const handle: Handle = async ({ event, resolve }) => {
  if (event.url.pathname !== '/stream') return resolve(event);
  const { request } = event;
  const response = await fetch(`${env.ADK_BACKEND ?? 'http://127.0.0.1:8000'}/stream`, {
    method: request.method,
    headers: { 'content-type': request.headers.get('content-type') ?? 'application/json' },
    body: request.body,
    duplex: 'half',
  } as RequestInit);
  // A new Response: SvelteKit adds headers to what the hook returns, and fetch's are immutable.
  return new Response(response.body, response);
};
