/**
 * Seeded randomness for simulations, fuzz tests and generated test data: pure-rand's
 * xoroshiro128+ behind a plain `() => number`, so that no module grows a generator of its own.
 * (The wall has its own seeding from the match seed; see wall.ts.)
 */
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/** Floats in [0, 1), the same sequence for the same seed on every machine. */
export function seededRandom(seed: number): () => number {
  const generator = xoroshiro128plus(seed);
  return () => uniformFloat64(generator);
}
