/**
 * The built client is served at / with a fallback to index.html for the app's own paths; hashed
 * assets are cached for a year, pages revalidated, and the build's .br/.gz siblings sent by
 * Accept-Encoding (server/src/static-files.ts).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { testServer } from './helpers.js';

vi.setConfig({ hookTimeout: 60_000 });

/** A script as Vite names it in client/dist/assets: by a hash of its content. */
const HASHED = 'table-AbC123.js';
const ASSET = `export const tiles = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `tile-${i % 37}`))};\n`;
const PAGE = `<!doctype html><title>Table</title>${'<div class="seat"></div>'.repeat(100)}`;

describe('static client', () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mj-dist-'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>mahjong</title>');
    await writeFile(path.join(dir, 'app.js'), 'console.log(1)');
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'assets', HASHED), ASSET);
    await writeFile(path.join(dir, 'assets', `${HASHED}.br`), brotliCompressSync(ASSET));
    await writeFile(path.join(dir, 'assets', `${HASHED}.gz`), gzipSync(ASSET));
    await writeFile(path.join(dir, 'table.html'), PAGE);
    await writeFile(path.join(dir, 'table.html.gz'), gzipSync(PAGE));
    server = await testServer({ clientDir: dir });
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves files, falls back to index.html, and keeps API 404s as JSON', async () => {
    const index = await fetch(`${server.url}/`);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<title>mahjong</title>');
    const js = await fetch(`${server.url}/app.js`);
    expect(js.headers.get('content-type')).toContain('javascript');
    const deep = await fetch(`${server.url}/table/ABC234`);
    expect(await deep.text()).toContain('<title>mahjong</title>');
    const api = await fetch(`${server.url}/api/nothing`);
    expect(api.status).toBe(404);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('http/not_found');
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('sends hashed assets for a year, immutable, brotli or gzip as accepted, with Vary', async () => {
    const plain = await raw(`/assets/${HASHED}`, 'identity');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(plain.body.toString()).toBe(ASSET);

    const br = await raw(`/assets/${HASHED}`, 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(ASSET);
    expect(br.body.length).toBeLessThan(ASSET.length / 4);

    const gz = await raw(`/assets/${HASHED}`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(ASSET);
  });

  it('revalidates pages (no-cache, ETag), compressed where a sibling exists, and the index.html fallback too', async () => {
    const page = await raw('/table.html', 'br, gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
    // No .br sibling for this page: the gzip one.
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.body).toString()).toBe(PAGE);
    const etag = page.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await raw('/table.html', 'br, gzip', { 'if-none-match': etag });
    expect(again.status).toBe(304);

    const fallback = await raw('/table/ABC234', 'gzip');
    expect(fallback.headers['cache-control']).toBe('no-cache');
    expect(fallback.body.toString()).toContain('<title>mahjong</title>');
    // A file without siblings (below the build's size floor) goes out as it is.
    const small = await raw('/app.js', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['cache-control']).toBe('no-cache');
  });

  /** One GET with node:http: the body as sent on the wire (fetch would decode it). */
  function raw(url: string, acceptEncoding: string, extra: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      httpGet(`${server.url}${url}`, { headers: { 'accept-encoding': acceptEncoding, ...extra } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      }).on('error', reject);
    });
  }
});

describe('no client built', () => {
  it('says so at / and answers unknown routes in the API error shape', async () => {
    const server = await testServer({ clientDir: null });
    try {
      const root = await fetch(`${server.url}/`);
      expect(root.status).toBe(200);
      expect(await root.text()).toContain('npm run build -w client');
      const other = await fetch(`${server.url}/nothing/here`);
      expect(other.status).toBe(404);
      expect(((await other.json()) as { error: { code: string } }).error.code).toBe('http/not_found');
    } finally {
      await server.close();
    }
  });
});
