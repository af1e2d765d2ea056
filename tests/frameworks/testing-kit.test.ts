// Issue 34, SPEC §5 ("the testing kit works with every AI SDK Chat class, whose messages may be
// framework proxies"): the testing kit (adk-stream-wasm/testing) under AI SDK's Vue and Svelte
// `Chat`, whose messages are reactive proxies. Before the fix the kit's structuredClone of the
// request's messages threw "[object Array] could not be cloned" and the chat ended in `error`.
// The cases are the table React's Chat runs in tests/js/testing-kit.test.ts
// (tests/support/testing-kit-cases.ts): payments approved and denied, two approvals answered at
// once, a browser tool, and the voice's turns as they reach a chat (spoken turns the backend starts,
// SPEC §5 W8, W9, through createAdk's resumeBuffered, which writes the framework's messages).
import { describe, it } from 'vitest';
import { KIT_CASES } from '../support/testing-kit-cases.js';
import { FRAMEWORKS, aiSdk } from './helpers/frameworks.js';

describe.each(FRAMEWORKS)(`the testing kit with AI SDK ${aiSdk}'s $name Chat (ai $ai)`, ({ Chat }) => {
  for (const { name, run } of KIT_CASES) it(name, () => run(Chat));
});
