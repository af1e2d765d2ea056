// Hostile input at every exported function of the packed package (Node): each value of
// lib/hostile.mjs in each argument position. The decision functions answer `false` (and `explain`
// says why, in bounded words); every other function returns normally or throws a JS Error whose
// name says the kind (`Adk…Error`) and whose message is clear and bounded, never a WebAssembly
// fault ("unreachable", RuntimeError, a Rust panic). After all of it the module still decides.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as adk from 'adk-stream-wasm';
import * as sse from 'adk-stream-wasm/sse';
import * as bidi from 'adk-stream-wasm/bidi';
import * as chatEntry from 'adk-stream-wasm/chat';
import * as geolocation from 'adk-stream-wasm/geolocation';
import { BidiTransport } from 'adk-stream-wasm/transport';
import { VALUES, HUGE, classifyThrown, isCallersOwn } from './lib/hostile.mjs';
import { startServer, data, DONE } from './lib/raw-ws.mjs';
import { writeFigures } from './lib/report.mjs';

/** The longest error message accepted: clear means readable, not an echo of a 10 MB argument. */
const MAX_MESSAGE = 4096;
const figures = { calls: 0, returned: 0, threw: 0, callersOwnRethrown: 0, healthChecks: 0, problems: 0 };
const problems = [];

const sampleMessages = () => [
  { id: 'u', role: 'user', parts: [{ type: 'text', text: 'pay' }] },
  { id: 'a', role: 'assistant', parts: [{ type: 'tool-process_payment', toolCallId: 'c1', state: 'approval-requested', input: {}, approval: { id: 'a1' } }] },
];
const fakeChat = () => {
  const chat = {
    messages: sampleMessages(),
    addToolApprovalResponse: async () => {},
    addToolOutput: async () => {},
  };
  return chat;
};

/** Calls `fn`, awaiting a promise, and records what a hostile caller would see. */
async function attempt(label, fn, { decision = false, explain = false } = {}) {
  figures.calls++;
  let outcome;
  try {
    let value = fn();
    if (value && typeof value.then === 'function') value = await value;
    outcome = { value };
    figures.returned++;
  } catch (error) {
    outcome = { error };
    figures.threw++;
  }
  let problem = null;
  if (decision) {
    if ('error' in outcome) problem = `the decision threw ${outcome.error?.name}: ${String(outcome.error?.message).slice(0, 160)}`;
    else if (outcome.value !== false && outcome.value !== true) problem = `the decision returned ${typeof outcome.value}`;
  } else if (explain) {
    const v = outcome.value;
    if ('error' in outcome) problem = `explain threw ${outcome.error?.name}: ${String(outcome.error?.message).slice(0, 160)}`;
    else if (!v || typeof v.rule !== 'string' || typeof v.detail !== 'string' || v.detail.length === 0) problem = `explain returned ${JSON.stringify(v)?.slice(0, 160)}`;
    else if (v.detail.length > MAX_MESSAGE) problem = `explain's detail is ${v.detail.length} characters long`;
  } else if ('error' in outcome && isCallersOwn(outcome.error) && !classifyThrown(outcome.error)?.startsWith('a WebAssembly')) {
    figures.callersOwnRethrown++;
  } else if ('error' in outcome) {
    problem = classifyThrown(outcome.error);
    if (!problem && !/^Adk\w+Error$|^AbortError$/.test(outcome.error.name)) problem = `threw ${outcome.error.name} (not one of the package's named errors): ${outcome.error.message.slice(0, 160)}`;
    if (!problem && outcome.error.message.length > MAX_MESSAGE) problem = `threw ${outcome.error.name} with a ${outcome.error.message.length}-character message`;
  }
  if (problem) {
    figures.problems++;
    problems.push(`${label}: ${problem}`);
  }
  await healthy(label);
  return outcome;
}

