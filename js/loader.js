// Loads the core WebAssembly module from bytes embedded in the package's JS, synchronously, at
// import: no fetch and no asset URL, so every export answers synchronously from the first call in
// every place an app runs (browsers with any bundler or none, dev servers, Node, a Next.js server,
// jsdom and happy-dom), with no bundler plugin and no configuration. Browsers allow a synchronous
// compile of a module this size on the main thread (Chromium's limit is megabytes now).
import { initSync } from './wasm/adk_stream_wasm.js';
import coreBase64 from './wasm/adk_stream_wasm_bytes.js';

/** Decodes base64 with the fastest decoder the platform has. */
export function decodeBase64(base64) {
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(base64);
  if (typeof Buffer === 'function') return new Uint8Array(Buffer.from(base64, 'base64'));
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * Compiles and instantiates one of the package's modules through its wasm-bindgen `initSync`.
 * Returns `{exports}` or `{error}` (an `AdkLoadError` that says why and what to do).
 */
export function instantiate(initModule, base64, what) {
  try {
    return { exports: initModule({ module: decodeBase64(base64) }) };
  } catch (cause) {
    let detail;
    try {
      detail = String(cause && cause.message);
    } catch {
      detail = 'an exception';
    }
    const error = new Error(
      `adk-stream-wasm could not compile its ${what} WebAssembly module: ${detail}. ` +
        (/unsafe-eval|Content Security Policy|disallowed/i.test(detail)
          ? "The page's Content Security Policy forbids WebAssembly: add 'wasm-unsafe-eval' to script-src."
          : 'WebAssembly must be available (every current browser and Node 20.16+ has it).'),
      { cause },
    );
    error.name = 'AdkLoadError';
    return { error };
  }
}

const core = instantiate(initSync, coreBase64, 'core');

/** The load failure, or null: an app can check it without a try/catch. */
export const loadError = core.error || null;

/** Resolves at once (the module loads at import); rejects with `AdkLoadError` when it cannot load. */
export const ready = loadError === null ? Promise.resolve() : Promise.reject(loadError);
// A failed load rejects `ready` for those who await it, without an unhandled-rejection report.
ready.catch(() => {});

export function isReady() {
  return loadError === null;
}

/** The WebAssembly memory (after loading). */
export function wasmMemory() {
  return core.exports.memory;
}

/** Throws the load failure for exports that cannot answer without the module. */
export function requireReady() {
  if (loadError !== null) throw loadError;
}
