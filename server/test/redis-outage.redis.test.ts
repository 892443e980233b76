/**
 * Redis stopped and started again under two live server processes (a private redis-server on a
 * port of its own, so the shared one is untouched): nothing dies, every match finishes, and the
 * other process's sockets get views again once Redis is back.
 */
import { describe, expect, it } from 'vitest';
import { redisOutage } from './adversarial.js';

describe('a Redis outage during play', () => {
  it('3 s without Redis: both processes live on, every table finishes, nothing lost', {
    timeout: 300_000,
  }, async () => {
    const report = await redisOutage({ tables: 3, cutSeconds: 3 });
    console.log(JSON.stringify(report));
    expect(report.problems).toEqual([]);
    expect(report.remoteViewsAfter).toBeGreaterThan(0);
    expect(report.viewsChecked).toBeGreaterThan(50);
  });
});
