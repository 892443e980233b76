/**
 * Random JSON-like values for the view comparison and patch tests (`view-change.test.ts`,
 * `view-patch.test.ts`), with undefined properties, which JSON drops, so that both sides of a
 * comparison meet what a view may hold.
 */

/** How likely a node is a leaf, or else an array, below `depth`; otherwise an object. */
export interface RandomShape {
  readonly leaf: number;
  readonly array: number;
}

/** A random value from `next` (uniform in [0, 1)): leaves, arrays of up to 3, objects over keys a-d. */
export function randomValue(next: () => number, depth: number, shape: RandomShape): unknown {
  const r = next();
  if (depth <= 0 || r < shape.leaf) {
    const leaves = [0, 1, -1, 2.5, '', 'a', 'b', true, false, null];
    return leaves[Math.floor(next() * leaves.length)];
  }
  if (r < shape.array) return Array.from({ length: Math.floor(next() * 4) }, () => randomValue(next, depth - 1, shape));
  const o: Record<string, unknown> = {};
  for (const k of ['a', 'b', 'c', 'd']) {
    const p = next();
    if (p < 0.5) o[k] = randomValue(next, depth - 1, shape);
    else if (p < 0.6) o[k] = undefined;
  }
  return o;
}
