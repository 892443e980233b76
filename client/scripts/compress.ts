/**
 * Build-time compression: after Vite writes client/dist, every text file worth it gets a
 * brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) sibling, which the server sends as they
 * are when the request's Accept-Encoding allows (server/src/static-files.ts). Compressing once
 * here costs seconds at build time and nothing per request, at the best ratio.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Types that compress (fonts in woff2 and images are compressed already). */
export const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|map|wasm|xml)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else yield p;
  }
}

/** Writes the `.br` and `.gz` siblings of every compressible file under `dir`; returns how many files. */
export async function compressDir(dir: string): Promise<number> {
  const jobs: Promise<void>[] = [];
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    jobs.push(
      (async () => {
        const raw = await readFile(file);
        const [br, gzipped] = await Promise.all([
          brotli(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
          gz(raw, { level: 9 }),
        ]);
        // A sibling only where it is smaller: the server falls back to the file itself.
        if (br.length < raw.length) await writeFile(`${file}.br`, br);
        if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped);
      })(),
    );
  }
  await Promise.all(jobs);
  return jobs.length;
}

/** The Vite plugin: compresses the output directory once the bundle is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'mahjong-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await compressDir(outDir);
    },
  };
}
