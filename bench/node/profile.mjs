// Where a library call spends its time: the steady-state decision on the 20-tool-part set in a loop
// for a few seconds under V8's CPU profiler (the one `node --cpu-prof` uses), started after the
// set-up so only the calls are sampled. Writes the .cpuprofile to the given path.
// Usage: node node/profile.mjs <package dir> <seconds> <out.cpuprofile>
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeSet } from '../lib/messages.mjs';

const [pkgDir, seconds, outFile] = process.argv.slice(2);
const adk = await import(pathToFileURL(join(pkgDir, 'index.js')).href);
const set = makeSet({ history: 100, outputBytes: 100, toolParts: 20 });
const arg = { messages: set.messages };
const autoSend = adk.createAutoSend({ mode: 'sse' });
autoSend.sendAutomaticallyWhen(arg);
// Warm up first: the profile is of optimised code, as in the timed runs.
for (let i = 0; i < 20_000; i++) autoSend.sendAutomaticallyWhen(arg);

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
const until = performance.now() + Number(seconds) * 1000;
let calls = 0;
while (performance.now() < until) {
  for (let i = 0; i < 1000; i++) autoSend.sendAutomaticallyWhen(arg);
  calls += 1000;
}
const { profile } = await session.post('Profiler.stop');
session.disconnect();
writeFileSync(outFile, JSON.stringify(profile));
process.stdout.write(JSON.stringify({ calls, seconds: Number(seconds) }));
