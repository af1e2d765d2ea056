// Writes the committed seeds of the `frames` fuzz target (fuzz/seeds/frames/) from the recorded
// backend streams in ../shared/fixtures (beside the project). Run it again only to refresh them:
// `node fuzz/seeds/generate.mjs`. The seeds of `records` and `messages` (the SPEC §2 rows as
// integer records, chats that reach each verdict) are written by the fuzz crate itself:
// `cd fuzz && cargo test --lib -- --ignored write_seeds`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixturesDir = path.join(here, '../../../shared/fixtures');
const write = (target, name, bytes) => {
  fs.mkdirSync(path.join(here, target), { recursive: true });
  fs.writeFileSync(path.join(here, target, name), bytes);
};

// frames: each fixture's frames, 0xFF between frames, 0xFE (a new request) after each response end.
for (const file of fs.readdirSync(fixturesDir).filter((f) => f.endsWith('.json'))) {
  const raw = JSON.parse(fs.readFileSync(path.join(fixturesDir, file), 'utf8')).output.rawEvents;
  const pieces = [];
  for (const frame of raw) {
    pieces.push(Buffer.from(frame, 'utf8'));
    if (frame.includes('[DONE]') || frame.includes('"finish-step"')) pieces.push(Buffer.from([0xfe]));
  }
  const joined = [];
  pieces.forEach((p, i) => {
    if (i) joined.push(Buffer.from([0xff]));
    joined.push(p);
  });
  write('frames', file.replace(/\.json$/, ''), Buffer.concat(joined));
}
write('frames', 'pong-and-audio', Buffer.from(
  '{"type":"pong","timestamp":1700000000123}\xffdata: {"type":"data-pcm","data":{"content":"AAEC","sampleRate":16000}}\n\n' +
  '\xffdata: {"type":"tool-approval-request","approvalId":"a1","toolCallId":"c1"}\n\ndata: {"type":"finish-step"}\n\ndata: [DONE]\n\n',
  'latin1',
));

console.log('seeds written');
