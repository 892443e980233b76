/**
 * The long adversarial runs: `npm run adversarial -- [--kills 20] [--db pglite,postgres]
 * [--tables 3] [--outage-tables 20] [--cut-seconds 10] [--race-tables 10] [--failover-tables 30]
 * [--redis-tables 6] [--redis-cut-seconds 5] [--away-seconds 40] [--away-cut-seconds 8]
 * [--only kills,outage,race,failover,redis,redis-away]`, and the soak, only when asked:
 * `--only soak [--soak-tables 100] [--soak-minutes 60] [--soak-kill-minutes 10] [--db postgres]`
 * (tables at about a human pace, a SIGKILL every so many minutes, every finished match's views
 * checked, the server's memory by minute).
 *
 * Real server processes on real databases (PostgreSQL at PG_URL, Redis at REDIS_URL for the
 * race), the project's own clients. Prints one JSON report per run and exits non-zero when any
 * run found a problem. See server/test/adversarial.ts for what each run checks.
 */
import { parseArgs } from 'node:util';
import {
  type Database,
  failover,
  killLoop,
  outage,
  redisAway,
  redisOutage,
  restoreRace,
  soak,
} from '../test/adversarial.js';

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '20' },
    db: { type: 'string', default: 'pglite,postgres' },
    tables: { type: 'string', default: '3' },
    'outage-tables': { type: 'string', default: '20' },
    'cut-seconds': { type: 'string', default: '10' },
    'race-tables': { type: 'string', default: '10' },
    'failover-tables': { type: 'string', default: '30' },
    'redis-tables': { type: 'string', default: '6' },
    'redis-cut-seconds': { type: 'string', default: '5' },
    'away-seconds': { type: 'string', default: '40' },
    'away-cut-seconds': { type: 'string', default: '8' },
    only: { type: 'string', default: 'kills,outage,race,failover,redis,redis-away' },
    'soak-tables': { type: 'string', default: '100' },
    'soak-minutes': { type: 'string', default: '60' },
    'soak-kill-minutes': { type: 'string', default: '10' },
  },
});
const runs = new Set(values.only.split(','));
const log = (s: string) => console.error(`[adversarial] ${s}`);
let problems = 0;
const report = (name: string, r: { problems: string[] }) => {
  problems += r.problems.length;
  console.log(JSON.stringify({ run: name, ...r }));
};

if (runs.has('kills')) {
  for (const db of values.db.split(',') as Database[]) {
    const t0 = Date.now();
    const r = await killLoop({ db, kills: Number(values.kills), tables: Number(values.tables), log });
    report(`kills-${db}`, { ...r, seconds: Math.round((Date.now() - t0) / 1000) } as typeof r);
  }
}
if (runs.has('outage')) {
  const r = await outage({ tables: Number(values['outage-tables']), cutSeconds: Number(values['cut-seconds']), log });
  report('outage-postgres', r);
}
if (runs.has('race')) {
  const r = await restoreRace({
    tables: Number(values['race-tables']),
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  });
  report('restore-race', r);
}
if (runs.has('failover')) {
  const r = await failover({
    tables: Number(values['failover-tables']),
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    log,
  });
  report('failover', r);
}
if (runs.has('redis')) {
  const r = await redisOutage({
    tables: Number(values['redis-tables']),
    cutSeconds: Number(values['redis-cut-seconds']),
    log,
  });
  report('redis-outage', r);
}
if (runs.has('redis-away')) {
  const r = await redisAway({
    seconds: Number(values['away-seconds']),
    cutSeconds: Number(values['away-cut-seconds']),
    log,
  });
  report('redis-away', r);
}
if (runs.has('soak')) {
  const db = (values.db === 'pglite,postgres' ? 'postgres' : values.db) as Database;
  const r = await soak({
    db,
    tables: Number(values['soak-tables']),
    minutes: Number(values['soak-minutes']),
    killEveryMinutes: Number(values['soak-kill-minutes']),
    log,
  });
  report(`soak-${db}`, r);
}
process.exit(problems === 0 ? 0 : 1);
