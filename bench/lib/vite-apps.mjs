// Vite production builds of the tiny apps in size-apps/, and what each file of a build is: the
// package's wasm (a .wasm asset or a module embedded in its JS), its generated bindings, its
// hand-written glue, or the app and the other libraries. Two builds per app:
//  - as an app builds by default (Vite's own chunking, no config): what users ship and download;
//  - the same with each module of adk-stream-wasm in a chunk of its own (rolldown's codeSplitting
//    groups, dependencies not pulled along), so every minified byte of the package is attributed to
//    the module it comes from. Its files add up to a little more than the default build (each chunk
//    has its own imports and exports, and is gzipped alone).
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { build } from 'vite';
import { embeddedWasm, filesUnder, withoutEmbeddedWasm } from './wasm-find.mjs';

const PACKAGE = /[\\/]node_modules[\\/]adk-stream-wasm[\\/](.+)$/;

export function measure(buffer) {
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

export const zero = () => ({ raw: 0, gzip: 0, brotli: 0 });
export const plus = (a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli });
export const minus = (a, b) => ({ raw: a.raw - b.raw, gzip: a.gzip - b.gzip, brotli: a.brotli - b.brotli });

/** The package module a bundler id belongs to (`index.js`, `wasm/adk_stream_wasm.js`), or null. */
export function packageModule(id) {
  const m = id.replace(/\?.*$/, '').match(PACKAGE);
  return m ? m[1].replace(/\\/g, '/') : null;
}

/** Generated (wasm-bindgen's output, everything under wasm/) or hand-written glue. */
export function partOf(module) {
  return module.startsWith('wasm/') || /_bg\.m?js$/.test(module) ? 'bindings' : 'glue';
}

// The AI SDK package of each framework's apps (the React apps' @ai-sdk/react pins the workspace's own `ai`).
const FRAMEWORK_PACKAGES = [['vue', '@ai-sdk/vue'], ['svelte', '@ai-sdk/svelte']];

/**
 * Every `ai` import of the app resolved as `frameworkPackage` resolves it, so the build holds one copy
 * of `ai`, the one that package pins, as an app installed as the README says does (two copies split
 * AI SDK's state in two and weigh about 6 KB gzip). The workspace pins @ai-sdk/vue and @ai-sdk/svelte
 * for the framework tests, each with its own `ai` beside the root's: without this, the app's and the
 * package's `ai` imports get the root's copy and the framework's `Chat` its own.
 */
function oneAiCopy(frameworkPackage) {
  return {
    name: 'one-ai-copy',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'ai' || importer === undefined) return null;
      const framework = await this.resolve(frameworkPackage, importer, { ...options, skipSelf: true });
      return framework ? this.resolve('ai', framework.id, { ...options, skipSelf: true }) : null;
    },
  };
}

/** The Vite plugins of `size-apps/NAME`. */
export async function appPlugins(name) {
  // Svelte's apps are components: the Svelte plugin compiles them, and AI SDK's Svelte Chat (a runes module).
  const plugins = name.startsWith('svelte') ? [(await import('@sveltejs/vite-plugin-svelte')).svelte({ configFile: false })] : [];
  const framework = FRAMEWORK_PACKAGES.find(([prefix]) => name.startsWith(prefix));
  if (framework) plugins.push(oneAiCopy(framework[1]));
  return plugins;
}

/**
 * Builds `size-apps/NAME` into `outDir`. Returns `{outDir, files}`: each emitted file with its
 * measure and, for JS chunks, the package modules in it.
 */
export async function buildApp({ appsDir, name, outDir, split = false }) {
  const chunkName = (id) => {
    const module = packageModule(id);
    return module ? `adk/${module.replace(/\.m?js$/, '').replace(/\//g, '-')}` : null;
  };
  const rolldownOptions = split
    ? {
        preserveEntrySignatures: 'allow-extension',
        output: {
          strictExecutionOrder: true,
          chunkFileNames: 'assets/[name]-[hash].js',
          codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: chunkName, test: PACKAGE }] },
        },
      }
    : undefined;
  const plugins = await appPlugins(name);
  const result = await build({
    root: join(appsDir, name),
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: { outDir, emptyOutDir: true, rolldownOptions },
  });
  const modulesOf = new Map();
  for (const output of [].concat(result)) {
    for (const item of output.output) {
      if (item.type === 'chunk') modulesOf.set(item.fileName, item.moduleIds.map(packageModule));
    }
  }
  const files = [];
  for (const path of await filesUnder(outDir)) {
    const file = relative(outDir, path);
    const buffer = await readFile(path);
    const ids = modulesOf.get(file) || [];
    const modules = ids.filter(Boolean);
    files.push({
      file,
      ...measure(buffer),
      // A chunk counts as the package's when every module in it is (the split build's chunks).
      package: modules.length > 0 && modules.length === ids.length ? modules : null,
      packageModules: modules,
    });
  }
  return { outDir, files };
}

/**
 * A file's bytes by part: `{wasm, bindings, glue, app}` (each a measure). A .wasm asset is wasm; a
 * chunk of package modules is bindings or glue, less any wasm module embedded in it (its literal's
 * raw bytes, and the gzip it adds to the chunk); everything else is the app.
 */
export async function partsOfFile(outDir, f) {
  const parts = { wasm: zero(), bindings: zero(), glue: zero(), app: zero(), embedded: [] };
  const whole = { raw: f.raw, gzip: f.gzip, brotli: f.brotli };
  if (f.file.endsWith('.wasm')) {
    parts.wasm = whole;
    return parts;
  }
  if (!/\.m?js$/.test(f.file)) {
    parts.app = whole;
    return parts;
  }
  const code = await readFile(join(outDir, f.file), 'utf8');
  const embedded = embeddedWasm(code);
  let rest = whole;
  if (embedded.length > 0) {
    rest = measure(Buffer.from(withoutEmbeddedWasm(code)));
    parts.wasm = minus(whole, rest);
    // The same module as a .wasm file would gzip to `wasmGzip`: what base64 costs is the difference.
    parts.embedded = embedded.map((m) => ({ encoding: m.encoding, literalBytes: m.literal.length, wasmBytes: m.bytes.length, wasmGzip: measure(m.bytes).gzip }));
  }
  if (f.package) {
    const generated = f.package.every((m) => partOf(m) === 'bindings');
    parts[generated ? 'bindings' : 'glue'] = rest;
  } else {
    parts.app = rest;
  }
  return parts;
}

/** Sums `partsOfFile` over `files`. */
export async function partsOfFiles(outDir, files) {
  const sum = { wasm: zero(), bindings: zero(), glue: zero(), app: zero(), embedded: [] };
  for (const f of files) {
    const p = await partsOfFile(outDir, f);
    for (const k of ['wasm', 'bindings', 'glue', 'app']) sum[k] = plus(sum[k], p[k]);
    sum.embedded.push(...p.embedded.map((e) => ({ file: f.file, ...e })));
  }
  return sum;
}
