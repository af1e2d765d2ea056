// Loads the WebAssembly module without bundler plugins: synchronously in Node (so every export
// answers synchronously from the first call), by `fetch` of an asset URL in browsers (Vite and
// webpack/Next.js both resolve `new URL('…', import.meta.url)` to the emitted asset).
import init, { initSync } from './wasm/adk_stream_wasm.js';

const wasmUrl = new URL('./wasm/adk_stream_wasm_bg.wasm', import.meta.url);

let loaded = false;
// The module's exports once loaded; the decision writes its summary straight into `memory`.
let exports = null;

function loadInNodeSync() {
  const isNode = typeof process !== 'undefined' && process.versions != null && process.versions.node != null;
  const getBuiltin = isNode && typeof process.getBuiltinModule === 'function' ? process.getBuiltinModule : null;
  if (!getBuiltin || wasmUrl.protocol !== 'file:') return false;
  const fs = getBuiltin('node:fs');
  exports = initSync({ module: fs.readFileSync(wasmUrl) });
  return true;
}

async function loadAsync() {
  if (wasmUrl.protocol === 'file:') {
    // Only a Node without process.getBuiltinModule (older than 20.16, below `engines`) gets here.
    throw new Error('adk-stream-wasm needs Node 20.16 or newer (process.getBuiltinModule) to load its .wasm from a file.');
  }
  exports = await init({ module_or_path: wasmUrl });
}

if (loadInNodeSync()) loaded = true;

/** Resolves once the module is initialised; every export answers synchronously after that. */
export const ready = loaded
  ? Promise.resolve()
  : loadAsync().then(() => {
      loaded = true;
    });
// A failed load rejects `ready` for those who await it, without an unhandled-rejection report.
ready.catch(() => {});

export function isReady() {
  return loaded;
}

/** The WebAssembly memory (after loading). */
export function wasmMemory() {
  return exports.memory;
}

/** Throws a named error for exports that cannot answer before initialisation. */
export function requireReady(name) {
  if (!loaded) {
    const error = new Error(
      `${name}() was called before the WebAssembly module finished loading; await \`ready\` ` +
        `(exported by adk-stream-wasm) once at start-up.`,
    );
    error.name = 'AdkNotReadyError';
    throw error;
  }
}
