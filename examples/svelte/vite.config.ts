import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

// As examples/vite: the package's embedded WebAssembly core in a chunk of its own (the npm README's
// vite.config advice). `test`: the component test runs in jsdom, with Svelte's browser build, and
// AI SDK's Svelte Chat (a runes module, `.svelte.js`) goes through the Svelte compiler, not Node:
// so does adk-stream-wasm/svelte, which imports it.
export default defineConfig({
  plugins: [svelte()],
  resolve: process.env.VITEST ? { conditions: ['browser'] } : undefined,
  build: {
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (id.includes('adk_stream_wasm_bytes')) return 'adk-stream-wasm-bytes';
        },
      },
    },
  },
  test: { environment: 'jsdom', server: { deps: { inline: ['adk-stream-wasm', '@ai-sdk/svelte'] } } },
});
