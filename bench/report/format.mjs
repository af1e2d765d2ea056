// Number formats and the goal verdict shared by the report's files.
export const KB = 1024;
export const int = (n) => Math.round(n).toLocaleString('en-US');
export const fixed = (n, d = 2) => n.toFixed(d);
/** A difference with its sign: `+4.4` or `−2.4` (a bundled side can start faster than its baseline). */
export const signed = (n, d = 2) => `${n < 0 ? '−' : '+'}${Math.abs(n).toFixed(d)}`;
export const ratio = (n) => `${n.toFixed(2)}×`;
export const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
export const bytesAndKb = (bytes) => `${int(bytes)} B (${kb(bytes)})`;
export const pct = (x) => `${Math.round(x * 100)} %`;
export const code = (s) => `\`${String(s).replace(/\|/g, '\\|')}\``;

/** A budget or goal line: `value` against `limit`; `atMost` (≤) or not (≥). */
export function verdict({ value, limit, atMost = true, show, gap, factor = false }) {
  const met = atMost ? value <= limit : value >= limit;
  if (met) return { met, text: `**met** (${show(value)}, budget ${atMost ? '≤' : '≥'} ${show(limit)})` };
  const over = atMost ? value - limit : limit - value;
  const rel = atMost ? value / limit - 1 : 1 - value / limit;
  const by = factor
    ? `${(value / limit).toFixed(1)} times the budget`
    : `${atMost ? 'over' : 'short'} by ${gap ? gap(over) : show(over)} (${pct(rel)})`;
  return { met, text: `**not met**: ${show(value)}, budget ${atMost ? '≤' : '≥'} ${show(limit)}; ${by}` };
}
