// The npm README's blocks that are an example app's files (`<!-- readme-check example PATH -->`,
// tools/readme-blocks.mjs) equal those files, byte for byte but for the final newline: the example
// apps (examples/vue, examples/svelte, examples/sveltekit, examples/nuxt) are built, type-checked, tested and clicked in Chromium by
// scripts/test-examples.sh, so the code users copy from the README is the code those checks run.
//
//   node tools/check-example-blocks.mjs js/README.md
import fs from 'node:fs';
import { exampleBlocks } from './readme-blocks.mjs';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node tools/check-example-blocks.mjs FILE.md...');
  process.exit(2);
}
let failures = 0;
let checked = 0;
for (const file of files) {
  for (const block of exampleBlocks(file, fs.readFileSync(file, 'utf8'))) {
    const where = `${file}:${block.line}`;
    // One block may be several apps' file (the Vue component is examples/vue's and examples/nuxt's).
    for (const example of block.examples.length > 0 ? block.examples : ['']) {
      if (!example || !fs.existsSync(example)) {
        failures++;
        console.error(`check-example-blocks: ${where}: the block names the example file '${example}', which does not exist`);
        continue;
      }
      const source = fs.readFileSync(example, 'utf8').replace(/\n$/, '');
      if (source !== block.code) {
        failures++;
        const a = source.split('\n');
        const b = block.code.split('\n');
        const at = a.findIndex((line, i) => line !== b[i]);
        const n = at === -1 ? Math.min(a.length, b.length) : at;
        console.error(`check-example-blocks: ${where} differs from ${example} at its line ${n + 1}:\n  README:  ${b[n] ?? '(end)'}\n  example: ${a[n] ?? '(end)'}`);
        continue;
      }
      checked++;
    }
  }
}
if (checked + failures === 0) {
  console.error(`check-example-blocks: no example block in ${files.join(', ')}`);
  process.exit(1);
}
if (failures > 0) process.exit(1);
console.log(`check-example-blocks: ${checked} example files equal their README blocks`);
