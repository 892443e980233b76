#!/usr/bin/env node
/**
 * `npm run score`: the command-line scorer (shared/src/cli/score.ts, contract in docs/scoring-command.md).
 * Other programs call it in bulk, and tsx's start-up alone costs most of a second, so this runs
 * an esbuild bundle of the command, rebuilt whenever a file under shared/src is newer than it.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'shared/src/cli/score.ts');
const bundle = join(root, 'node_modules/.cache/mahjong-score/score.mjs');

function newestUnder(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestUnder(p) : statSync(p).mtimeMs);
  }
  return newest;
}

if (!existsSync(bundle) || statSync(bundle).mtimeMs < newestUnder(join(root, 'shared/src'))) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: bundle,
    logLevel: 'warning',
  });
}
await import(pathToFileURL(bundle).href);
