// A small seedable random source (mulberry32): the same seed gives the same run on every machine.
export function makeRng(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng = {
    next,
    int: (n) => Math.floor(next() * n),
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)],
    shuffle: (list) => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
  return rng;
}

/** The base seed of a test run: HARDENING_SEED when set (to replay a failure), else from the clock. */
export function baseSeed() {
  const fromEnv = process.env.HARDENING_SEED;
  return fromEnv !== undefined && fromEnv !== '' ? Number(fromEnv) >>> 0 : (Date.now() ^ (process.pid << 16)) >>> 0;
}
