// Takes docs/screenshot.png: the demo app in BIDI mode with a finished get_weather call and a real
// pending process_payment approval (its Approve / Deny buttons), against the local backend.
//   node scripts/screenshot.mjs [output.png]      (the app must be built: npm run build)
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startBackend } from '../server/app.mjs';
import { launchBrowser, sendPrompt, waitForState, finalText } from '../e2e/harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const output = path.resolve(process.argv[2] ?? path.join(here, '../../docs/screenshot.png'));

const backend = await startBackend({ port: 0, quiet: true, chunkDelayMs: 5 });
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1120, height: 860 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.goto(`${backend.url}/?mode=bidi&pattern=A`);
  await page.locator('[data-testid="explain"]:not([data-rule="loading"])').waitFor();
  await sendPrompt(page, "What's the weather in Tokyo?");
  await finalText(page, /^Tokyo: /);
  await sendPrompt(page, 'Send $50 to Hanako');
  await waitForState(page, 'process_payment', 'approval-requested');
  await page.getByTestId('latency').filter({ hasText: /^\d+ ms$/ }).waitFor({ timeout: 5000 });
  await page.mouse.move(0, 0);
  fs.mkdirSync(path.dirname(output), { recursive: true });
  await page.screenshot({ path: output });
  console.log(`wrote ${output}`);
} finally {
  await browser.close();
  await backend.close();
}
