// Figures of a run, for RELIABILITY.md: each test file writes its own JSON into .results/, and
// scripts/test-hardening.sh prints them all at the end.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.results');

export function writeFigures(name, figures) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(figures, null, 2) + '\n');
}
