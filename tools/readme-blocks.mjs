// The ```ts / ```tsx blocks of a Markdown file, as the README checks read them: one reader for
// tools/check-readme.mjs (type-check and run each block) and tests/readme-paths/ (build the
// documented paths from the blocks and run them in Chromium), so both test the same code.
//
// A block may be preceded by a hidden comment (invisible on GitHub and on the npm page):
//   <!-- readme-check [types-only] [vitest]
//   lines prepended to the block when it is checked (declarations of what the block assumes)
//   -->

/** The blocks of one Markdown file: {file, line, heading, lang, code, prelude, run, vitest}.
 *  `heading`: the text of the nearest `#` heading above the block ('' before the first). */
export function extractBlocks(file, text) {
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
      pending = { typesOnly: flags.includes('types-only'), vitest: flags.includes('vitest'), prelude: body.join('\n') };
      continue;
    }
    const fence = /^```(\w+)?\s*$/.exec(line);
    if (fence) {
      const start = i + 1;
      const code = [];
      for (i++; i < lines.length && !/^```\s*$/.test(lines[i]); i++) code.push(lines[i]);
      const lang = fence[1] ?? '';
      if (lang === 'ts' || lang === 'tsx') {
        blocks.push({
          file,
          line: start,
          heading,
          lang,
          code: code.join('\n'),
          prelude: pending?.prelude ?? '',
          run: !pending?.typesOnly,
          vitest: Boolean(pending?.vitest),
        });
      }
      pending = null;
      continue;
    }
    if (line.trim() !== '') pending = null;
  }
  return blocks;
}