// Long-lived objects an app keeps across calls: one hostile call must not break them for the
// calls after it (a JS exception unwinding through WebAssembly while Rust holds a borrow leaves
// the object unusable: "recursive use of an object detected").
const D6 = () => ({ messages: [{ id: 'a', role: 'assistant', parts: [{ type: 'tool-process_payment', toolCallId: `c${figures.healthChecks}`, state: 'approval-responded', approval: { id: `a${figures.healthChecks}`, approved: true } }] }] });
let shared = null;
async function healthy(after) {
  if (!shared) return;
  figures.healthChecks++;
  const checks = [
    ['the shared createAutoSend engine', () => {
      const explained = shared.autoSend.explain(D6());
      if (explained.rule !== 'unsent-user-action') throw new Error(`explain says ${explained.rule}`);
      shared.autoSend.markBrowserOutput('health');
      if (shared.autoSend.isFrontendTool('get_location') !== true) throw new Error('isFrontendTool(get_location) is not true');
    }],
    ['the shared createAdk', () => {
      const explained = shared.adk.explain(D6().messages);
      if (explained.rule !== 'unsent-user-action') throw new Error(`explain says ${explained.rule}`);
    }],
    ['the module registry', () => {
      if (adk.isFrontendExecuteTool('get_location') !== true) throw new Error('get_location is no longer a frontend tool');
      adk.hasToolExecutor('get_location');
    }],
  ];
  for (const [what, check] of checks) {
    try {
      check();
    } catch (error) {
      figures.problems++;
      problems.push(`${after}: left ${what} unusable: ${error.name}: ${String(error.message).slice(0, 120)}`);
      // A fresh object, so that the calls after this one are judged on their own.
      shared.autoSend = adk.createAutoSend({ mode: 'sse' });
      shared.adk = chatEntry.createAdk({ mode: 'sse' });
    }
  }
}

function decisionMustBeFalse(label, outcome) {
  if ('value' in outcome && outcome.value === true) {
    problems.push(`${label}: the decision said send for hostile input`);
    figures.problems++;
  }
}

