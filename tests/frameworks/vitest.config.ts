import { svelte } from '@sveltejs/vite-plugin-svelte';
import vue from '@vitejs/plugin-vue';
import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// Run twice by scripts/test-frameworks.sh: AI_SDK=6 on Node 20 (@ai-sdk/vue@3, @ai-sdk/svelte@4),
// AI_SDK=7 on Node 22 (@ai-sdk/vue@4 as ai7-vue, @ai-sdk/svelte@5 as ai7-svelte). Each framework's
// own Vite plugin compiles its files: `.vue` components, and Svelte 5's runes modules
// (`.svelte.js`), which is what @ai-sdk/svelte's `Chat` is. The package itself is loaded by Node as
// an app's tests load it (not transformed).
// In the AI SDK 7 run, adk-stream-wasm/vue and /svelte (inlined below) import AI SDK 7's packages.
const ai7Aliases =
  process.env.AI_SDK === '7'
    ? [
        { find: /^@ai-sdk\/vue$/, replacement: 'ai7-vue' },
        { find: /^@ai-sdk\/svelte$/, replacement: 'ai7-svelte' },
      ]
    : [];

// Components mount under jsdom with the `browser` condition; the tests' own WebSocket servers
// (`ws`) stay Node's: its `browser` entry only throws.
const wsForNode = [{ find: /^ws$/, replacement: createRequire(import.meta.url).resolve('ws') }];

export default defineConfig({
  plugins: [vue(), svelte()],
  resolve: { alias: [...ai7Aliases, ...wsForNode], conditions: ['browser'] },
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', '.tarball/**'],
    // The framework-free parts run in Node; a component test says `@vitest-environment jsdom`.
    environment: 'node',
    setupFiles: ['./setup/websocket.ts'],
    // AI SDK's Svelte Chat is a runes module: it must go through the Svelte compiler, not Node; so
  // must adk-stream-wasm/svelte, which imports it.
    server: { deps: { inline: [/@ai-sdk\/svelte/, /ai7-svelte/, /adk-stream-wasm/] } },
    isolate: true,
    testTimeout: 20_000,
    hookTimeout: 10_000,
  },
});
