/**
 * One owner per table: the process holding the tables is SIGKILLed and two processes (Redis
 * scale-out, one PostgreSQL ledger) start at once. Each table is restored by exactly one of them,
 * plays to its end with a whole log, and no write collides in the ledger.
 */
import { describe, expect, it } from 'vitest';
import { restoreRace } from './adversarial.js';

describe('two processes restoring at once', () => {
  it('leave one owner per table', { timeout: 600_000 }, async () => {
    const report = await restoreRace({ tables: 6, redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
    console.log(JSON.stringify(report));
    expect(report.problems).toEqual([]);
  });
});
