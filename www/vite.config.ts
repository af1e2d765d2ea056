import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev` proxies the backend endpoints to a running `node server/main.mjs` (ADK_BACKEND).
const backend = process.env.ADK_BACKEND ?? 'http://127.0.0.1:8787';

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    proxy: {
      '/stream': backend,
      '/info': backend,
      '/__test': backend,
      '/live': { target: backend.replace(/^http/, 'ws'), ws: true },
    },
  },
  preview: { host: '127.0.0.1' },
  build: {
    target: 'es2022',
    rollupOptions: {
      output: {
        // The package's embedded WebAssembly core in a chunk of its own (as the npm README advises),
        // preloaded beside the app's chunk: it keeps the app's chunk under Vite's 500 kB advice.
        manualChunks(id) {
          if (id.includes('adk_stream_wasm_bytes')) return 'adk-stream-wasm-bytes';
        },
      },
    },
  },
});
