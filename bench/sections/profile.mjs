// "Where the time goes": the steady-state library call under V8's CPU profiler (what
// `node --cpu-prof` records), self time grouped by function. The shipped .wasm has no name section, so its functions are summed as one entry;
// with a symbolised build of the same source (BENCH_SYMBOLS=1 in scripts/bench.sh) they are named.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const here = fileURLToPath(new URL('..', import.meta.url));

// Source lines of the package's generated bindings, to name the anonymous import shims
// (`__wbg_parse_…: function() { … }`) a profile shows only by line.
let bindingLines = null;
export function useBindingsSource(text) {
  bindingLines = text.split('\n');
}

function shortName(frame) {
  const file = frame.url.split('/').pop() || '';
  if (file.includes('.wasm') || frame.functionName.startsWith('wasm-function[')) {
    return { group: 'wasm', name: frame.functionName.replace(/::h[0-9a-f]{16}$/, '').replace(/\[[0-9a-f]{16}\]/g, '') };
  }
  if (frame.functionName === '(garbage collector)') return { group: 'gc', name: 'garbage collector' };
  if (['(program)', '(idle)', '(root)'].includes(frame.functionName)) return { group: 'other', name: frame.functionName };
  // Anonymous functions are named by their line, so they can be found in the file; a wasm-bindgen
  // import shim also by the import it implements.
  const where = frame.functionName ? file : `${file}:${frame.lineNumber + 1}`;
  let name = frame.functionName.replace(/_[0-9a-f]{16}$/, '');
  if (!name && file === 'adk_stream_wasm.js' && bindingLines) {
    const shim = (bindingLines[frame.lineNumber] || '').match(/(__wbg_[A-Za-z0-9]+(?:_[A-Za-z0-9]+)*?)(?:_[0-9a-f]{16})?\s*:/);
    if (shim) name = `${shim[1]} shim`;
  }
  return { group: 'js', name: `${name || '(anonymous)'} (${where || 'native'})` };
}

/**
 * Self time by function of a V8 CPU profile, as shares of the busy samples (idle time and the
 * profiler's own "(program)" left out): `{samples, groups: {js, wasm, gc}, top}`.
 */
export function selfTime(profile, topCount = 14) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  let total = 0;
  for (const id of profile.samples) {
    const { group, name } = shortName(nodes.get(id).callFrame);
    if (group === 'other') continue;
    const key = `${group}\u0000${name}`;
    self.set(key, (self.get(key) || 0) + 1);
    total++;
  }
  const entries = [...self].map(([key, samples]) => {
    const [group, name] = key.split('\u0000');
    return { group, name, share: samples / total };
  });
  entries.sort((a, b) => b.share - a.share);
  const groups = {};
  for (const e of entries) groups[e.group] = (groups[e.group] || 0) + e.share;
  return { samples: total, groups, top: entries.slice(0, topCount) };
}

/** `fresh`: each call another snapshot of the last message (the memo never answers). */
export async function profileDecision({ pkgDir, seconds = 3, fresh = false }) {
  const dir = await mkdtemp(join(tmpdir(), 'adk-bench-prof-'));
  try {
    const file = join(dir, 'decision.cpuprofile');
    const { stdout } = await run(process.execPath, ['node/profile.mjs', pkgDir, String(seconds), file, ...(fresh ? ['fresh'] : [])], { cwd: here });
    const { calls } = JSON.parse(stdout);
    const profile = JSON.parse(await readFile(file, 'utf8'));
    return { calls, seconds, ...selfTime(profile) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
