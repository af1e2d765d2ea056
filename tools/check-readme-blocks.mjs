// The ts/tsx blocks of a Markdown file with their readme-check comments (the format: check-readme.mjs).
// A module of its own, so a test can take a README's block as written (tests/integration).

/** The blocks of one Markdown file: {file, line, lang, code, prelude, run}. */
export function extractBlocks(file, text) {
  const blocks = [];
  const lines = text.split('\n');
  let pending = null; // the last readme-check comment, until the next fence or other text
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
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
