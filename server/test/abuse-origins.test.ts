/**
 * Adversarial: pages of other sites. The HTTP API and socket.io (polling and websocket) answer
 * only the server's own origin by default, or the configured `origins`, and never reflect an
 * arbitrary Origin in Access-Control-Allow-Origin. Requests without an Origin (node, curl) pass.
 */
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { testServer } from './helpers.js';

vi.setConfig({ hookTimeout: 60_000 });

const EVIL = 'http://evil.example';
const GOOD = 'http://good.example';

const polling = (base: string, origin?: string) =>
  fetch(`${base}/socket.io/?EIO=4&transport=polling`, { headers: origin ? { origin } : {} });

function wsConnects(base: string, origin?: string): Promise<boolean> {
  const socket = connect(base, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    ...(origin ? { extraHeaders: { origin } } : {}),
  });
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.close();
      resolve(true);
    });
    socket.once('connect_error', () => {
      socket.close();
      resolve(false);
    });
  });
}

describe('abuse: origins (default: same origin only)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('the API refuses another origin with 403 and changes nothing; its own origin and no origin pass', async () => {
    const before = server.tables.size;
    const evil = await fetch(`${server.url}/api/tables`, {
      method: 'POST',
      headers: { origin: EVIL, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as { error: { code: string } }).error.code).toBe('http/origin');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(server.tables.size).toBe(before);
    const own = await fetch(`${server.url}/api/tables`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(own.status).toBe(201);
    const none = await fetch(`${server.url}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(none.status).toBe(201);
  });

  it('socket.io polling neither answers nor reflects another origin; websocket refused too', async () => {
    const evil = await polling(server.url, EVIL);
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const own = await polling(server.url, server.url);
    expect(own.status).toBe(200);
    expect(await own.text()).toMatch(/^0\{"sid"/);
    expect(own.headers.get('access-control-allow-origin')).toBeNull();
    expect(await wsConnects(server.url, EVIL)).toBe(false);
    expect(await wsConnects(server.url, server.url)).toBe(true);
    expect(await wsConnects(server.url)).toBe(true);
  });
});

describe('abuse: origins (configured)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await testServer({ origins: `${GOOD}, not a url` });
  });
  afterAll(async () => {
    await server.close();
  });

  it('a configured origin gets CORS answers (preflight too); others are refused', async () => {
    const good = await polling(server.url, GOOD);
    expect(good.status).toBe(200);
    expect(good.headers.get('access-control-allow-origin')).toBe(GOOD);
    const evil = await polling(server.url, EVIL);
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${server.url}/api/tables`, {
      method: 'OPTIONS',
      headers: { origin: GOOD, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(GOOD);
    const created = await fetch(`${server.url}/api/tables`, {
      method: 'POST',
      headers: { origin: GOOD, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('access-control-allow-origin')).toBe(GOOD);
    expect((await fetch(`${server.url}/api/matches`, { headers: { origin: EVIL } })).status).toBe(403);
    expect(await wsConnects(server.url, GOOD)).toBe(true);
    expect(await wsConnects(server.url, EVIL)).toBe(false);
  });
});
