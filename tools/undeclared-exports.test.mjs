// tools/lib/undeclared-exports.mjs finds a runtime export its .d.ts does not declare, and passes a
// package whose every export is declared (values, classes and type-only names alike).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { undeclaredExports } from './lib/undeclared-exports.mjs';

function fakePackage(js, dts) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'undeclared-'));
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'fake', type: 'module', exports: { '.': { types: './index.d.ts', default: './index.js' } } }),
  );
  fs.writeFileSync(path.join(dir, 'index.js'), js);
  fs.writeFileSync(path.join(dir, 'index.d.ts'), dts);
  return dir;
}

test('a runtime export without a declaration is reported, with its entry point', () => {
  const dir = fakePackage('export const declared = 1;\nexport function internalHelper() {}\n', 'export const declared: number;\n');
  assert.deepEqual(undeclaredExports(dir), [{ entry: '.', names: ['internalHelper'] }]);
});

test('every export declared (a class, a re-export, a type beside them): nothing reported', () => {
  const dir = fakePackage(
    'export class Thing {}\nexport const value = 2;\n',
    'export declare class Thing {}\nexport type Kind = "a";\ndeclare const value: number;\nexport { value };\n',
  );
  assert.deepEqual(undeclaredExports(dir), []);
});
