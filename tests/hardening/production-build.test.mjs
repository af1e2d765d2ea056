// The package as a production build loads it: no `development` condition (node --test sets none), so
// the short words (js/words-production.js). Errors keep their class, their `name`, their code and a
// short sentence with the ids they are about, as React's production errors do; explain() keeps
// `send` and `rule`, and its detail names the rule until the app imports `adk-stream-wasm/explain`.
// (The whole words are walked by tests/js/words.test.ts, under the development condition.)
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  AdkError,
  AdkGeolocationError,
  AdkIncompleteBatchError,
  AdkInvalidArgumentError,
  AdkUnknownApprovalError,
  answerApprovals,
  approve,
  createAutoSend,
  getLocation,
} from 'adk-stream-wasm';

const chatOf = (messages) => ({ messages, addToolApprovalResponse() {}, addToolOutput() {} });
const pending = [
  { id: 'm1', role: 'assistant', parts: [{ type: 'tool-process_payment', toolCallId: 'call-1', state: 'approval-requested', input: {}, approval: { id: 'approval-1' } }] },
];

async function thrown(fn) {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

/** Its class, its `name`, and a short sentence. */
function assertShort(error, type, name) {
  assert.ok(error instanceof type, `${error && error.name} is a ${name}`);
  assert.ok(error instanceof AdkError);
  assert.equal(error.name, name);
  assert.equal(typeof error.message, 'string');
  assert.ok(error.message.length > 10 && error.message.length < 200, `a short sentence: ${error.message}`);
}

describe('production build: errors keep class, name, code and a short sentence', () => {
  test('approve with a toolCallId: AdkUnknownApprovalError naming the id and the pending ids', async () => {
    const error = await thrown(() => approve(chatOf(pending), 'call-1'));
    assertShort(error, AdkUnknownApprovalError, 'AdkUnknownApprovalError');
    assert.match(error.message, /call-1/);
    assert.match(error.message, /approval-1/);
  });

  test('answerApprovals with a missing decision: AdkIncompleteBatchError naming the missing id', async () => {
    const error = await thrown(() => answerApprovals(chatOf(pending), () => []));
    assertShort(error, AdkIncompleteBatchError, 'AdkIncompleteBatchError');
    assert.match(error.message, /approval-1/);
  });

  test('createAutoSend with an unknown mode: AdkInvalidArgumentError saying what was wrong, and where the expected words are', async () => {
    const error = await thrown(() => createAutoSend({ mode: 'http' }));
    assertShort(error, AdkInvalidArgumentError, 'AdkInvalidArgumentError');
    assert.match(error.message, /^createAutoSend\(\): mode 'http' is not known/);
    // The build took the "expected" words out of the production modules (scripts/lib/production-words.mjs).
    assert.doesNotMatch(error.message, /'sse' or 'bidi'/);
    assert.match(error.message, /what is expected: in a development build/);
  });

  test('getLocation without a geolocation API: AdkGeolocationError with its code', async () => {
    const error = await thrown(() => getLocation());
    assertShort(error, AdkGeolocationError, 'AdkGeolocationError');
    assert.equal(error.code, 'unsupported');
  });
});

describe('production build: explain()', () => {
  const asking = { messages: pending };

  test('keeps send and rule; the detail names the rule, and has the whole words after adk-stream-wasm/explain', async () => {
    const autoSend = createAutoSend({ mode: 'sse' });
    const short = autoSend.explain(asking);
    assert.equal(short.send, false);
    assert.equal(short.rule, 'approval-pending');
    assert.match(short.detail, /approval-pending/);
    assert.match(short.detail, /adk-stream-wasm\/explain/);
    await import('adk-stream-wasm/explain');
    const whole = autoSend.explain(asking);
    assert.equal(whole.rule, 'approval-pending');
    assert.match(whole.detail, /approval-1/);
    assert.match(whole.detail, /approve\(\)/);
  });
});
