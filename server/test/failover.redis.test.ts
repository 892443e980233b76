/**
 * Failover, short version (`npm run adversarial -- --only failover` runs 30 tables): three
 * server processes on one PostgreSQL and one Redis, one SIGKILLed mid-hand; the two others take
 * its tables over from the ledger and every match finishes, each table held by one process,
 * every view seen in the ledger.
 */
import { describe, expect, it } from 'vitest';
import { failover } from './adversarial.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('failover across live processes', () => {
  it('one of three processes killed mid-hand: its tables finish on the others, nothing lost', {
    timeout: 300_000,
  }, async () => {
    const report = await failover({ tables: 6, redisUrl: REDIS_URL });
    console.log(JSON.stringify(report));
    expect(report.problems).toEqual([]);
    expect(report.orphaned).toBeGreaterThan(0);
    expect(report.takeoverMs).toBeGreaterThanOrEqual(0);
    expect(report.viewsChecked).toBeGreaterThan(100);
  });
});
