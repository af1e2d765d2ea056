// AI SDK's real `Chat` classes of Vue and Svelte, for the AI SDK chosen by AI_SDK=6|7
// (scripts/test-frameworks.sh sets it). `ai` itself exports only `AbstractChat`; each UI package
// pins one exact `ai` and adds its framework's message store: Vue's a `ref`, whose arrays are
// reactive proxies; Svelte's a `$state` (runes), whose arrays are proxies too.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const aiSdk = process.env.AI_SDK === '7' ? 7 : 6;

const vue: { Chat: new (init: any) => any } = aiSdk === 7 ? await import('ai7-vue') : await import('@ai-sdk/vue');
const svelte: { Chat: new (init: any) => any } = aiSdk === 7 ? await import('ai7-svelte') : await import('@ai-sdk/svelte');

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** The `ai` a UI package holds: its own copy when it pins another than the root's (Svelte's exports
 *  have no package.json entry, so the files are read where npm put them). */
function aiVersionOf(pkg: string): string {
  for (const file of [`node_modules/${pkg}/node_modules/ai/package.json`, 'node_modules/ai/package.json']) {
    try {
      return JSON.parse(readFileSync(resolve(root, file), 'utf8')).version;
    } catch {
      // not there: the next place npm puts it
    }
  }
  throw new Error(`no ai package found for ${pkg}`);
}

/** The frameworks under test: name, its `Chat` class, the `ai` version that class extends. */
export const FRAMEWORKS = [
  { name: 'vue', Chat: vue.Chat, ai: aiVersionOf(aiSdk === 7 ? 'ai7-vue' : '@ai-sdk/vue') },
  { name: 'svelte', Chat: svelte.Chat, ai: aiVersionOf(aiSdk === 7 ? 'ai7-svelte' : '@ai-sdk/svelte') },
] as const;

export type Framework = (typeof FRAMEWORKS)[number];

// A wrong major here would test nothing: each run must hold the Chat classes of its AI SDK.
for (const { name, ai } of FRAMEWORKS) {
  if (Number(ai.split('.')[0]) !== aiSdk) throw new Error(`AI_SDK=${aiSdk} but ${name}'s Chat comes from ai@${ai}`);
}
