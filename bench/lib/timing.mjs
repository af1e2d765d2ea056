// Interleaved timing, the same in Node and in the browser: every sample round runs each compared
// implementation once (in a rotating order), so machine load that comes and goes touches all of
// them alike; the result is the median of the rounds, per call.

export function median(values) {
  return percentile(values, 50);
}

export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}

/**
 * A loop calling `fn(arg)` `n` times. Each is compiled from its own source (`new Function`), so
 * every implementation gets a call site and optimised code of its own, as an app's single call site
 * would: one shared loop would turn megamorphic and let one implementation's deoptimisation slow
 * the others. The answers are counted so the calls cannot be optimised away.
 */
function looper(fn, arg) {
  // eslint-disable-next-line no-new-func
  return new Function('fn', 'arg', `return function loop(n) {
    let yes = 0;
    for (let i = 0; i < n; i++) if (fn(arg) === true) yes++;
    return yes;
  };`)(fn, arg);
}

/**
 * `impls`: `[{name, fn, arg}]`. Every implementation is first warmed up on its own argument, twice
 * around all of them, so the functions they share (the library's glue, AI SDK's helpers) have seen
 * every message set before any timing loop is compiled; a loop compiled against half-grown
 * feedback can stay slow for the whole run. Then each gets its loop, calibrated to a batch of about
 * `batchMs`, and all are timed over `rounds` interleaved rounds. Returns `{name: {ns, samples,
 * batch}}` with `ns` the median nanoseconds per call.
 */
export function interleave(impls, { now, batchMs = 2, rounds = 41, warmupMs = 25 }) {
  for (let pass = 0; pass < 2; pass++) {
    for (const { fn, arg } of impls) {
      const until = now() + warmupMs;
      while (now() < until) for (let i = 0; i < 64; i++) fn(arg);
    }
  }
  const runners = impls.map(({ name, fn, arg }) => ({ name, run: looper(fn, arg), batch: 1, samples: [] }));
  for (const runner of runners) {
    // Warm the loop itself, then find a batch size that takes about `batchMs`.
    const until = now() + warmupMs;
    while (now() < until) runner.run(64);
    let n = 1;
    for (;;) {
      const t0 = now();
      runner.run(n);
      const ms = now() - t0;
      if (ms >= batchMs / 4 || n >= 1 << 24) {
        runner.batch = Math.max(1, Math.round((n * batchMs) / Math.max(ms, 1e-3)));
        break;
      }
      n *= 4;
    }
  }
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < runners.length; k++) {
      const runner = runners[(round + k) % runners.length];
      const t0 = now();
      runner.run(runner.batch);
      const ms = now() - t0;
      runner.samples.push((ms * 1e6) / runner.batch);
    }
  }
  const result = {};
  for (const runner of runners) result[runner.name] = { ns: median(runner.samples), batch: runner.batch, samples: runner.samples.length };
  return result;
}

/**
 * Each set's description with `ns`, its implementations' timings, taken from `interleave`'s results,
 * whose names are `<set index>:<implementation>`.
 */
export function timedPerSet(meta, timed) {
  return meta.map((m, id) => {
    const ns = {};
    for (const [name, r] of Object.entries(timed)) {
      const [owner, impl] = name.split(':');
      if (Number(owner) === id) ns[impl] = r.ns;
    }
    return { ...m, ns };
  });
}
