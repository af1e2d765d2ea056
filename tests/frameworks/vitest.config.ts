import { svelte } from '@sveltejs/vite-plugin-svelte';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';

// Run twice by scripts/test-frameworks.sh: AI_SDK=6 on Node 20 (@ai-sdk/vue@3, @ai-sdk/svelte@4),
// AI_SDK=7 on Node 22 (@ai-sdk/vue@4 as ai7-vue, @ai-sdk/svelte@5 as ai7-svelte). Each framework's
// own Vite plugin compiles its files: `.vue` components, and Svelte 5's runes modules
// (`.svelte.js`), which is what @ai-sdk/svelte's `Chat` is. The package itself is loaded by Node as
// an app's tests load it (not transformed).
export default defineConfig({
  plugins: [vue(), svelte()],
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', '.tarball/**'],
    // The framework-free parts run in Node; a component test says `@vitest-environment jsdom`.
    environment: 'node',
    setupFiles: ['../integration/setup/websocket.ts'],
    // AI SDK's Svelte Chat is a runes module: it must go through the Svelte compiler, not Node.
    server: { deps: { inline: [/@ai-sdk\/svelte/, /ai7-svelte/] } },
    isolate: true,
    testTimeout: 20_000,
    hookTimeout: 10_000,
  },
});
