// Approval safety of the browser tool runner (SPEC §4, ADR 0005), with AI SDK 6's real Chat and the
// packed package: a browser tool that needs approval never runs before its approving answer is
// committed in chat.messages, never after a deny, never twice per tool call; including rapid
// double clicks (approve called concurrently), re-renders (the runner's check triggered many
// times), re-attaching the chat, and an answer given while the response is still streaming.
// The stubbed get_location checks, each time it runs, the committed state of its own part.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { Chat } from '@ai-sdk/react';
import { approve, deny } from 'adk-stream-wasm';
import { createAdk } from 'adk-stream-wasm/chat';
import { ScriptedTransport, toolCall, text, ask, settled, until, lastPart } from './lib/scripted.mjs';
import { makeRng, baseSeed } from './lib/rng.mjs';
import { writeFigures } from './lib/report.mjs';

const POSITION = { latitude: 35.6762, longitude: 139.6503, accuracy: 20, timestamp: 1_767_225_600_000 };
const LOC = ['call-loc', 'approval-loc'];
const figures = { scenarios: 0, randomRuns: 0, triggers: 0, executorRuns: 0, violations: 0 };

function deferred() {
  let resolve;
  const promise = new Promise((r) => (resolve = r));
  return { promise, resolve };
}

/** A chat whose first response asks to approve get_location; `hold` keeps that response open. */
function setup({ mode = 'sse', pattern = 'A', hold = null, delayMs = 20 } = {}) {
  const bidi = mode === 'bidi';
  const first = [
    { type: 'start', messageId: 'm1' },
    ...text('t0', 'Let me find you.'),
    ...toolCall(LOC[0], 'get_location'),
    ...(bidi ? [{ type: 'start-step' }] : []),
    ...ask(LOC),
    ...(hold ? [{ hold }] : []),
    bidi ? { type: 'finish-step' } : { type: 'finish' },
  ];
  const second = [...(bidi ? [] : [{ type: 'start', messageId: 'm2' }]), ...text('t1', 'You are in Tokyo.'), { type: 'finish' }];
  const transport = new ScriptedTransport([first, second]);
  const runs = [];
  let chat;
  const execute = async (_input, { toolCallId }) => {
    const part = chat.messages.flatMap((m) => m.parts).find((p) => p.toolCallId === toolCallId);
    runs.push({ toolCallId, state: part?.state, approved: part?.approval?.approved, status: chat.status });
    figures.executorRuns++;
    await new Promise((r) => setTimeout(r, delayMs));
    return { ...POSITION };
  };
  const adk = createAdk({ mode, bidiPattern: pattern, transport, tools: { get_location: { execute, requiresApproval: true } } });
  chat = new Chat({ transport, sendAutomaticallyWhen: adk.sendAutomaticallyWhen });
  adk.attach(chat);
  /** Triggers the runner as re-renders do: runTools and the render-time helpers, n times. (Not
   *  sendAutomaticallyWhen: it is AI SDK's, and by SPEC D16 a `true` it returns counts as sent.) */
  const trigger = async (n) => {
    figures.triggers += n;
    const jobs = [];
    for (let i = 0; i < n; i++) {
      jobs.push(adk.runTools());
      adk.explain();
      adk.pendingApprovals();
    }
    await Promise.all(jobs);
  };
  return { chat, adk, transport, runs, trigger };
}

function checkRuns(runs, { expected }) {
  for (const run of runs) {
    if (run.state !== 'approval-responded' || run.approved !== true) figures.violations++;
    assert.equal(run.state, 'approval-responded', `get_location ran with its part in state ${run.state}`);
    assert.equal(run.approved, true, 'get_location ran without an approving answer committed');
  }
  assert.equal(runs.length, expected, `get_location ran ${runs.length} times, expected ${expected}`);
}

const MODES = [['sse', 'A'], ['bidi', 'A'], ['bidi', 'B']];

