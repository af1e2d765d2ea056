/// <reference types="vitest/config" />
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';

// The ADK backend (the demo's port unless ADK_BACKEND says otherwise).
const backend = process.env.ADK_BACKEND ?? 'http://127.0.0.1:8000';

export default defineConfig({
  plugins: [sveltekit()],
  // adk-stream-wasm/svelte imports AI SDK's Svelte Chat, a runes module that only the Svelte
  // compiler can load: the server render bundles it too, as it does in the browser.
  ssr: { noExternal: ['adk-stream-wasm'] },
  // In dev, Vite forwards both modes to the backend (ws: true carries the WebSocket upgrade).
  server: {
    proxy: {
      '/stream': backend,
      '/live': { target: backend.replace(/^http/, 'ws'), ws: true },
    },
  },
  // The component test: jsdom, Svelte's browser build, and AI SDK's Svelte Chat (a runes module)
  // through the Svelte compiler, as this package's entry that imports it.
  resolve: process.env.VITEST ? { conditions: ['browser'] } : undefined,
  test: { environment: 'jsdom', include: ['src/**/*.test.ts'], server: { deps: { inline: ['adk-stream-wasm', '@ai-sdk/svelte'] } } },
});
