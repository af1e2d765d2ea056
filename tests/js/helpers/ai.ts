// Which AI SDK the suite runs against, chosen by AI_SDK=6|7 (scripts/test-js.sh sets it).
//
// `ai` itself exports only `AbstractChat`; the concrete `Chat` an app holds (the one `useChat` wraps)
// is the class of the UI package. `@ai-sdk/react@3` pins ai@6 and `@ai-sdk/react@4` pins ai@7, so
// their `Chat` is the real AI SDK Chat of that major version: AbstractChat plus a message store.
import { createRequire } from 'node:module';

export const aiSdk = process.env.AI_SDK === '7' ? 7 : 6;

const ui: { Chat: new (init: any) => any } =
  aiSdk === 7 ? await import('ai7-react') : await import('@ai-sdk/react');

/** AI SDK's real `Chat` class for the selected major version. */
export const Chat = ui.Chat;

const require = createRequire(import.meta.url);
const uiPackageJson = require.resolve(aiSdk === 7 ? 'ai7-react/package.json' : '@ai-sdk/react/package.json');

/** The version of the `ai` package whose AbstractChat `Chat` extends. */
export const aiVersion: string = createRequire(uiPackageJson)('ai/package.json').version;

/** The `ai` package the tests of one run must see; a wrong major here would test nothing. */
export function checkAiVersion(): void {
  const major = Number(aiVersion.split('.')[0]);
  if (major !== aiSdk) {
    throw new Error(`AI_SDK=${aiSdk} but the Chat class comes from ai@${aiVersion}`);
  }
}
