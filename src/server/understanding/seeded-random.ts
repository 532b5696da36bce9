/**
 * mulberry32: a small, fast, seeded generator of numbers in [0, 1), the same on every machine. The artwork
 * and the offline writer draw from it so the same day gives the same picture; training shuffles with it so
 * the same corpus gives the same model.
 */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
