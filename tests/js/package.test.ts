// The npm package as installed from its tarball: every `exports` entry points at files that are in
// the package, and the entry points load in Node (where the WebAssembly module loads at import).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('adk-stream-wasm/package.json'));
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));

function targets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(targets);
  return [];
}

describe('the installed adk-stream-wasm package', () => {
  it('is installed from the packed tarball, not linked to pkg/', () => {
    expect(packageDir).toContain('node_modules');
    expect(packageDir).not.toMatch(/[\\/]pkg$/);
  });

  it.each(Object.entries(manifest.exports as Record<string, unknown>))('exports %s: every file it names is in the package', (_entry, target) => {
    for (const file of targets(target)) expect(existsSync(join(packageDir, file)), file).toBe(true);
  });

  // `adk-stream-wasm/react` needs its optional peers `@ai-sdk/react` and `ai` under those names,
  // which this project installs under aliases (one per AI SDK version); the others need nothing.
  it.each(['adk-stream-wasm', 'adk-stream-wasm/sse', 'adk-stream-wasm/bidi', 'adk-stream-wasm/chat', 'adk-stream-wasm/transport', 'adk-stream-wasm/geolocation'])(
    '%s loads in Node',
    async (entry) => {
      const module = await import(entry);
      expect(Object.keys(module).length).toBeGreaterThan(0);
    },
  );

  it('the WebAssembly module is ready at import in Node: createAutoSend decides synchronously', async () => {
    const { createAutoSend, ready } = await import('adk-stream-wasm');
    await expect(ready).resolves.toBeUndefined();
    const result = createAutoSend({ mode: 'sse' }).sendAutomaticallyWhen({ messages: [] });
    expect(result).toBe(false);
  });
});
