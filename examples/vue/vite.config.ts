import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

// As examples/vite: the package's embedded WebAssembly core in a chunk of its own (the npm README's
// vite.config advice). `test`: the component test runs in jsdom.
export default defineConfig({
  plugins: [vue()],
  build: {
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (id.includes('adk_stream_wasm_bytes')) return 'adk-stream-wasm-bytes';
        },
      },
    },
  },
  test: { environment: 'jsdom' },
});
