import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';

// Nuxt has no vite.config.ts: the component test has a config of its own (jsdom, Vue's plugin).
export default defineConfig({
  plugins: [vue()],
  test: { environment: 'jsdom', include: ['app/**/*.test.ts'] },
});
