// Issue 16's goals ("numbers across") and issue 25's, each beside the baseline measured in the same run: the table
// at the top of BENCHMARKS.md that says how far the package is from each.
import { fixed, int, kb, ratio, signed } from './format.mjs';
import { GET_LOCATION_GOAL, SIZE_GOALS } from './size.mjs';

export const GOALS = {
  startupColdAddedMs: 3,
  nodeOneToolNs: 500,
  nodeTwentyToolsNs: 3000,
  vsBaseline: 0.5,
  vsAiApproval: 4,
  bidiThroughput: 1,
  bidiWorkPerFrame: 1.2,
  growth: 1.5,
  // Issue 25: a decision on a changed last message, and a re-ask, ÷ AI SDK's approval helper.
  freshVsAi: 2,
  reaskVsAi: 1.5,
  // Issue 40 item 5: creating an engine with 100,000 alive ÷ with none.
  engineCreation: 1.5,
};

function worstOf(results, f) {
  return results.reduce((w, r) => (w === null || f(r) > f(w) ? r : w), null);
}

/** Largest cost ratio between two sets that differ in `dimension` only, its smallest and largest value. */
function worstGrowth(results, dimension) {
  const others = ['history', 'outputBytes', 'toolParts'].filter((d) => d !== dimension);
  const values = results.map((r) => r[dimension]);
  const [min, max] = [Math.min(...values), Math.max(...values)];
  let worst = null;
  for (const small of results.filter((r) => r[dimension] === min)) {
    for (const large of results.filter((r) => r[dimension] === max)) {
      if (others.some((d) => small[d] !== large[d])) continue;
      const value = large.ns.library / small.ns.library;
      if (worst === null || value > worst.value) worst = { value, name: `${small.name} → ${large.name}` };
    }
  }
  return worst;
}

