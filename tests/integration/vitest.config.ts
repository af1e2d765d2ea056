import { defineConfig } from 'vitest/config';

// Run twice by scripts/test-integration.sh: on Node 20 with ADK_WS_POLYFILL=1 (the `ws` package as
// the global WebSocket), and on Node 22 with its own global WebSocket.
export default defineConfig({
  // The npm README's tsx blocks run as written (react-use-chat-bidi.test.ts): React's JSX runtime.
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', '.tarball/**'],
    environment: 'node',
    setupFiles: ['./setup/websocket.ts'],
    // Each file gets a fresh copy of the package's module state.
    isolate: true,
    testTimeout: 20_000,
    hookTimeout: 10_000,
  },
});
