#!/usr/bin/env node
/**
 * Writes `scripts/test-durations.json`, the seconds each test file took, from vitest JSON reports
 * (`npx vitest run --reporter=json --outputFile=report.json`, several reports merge, later ones
 * win). `scripts/test-order.ts` runs the longest files first with it on a fresh clone; files
 * that no longer exist are dropped.
 *
 *   node scripts/test-durations.mjs report.json [more.json ...]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'scripts/test-durations.json');
const reports = process.argv.slice(2);
if (reports.length === 0) {
  console.error('usage: node scripts/test-durations.mjs report.json [more.json ...]');
  process.exit(2);
}

const seconds = existsSync(target) ? JSON.parse(readFileSync(target, 'utf8')) : {};
for (const report of reports) {
  const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
  if (!Array.isArray(testResults)) {
    console.error(`${report}: not a vitest JSON report (no testResults)`);
    process.exit(1);
  }
  for (const file of testResults) {
    const path = relative(root, file.name).replaceAll('\\', '/');
    seconds[path] = Math.round((file.endTime - file.startTime) / 100) / 10;
  }
}
const kept = Object.entries(seconds)
  .filter(([path]) => existsSync(join(root, path)))
  .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
writeFileSync(target, `${JSON.stringify(Object.fromEntries(kept), null, 2)}\n`);
console.log(`${target}: ${kept.length} files, ${kept.reduce((sum, [, s]) => sum + s, 0).toFixed(0)} s in all`);
