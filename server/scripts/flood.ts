/**
 * `npm run flood [-- --url http://host:port] [--seconds 5]`: hostile traffic from one address
 * against a real server (a child server with the default limits unless --url is given), and what
 * came back: a creation flood, join-code probing over HTTP and socket hellos, bad names, requests
 * from another origin, and spectators churning while a seated player counts the table messages
 * it gets, and 200 sockets asked for (past the cap per address refused) polling `sync` (full views answered per second). Prints one JSON line per attack. Not part of the test suite (it measures; the suite's
 * `test/abuse-*.test.ts` assert).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { io as connect, type Socket } from 'socket.io-client';
import { PROTOCOL_VERSION } from '@mahjong/shared';
import { type ChildServer, startChildServer } from '../test/child.js';

const { values } = parseArgs({
  options: { url: { type: 'string' }, seconds: { type: 'string', default: '5' } },
});
const seconds = Number(values.seconds);

async function post(base: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

/** Sends as fast as answers come back for `seconds`; counts the statuses. */
async function flood(send: (i: number) => Promise<number>): Promise<Record<string, number>> {
  const end = performance.now() + seconds * 1000;
  const counts: Record<string, number> = {};
  let i = 0;
  const worker = async () => {
    while (performance.now() < end) {
      const status = await send(i++);
      counts[status] = (counts[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return counts;
}

const randomCode = () =>
  Array.from({ length: 6 }, () => 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'[Math.floor(Math.random() * 31)]).join('');

async function main(): Promise<void> {
  let child: ChildServer | null = null;
  let dir: string | null = null;
  let base = values.url;
  if (!base) {
    dir = await mkdtemp(path.join(tmpdir(), 'mj-flood-'));
    child = await startChildServer({ DATA_DIR: dir, LOG_LEVEL: 'error' });
    base = child.url;
  }
  const report = (attack: string, data: Record<string, unknown>) => console.log(JSON.stringify({ attack, ...data }));
  try {
    const names = ['ab\u0000cd', 'ab\uD83Dcd', 'Ann\u202Egnp', '   ', 'x'.repeat(25)];
    const created = await post(base, '/api/tables', {});
    const code = (created.body?.code as string | undefined) ?? null;
    const nameAnswers: Record<string, number> = {};
    if (code) {
      for (const name of names) {
        const r = await post(base, `/api/tables/${code}/join`, { name });
        nameAnswers[r.status] = (nameAnswers[r.status] ?? 0) + 1;
      }
    }
    report('bad names', { table: code ?? `not created (${created.status})`, statuses: nameAnswers });

    const evil = await post(base, '/api/tables', {}, { origin: 'http://evil.example' });
    const poll = await fetch(`${base}/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: 'http://evil.example' },
    });
    const page = await fetch(`${base}/`);
    report('another origin', {
      api: evil.status,
      polling: poll.status,
      allowOrigin: poll.headers.get('access-control-allow-origin'),
      pageHeaders: {
        csp: page.headers.get('content-security-policy') !== null,
        nosniff: page.headers.get('x-content-type-options'),
        frame: page.headers.get('x-frame-options'),
      },
    });

    // 200 spectator sockets asked from this address (those past the cap on sockets per address
    // are refused as they connect), polling sync as fast as the socket limit lets them.
    const pollTable = await post(base, '/api/tables', {});
    const pollCode = pollTable.body?.code as string | undefined;
    if (pollCode) {
      const asked = await Promise.all(
        Array.from({ length: 200 }, async () => {
          const s = connect(base, { transports: ['websocket'], forceNew: true, reconnection: false });
          const open = await new Promise<boolean>((r) => {
            s.once('connect', () => r(true));
            s.once('connect_error', () => r(false));
          });
          if (!open) {
            s.close();
            return null;
          }
          s.emit('c2s', { type: 'hello', v: PROTOCOL_VERSION, code: pollCode });
          return s;
        }),
      );
      const pollers = asked.filter((s): s is Socket => s !== null);
      await new Promise((r) => setTimeout(r, 500));
      let welcomes = 0;
      let refused = 0;
      for (const s of pollers) {
        s.on('s2c', (m: { type: string }) => {
          if (m.type === 'welcome') welcomes += 1;
          if (m.type === 'refused') refused += 1;
        });
      }
      const end = performance.now() + seconds * 1000;
      while (performance.now() < end) {
        for (const s of pollers) s.emit('c2s', { type: 'sync' });
        await new Promise((r) => setTimeout(r, 100));
      }
      await new Promise((r) => setTimeout(r, 500));
      for (const s of pollers) s.close();
      report('sync polling (200 sockets asked, 10 syncs/s each)', {
        seconds,
        opened: pollers.length,
        refusedAtConnect: asked.length - pollers.length,
        welcomesPerSecond: Math.round((welcomes / seconds) * 10) / 10,
        refusedPerSecond: Math.round((refused / seconds) * 10) / 10,
      });
    } else report('sync polling', { skipped: `no table (${pollTable.status})` });

    // Spectators churning (20 sockets coming and going) at a table with a seated player.
    const host = await post(base, '/api/tables', {});
    const churnCode = host.body?.code as string | undefined;
    if (churnCode) {
      const seat = await post(base, `/api/tables/${churnCode}/join`, { name: 'Player' });
      const player = connect(base, { transports: ['websocket'], forceNew: true, reconnection: false });
      await new Promise<void>((r) => player.once('connect', () => r()));
      let tableMessages = 0;
      player.on('s2c', (m: { type: string }) => {
        if (m.type === 'table') tableMessages += 1;
      });
      player.emit('c2s', { type: 'hello', v: PROTOCOL_VERSION, code: churnCode, token: seat.body?.token });
      await new Promise((r) => setTimeout(r, 300));
      tableMessages = 0;
      let arrivals = 0;
      const end = performance.now() + seconds * 1000;
      const churner = async () => {
        while (performance.now() < end) {
          const s = connect(base, { transports: ['websocket'], forceNew: true, reconnection: false });
          await new Promise<void>((r) => s.once('connect', () => r()));
          s.emit('c2s', { type: 'hello', v: PROTOCOL_VERSION, code: churnCode });
          await new Promise((r) => setTimeout(r, 20));
          arrivals += 1;
          s.close();
        }
      };
      await Promise.all(Array.from({ length: 20 }, churner));
      await new Promise((r) => setTimeout(r, 1100));
      player.close();
      report('spectator churn (20 sockets)', {
        seconds,
        spectatorArrivals: arrivals,
        tableMessagesToPlayer: tableMessages,
        perSecond: Math.round((tableMessages / seconds) * 10) / 10,
      });
    } else report('spectator churn', { skipped: `no table (${host.status})` });

    // Last: these use up this address's budgets (creation, lookups).
    report('create tables', {
      seconds,
      statuses: await flood(async () => (await post(base, '/api/tables', {})).status),
    });

    const probes = await flood(async () => (await fetch(`${base}/api/tables/${randomCode()}`)).status);
    report('probe join codes (HTTP)', { seconds, statuses: probes });

    const socket: Socket = connect(base, { transports: ['websocket'], forceNew: true, reconnection: false });
    await new Promise<void>((r) => socket.once('connect', () => r()));
    const hellos: Record<string, number> = {};
    socket.on('s2c', (m: { type: string; code?: string }) => {
      const k = m.code ?? m.type;
      hellos[k] = (hellos[k] ?? 0) + 1;
    });
    for (let i = 0; i < 60; i += 1) {
      socket.emit('c2s', { type: 'hello', v: PROTOCOL_VERSION, code: randomCode() });
      await new Promise((r) => setTimeout(r, 60));
    }
    socket.close();
    report('probe join codes (socket hello, 60 at ~16/s)', { answers: hellos });

    const health = await (await fetch(`${base}/healthz`)).json();
    report('health after', { health });
  } finally {
    if (child) {
      child.proc.kill('SIGTERM');
      await child.exited;
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

await main();
