// The WebSocket URL beside the page: it follows the page's host, and `https` becomes `wss`. It takes
// the page's URL instead of reading `window`, so it runs in a server render too (SvelteKit's
// `page.url`, Nuxt's `useRequestURL()`, or `location.href` in the browser).
export function liveUrl(page: URL | string, path = '/live'): string {
  const url = new URL(path, page);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}