test('hostile input at every export', async () => {
  shared = { autoSend: adk.createAutoSend({ mode: 'sse' }), adk: chatEntry.createAdk({ mode: 'sse' }) };
  const server = await startServer({
    onConnection: (conn) => {
      conn.onMessage = (m) => {
        if (m.type === 'message') conn.write(Buffer.concat([data({ type: 'start' }), data({ type: 'finish' }), DONE]));
      };
    },
  });
  const live = new BidiTransport({ url: server.url, pingIntervalMs: 0 });
  for (const [name, make] of VALUES) {
    // Decision functions: never throw, false (except the tool part that is well formed).
    const wellFormed = /frozen tool part|__proto__ key|tool part with 10 MB ids|100,000 parts/.test(name);
    for (const [fname, fn] of [
      ['createAutoSend().sendAutomaticallyWhen', (v) => adk.createAutoSend({ mode: 'bidi' }).sendAutomaticallyWhen(v)],
      ['sse.sendAutomaticallyWhen', (v) => sse.sendAutomaticallyWhen(v)],
      ['bidi.sendAutomaticallyWhen', (v) => bidi.sendAutomaticallyWhen(v)],
      ['sendAutomaticallyWhenCore', (v) => adk.sendAutomaticallyWhenCore(v)],
      ['sendAutomaticallyWhenCore({mode, messages})', (v) => adk.sendAutomaticallyWhenCore({ mode: 'sse', messages: v })],
      ['sendAutomaticallyWhenCore(v, log)', (v) => adk.sendAutomaticallyWhenCore(v, () => {})],
    ]) {
      const outcome = await attempt(`${fname}(${name})`, () => fn(make()), { decision: true });
      if (!wellFormed) decisionMustBeFalse(`${fname}(${name})`, outcome);
    }
    await attempt(`explain(${name})`, () => shared.autoSend.explain(make()), { explain: true });
    adk.clearSentApprovalStates();

    // createAutoSend options and its methods.
    await attempt(`createAutoSend(${name})`, () => adk.createAutoSend(make()));
    await attempt(`createAutoSend({mode: ${name}})`, () => adk.createAutoSend({ mode: make() }));
    await attempt(`createAutoSend({mode: 'bidi', bidiPattern: ${name}})`, () => adk.createAutoSend({ mode: 'bidi', bidiPattern: make() }));
    await attempt(`createAutoSend({mode: 'sse', frontendTools: ${name}})`, () => adk.createAutoSend({ mode: 'sse', frontendTools: make() }));
    await attempt(`createAutoSend({mode: 'sse', frontendTools: [${name}]})`, () => adk.createAutoSend({ mode: 'sse', frontendTools: [make()] }));
    await attempt(`autoSend.markBrowserOutput(${name})`, () => shared.autoSend.markBrowserOutput(make()));
    await attempt(`autoSend.addToolOutput(${name}, {…})`, () => shared.autoSend.addToolOutput(make(), { tool: 'get_location', toolCallId: 'c1', output: {} }));
    await attempt(`autoSend.addToolOutput(chat, ${name})`, () => shared.autoSend.addToolOutput(fakeChat(), make()));
    await attempt(`autoSend.addToolOutput(chat, {toolCallId: ${name}})`, () => shared.autoSend.addToolOutput(fakeChat(), { tool: 'x', toolCallId: make(), output: {} }));
    await attempt(`autoSend.onDecision(${name})`, () => shared.autoSend.onDecision(make()));
    await attempt(`autoSend.isFrontendTool(${name})`, () => shared.autoSend.isFrontendTool(make()));

    // Approval helpers.
    await attempt(`pendingApprovals(${name})`, () => adk.pendingApprovals(make()));
    for (const [hname, helper] of [['approve', adk.approve], ['deny', adk.deny]]) {
      await attempt(`${hname}(${name}, 'a1')`, () => helper(make(), 'a1'));
      await attempt(`${hname}(chat, ${name})`, () => helper(fakeChat(), make()));
      await attempt(`${hname}(chat, 'a1', ${name})`, () => helper(fakeChat(), 'a1', make()));
      await attempt(`${hname}(chat whose messages are ${name}, 'a1')`, () => helper({ ...fakeChat(), messages: make() }, 'a1'));
    }
    await attempt(`answerApprovals(${name}, fn)`, () => adk.answerApprovals(make(), () => []));
    await attempt(`answerApprovals(chat, ${name})`, () => adk.answerApprovals(fakeChat(), make()));
    await attempt(`answerApprovals(chat, () => ${name})`, () => adk.answerApprovals(fakeChat(), () => make()));
    await attempt(`answerApprovals(chat, () => [{approvalId: ${name}}])`, () => adk.answerApprovals(fakeChat(), () => [{ approvalId: make(), approved: true }]));
    await attempt(`answerApprovals(chat, () => [{approvalId: 'a1', approved: ${name}}])`, () => adk.answerApprovals(fakeChat(), () => [{ approvalId: 'a1', approved: make() }]));

    // Drop-in names and the registry.
    await attempt(`extractToolName(${name})`, () => adk.extractToolName(make()));
    await attempt(`extractToolName(part, ${name})`, () => adk.extractToolName({ type: 'dynamic-tool' }, make()));
    await attempt(`extractToolNameFromType(${name})`, () => adk.extractToolNameFromType(make()));
    await attempt(`isToolType(${name})`, () => adk.isToolType(make()));
    await attempt(`registerFrontendExecuteTool(${name})`, () => adk.registerFrontendExecuteTool(make()));
    await attempt(`registerFrontendExecuteTool({name: ${name}})`, () => adk.registerFrontendExecuteTool({ name: make(), category: 'other' }));
    await attempt(`registerFrontendExecuteTool({category: ${name}})`, () => adk.registerFrontendExecuteTool({ name: 'hostile_tool', category: make() }));
    await attempt(`isFrontendExecuteTool(${name})`, () => adk.isFrontendExecuteTool(make()));
    await attempt(`getFrontendExecuteToolsByCategory(${name})`, () => adk.getFrontendExecuteToolsByCategory(make()));
    await attempt(`getFrontendExecuteTool(${name})`, () => adk.getFrontendExecuteTool(make()));
    await attempt(`registerToolExecutor(${name}, fn)`, () => adk.registerToolExecutor(make(), () => 1));
    await attempt(`registerToolExecutor('t', ${name})`, () => adk.registerToolExecutor('hostile_tool', make()));
    await attempt(`getToolExecutor(${name})`, () => adk.getToolExecutor(make()));
    await attempt(`hasToolExecutor(${name})`, () => adk.hasToolExecutor(make()));
    await attempt(`executeGetLocation(${name})`, () => geolocation.executeGetLocation(make()));
    await attempt(`getLocation(${name})`, () => geolocation.getLocation(make()));

    // The chat glue.
    await attempt(`createAdk(${name})`, () => chatEntry.createAdk(make()));
    await attempt(`createAdk({mode: 'sse', tools: ${name}})`, () => chatEntry.createAdk({ mode: 'sse', tools: make() }));
    const glue = chatEntry.createAdk({ mode: 'sse' });
    await attempt(`adk.attach(${name})`, () => glue.attach(make()));
    await attempt(`shared adk.addToolOutput(${name})`, () => shared.adk.addToolOutput(make()));
    await attempt(`shared adk.explain(${name})`, () => shared.adk.explain(make()), { explain: true });
    await attempt(`shared adk.pendingApprovals(${name})`, () => shared.adk.pendingApprovals(make()));
    await attempt(`adk.approve(${name}) unattached`, () => glue.approve(make()));
    await attempt(`adk.explain(${name})`, () => glue.explain(make()), { explain: true });
    await attempt(`adk.pendingApprovals(${name})`, () => glue.pendingApprovals(make()));
    await attempt(`attachAdk(${name}, adk)`, () => chatEntry.attachAdk(make(), glue));

    // The transport's constructor and methods (nothing connects: the URL has no listener).
    await attempt(`new BidiTransport(${name})`, () => new BidiTransport(make()));
    await attempt(`new BidiTransport({url: ${name}})`, () => new BidiTransport({ url: make() }));
    await attempt(`new BidiTransport({url, connectTimeoutMs: ${name}})`, () => new BidiTransport({ url: 'ws://127.0.0.1:9/live', connectTimeoutMs: make() }));
    await attempt(`new BidiTransport({url, onError: ${name}})`, () => new BidiTransport({ url: 'ws://127.0.0.1:9/live', onError: make() }));
    const t = new BidiTransport({ url: 'ws://127.0.0.1:9/live', pingIntervalMs: 0, connectTimeoutMs: 50 });
    await attempt(`transport.sendMessages(${name})`, () => t.sendMessages(make()));
    await attempt(`transport.sendMessages({messages: ${name}})`, () => t.sendMessages({ chatId: 'c', messages: make(), trigger: 'submit-message' }));
    await attempt(`transport.sendMessages({abortSignal: ${name}})`, () => t.sendMessages({ chatId: 'c', messages: [], trigger: 'submit-message', abortSignal: make() }));
    await attempt(`transport.reconnectToStream(${name})`, () => t.reconnectToStream(make()));
    await attempt(`transport.sendToolResult(${name}, {})`, () => t.sendToolResult(make(), {}));
    await attempt(`transport.sendToolResult('c1', ${name})`, () => t.sendToolResult('c1', make()));
    await attempt(`transport.interrupt(${name})`, () => t.interrupt(make()));
    await attempt(`transport.sendAudioControl(${name})`, () => t.sendAudioControl(make()));
    await attempt(`transport.sendAudioChunk(${name})`, () => t.sendAudioChunk(make()));
    t.close();
    // The same methods on a connected transport, which must still carry a request afterwards.
    for (const [mname, call] of [
      ['sendToolResult(v, {})', (v) => live.sendToolResult(v, {})],
      ['sendToolResult("c1", v)', (v) => live.sendToolResult('c1', v)],
      ['interrupt(v)', (v) => live.interrupt(v)],
      ['sendAudioControl(v)', (v) => live.sendAudioControl(v)],
      ['sendAudioChunk(v)', (v) => live.sendAudioChunk(v)],
      ['reconnectToStream(v)', (v) => live.reconnectToStream(v)],
    ]) {
      await attempt(`connected transport.${mname.replace('v', name)}`, () => call(make()));
      const stream = await live.sendMessages({ chatId: 'c', messages: [], trigger: 'submit-message', messageId: undefined, abortSignal: undefined }).catch((e) => e);
      const reader = stream?.getReader?.();
      let ok = false;
      if (reader) {
        for (;;) {
          const { done } = await reader.read().catch(() => ({ done: true, failed: true }));
          if (done) break;
          ok = true;
        }
      }
      figures.healthChecks++;
      if (!ok) {
        figures.problems++;
        problems.push(`connected transport.${mname.replace('v', name)}: the next request failed: ${stream?.message ?? stream}`);
      }
    }
  }
  adk.resetFrontendExecuteTools();
  adk.resetToolExecutors();

  // Unknown ids and wrong ids: named errors that list what is valid.
  const chat = fakeChat();
  for (const id of ['c1', 'nope', HUGE]) {
    const outcome = await attempt(`approve(chat, ${id.length > 20 ? '10 MB id' : id})`, () => adk.approve(chat, id));
    assert.equal(outcome.error?.name, 'AdkUnknownApprovalError', `approve with ${id.slice(0, 20)}`);
    assert.ok(outcome.error.message.includes('a1'), 'the valid id is listed');
  }

  // The module is still healthy: D6 still sends, D16 then holds.
  const d6 = { messages: [{ id: 'a', role: 'assistant', parts: [{ type: 'tool-process_payment', toolCallId: 'c9', state: 'approval-responded', approval: { id: 'a9', approved: true } }] }] };
  const fresh = adk.createAutoSend({ mode: 'sse' });
  assert.equal(fresh.sendAutomaticallyWhen(d6), true, 'the module still decides after the hostile calls');
  assert.equal(fresh.sendAutomaticallyWhen(d6), false);

  live.close();
  await server.close();
  writeFigures('hostile-input', { ...figures, values: VALUES.length, problemList: problems });
  console.log(`hostile input: ${figures.calls} calls with ${VALUES.length} hostile values; ${figures.returned} returned, ${figures.threw} threw; ${problems.length} problems`);
  assert.deepEqual(problems, [], `${problems.length} calls broke the contract:\n${problems.join('\n')}`);
});
