import { defineConfig } from 'vitest/config';

// One suite, run twice by scripts/test-js.sh: AI_SDK=6 on Node 20, AI_SDK=7 on Node 22. The type
// checks (types/*.test-d.ts, tsc over both SDKs' types at once) run in the first run only.
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', '.tarball/**'],
    environment: 'node',
    // Each file gets a fresh copy of the package's module state (its default engines and registry).
    isolate: true,
    testTimeout: 15_000,
    typecheck: {
      enabled: process.env.AI_SDK !== '7',
      include: ['types/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
