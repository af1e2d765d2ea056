import adapter from '@sveltejs/adapter-node';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

// The node adapter: `node build` serves the production build (server rendering on, SvelteKit's
// default). TypeScript in <script lang="ts">.
export default { preprocess: vitePreprocess(), kit: { adapter: adapter() } };
