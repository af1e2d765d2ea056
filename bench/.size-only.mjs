import { launch } from './lib/browser.mjs';
import { measureSize } from './sections/size.mjs';
const browser = await launch();
const r = await measureSize({ pkgDir: new URL('../node_modules/adk-stream-wasm', import.meta.url).pathname, browser, log: (l) => console.error(l) });
const kb = (m) => m && `${(m.gzip / 1024).toFixed(1)} KB gz (raw ${m.raw})`;
for (const name of ['sse', 'bidi']) { const a = r.added[name]; console.log(name, 'loaded', kb(a.loaded), 'wasm', kb(a.wasm), 'bindings', kb(a.bindings), 'glue', kb(a.glue), 'rest', kb(a.rest)); }
console.log('glue bundled', JSON.stringify(r.glue.bundled.js));
await browser.close();
process.exit(0);
