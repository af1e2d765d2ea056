import { defineConfig } from 'vitest/config';

// The interleaving test's long run alone (interleavings/long-run.ts; scripts/test-fuzz.sh runs it),
// with AI SDK 6 (AI_SDK unset), as an app's tests load the package.
export default defineConfig({
  test: {
    include: ['interleavings/long-run.ts'],
    environment: 'node',
  },
});
