/**
 * Global setup of the browser suites: the client is built once per run (with the project's Vite
 * config, font plugin included) and every e2e file serves that build, instead of each file
 * building its own copy. The folder is handed to the files through vitest's `provide`/`inject`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built client (`vite build` output) every browser suite serves. */
    clientDist: string;
  }
}

const clientDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export default async function setup(project: TestProject): Promise<() => void> {
  const tmp = mkdtempSync(join(tmpdir(), 'mj-client-dist-'));
  const outDir = join(tmp, 'dist');
  await build({ root: clientDir, configFile: join(clientDir, 'vite.config.ts'), logLevel: 'warn', build: { outDir } });
  project.provide('clientDist', outDir);
  return () => rmSync(tmp, { recursive: true, force: true });
}
