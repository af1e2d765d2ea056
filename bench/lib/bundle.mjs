// One minified browser ES module from `contents` (imports resolved from `resolveDir`), as an app's
// bundler would ship it; AI SDK, React, Vue, Svelte and Node's fs stay imports (the package's glue never pulls
// them into the path measured). Used by the size section (the glue and each entry) and the start-up
// section (each side bundled into one file).
import { build as esbuild } from 'esbuild';

const EXTERNAL = ['ai', 'react', '@ai-sdk/react', 'vue', '@ai-sdk/vue', 'svelte', '@ai-sdk/svelte', 'node:fs/promises', 'node:fs'];

export async function bundle({ contents, resolveDir, plugins = [] }) {
  const result = await esbuild({
    stdin: { contents, resolveDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    external: EXTERNAL,
    plugins,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}
