/**
 * Adversarial: pages of other sites. The HTTP API and socket.io (polling and websocket) answer
 * only the server's own origin by default, or the configured `origins`, and never reflect an
 * arbitrary Origin in Access-Control-Allow-Origin. Requests without an Origin (node, curl) pass.
 * DNS rebinding (a foreign name pointed at the server: `Host` and `Origin` both name it) is
 * refused; `publicOrigin` names the one domain served. Every answer carries the security headers.
 */
import http from 'node:http';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { testServer } from './helpers.js';

vi.setConfig({ hookTimeout: 60_000 });

const EVIL = 'http://evil.example';
const GOOD = 'http://good.example';

const polling = (base: string, origin?: string) =>
  fetch(`${base}/socket.io/?EIO=4&transport=polling`, { headers: origin ? { origin } : {} });

/** A request with any `Host` (fetch may not set one): the status and the headers. */
function withHost(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

function wsConnects(base: string, origin?: string, host?: string): Promise<boolean> {
  const headers = { ...(origin ? { origin } : {}), ...(host ? { host } : {}) };
  const socket = connect(base, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: headers,
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
    // A preflight reaches no route: its path, decoded, says it is the API's.
    const encoded = await withHost(server.url, 'OPTIONS', '/%61pi/tables', {
      origin: EVIL,
      'access-control-request-method': 'POST',
    });
    expect(encoded.status).toBe(403);
    expect(encoded.headers['access-control-allow-origin']).toBeUndefined();
    expect(await wsConnects(server.url, GOOD)).toBe(true);
    expect(await wsConnects(server.url, EVIL)).toBe(false);
  });
});

describe('abuse: DNS rebinding and the public origin', () => {
  let server: RunningServer;
  let open: RunningServer;
  const PUBLIC = 'https://mj.example';
  beforeAll(async () => {
    server = await testServer({ publicOrigin: PUBLIC });
    open = await testServer();
  });
  afterAll(async () => {
    await server.close();
    await open.close();
  });

  it('a foreign name rebound to the server is refused, with or without Origin (API and socket)', async () => {
    for (const s of [server, open]) {
      const rebound = `rebind.evil.example:${s.port}`;
      const before = s.tables.size;
      const post = await withHost(s.url, 'POST', '/api/tables', {
        host: rebound,
        origin: `http://${rebound}`,
        'content-type': 'application/json',
      });
      expect(post.status).toBe(403);
      // The router decodes percent-escapes: the same route by another spelling is the same route.
      for (const path of ['/%61pi/tables', '/%61%70%69/tables', '/api/%74ables']) {
        const encoded = await withHost(s.url, 'POST', path, {
          host: rebound,
          origin: `http://${rebound}`,
          'content-type': 'application/json',
        });
        expect(encoded.status, path).toBe(403);
      }
      expect(s.tables.size).toBe(before);
      // A same-origin GET carries no Origin: the Host alone gives the rebinding away.
      expect((await withHost(s.url, 'GET', '/api/matches', { host: rebound })).status).toBe(403);
      expect((await withHost(s.url, 'GET', '/%61pi/matches', { host: rebound })).status).toBe(403);
      expect((await withHost(s.url, 'GET', '/healthz?x', { host: rebound })).status).toBe(403);
      expect((await withHost(s.url, 'GET', '/socket.io/?EIO=4&transport=polling', { host: rebound })).status).toBe(403);
      expect(await wsConnects(s.url, `http://${rebound}`, rebound)).toBe(false);
    }
  });

  it('the public origin passes wherever the request lands; localhost and IP addresses still serve themselves', async () => {
    const viaProxy = await withHost(server.url, 'POST', '/api/tables', {
      host: 'mj.example',
      origin: PUBLIC,
      'content-type': 'application/json',
    });
    expect(viaProxy.status).toBe(201);
    expect(await wsConnects(server.url, PUBLIC)).toBe(true);
    const local = `localhost:${open.port}`;
    const dev = await withHost(open.url, 'POST', '/api/tables', {
      host: local,
      origin: `http://${local}`,
      'content-type': 'application/json',
    });
    expect(dev.status).toBe(201);
    expect(await wsConnects(open.url, open.url)).toBe(true);
  });

  it('pages and API answers carry the security headers', async () => {
    for (const path of ['/', '/api/matches', '/healthz']) {
      const h = (await withHost(open.url, 'GET', path, {})).headers;
      const csp = String(h['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['x-frame-options']).toBe('DENY');
    }
  });
});
