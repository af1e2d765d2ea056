// Where a library call spends its time: the steady-state decision on the 20-tool-part set in a loop
// for a few seconds under V8's CPU profiler (the one `node --cpu-prof` uses), started after the
// set-up so only the calls are sampled. Writes the .cpuprofile to the given path.
// With `fresh`, each call sees another snapshot of the last message (lib/fresh-bench.mjs), so the
// last-decision memo never answers.
// Usage: node node/profile.mjs <package dir> <seconds> <out.cpuprofile> [fresh]
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeSet } from '../lib/messages.mjs';
import { freshArgs } from '../lib/fresh-bench.mjs';

const [pkgDir, seconds, outFile, kind] = process.argv.slice(2);
const adk = await import(pathToFileURL(join(pkgDir, 'index.js')).href);
const set = makeSet({ history: 100, outputBytes: 100, toolParts: 20 });
const args = kind === 'fresh' ? freshArgs(set) : [{ messages: set.messages }];
const autoSend = adk.createAutoSend({ mode: 'sse' });
for (const arg of args) autoSend.sendAutomaticallyWhen(arg);
// Warm up first: the profile is of optimised code, as in the timed runs.
for (let i = 0; i < 20_000; i++) autoSend.sendAutomaticallyWhen(args[i % args.length]);

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
const until = performance.now() + Number(seconds) * 1000;
let calls = 0;
while (performance.now() < until) {
  for (let i = 0; i < 1000; i++) autoSend.sendAutomaticallyWhen(args[i % args.length]);
  calls += 1000;
}
const { profile } = await session.post('Profiler.stop');
session.disconnect();
writeFileSync(outFile, JSON.stringify(profile));
process.stdout.write(JSON.stringify({ calls, seconds: Number(seconds) }));
