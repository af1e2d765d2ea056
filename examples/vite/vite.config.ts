import { defineConfig } from 'vite';

// adk-stream-wasm embeds its WebAssembly core (about 34 kB of hex) in a module of its own and
// compiles it at import, so it never has a "not loaded yet" state. Bundlers keep that module in the
// chunk that imports it, which takes a minimal React + AI SDK app past Vite's 500 kB chunk advice.
// This puts the bytes in their own chunk: Vite lists it as a modulepreload, so it downloads in
// parallel with the app's chunk and stays cached across app deploys. It works with Vite 6, 7 and 8.
export default defineConfig({
  build: {
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (id.includes('adk_stream_wasm_bytes')) return 'adk-stream-wasm-bytes';
        },
      },
    },
  },
});
