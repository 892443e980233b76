/**
 * Property tests draw from one seed so that a run of the suite is a function of the code:
 * CI lands or fails on the code, not on the luck of the draw. `FC_SEED=random` explores
 * (fast-check picks a seed and prints it with any counterexample); `FC_SEED=<n>` replays one.
 * A counterexample found that way becomes an example test next to its property.
 */
import fc from 'fast-check';

const requested = process.env.FC_SEED ?? '20261123';
if (requested !== 'random') {
  const seed = Number(requested);
  if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer or "random", not ${requested}`);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
}
