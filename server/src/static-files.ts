/**
 * How the built client (client/dist) is served. Vite names every script, style and font under
 * `assets/` by a hash of its content, so those never change under their name: a year and
 * `immutable` (a browser does not even ask again). Pages (`*.html`, and the index.html fallback
 * for the app's paths) keep their names across releases: `no-cache`, revalidated by ETag on each
 * visit, so a release reaches everybody on their next load. The build writes `.br` and `.gz`
 * siblings (client/scripts/compress.ts) that go out as they are when Accept-Encoding allows;
 * `Vary: Accept-Encoding` keeps shared caches from handing a brotli body to a client without it.
 */
import path from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** What the build compresses (kept in step with client/scripts/compress.ts). */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|map|wasm|xml)$/;

/** The Cache-Control of a file of `root` at `file` (the file sent, possibly its `.br`/`.gz`). */
export function cacheControlOf(root: string, file: string): string {
  const relative = path.relative(root, file).split(path.sep);
  return relative[0] === 'assets' && relative.length > 1 ? IMMUTABLE : REVALIDATE;
}

export function staticOptions(root: string): FastifyStaticOptions {
  return {
    root,
    wildcard: false,
    preCompressed: true,
    // Cache-Control is ours (send's own would be `public, max-age=0` for everything).
    cacheControl: false,
    setHeaders: (res, file) => {
      res.setHeader('cache-control', cacheControlOf(root, file));
      const original = file.replace(/\.(?:br|gz)$/, '');
      if (COMPRESSIBLE.test(original)) res.setHeader('vary', 'accept-encoding');
    },
  };
}
