/**
 * The adversarial runs on PostgreSQL, short versions (`npm run adversarial` runs the long
 * ones): a SIGKILL loop (one kill at a match end), and the database cut for a few seconds
 * through a TCP proxy during live play of several tables, a table created meanwhile answered 503.
 * Every table finishes its match, and every view any client saw is in the ledger. And the soak
 * in brief: matches replaced as they finish across two kills, the server's memory sampled.
 */
import { describe, expect, it } from 'vitest';
import { killLoop, outage, soak } from './adversarial.js';

describe('adversarial runs on PostgreSQL', () => {
  it('3 kills, one at a match end: nothing seen is missing from the ledger', { timeout: 600_000 }, async () => {
    const report = await killLoop({ db: 'postgres', kills: 3, tables: 2 });
    console.log(JSON.stringify(report));
    expect(report.problems).toEqual([]);
    expect(report.finalViewsAfterKill).toBeGreaterThan(0);
    expect(report.viewsChecked).toBeGreaterThan(100);
  });

  it('a 3 s database outage during 4 live tables: all pause, resume and finish; nothing lost', {
    timeout: 600_000,
  }, async () => {
    const report = await outage({ tables: 4, cutSeconds: 3 });
    console.log(JSON.stringify(report));
    expect(report.problems).toEqual([]);
    expect(report.pausedDuringCut).toBeGreaterThan(0);
    expect(report.createDuringCut).toBe(503);
  });

  it('a short soak: 2 tables kept going through 2 kills, every finished match checked', {
    timeout: 600_000,
  }, async () => {
    const report = await soak({ db: 'postgres', tables: 2, minutes: 0.5, killEveryMinutes: 0.2, botDelayMs: 0 });
    console.log(JSON.stringify(report));
    expect(report.problems).toEqual([]);
    expect(report.kills).toBe(2);
    expect(report.matchesFinished).toBeGreaterThanOrEqual(2);
    expect(report.viewsChecked).toBeGreaterThan(100);
    expect(report.rssMb.start).toBeGreaterThan(0);
  });
});