for (const [mode, pattern] of MODES) {
  describe(`${mode}${mode === 'bidi' ? ` Pattern ${pattern}` : ''}`, () => {
    test('never before the approving answer is committed, however often the runner looks', async () => {
      figures.scenarios++;
      const s = setup({ mode, pattern });
      await s.chat.sendMessage({ text: 'Where am I?' });
      await settled(s.chat, s.transport);
      await s.trigger(50);
      checkRuns(s.runs, { expected: 0 });
      await approve(s.chat, LOC[1]);
      await s.adk.whenToolsIdle();
      await settled(s.chat, s.transport);
      checkRuns(s.runs, { expected: 1 });
      assert.equal(s.transport.requests.length, 2);
      if (pattern === 'B') {
        assert.deepEqual(s.transport.toolResults, [{ toolCallId: LOC[0], result: POSITION }]);
      } else {
        assert.deepEqual(lastPart(s.transport.requests[1], LOC[0]).output, POSITION);
      }
    });

    test('never after a deny, however often the runner looks', async () => {
      figures.scenarios++;
      const s = setup({ mode, pattern });
      await s.chat.sendMessage({ text: 'Where am I?' });
      await settled(s.chat, s.transport);
      await deny(s.chat, LOC[1], { reason: 'no' });
      await s.trigger(50);
      await settled(s.chat, s.transport);
      await s.trigger(50);
      checkRuns(s.runs, { expected: 0 });
      assert.equal(s.transport.requests.length, 2);
      assert.equal(lastPart(s.transport.requests[1], LOC[0]).approval.approved, false);
      assert.deepEqual(s.transport.toolResults, []);
    });

    test('a double click (approve twice at once, five times at once) runs the tool once and sends once', async () => {
      for (const clicks of [2, 5]) {
        figures.scenarios++;
        const s = setup({ mode, pattern });
        await s.chat.sendMessage({ text: 'Where am I?' });
        await settled(s.chat, s.transport);
        const outcomes = await Promise.allSettled(Array.from({ length: clicks }, () => approve(s.chat, LOC[1])));
        for (const outcome of outcomes) {
          if (outcome.status === 'rejected') {
            assert.match(outcome.reason.name, /^Adk(UnknownApproval|NotCommitted)Error$/, String(outcome.reason));
          }
        }
        assert.ok(outcomes.some((o) => o.status === 'fulfilled'), 'one of the clicks is applied');
        await s.trigger(20);
        await s.adk.whenToolsIdle();
        await settled(s.chat, s.transport);
        checkRuns(s.runs, { expected: 1 });
        assert.equal(s.transport.requests.length, 2, `${clicks} clicks`);
        assert.equal(s.transport.toolResults.length, pattern === 'B' ? 1 : 0);
      }
    });

    test('approve and deny clicked at once: the committed answer decides, the tool runs at most once', async () => {
      for (const first of ['approve', 'deny']) {
        figures.scenarios++;
        const s = setup({ mode, pattern });
        await s.chat.sendMessage({ text: 'Where am I?' });
        await settled(s.chat, s.transport);
        const clicks = first === 'approve' ? [approve, deny] : [deny, approve];
        await Promise.allSettled(clicks.map((answer) => answer(s.chat, LOC[1])));
        await s.trigger(20);
        await s.adk.whenToolsIdle();
        await settled(s.chat, s.transport);
        const committed = s.chat.messages.flatMap((m) => m.parts).find((p) => p.toolCallId === LOC[0]).approval.approved;
        checkRuns(s.runs, { expected: committed ? 1 : 0 });
        assert.equal(s.transport.requests.length, 2);
        assert.equal(lastPart(s.transport.requests[1], LOC[0]).approval.approved, committed);
      }
    });

    test('re-renders while the tool runs (the runner check triggered 100 times): one run, one output', async () => {
      figures.scenarios++;
      const s = setup({ mode, pattern, delayMs: 60 });
      await s.chat.sendMessage({ text: 'Where am I?' });
      await settled(s.chat, s.transport);
      const answered = approve(s.chat, LOC[1]);
      await s.trigger(30);
      await answered;
      await s.trigger(100);
      await s.adk.whenToolsIdle();
      await s.trigger(30);
      await settled(s.chat, s.transport);
      checkRuns(s.runs, { expected: 1 });
      assert.equal(s.transport.requests.length, 2);
    });

    test('the answer given while the response is still streaming: the tool runs once, after the commit, never during the stream', async () => {
      for (const answer of ['approve', 'deny']) {
        figures.scenarios++;
        const hold = deferred();
        const s = setup({ mode, pattern, hold: hold.promise });
        const sending = s.chat.sendMessage({ text: 'Where am I?' });
        await until(() => s.adk.pendingApprovals().length === 1, 'the approval request is shown while streaming');
        assert.equal(s.chat.status, 'streaming');
        await (answer === 'approve' ? approve : deny)(s.chat, LOC[1]);
        await s.trigger(30);
        assert.equal(s.transport.requests.length, 1, 'nothing is sent while the response streams');
        hold.resolve();
        await sending;
        await s.adk.whenToolsIdle();
        await settled(s.chat, s.transport);
        checkRuns(s.runs, { expected: answer === 'approve' ? 1 : 0 });
        for (const run of s.runs) assert.notEqual(run.status, 'submitted', 'the tool ran while a request was being submitted');
        assert.equal(s.transport.requests.length, 2, `${answer} while streaming`);
        const sent = lastPart(s.transport.requests[1], LOC[0]);
        assert.equal(sent.approval.approved, answer === 'approve');
        if (answer === 'approve' && pattern !== 'B') assert.deepEqual(sent.output, POSITION);
      }
    });

    test('re-attaching the chat (detach + attach, as a React effect re-run does) while the tool runs: it still runs once (finding B2)', async () => {
      figures.scenarios++;
      const s = setup({ mode, pattern, delayMs: 60 });
      await s.chat.sendMessage({ text: 'Where am I?' });
      await settled(s.chat, s.transport);
      await approve(s.chat, LOC[1]);
      await until(() => s.runs.length === 1, 'the tool started');
      s.adk.detach();
      s.adk.attach(s.chat);
      await s.trigger(20);
      await s.adk.whenToolsIdle();
      await settled(s.chat, s.transport);
      await s.trigger(20);
      await s.adk.whenToolsIdle();
      checkRuns(s.runs, { expected: 1 });
      assert.equal(s.transport.requests.length, 2);
    });
  });
}

