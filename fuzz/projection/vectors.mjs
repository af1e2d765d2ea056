// Writes test vectors for the Rust twin of js/summary.js (fuzz/src/lib.rs `summarize`): random
// `{messages}` JSON texts, one per line, each with what the real js/summary.js makes of it.
//   node fuzz/projection/vectors.mjs [seed] [count]   ->   {"json": "...", "compact": "...", "detailed": "..."} lines
import { summarize } from '../../js/summary.js';

const seed = Number(process.argv[2] ?? 1);
const count = Number(process.argv[3] ?? 3000);

// mulberry32: small, seedable, the same sequence on every machine.
let state = seed >>> 0;
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list) => list[Math.floor(random() * list.length)];
const chance = (p) => random() < p;

const STRINGS = ['text', 'reasoning', 'step-start', 'tool-process_payment', 'tool-get_location', 'dynamic-tool', 'tool-',
  'file', 'data-x', 'input-streaming', 'input-available', 'approval-requested', 'approval-responded', 'output-available',
  'output-error', 'output-denied', 'assistant', 'user', 'system', 'c1', 'a1', '', 'x\u001fy', 'x\u001ey', '\u0015', 'é✓', 'get_location'];
const KEYS = ['type', 'state', 'toolCallId', 'toolName', 'approval', 'id', 'approved', 'role', 'parts', 'messages', '__proto__', 'input'];

// JSON text, built by hand so that keys such as __proto__ stay plain own properties, as JSON.parse makes them.
function jsonText(depth) {
  const kind = Math.floor(random() * (depth > 0 ? 8 : 5));
  switch (kind) {
    case 0: return 'null';
    case 1: return pick(['true', 'false']);
    case 2: return pick(['0', '-1.5', '1e300', '42']);
    case 3:
    case 4: return JSON.stringify(pick(STRINGS));
    case 5: return `[${Array.from({ length: Math.floor(random() * 4) }, () => jsonText(depth - 1)).join(',')}]`;
    default: return objectText(depth, pick([[], ['type', 'state'], ['type', 'toolCallId', 'state', 'approval']]));
  }
}

function objectText(depth, likely) {
  const keys = new Set();
  for (const k of likely) if (chance(0.8)) keys.add(k);
  while (chance(0.4)) keys.add(pick(KEYS));
  return `{${[...keys].map((k) => `${JSON.stringify(k)}:${valueFor(k, depth)}`).join(',')}}`;
}

function valueFor(key, depth) {
  if (chance(0.15)) return jsonText(Math.max(0, depth - 2));
  switch (key) {
    case 'approved': return pick(['true', 'false', 'null']);
    case 'approval': return objectText(depth - 1, ['id', 'approved']);
    case 'parts': return `[${Array.from({ length: Math.floor(random() * 5) }, () => (chance(0.9) ? objectText(depth - 1, ['type', 'toolCallId', 'state', 'approval']) : jsonText(1))).join(',')}]`;
    case 'messages': return `[${Array.from({ length: Math.floor(random() * 3) }, () => objectText(depth - 1, ['id', 'role', 'parts'])).join(',')}]`;
    default: return JSON.stringify(pick(STRINGS));
  }
}

const lines = [];
for (let i = 0; i < count; i++) {
  const json = chance(0.9) ? objectText(4, ['messages']) : jsonText(3);
  const value = JSON.parse(json);
  lines.push(JSON.stringify({ json, compact: summarize(value), detailed: summarize(value, true) }));
}
// summarize(undefined), which JSON cannot express.
lines.push(JSON.stringify({ json: null, compact: summarize(undefined), detailed: summarize(undefined, true) }));
process.stdout.write(lines.join('\n') + '\n');
