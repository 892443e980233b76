/**
 * A table page refused as it connects (its address's sockets at their cap, against the real
 * server over localhost): the page is told the refusal's code once, not silently left closed nor
 * retried in a loop, and it gets in by itself once a place is free.
 */
import type { RefusalCode, RefusalValues } from '@mahjong/shared';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { refusalWords } from '../i18n/refusals.js';
import { connectRefusal, retryAfterRefusalMs } from './connect-refusal.js';
import { type LinkState, TableConnection } from './connection.js';
import { type LocalServer, startLocalServer } from './local-server.js';

let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer('refusal', { limits: { maxSocketsPerClient: 1 } });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const until = async (what: string, ok: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

test('the refusal is read from connect_error; anything else is not one', () => {
  const err = Object.assign(new Error('too many'), {
    data: { code: 'socket/too_many', message: 'too many', values: { n: 100 } },
  });
  expect(connectRefusal(err)).toEqual({ code: 'socket/too_many', message: 'too many', values: { n: 100 } });
  expect(refusalWords({ code: 'socket/too_many' }).id).toBe('refusal.tooManySockets');
  expect(connectRefusal(new Error('websocket error'))).toBeNull();
  expect(connectRefusal(Object.assign(new Error('x'), { data: { code: 'no/such' } }))).toBeNull();
  expect([0, 1, 2, 3, 4, 9].map(retryAfterRefusalMs)).toEqual([5000, 10_000, 20_000, 40_000, 60_000, 60_000]);
});

test('a page over the cap is told so, and gets in by itself once a place is free', async () => {
  const res = await fetch(`${server.url}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const { code } = (await res.json()) as { code: string };
  const first = new TableConnection(
    code,
    null,
    { onView: () => {}, onTable: () => {}, onLink: () => {}, onRefused: () => {} },
    server.url,
  );
  const refusals: { code: RefusalCode; values?: RefusalValues | undefined }[] = [];
  const links: LinkState[] = [];
  let tables = 0;
  let second: TableConnection | null = null;
  try {
    await until('the first page in', () => first.role === 'spectator');
    second = new TableConnection(
      code,
      null,
      {
        onView: () => {},
        onTable: () => {
          tables += 1;
        },
        onLink: (l) => links.push(l),
        onRefused: (c, _message, values) => refusals.push({ code: c, values }),
      },
      server.url,
    );
    await until('the refusal', () => refusals.length > 0);
    expect(refusals).toEqual([{ code: 'socket/too_many', values: { n: 1 } }]);
    expect(links).not.toContain('open');
    first.close();
    // Tried again after 5 s (socket.io alone would leave it closed), once, and welcomed.
    await until('the second page in', () => second?.role === 'spectator' && tables > 0);
    expect(refusals).toHaveLength(1);
    expect(links).toContain('open');
  } finally {
    first.close();
    second?.close();
  }
}, 30_000);
