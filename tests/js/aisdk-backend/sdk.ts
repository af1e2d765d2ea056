// AI SDK's own server side for the selected major (AI_SDK=6|7): `ToolLoopAgent`, `streamText`,
// `DirectChatTransport`, the UI-message-stream responses, AI SDK's `sendAutomaticallyWhen` helpers and
// the mock language models of `ai/test`. It is the `ai` package that the run's `Chat` comes from
// (helpers/ai.ts): ai@6 at the root, ai@7 under ai7-react. The node project has no alias for `ai`
// (only the jsdom project has one), so ai@7 is imported from its own files, as vitest.config.ts does.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { aiSdk } from '../helpers/ai.js';

const require = createRequire(import.meta.url);
const uiPackageJson = require.resolve(aiSdk === 7 ? 'ai7-react/package.json' : '@ai-sdk/react/package.json');
const aiPackageJson = createRequire(uiPackageJson).resolve('ai/package.json');
const aiExports = JSON.parse(readFileSync(aiPackageJson, 'utf8')).exports;

/** The ESM file of one export of that `ai` package ('.' or './test'). */
function entry(subpath: '.' | './test'): string {
  const target = aiExports[subpath];
  return pathToFileURL(join(dirname(aiPackageJson), target.import ?? target.default)).href;
}

/** The `ai` package of this run (server side and UI helpers); typed loosely: the suite runs on two majors. */
export const ai: Record<string, any> = await import(entry('.'));
/** `ai/test` of this run: `MockLanguageModelV3` (AI SDK 6) or `MockLanguageModelV4` (AI SDK 7). */
export const aiTest: Record<string, any> = await import(entry('./test'));

/** AI SDK 7's mock model speaks the V4 provider spec; AI SDK 6's the V3 one. Their stream parts match. */
export const MockLanguageModel: new (options: { doStream: (options: any) => PromiseLike<any> }) => any =
  aiSdk === 7 ? aiTest.MockLanguageModelV4 : aiTest.MockLanguageModelV3;

/** AI SDK's own decision, as its docs combine the two helpers for approvals and client tools. */
export function aiSdkHelpers({ messages }: { messages: any[] }): boolean {
  return (
    ai.lastAssistantMessageIsCompleteWithApprovalResponses({ messages }) ||
    ai.lastAssistantMessageIsCompleteWithToolCalls({ messages })
  );
}
