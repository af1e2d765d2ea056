// Issue 32 §4, what a new user stumbled on in the npm README (the README as the package ships it):
// the install line keeps one copy of `ai`, the React examples show what a production build shows,
// and a BIDI backend's API key is explained. tools/check-readme.mjs type-checks and runs its code.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const readme = readFileSync(join(dirname(require.resolve('adk-stream-wasm/package.json')), 'README.md'), 'utf8');

/** The fenced code blocks of a language (`sh`, `tsx`, …). */
const blocks = (lang: string) => [...readme.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]);

describe('issue 32 §4: the npm README, as a new user reads it', () => {
  it('the install line saves @ai-sdk/react and ai exact (a caret lets npm update bring a second copy of ai)', () => {
    const installs = blocks('sh').flatMap((b) => b.split('\n')).filter((line) => /^npm install .*(@ai-sdk\/react@|"?ai@)/.test(line));
    expect(installs.length).toBeGreaterThanOrEqual(2);
    for (const line of installs) expect(line, line).toContain('--save-exact');
  });

  it("no React example renders explain's detail, which a production build leaves without its words", () => {
    // What a production build (no `development` condition) gives as the detail: a pointer to the words.
    const script = `
      const { createAutoSend } = await import('adk-stream-wasm');
      const messages = [{ id: 'm', role: 'assistant', parts: [{ type: 'tool-process_payment', toolCallId: 'c', input: {}, state: 'approval-requested', approval: { id: 'a' } }] }];
      console.log(createAutoSend({ mode: 'sse' }).explain({ messages }).detail);
    `;
    const production = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: __dirname, encoding: 'utf8' });
    expect(production).toContain("import 'adk-stream-wasm/explain'");
    for (const block of blocks('tsx')) {
      expect(block).not.toMatch(/\{[^}]*explain[^}]*\.detail\s*\}/);
    }
  });

  it("says how a BIDI backend gets an API key: ADK's /live needs none; no WebSocket headers from a browser, so the URL's query or a cookie", () => {
    expect(readme).toMatch(/BIDI endpoint \(`\/live`\) needs no key/);
    expect(readme).toMatch(/browser cannot set\s+headers on a WebSocket/);
    expect(readme).toMatch(/URL's query/);
    expect(readme).toMatch(/cookie/);
  });
});
