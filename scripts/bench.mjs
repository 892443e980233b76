#!/usr/bin/env node
/**
 * `npm run bench [NAME]`: runs every workspace benchmark (`<ws>/bench/<name>.bench.ts`), or those
 * whose file name contains NAME, one after another, each in its own process so that one's heap
 * does not disturb the next. Each prints its figures, and the printed figures are written into
 * `docs/benchmarks.md` (its section for that file, with the machine and its load at the time),
 * the one place the READMEs link to for figures. Benchmarks never run inside the test suite.
 * `--no-record` leaves the file alone.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeSections, renderSection } from './bench-record.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const record = !args.includes('--no-record');
const only = args.find((a) => !a.startsWith('--'));
const target = join(root, 'docs/benchmarks.md');

/** Runs one benchmark, echoing its output as it comes; resolves to the output and exit status. */
function run(file) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsx', file], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      out += chunk;
    });
    child.on('close', (status) => resolve({ out, status: status ?? 1 }));
  });
}

const files = [];
for (const ws of ['shared', 'server', 'client']) {
  const dir = join(root, ws, 'bench');
  if (!existsSync(dir)) continue;
  for (const f of readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts'))
    .sort()) {
    if (!only || f.includes(only)) files.push(`${ws}/bench/${f}`);
  }
}
if (files.length === 0) {
  console.error(`no benchmark matches "${only}"`);
  process.exit(2);
}

let failed = 0;
const sections = [];
for (const file of files) {
  console.log(`\n== ${file}`);
  const load = loadavg()[0];
  const started = new Date();
  const { out, status } = await run(file);
  if (status !== 0) {
    failed++;
    console.error(`${file} failed (exit ${status}); its recorded figures are left as they were`);
    continue;
  }
  sections.push(
    renderSection({
      file,
      date: started.toISOString().slice(0, 16).replace('T', ' '),
      machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.versions.node}`,
      load: load.toFixed(1),
      output: out,
    }),
  );
}
if (record && sections.length > 0) {
  const before = existsSync(target) ? readFileSync(target, 'utf8') : '';
  writeFileSync(target, mergeSections(before, sections));
  console.log(`\nfigures written to docs/benchmarks.md (${sections.length} section(s))`);
}
process.exit(failed ? 1 : 0);