/** `[{what, goal, value, baseline, met, gap}]`, one per goal. */
export function goals(data) {
  const out = [];
  const { size, startup, node, chromium, bidi } = data;
  const base = size.apps.baseline.plain.loaded.gzip;
  const apps = [
    ['sse', 'SSE app (`adk-stream-wasm` + `/react/sse`, the SSE-only hook)'],
    ['sse-universal', 'SSE app through `/react` (the hook that takes either mode at run time)'],
    ['bidi', 'BIDI app (`/react` in BIDI mode with `/transport`)'],
    // Issue 42: against AI SDK's Vue and Svelte Chat with no package.
    ['vue-sse', 'Vue SSE app (`/vue/sse`, the SSE-only entry)'],
    ['vue-bidi', 'Vue BIDI app (`/vue/bidi`, the BIDI-only entry)'],
    ['svelte-sse', 'Svelte SSE app (`/svelte/sse`, the SSE-only entry)'],
    ['svelte-bidi', 'Svelte BIDI app (`/svelte/bidi`, the BIDI-only entry)'],
  ];
  for (const [name, label] of apps.filter(([name]) => size.added[name])) {
    const added = size.added[name].loaded.gzip;
    const goal = SIZE_GOALS[name];
    const decided = size.apps[name].plain.run.ok;
    out.push({
      what: `Vite production build, ${label}: bytes added (JS + wasm, gzip -9, the files the page loads)`,
      goal: goal === undefined ? '(no goal; shown beside it)' : `≤ ${kb(goal)}`,
      value: `+${kb(added)} (${int(added)} B)`,
      baseline: name.includes('-') && !name.startsWith('sse') ? `the ${name.split('-')[0]} baseline app loads ${kb(size.apps[`${name.split('-')[0]}-baseline`].plain.loaded.gzip)}` : `the baseline app loads ${kb(base)}`,
      met: goal === undefined ? null : decided && added <= goal,
      gap: goal === undefined ? '' : !decided ? 'the built app did not decide in Chromium (section 3)' : added <= goal ? '' : `${kb(added - goal)} over; wasm ${kb(size.added[name].wasm.gzip)}, bindings ${kb(size.added[name].bindings.gzip)}, glue ${kb(size.added[name].glue.gzip)} (section 3)`,
    });
  }
  const getLocation = size.added.getLocation;
  if (getLocation) {
    const added = getLocation.loaded.gzip;
    out.push({
      what: 'Vite production build, an app that runs `get_location` (`getLocation()`): bytes loaded beyond the same app without it (gzip -9)',
      goal: `≤ ${kb(GET_LOCATION_GOAL)}`,
      value: `+${kb(added)} (${int(added)} B)`,
      baseline: `the SSE app without the call; files only it loads: ${getLocation.extraFiles.map((f) => f.file).join(', ') || 'none'}`,
      met: getLocation.ok && added <= GET_LOCATION_GOAL,
      gap: !getLocation.ok ? `an app did not decide, or the tool did not answer, in Chromium (${getLocation.location})` : added <= GET_LOCATION_GOAL ? '' : `${kb(added - GET_LOCATION_GOAL)} over (section 3)`,
    });
  }
  // The start-up goal is judged bundled, as an app ships the package; served unbundled (one module
  // per file, round trips) is shown beside it.
  const forms = [['libraryBundled', 'baselineBundled', ', each side bundled into one file as an app ships it', true], ['library', 'baseline', ', served unbundled (one request per module)', false]];
  for (const [libName, plainName, how, judged] of forms.filter(([name]) => startup.cold[name])) for (const k of ['cold', 'warm']) {
    const lib = startup[k][libName].firstDecisionMs;
    const plain = startup[k][plainName].firstDecisionMs;
    // The median of the differences within each round, where the run has them (see startup.mjs).
    const added = startup.added ? startup.added[k][libName] : lib - plain;
    const isGoal = judged && k === 'cold';
    out.push({
      what: `import → first synchronous decision, headless Chromium, ${k}${how}, minus the plain-JS page's (median of the ${startup.cold[libName].samples} rounds' differences)`,
      goal: isGoal ? `≤ +${GOALS.startupColdAddedMs} ms` : '(no goal; shown beside it)',
      value: `${signed(added, 1)} ms (${fixed(lib, 1)} ms)`,
      baseline: `plain-JS page ${fixed(plain, 1)} ms`,
      met: isGoal ? added <= GOALS.startupColdAddedMs : null,
      gap: isGoal && added > GOALS.startupColdAddedMs ? `${fixed(added - GOALS.startupColdAddedMs, 1)} ms over (section 5)` : '',
    });
  }
  for (const [parts, limit] of [[1, GOALS.nodeOneToolNs], [20, GOALS.nodeTwentyToolsNs]]) {
    const w = worstOf(node.results.filter((r) => r.toolParts === parts), (r) => r.ns.library);
    out.push({
      what: `decision in Node, ${parts} tool part${parts > 1 ? 's' : ''} (steady state; the slowest of the ${parts}-part sets: ${w.name})`,
      goal: `≤ ${fixed(limit / 1000, 1)} µs`,
      value: `${fixed(w.ns.library / 1000)} µs`,
      baseline: `plain JS ${fixed(w.ns.baseline / 1000)} µs (${ratio(w.ns.library / w.ns.baseline)})`,
      met: w.ns.library <= limit,
      gap: w.ns.library <= limit ? '' : `${int(w.ns.library - limit)} ns over (section 1, "in parts", and "Where the time goes")`,
    });
  }
  for (const [env, results] of [['Node', node.results], ['Chromium', chromium.results]]) {
    const b = worstOf(results, (r) => r.ns.library / r.ns.baseline);
    const vsBase = b.ns.library / b.ns.baseline;
    out.push({
      what: `decision ÷ the plain-JS baseline, every message set, ${env} (worst: ${b.name})`,
      goal: `≤ ${ratio(GOALS.vsBaseline)} (twice as fast)`,
      value: ratio(vsBase),
      baseline: `plain JS ${fixed(b.ns.baseline / 1000)} µs, library ${fixed(b.ns.library / 1000)} µs`,
      met: vsBase <= GOALS.vsBaseline,
      gap: vsBase <= GOALS.vsBaseline ? '' : `${fixed(vsBase / GOALS.vsBaseline, 1)}× too slow at that set (section 1)`,
    });
    const a = worstOf(results, (r) => r.ns.library / r.ns.aiApproval);
    const vsAi = a.ns.library / a.ns.aiApproval;
    out.push({
      what: `decision ÷ AI SDK's \`lastAssistantMessageIsCompleteWithApprovalResponses\`, every set, ${env} (worst: ${a.name})`,
      goal: `≤ ${ratio(GOALS.vsAiApproval)}`,
      value: ratio(vsAi),
      baseline: `AI SDK ${fixed(a.ns.aiApproval / 1000)} µs, library ${fixed(a.ns.library / 1000)} µs`,
      met: vsAi <= GOALS.vsAiApproval,
      gap: vsAi <= GOALS.vsAiApproval ? '' : `${fixed(vsAi / GOALS.vsAiApproval, 1)}× over at that set (section 1)`,
    });
  }
  // Issue 25: fresh decisions (every call another last message) and re-asks, 1 and 20 tool parts,
  // each side in a process (a page) of its own, where it met no other input (bench/lib/fresh-bench.mjs).
  for (const [env, fresh] of [['Node', node.fresh], ['Chromium', chromium.fresh]]) {
    if (!fresh) continue;
    for (const [kind, goal, label] of [['fresh', GOALS.freshVsAi, 'a fresh decision (each call another last message)'], ['reask', GOALS.reaskVsAi, 're-asked on an unchanged message']]) {
      for (const parts of [1, 20]) {
        const w = worstOf(fresh.filter((r) => r.toolParts === parts), (r) => r.ns[`${kind}Library`] / r.ns[`${kind}Ai`]);
        if (!w) continue;
        const value = w.ns[`${kind}Library`] / w.ns[`${kind}Ai`];
        out.push({
          what: `${label} ÷ AI SDK's approval helper, ${env}, ${parts} tool part${parts > 1 ? 's' : ''} (worst of 1 and 1,000 messages: ${w.name})`,
          goal: `≤ ${ratio(goal)}`,
          value: ratio(value),
          baseline: `AI SDK ${fixed(w.ns[`${kind}Ai`] / 1000)} µs, library ${fixed(w.ns[`${kind}Library`] / 1000)} µs, the two alone in a process (a page) of their own`,
          met: value <= goal,
          gap: value <= goal ? '' : `${fixed(value / goal, 1)}× over ("Fresh decisions and re-asks" below)`,
        });
      }
    }
  }
  // Issue 33 §5: the recorded conversations' asks, on inputs both sides meet in use, reported beside
  // the goals: the issue sets none for them (the library's side includes a new engine per
  // conversation and the browser tools, which AI SDK's helper does not know).
  for (const [env, r] of [['Node', node.realShapes], ['Chromium', chromium.realShapes]]) {
    if (!r) continue;
    const value = r.perAsk.library / r.perAsk.ai;
    out.push({
      what: `real shapes: every ask of the ${r.conversations} recorded conversations (${int(r.asks)} asks, a new engine per conversation) ÷ AI SDK's approval helper, ${env}`,
      goal: '(no goal; shown beside it)',
      value: ratio(value),
      baseline: `AI SDK ${fixed(r.perAsk.ai / 1000, 3)} µs an ask, library ${fixed(r.perAsk.library / 1000, 3)} µs (\`createAutoSend\` alone ${fixed(r.ns.createAutoSend / 1000)} µs)`,
      met: null,
      gap: '',
    });
  }
  if (bidi && bidi.throughput) {
    // The median of each round's ratio where the run has it (sections/bidi.mjs says why).
    const chat = bidi.throughput.chat.pairedRatio ?? bidi.throughput.chat.library / bidi.throughput.chat.baseline;
    out.push({
      what: `BIDI chunks/s into AI SDK's \`Chat\`, library ÷ the plain-JS receiver (median of ${bidi.throughputRuns} rounds' ratios)`,
      goal: `≥ ${ratio(GOALS.bidiThroughput)}`,
      value: ratio(chat),
      baseline: `plain JS ${int(bidi.throughput.chat.baseline)} chunks/s`,
      met: chat >= GOALS.bidiThroughput,
      gap: chat >= GOALS.bidiThroughput ? '' : 'section 4',
    });
    const p = bidi.receiveProfile;
    if (p && p.library && p.baseline) {
      const work = p.pairedRatio ?? p.library.busyUsPerFrame / p.baseline.busyUsPerFrame;
      out.push({
        what: `BIDI main-thread work per frame, library ÷ the plain-JS receiver (CPU profile; median of ${p.runs ?? 1} rounds' ratios)`,
        goal: `≤ ${ratio(GOALS.bidiWorkPerFrame)}`,
        value: `${ratio(work)} (${fixed(p.library.busyUsPerFrame, 1)} µs)`,
        baseline: `plain JS ${fixed(p.baseline.busyUsPerFrame, 1)} µs`,
        met: work <= GOALS.bidiWorkPerFrame,
        gap: work <= GOALS.bidiWorkPerFrame ? '' : 'section 4',
      });
    }
  }
  const engines = node.engines;
  if (engines) {
    out.push({
      what: `creating an engine (\`createAutoSend\`) with ${int(engines.alive)} engines alive ÷ with none, Node (fastest of ${engines.rounds} batches of ${int(engines.batch)} each side, interleaved)`,
      goal: `≤ ${ratio(GOALS.engineCreation)}`,
      value: ratio(engines.ratio),
      baseline: `${fixed((engines.noneMs * 1000) / engines.batch, 2)} µs a creation with none alive, ${fixed((engines.manyMs * 1000) / engines.batch, 2)} µs with ${int(engines.alive)}`,
      met: engines.ratio <= GOALS.engineCreation,
      gap: engines.ratio <= GOALS.engineCreation ? '' : `${fixed(engines.ratio / GOALS.engineCreation, 1)}× over (src/exports/mod.rs \`Slots\`)`,
    });
  }
  for (const [dimension, label] of [['history', '1 → 10,000 messages'], ['outputBytes', '100 B → 1 MB outputs']]) {
    const n = worstGrowth(node.results, dimension);
    const c = worstGrowth(chromium.results, dimension);
    const w = n.value >= c.value ? { ...n, env: 'Node' } : { ...c, env: 'Chromium' };
    out.push({
      what: `growth ${label} (worst of Node and Chromium)`,
      goal: `≤ ${ratio(GOALS.growth)}`,
      value: `${ratio(w.value)} (${w.env}: ${w.name})`,
      baseline: 'section 2 has the plain-JS ratios',
      met: w.value <= GOALS.growth,
      gap: '',
    });
  }
  return out;
}

export function goalsTable(data) {
  const list = goals(data);
  const judged = list.filter((g) => g.met !== null);
  const { loadStart, loadEnd } = data.machine;
  const busy = Math.max(loadStart, loadEnd) > Number(data.machine.nproc);
  return [
    `## Goals (issues 16 and 25): ${judged.filter((g) => g.met).length} of ${judged.length} met`,
    '',
    ...(busy
      ? [`Sizes are exact. Times were taken with a load average of ${loadStart} to ${loadEnd} on ${data.machine.nproc} cores (other work on the machine): each comparison is interleaved in one process, but absolute times and single ratios are inflated and noisy; judge the time goals on a quiet run.`, '']
      : []),
    '| what | goal | this run | baseline, same run | result |',
    '|---|---|--:|---|---|',
    ...list.map((g) => `| ${g.what} | ${g.goal} | **${g.value}** | ${g.baseline} | ${g.met === null ? '' : g.met ? '**met**' : `**not met**${g.gap ? `: ${g.gap}` : ''}`} |`),
    '',
  ];
}
