// The ```ts / ```tsx blocks of a Markdown file, as the README checks read them: one reader for
// tools/check-readme.mjs (type-check and run each block) and tests/readme-paths/ (build the
// documented paths from the blocks and run them in Chromium), so both test the same code.
//
// A block may be preceded by a hidden comment (invisible on GitHub and on the npm page):
//   <!-- readme-check [types-only] [vitest]
//   lines prepended to the block when it is checked (declarations of what the block assumes)
//   -->
// or by `<!-- readme-check example PATH... -->`: the block (of any language) is the whole file PATH of
// an example app (or of several: the Vue component is both examples/vue's App.vue and examples/nuxt's
// panel), which builds, type-checks and runs it with its framework's tools
// (scripts/test-examples.sh); tools/check-example-blocks.mjs checks they are equal. Such a block
// is not one of extractBlocks' (the React host could not compile a Vue test).

/** The blocks of one Markdown file: {file, line, heading, lang, code, prelude, run, vitest}.
 *  `heading`: the text of the nearest `#` heading above the block ('' before the first). */
export function extractBlocks(file, text) {
  return fencedBlocks(file, text).filter((b) => (b.lang === 'ts' || b.lang === 'tsx') && b.example === null);
}

/** The blocks that are an example app's files: {file, line, lang, code, example (the first path), examples (all)}. */
export function exampleBlocks(file, text) {
  return fencedBlocks(file, text).filter((b) => b.example !== null);
}

/** Every fenced block with the flags of its readme-check comment. */
function fencedBlocks(file, text) {
  const blocks = [];
  const lines = text.split('\n');
  let pending = null; // the last readme-check comment, until the next fence or other text
  let heading = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const title = /^#{1,6}\s+(.*)$/.exec(line);
    if (title) heading = title[1].trim();
    const comment = /^<!--\s*readme-check\b(.*)$/.exec(line);
    if (comment) {
      const flags = comment[1].replace(/-->\s*$/, '').trim().split(/\s+/).filter(Boolean);
      const body = [];
      if (!/-->\s*$/.test(line)) {
        for (i++; i < lines.length && !/^\s*-->\s*$/.test(lines[i]); i++) body.push(lines[i]);
      }
      const examples = flags[0] === 'example' ? flags.slice(1) : null;
      const example = examples ? (examples[0] ?? '') : null;
      pending = { typesOnly: flags.includes('types-only'), vitest: flags.includes('vitest'), example, examples, prelude: body.join('\n') };
      continue;
    }
    const fence = /^```(\w+)?\s*$/.exec(line);
    if (fence) {
      const start = i + 1;
      const code = [];
      for (i++; i < lines.length && !/^```\s*$/.test(lines[i]); i++) code.push(lines[i]);
      const lang = fence[1] ?? '';
      blocks.push({
        file,
        line: start,
        heading,
        lang,
        code: code.join('\n'),
        prelude: pending?.prelude ?? '',
        run: !pending?.typesOnly,
        vitest: Boolean(pending?.vitest),
        example: pending?.example ?? null,
        examples: pending?.examples ?? null,
      });
      pending = null;
      continue;
    }
    if (line.trim() !== '') pending = null;
  }
  return blocks;
}
