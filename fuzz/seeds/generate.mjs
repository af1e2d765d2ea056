// Writes the committed seed corpus of the fuzz targets (fuzz/seeds/<target>/) from the recorded
// backend streams in ../shared/fixtures (beside the project) and from the SPEC §2 decision rows. Run it again only
// to refresh the seeds: `node fuzz/seeds/generate.mjs`.
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

// messages and summary: the decision rows as the summaries the real js/summary.js writes (the one
// encoder; src/model/summary.rs is the one reader).
const { summarize } = await import('../../js/summary.js');
const tool = (name, state, id, approved, extra = {}) => ({
  type: `tool-${name}`, toolCallId: `call-${id}`, state, input: {},
  ...(approved === undefined ? {} : { approval: { id: `approval-${id}`, ...(approved === null ? {} : { approved }) } }),
  ...extra,
});
const automatic = (approved) => ({ approval: { id: 'approval-auto', approved, isAutomatic: true } });
const assistant = (...parts) => ({ messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] }, { id: 'a', role: 'assistant', parts }] });
// A render is a `{messages}` value, or `mark <toolCallId>`: the library's helper marking an output.
const location = (state, extra = {}) => tool('get_location', state, 1, undefined, extra);
const confirmation = (approved) => tool('adk_request_confirmation', approved === null ? 'approval-requested' : 'approval-responded', 2, approved);
const rows = {
  d5: [assistant(tool('process_payment', 'approval-requested', 1, null))],
  d6_d16: [assistant(tool('process_payment', 'approval-responded', 1, true)), assistant(tool('process_payment', 'approval-responded', 1, true))],
  d9: [assistant(tool('a', 'approval-responded', 1, true), tool('b', 'approval-requested', 2, null)), assistant(tool('a', 'approval-responded', 1, true), tool('b', 'approval-responded', 2, false))],
  d11: [assistant(tool('a', 'approval-responded', 1, true), { type: 'text', text: 'Found 10 users' }, tool('b', 'approval-requested', 2, null)),
        assistant(tool('a', 'approval-responded', 1, true), { type: 'text', text: 'Found 10 users' }, tool('b', 'approval-responded', 2, true))],
  d12: [assistant(tool('search', 'output-available', 1, undefined, { output: { n: 1 } }), { type: 'text', text: 'Here are the results' })],
  d15: [assistant(tool('alice', 'output-error', 1, undefined, { errorText: 'User denied' }), { type: 'reasoning', text: '…' }, tool('bob', 'approval-responded', 2, false))],
  d17_d19: [assistant({ type: 'step-start' }, tool('get_location', 'approval-requested', 1, null)),
            assistant({ type: 'step-start' }, tool('get_location', 'approval-responded', 1, true)),
            assistant({ type: 'step-start' }, tool('get_location', 'output-available', 1, true, { output: { latitude: 1 } }))],
  d21: [assistant(tool('get_location', 'output-error', 1, true, { errorText: 'User denied Geolocation' }))],
  d22: [assistant({ type: 'dynamic-tool', toolName: 'get_location', toolCallId: 'call-1', state: 'approval-responded', approval: { id: 'approval-1', approved: true } })],
  d23: [assistant(location('input-available'), confirmation(null)), assistant(location('input-available'), confirmation(true)), 'mark call-1',
        assistant(location('output-available', { output: { latitude: 1 } }), confirmation(true)), assistant(location('output-available', { output: { latitude: 1 } }), confirmation(true))],
  d24: [assistant(location('input-available'), confirmation(null)), assistant(location('input-available'), confirmation(true)),
        assistant(location('output-available', { output: { latitude: 1 } }), confirmation(true)), assistant(location('output-available', { output: { latitude: 1 } }), confirmation(true))],
  d24b: [assistant(tool('get_location', 'output-available', 1, true, { output: { latitude: 1 } })),
         assistant(tool('get_location', 'output-available', 1, true, { output: { latitude: 1 } }), { type: 'text', text: 'You are in Tokyo' })],
  d25: [assistant(tool('process_payment', 'output-denied', 1, false)), assistant(tool('process_payment', 'output-error', 1, true, { errorText: 'declined' }))],
  d27: [assistant(tool('get_weather', 'approval-responded', 1, true, automatic(true))),
        assistant(tool('get_weather', 'approval-responded', 1, true, automatic(true)), tool('process_payment', 'approval-responded', 2, true))],
  d1_d3: [{ messages: [] }, { messages: [null] }, { messages: [{ role: 'assistant', parts: null }] }, { messages: [{ role: 'system', parts: [] }] }],
};
const line = (render) => (typeof render === 'string' ? render : summarize(render));
for (const [name, renders] of Object.entries(rows)) {
  // messages: shape byte 1, then one render per line.
  write('messages', name, Buffer.concat([Buffer.from([1]), Buffer.from(renders.map(line).join('\n'), 'utf8')]));
}

// summary: each render's summary alone; byte 0 (odd: mark call-1 first) picks the engine's memory.
fs.rmSync(path.join(here, 'summary'), { recursive: true, force: true });
for (const [name, renders] of Object.entries(rows)) {
  renders.filter((r) => typeof r !== 'string').forEach((r, i) => {
    write('summary', `${name}-${i}`, Buffer.concat([Buffer.from([0]), Buffer.from(summarize(r), 'utf8')]));
    write('summary', `${name}-${i}-marked`, Buffer.concat([Buffer.from([1]), Buffer.from(summarize(r), 'utf8')]));
  });
}
console.log('seeds written');
