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

describe('where WebAssembly cannot be compiled (node --jitless has none)', () => {
  // A child Node without WebAssembly, as a page whose Content Security Policy forbids it: importing
  // still works, and every export that needs the module fails at once with a named AdkLoadError.
  it('the import succeeds; loadError, ready, createAutoSend, the drop-in names and BidiTransport say AdkLoadError', async () => {
    const { execFileSync } = await import('node:child_process');
    const script = `
      const report = {};
      const m = await import('adk-stream-wasm');
      report.loadError = m.loadError && m.loadError.name;
      report.ready = await m.ready.then(() => 'resolved', (e) => e.name);
      const name = (f) => { try { f(); return 'no error'; } catch (e) { return e.name + ': ' + e.message; } };
      report.createAutoSend = name(() => m.createAutoSend({ mode: 'sse' }));
      report.pendingApprovals = name(() => m.pendingApprovals([]));
      const sse = await import('adk-stream-wasm/sse');
      report.dropIn = name(() => sse.sendAutomaticallyWhen({ messages: [] }));
      const t = await import('adk-stream-wasm/transport');
      report.transport = name(() => new t.BidiTransport({ url: 'ws://127.0.0.1:1/live' }));
      console.log(JSON.stringify(report));`;
    const out = execFileSync(process.execPath, ['--jitless', '--no-warnings', '--input-type=module', '-e', script], { cwd: process.cwd(), encoding: 'utf8' });
    const report = JSON.parse(out.trim().split('\n').pop()!);
    expect(report.loadError).toBe('AdkLoadError');
    expect(report.ready).toBe('AdkLoadError');
    for (const key of ['createAutoSend', 'pendingApprovals', 'dropIn', 'transport']) {
      expect(report[key], key).toMatch(/^AdkLoadError: adk-stream-wasm could not compile its (core|transport) WebAssembly module: .+\. /);
    }
  });
});
