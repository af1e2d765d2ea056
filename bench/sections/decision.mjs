// Sections 1 and 2: the decision cost per `sendAutomaticallyWhen` call in Node and in headless
// Chromium, with the answer check that makes the plain-JS baseline a fair comparison; then the fresh
// decisions and re-asks, and the real shapes (the recorded conversations' asks), each in a Node
// process and a Chromium page of its own, where neither decider has met any other input.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const here = fileURLToPath(new URL('..', import.meta.url));

async function nodeScript(script, { rounds, batchMs }) {
  const { stdout } = await run(process.execPath, [script, `--rounds=${rounds}`, `--batchMs=${batchMs}`], {
    cwd: here,
    maxBuffer: 64 << 20,
  }).catch((error) => {
    throw new Error(`the Node benchmark ${script} failed:\n${error.stderr || error.message}`);
  });
  return JSON.parse(stdout);
}

/** `{node, rounds, batchMs, results, fresh, realShapes, engines}`; `conversations` (the real shapes' asks,
 *  for the Chromium page) is returned beside it, not kept in the results. */
export async function decisionInNode(options) {
  const decision = await nodeScript('node/decision.mjs', options);
  const fresh = await nodeScript('node/fresh.mjs', options);
  const { replayed: conversations, ...realShapes } = await nodeScript('node/real-shapes.mjs', options);
  // Issue 40 item 5: an engine's creation with 100,000 alive against none.
  const engines = await nodeScript('node/engines.mjs', options);
  return { node: { ...decision, fresh, realShapes, engines }, conversations };
}

/** Opens the decision page in a context of its own and returns what `bench(page)` returns. */
async function onPage(browser, origin, bench) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.goto(`${origin}/decision.html`);
    await page.waitForFunction(() => window.benchReady === true, null, { timeout: 60_000 });
    const info = await page.evaluate(() => window.benchInfo);
    if (!info.crossOriginIsolated) throw new Error('the decision page is not cross-origin isolated: performance.now() would be coarse');
    const result = await bench(page);
    if (errors.length > 0) throw errors[0];
    return result;
  } finally {
    await context.close();
  }
}

export async function decisionInChromium({ browser, origin, rounds, batchMs, conversations, log }) {
  const options = { rounds, batchMs };
  const results = await onPage(browser, origin, (page) => page.evaluate((o) => window.runDecision(o), options));
  for (const r of results) log(`chromium: ${r.name}: library ${r.ns.library.toFixed(0)} ns, baseline ${r.ns.baseline.toFixed(0)} ns`);
  const fresh = await onPage(browser, origin, (page) => page.evaluate((o) => window.runFresh(o), options));
  for (const r of fresh) log(`chromium fresh: ${r.name}: library ${r.ns.freshLibrary.toFixed(0)} ns, AI SDK ${r.ns.freshAi.toFixed(0)} ns`);
  const realShapes = await onPage(browser, origin, (page) => page.evaluate((o) => window.runRealShapes(o), { ...options, conversations }));
  log(`chromium real shapes: library ${realShapes.perAsk.library.toFixed(0)} ns an ask, AI SDK ${realShapes.perAsk.ai.toFixed(0)} ns`);
  return { rounds, batchMs, results, fresh, realShapes };
}
