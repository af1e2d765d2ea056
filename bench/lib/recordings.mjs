// The recorded backend conversations (../shared/fixtures beside the repository, or
// ADK_FIXTURES_DIR, as scripts/test-integration.sh finds them) as the real-shapes asks. Node only.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readUIMessageStream } from 'ai';
import { parseRecording } from 'adk-stream-wasm/testing';
import { conversationsOf } from './real-shapes.mjs';

const repository = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export function fixturesDir(dir) {
  return resolve(dir ?? process.env.ADK_FIXTURES_DIR ?? join(repository, '..', 'shared', 'fixtures'));
}

/** `[{name, mode, asks}]` of every recording in the fixtures folder, by file name. */
export async function recordedConversations(dir) {
  const folder = fixturesDir(dir);
  const files = readdirSync(folder).filter((file) => file.endsWith('.json')).sort();
  if (files.length === 0) throw new Error(`no recordings (*.json) in ${folder}: ../shared/fixtures must lie beside the repository (or set ADK_FIXTURES_DIR)`);
  const recordings = files.map((file) => ({ name: file.replace(/\.json$/, ''), recording: JSON.parse(readFileSync(join(folder, file), 'utf8')) }));
  return conversationsOf(recordings, { parseRecording, readUIMessageStream });
}
