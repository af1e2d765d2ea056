// Issue 33 §3: the names of `explain().rule` are written once. They come from the Rust rule codes
// (src/engine/verdict.rs `rule`, numbered in contract.js) and the glue's own `internal-error`,
// generated into the package's rule-names.js (`RULE_NAMES`, by code) and rule-names.d.ts
// (`RuleName`); index.d.ts reads `RuleName` from there, and the npm README's list ("That is the
// whole list") names the same, in order.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('adk-stream-wasm/package.json'));
const read = (file: string) => readFileSync(join(packageDir, file), 'utf8');
const load = (file: string) => import(pathToFileURL(join(packageDir, file)).href);

describe('issue 33 §3: explain().rule names, one list', () => {
  it("rule-names.js names every rule code of contract.js, then the glue's own internal-error (the core trapped)", async () => {
    const { RULE_NAMES } = await load('core/rule-names.js');
    const codes = Object.entries(await load('core/contract.js')).filter(([key]) => key.startsWith('RULE_'));
    expect(codes.length).toBeGreaterThanOrEqual(9);
    for (const [key, code] of codes) {
      expect(RULE_NAMES[code as number], key).toBe(key.slice('RULE_'.length).toLowerCase().replaceAll('_', '-'));
    }
    expect(RULE_NAMES).toEqual([...RULE_NAMES.slice(0, codes.length), 'internal-error']);
  });

  it("rule-names.d.ts declares RuleName as exactly those names, and the Explanation that index.d.ts exports has it as `rule`", async () => {
    const { RULE_NAMES } = await load('core/rule-names.js');
    const union = read('core/rule-names.d.ts').match(/export type RuleName =([^;]+);/)?.[1] ?? '';
    expect([...union.matchAll(/'([a-z-]+)'/g)].map((m) => m[1])).toEqual(RULE_NAMES);
    // index.d.ts re-exports Explanation from the module that defines it (emitted from its JSDoc).
    expect(read('index.d.ts')).toMatch(/export type Explanation = import\("\.\/decision\/auto-send\.js"\)\.Explanation;/);
    const decision = read('decision/auto-send.d.ts');
    expect(decision).toMatch(/import type \{[^}]*\bRuleName\b[^}]*\} from '\.\.\/core\/rule-names\.js';/);
    expect(decision).toMatch(/\n\s*rule: RuleName;/);
  });

  it("the npm README's list is the same names in the same order", async () => {
    const { RULE_NAMES } = await load('core/rule-names.js');
    const readme = read('README.md').replace(/\s+/g, ' ');
    const list = readme.match(/`rule` is stable, for code: (.*?) That is the whole list/)?.[1] ?? '';
    expect([...list.matchAll(/`([a-z]+(?:-[a-z]+)+)`/g)].map((m) => m[1])).toEqual(RULE_NAMES);
  });
});
