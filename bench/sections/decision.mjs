// Section 1 and 2: the decision cost per `sendAutomaticallyWhen` call in Node (its own process) and
// in headless Chromium (one page), with the answer check that makes the plain-JS baseline a fair
// comparison.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const here = fileURLToPath(new URL('..', import.meta.url));

export async function decisionInNode({ rounds, batchMs }) {
  const { stdout } = await run(process.execPath, ['node/decision.mjs', `--rounds=${rounds}`, `--batchMs=${batchMs}`], {
    cwd: here,
    maxBuffer: 64 << 20,
  }).catch((error) => {
    throw new Error(`the Node decision benchmark failed:\n${error.stderr || error.message}`);
  });
  return JSON.parse(stdout);
}

export async function decisionInChromium({ browser, origin, rounds, batchMs, log }) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.goto(`${origin}/decision.html`);
    await page.waitForFunction(() => window.benchReady === true, null, { timeout: 60_000 });
    const info = await page.evaluate(() => window.benchInfo);
    if (!info.crossOriginIsolated) throw new Error('the decision page is not cross-origin isolated: performance.now() would be coarse');
    const results = await page.evaluate((options) => window.runDecision(options), { rounds, batchMs });
    for (const r of results) log(`chromium: ${r.name}: library ${r.ns.library.toFixed(0)} ns, baseline ${r.ns.baseline.toFixed(0)} ns`);
    const fresh = await page.evaluate((options) => window.runFresh(options), { rounds, batchMs });
    for (const r of fresh) log(`chromium fresh: ${r.name}: library ${r.ns.freshLibrary.toFixed(0)} ns, AI SDK ${r.ns.freshAi.toFixed(0)} ns`);
    if (errors.length > 0) throw errors[0];
    return { rounds, batchMs, results, fresh };
  } finally {
    await context.close();
  }
}
