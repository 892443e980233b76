#!/usr/bin/env node
/**
 * `npm run build` (after the client): the server as one JavaScript file, `server/dist/main.js`,
 * so that production runs plain `node` with no TypeScript compiler at run time. esbuild bundles
 * server/src, the generated Prisma client and shared/src with shared's own small dependencies;
 * the server's dependencies (server/package.json) stay outside the bundle and are loaded from
 * node_modules, as an image with production dependencies only installs them.
 * The file sits two folders under the root like server/src/main.ts, so the paths it finds
 * relative to itself (client/dist, prisma/migrations) are the same. The embedded database's
 * thread is started from a file of its own (server/src/store/pglite-worker.mjs, plain JavaScript):
 * it is copied beside the bundle, where the bundled code looks for it.
 */
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = join(root, 'server/dist/main.js');
/** What the bundle is made of: a file here newer than it makes it stale. */
const SOURCES = ['server/src', 'shared/src', 'server/package.json', 'shared/package.json'];

/** The newest modification time of a file under `path` (a file or a folder). */
export function newestUnder(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = 0;
  for (const e of readdirSync(path)) newest = Math.max(newest, newestUnder(join(path, e)));
  return newest;
}

/** True when the bundle is missing, or the sources are here and one is newer than it. */
export function serverBuildStale() {
  if (!existsSync(SERVER_BUNDLE)) return true;
  const sources = SOURCES.map((s) => join(root, s)).filter((p) => existsSync(p));
  if (sources.length === 0) return false; // a production image: no sources, only the build
  const built = statSync(SERVER_BUNDLE).mtimeMs;
  return sources.some((p) => newestUnder(p) > built);
}

export async function buildServer() {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(readFileSync(join(root, 'server/package.json'), 'utf8'));
  await build({
    entryPoints: [join(root, 'server/src/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: SERVER_BUNDLE,
    sourcemap: 'linked',
    external: Object.keys(pkg.dependencies ?? {}).flatMap((d) => [d, `${d}/*`]),
    // A CommonJS module inside the bundle may still call require() for a Node built-in.
    banner: {
      js: "import { createRequire as __mjCreateRequire } from 'node:module';\nconst require = __mjCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  copyFileSync(join(root, 'server/src/store/pglite-worker.mjs'), join(dirname(SERVER_BUNDLE), 'pglite-worker.mjs'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const t0 = performance.now();
  await buildServer();
  console.log(`server/dist/main.js built in ${Math.round(performance.now() - t0)} ms`);
}
