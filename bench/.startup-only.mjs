import { launch } from './lib/browser.mjs';
import { measureStartup } from './sections/startup.mjs';
import { join } from 'node:path';
const browser = await launch();
const r = await measureStartup({ browser, pkgDir: join(process.cwd(), '../node_modules/adk-stream-wasm'), libDir: join(process.cwd(), 'lib'), samples: Number(process.argv[2] || 15) });
await browser.close();
const d = (k, a, b) => (r[k][a].firstDecisionMs - r[k][b].firstDecisionMs).toFixed(1);
console.log('cold bundled: paired', r.added.cold.libraryBundled.toFixed(1), 'medians diff', d('cold', 'libraryBundled', 'baselineBundled'), 'afterLast lib', r.cold.libraryBundled.afterLastFileMs.toFixed(1), 'base', r.cold.baselineBundled.afterLastFileMs.toFixed(1));
console.log('warm bundled: paired', r.added.warm.libraryBundled.toFixed(1), 'medians diff', d('warm', 'libraryBundled', 'baselineBundled'));
