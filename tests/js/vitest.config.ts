import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vitest/config';

// One suite, run twice by scripts/test-js.sh: AI_SDK=6 on Node 20, AI_SDK=7 on Node 22. The type
// checks (types/*.test-d.ts, tsc over both SDKs' types at once) run in the first run only.
const aiSdk = process.env.AI_SDK === '7' ? 7 : 6;

// The jsdom project (jsdom/) tests the package as the old helpers' apps did: `useChat` from
// `@ai-sdk/react` and `DefaultChatTransport` from `ai`. Those names are AI SDK 6 here; in the AI
// SDK 7 run they point at @ai-sdk/react@4 (installed as ai7-react) and its ai@7. The package itself
// is loaded by Node as an app's tests load it (not transformed), with its own imports.
const require = createRequire(import.meta.url);
const aiPackageJson = createRequire(require.resolve('ai7-react/package.json')).resolve('ai/package.json');
const ai7Entry = join(dirname(aiPackageJson), JSON.parse(readFileSync(aiPackageJson, 'utf8')).exports['.'].import);
const ai7Aliases =
  aiSdk === 7
    ? [
        { find: /^@ai-sdk\/react$/, replacement: 'ai7-react' },
        { find: /^ai$/, replacement: ai7Entry },
      ]
    : [];

export default defineConfig({
  test: {
    // Each file gets a fresh copy of the package's module state (its default engines and registry).
    isolate: true,
    // Vitest starts its workers with `--conditions development` (Vite's mode here is not production),
    // so the package loads as in an app's development build: explain() and the errors in their whole
    // words (js/words/words.js). tests/hardening loads it as a production build does (js/words-production.js).
    testTimeout: 15_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['**/*.test.ts'],
          exclude: ['node_modules/**', '.tarball/**', 'jsdom/**'],
          environment: 'node',
          typecheck: {
            enabled: aiSdk !== 7,
            include: ['types/**/*.test-d.ts'],
            tsconfig: './tsconfig.json',
          },
        },
      },
      {
        extends: true,
        resolve: { alias: ai7Aliases },
        test: {
          name: 'jsdom',
          include: ['jsdom/**/*.test.ts'],
          environment: 'jsdom',
        },
      },
    ],
  },
});
