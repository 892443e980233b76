#!/usr/bin/env node
/**
 * `npm run bench`: runs every workspace benchmark (`<ws>/bench/<name>.bench.ts`) one after another,
 * each in its own process so that one's heap does not disturb the next. Each prints its figures.
 * Benchmarks never run inside the test suite.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const only = process.argv[2];
let failed = 0;
for (const ws of ['shared', 'server', 'client']) {
  const dir = join(ws, 'bench');
  if (!existsSync(dir)) continue;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts'))
    .sort()) {
    if (only && !file.includes(only)) continue;
    console.log(`\n== ${ws}/bench/${file}`);
    const r = spawnSync('npx', ['tsx', join(dir, file)], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (r.status !== 0) failed++;
  }
}
process.exit(failed ? 1 : 0);
