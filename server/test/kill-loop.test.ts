/**
 * SIGKILL loop on the embedded database (short run; `npm run adversarial` runs the long one):
 * killed during play and right at a match's end, restarted at once on the same folder (the
 * lock must not refuse), every client comes back, every finished table answers its final view,
 * and every view any client saw is in the ledger.
 */
import { describe, expect, it } from 'vitest';
import { killLoop } from './adversarial.js';

describe('SIGKILL loop (PGlite)', () => {
  it('4 kills, one at a match end: nothing seen is missing from the ledger', { timeout: 600_000 }, async () => {
    const report = await killLoop({ db: 'pglite', kills: 4, tables: 2 });
    console.log(JSON.stringify(report));
    expect(report.problems).toEqual([]);
    expect(report.killsAtMatchEnd).toBe(1);
    expect(report.finalViewsAfterKill).toBeGreaterThan(0);
    expect(report.viewsChecked).toBeGreaterThan(100);
  });
});
