// Sizes a reader can hold (issue 33 §4): no file of the glue (js/) or the core (src/) over 400
// lines, no function over 80. Prints each one over, and exits 1 when there is any.
//
//   node tools/check-sizes.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'rolldown/parseAst';
import { nodes } from '../scripts/lib/ast-nodes.mjs';

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;
const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const over = [];

/** Every file below `dir` whose name ends with `ending`, as paths from the repository's root. */
const filesBelow = (dir, ending) =>
  readdirSync(join(root, dir), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(ending))
    .map((f) => join(dir, f));

/** Line number (1-based) of each offset, by a table of line starts. */
function lineAt(text) {
  const starts = [0];
  for (let i = 0; i < text.length; i += 1) if (text[i] === '\n') starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);
for (const file of filesBelow('js', '.js')) {
  const text = readFileSync(join(root, file), 'utf8');
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_FILE_LINES) over.push(`${file}: ${lines} lines (at most ${MAX_FILE_LINES})`);
  const line = lineAt(text);
  for (const node of nodes(parseAst(text, { sourceType: 'module' }, file))) {
    if (!FUNCTIONS.has(node.type)) continue;
    const length = line(node.end) - line(node.start) + 1;
    if (length > MAX_FUNCTION_LINES) over.push(`${file}:${line(node.start)}: a function of ${length} lines (at most ${MAX_FUNCTION_LINES})`);
  }
}

// Rust: a function runs from its `fn` line to the line whose closing brace ends its body at the
// same indentation (rustfmt's layout, which `cargo fmt --check` keeps).
for (const file of filesBelow('src', '.rs')) {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  if (lines.length > MAX_FILE_LINES) over.push(`${file}: ${lines.length} lines (at most ${MAX_FILE_LINES})`);
  lines.forEach((text, i) => {
    const start = /^(\s*)(?:pub(?:\([a-z]+\))? )?(?:const )?(?:unsafe )?(?:extern "C" )?fn \w+/.exec(text);
    if (!start || text.trimEnd().endsWith(';')) return;
    const end = lines.findIndex((t, j) => j > i && t === `${start[1]}}`);
    // A one-line body (`fn a() -> u8 { 1 }`) has no closing line of its own.
    if (end === -1 || /\}\s*$/.test(text)) return;
    const length = end - i + 1;
    if (length > MAX_FUNCTION_LINES) over.push(`${file}:${i + 1}: a function of ${length} lines (at most ${MAX_FUNCTION_LINES})`);
  });
}

for (const line of over) console.error(`check-sizes: ${relative('.', line)}`);
if (over.length > 0) process.exit(1);
console.log(`check-sizes: no file of js/ or src/ over ${MAX_FILE_LINES} lines, no function over ${MAX_FUNCTION_LINES}`);
