// A `$derived` over AdkChat's pendingApprovals and explain, with an effect that records each value,
// as a Svelte component holds them (a runes module: the Svelte plugin compiles it). `stop()` ends it.
export function watchPending(chat: { pendingApprovals: Array<{ toolName: string }>; explain: { rule: string } }) {
  const values: string[] = [];
  const stop = $effect.root(() => {
    const shown = $derived(`${chat.pendingApprovals.map((p) => p.toolName).join(',') || 'none'}: ${chat.explain.rule}`);
    $effect(() => {
      values.push(shown);
    });
  });
  return { values, stop };
}

/** A `$derived` over AdkChat's pendingApprovals, explain and error, recorded by an effect, as a
 *  component's template reads them (SPEC §5 F-h). `stop()` ends it. */
export function watchShown(chat: { pendingApprovals: Array<{ toolName: string }>; explain: { rule: string }; error: unknown }) {
  const values: string[] = [];
  const stop = $effect.root(() => {
    const shown = $derived(
      `${chat.pendingApprovals.map((p) => p.toolName).join(',') || 'none'}: ${chat.explain.rule}: ${(chat.error as { kind?: string } | undefined)?.kind ?? 'no error'}`,
    );
    $effect(() => {
      values.push(shown);
    });
  });
  return { values, stop };
}
