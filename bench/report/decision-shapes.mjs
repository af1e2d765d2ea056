// The decision against AI SDK's approval helper on the inputs an app feeds: issue 25's fresh
// decisions and re-asks (lib/fresh-bench.mjs), and issue 33's real shapes, the recorded
// conversations' asks (lib/real-shapes.mjs).
import { fixed, int, ratio } from './format.mjs';

/** Issue 25: fresh decisions and re-asks against AI SDK's approval helper. */
function freshSection(node, chromium) {
  if (!node && !chromium) return [];
  const rows = [];
  for (const [env, results] of [['Node', node], ['Chromium', chromium]]) {
    for (const r of results ?? []) {
      const { freshLibrary, freshAi, reaskLibrary, reaskAi } = r.ns;
      rows.push(`| ${env} | ${r.name} | ${int(freshLibrary)} ns | ${int(freshAi)} ns | **${ratio(freshLibrary / freshAi)}** | ${int(reaskLibrary)} ns | ${int(reaskAi)} ns | **${ratio(reaskLibrary / reaskAi)}** |`);
    }
  }
  return [
    '## Fresh decisions and re-asks (issue 25)',
    '',
    "A fresh call sees another last message than the call before: a new snapshot of the same message as AI SDK's `Chat` makes on every update (`{...message, parts: parts.map((part) => ({...part}))}`: new message and part objects, the same id strings), with the leading step-start, reasoning and text parts in another of six orders, so the engine's last-decision memo cannot answer; every user action in it was sent before timing, so every call answers `false`. A re-ask sees the same message again. Both sides go through the same wrapper, interleaved, against AI SDK's stateless `lastAssistantMessageIsCompleteWithApprovalResponses` (goals: fresh ≤ 2×, re-ask ≤ 1.5×), in a Node process and a Chromium page of their own: neither side has met any other input (the answer check's malformed inputs, which made the property reads of whichever side saw them polymorphic, stay in the decision bench's own process).",
    '',
    '| where | set | fresh: library | fresh: AI SDK | fresh ratio | re-ask: library | re-ask: AI SDK | re-ask ratio |',
    '|---|---|--:|--:|--:|--:|--:|--:|',
    ...rows,
    '',
  ];
}

/** Issue 33 §5: the recorded conversations' asks, both deciders on the same well-formed inputs. */
function realShapesSection(node, chromium) {
  if (!node && !chromium) return [];
  const rows = [];
  for (const [env, r] of [['Node', node], ['Chromium', chromium]]) {
    if (!r) continue;
    rows.push(`| ${env} | ${r.conversations} | ${int(r.asks)} | ${fixed(r.perAsk.library / 1000, 3)} µs | ${fixed(r.perAsk.ai / 1000, 3)} µs | **${ratio(r.perAsk.library / r.perAsk.ai)}** | ${fixed(r.ns.createAutoSend / 1000, 2)} µs | ${r.sends.library} / ${r.sends.ai} |`);
  }
  return [
    '## Real shapes (issue 33)',
    '',
    "Every recorded backend conversation (`../shared/fixtures`) replayed through AI SDK's `readUIMessageStream`: each snapshot of the assistant message it builds is one ask, and so is the message after each user action between the responses (an approval answered; `get_location`'s output added after its approval, Pattern A). A continued response keeps the message, as `Chat` does. The library asks with a new `createAutoSend` per conversation (its cost included; alone in the table), AI SDK's `lastAssistantMessageIsCompleteWithApprovalResponses` on the same asks; both in a Node process and a Chromium page of their own, so each has met only these well-formed shapes. Times are per ask; the two answer different questions (AI SDK's helper knows no browser tools or Pattern A), so their `true` counts differ (`bench/lib/real-shapes.mjs`).",
    '',
    '| where | conversations | asks | library, per ask | AI SDK, per ask | ratio | `createAutoSend` alone | sends: library / AI SDK |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
    ...rows,
    '',
  ];
}

/** Both sections, real shapes first: what the report shows after the goals and in its detail. */
export function shapesSections(node, chromium) {
  return [...realShapesSection(node.realShapes, chromium.realShapes), ...freshSection(node.fresh, chromium.fresh)];
}

/** What `run.mjs --decision` prints: the decision sections alone, with the run's date and load. */
export function decisionReport({ machine, node, chromium }) {
  const sets = [];
  for (const [env, results] of [['Node', node.results], ['Chromium', chromium.results]]) {
    for (const r of results) sets.push(`| ${env} | ${r.name} | ${int(r.ns.library)} ns | ${int(r.ns.baseline)} ns | ${int(r.ns.aiApproval)} ns | ${ratio(r.ns.library / r.ns.aiApproval)} |`);
  }
  return [
    `# The decision bench alone (\`bash scripts/bench.sh --decision\`), ${machine.date}`,
    '',
    `Node ${machine.node}, Chromium ${machine.chromium}, ${machine.nproc} cores, load average ${machine.loadStart} → ${machine.loadEnd}; package at commit \`${machine.commit}\`${machine.dirty ? ' (with uncommitted changes)' : ''}.`,
    '',
    ...shapesSections(node, chromium),
    '## Steady state, every message set',
    '',
    '| where | set | library | plain JS | AI SDK approval helper | library ÷ AI SDK |',
    '|---|---|--:|--:|--:|--:|',
    ...sets,
    '',
  ];
}
