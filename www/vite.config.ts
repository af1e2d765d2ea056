import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev` proxies the backend endpoints to a running `node server/main.mjs` (ADK_BACKEND).
const backend = process.env.ADK_BACKEND ?? 'http://127.0.0.1:8787';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // This app takes the package through `file:../pkg`, a symlink: resolve its imports (react,
    // @ai-sdk/react, ai) from this app's node_modules, not from beside pkg/. An app that installs
    // adk-stream-wasm from the registry does not need this.
    preserveSymlinks: true,
  },
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
  build: { target: 'es2022' },
});
