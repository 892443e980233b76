/** The built client is served at / with a fallback to index.html for the app's own paths. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { testServer } from './helpers.js';

vi.setConfig({ hookTimeout: 60_000 });

describe('static client', () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mj-dist-'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>mahjong</title>');
    await writeFile(path.join(dir, 'app.js'), 'console.log(1)');
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
