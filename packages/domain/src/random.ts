/**
 * Randomness is injected like time: a rule that needs chance takes a `Random` (a function answering a
 * number in [0, 1)), so tests pass a seeded one and get the same answer every run.
 */
export type Random = () => number;

/** A small, fast, seeded generator (mulberry32): same seed, same sequence, on every platform. */
export const seededRandom = (seed: number): Random => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};
