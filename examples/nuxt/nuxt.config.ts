// The ADK backend (the demo's port unless ADK_BACKEND says otherwise).
const backend = process.env.ADK_BACKEND ?? 'http://127.0.0.1:8000';

export default defineNuxtConfig({
  compatibilityDate: '2025-07-15',
  // In dev, Nitro forwards both modes to the backend (ws: true carries the WebSocket upgrade).
  $development: {
    nitro: {
      devProxy: {
        '/stream': { target: `${backend}/stream`, changeOrigin: true },
        '/live': { target: `${backend}/live`, ws: true },
      },
    },
  },
  // In production the server forwards SSE; a route rule cannot carry a WebSocket, so BIDI goes to
  // the backend's own URL (NUXT_PUBLIC_ADK_WS_URL when the server starts).
  $production: { routeRules: { '/stream': { proxy: `${backend}/stream` } } },
  runtimeConfig: { public: { adkWsUrl: '' } },
  // Pre-bundled at startup: else Vite finds them at the first page load and reloads the page.
  vite: { optimizeDeps: { include: ['adk-stream-wasm', 'adk-stream-wasm/vue'] } },
});