test('random interleavings of clicks, re-renders and streaming answers (seeded)', async () => {
  const base = baseSeed();
  const runs = Number(process.env.SAFETY_RUNS ?? 150);
  for (let i = 0; i < runs; i++) {
    const seed = (base + i) >>> 0;
    const rng = makeRng(seed);
    const [mode, pattern] = rng.pick(MODES);
    const streaming = rng.chance(0.4);
    const hold = streaming ? deferred() : null;
    const s = setup({ mode, pattern, hold: hold?.promise, delayMs: rng.int(30) });
    const where = `seed ${seed} (${mode} ${pattern}${streaming ? ', answered while streaming' : ''}); replay with HARDENING_SEED=${seed} SAFETY_RUNS=1`;
    const sending = s.chat.sendMessage({ text: 'Where am I?' });
    await until(() => s.adk.pendingApprovals().length === 1, `the approval is shown (${where})`);
    const clicks = [];
    const n = 1 + rng.int(4);
    for (let c = 0; c < n; c++) {
      clicks.push((rng.chance(0.7) ? approve : deny)(s.chat, LOC[1]).catch((e) => e));
      if (rng.chance(0.5)) await s.trigger(1 + rng.int(10));
      if (rng.chance(0.3)) await new Promise((r) => setImmediate(r));
    }
    await Promise.all(clicks);
    const reattached = rng.chance(0.3);
    if (reattached) {
      s.adk.detach();
      s.adk.attach(s.chat);
    }
    hold?.resolve();
    await sending;
    await s.trigger(1 + rng.int(20));
    await s.adk.whenToolsIdle();
    await settled(s.chat, s.transport, 20);
    const committed = s.chat.messages.flatMap((m) => m.parts).find((p) => p.toolCallId === LOC[0]).approval?.approved;
    try {
      checkRuns(s.runs, { expected: committed === true ? 1 : 0 });
      assert.equal(s.transport.requests.length, 2);
    } catch (error) {
      // Known finding B2 (findings.test.mjs): detach() forgets the runner's claims and what was
      // sent, so re-attaching while the tool runs or the answer is in flight repeats them.
      if (reattached && (/ran 2 times/.test(error.message) || s.transport.requests.length > 2)) {
        figures.knownFindingB2 = (figures.knownFindingB2 ?? 0) + 1;
        continue;
      }
      error.message = `${where}: ${error.message}`;
      throw error;
    }
    figures.randomRuns++;
  }
  writeFigures('approval-safety', { baseSeed: base, ...figures });
});
