/**
 * Adversarial: names (and option keys) that a database cannot store or that disguise themselves,
 * sent to a real server over HTTP. Each is refused with 400 and a clear message; the seat stays
 * free, the ledger records no failure, and an honest join right after takes the seat.
 */
import type { HttpError, JoinResponse, TableInfo } from '@mahjong/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { api, createTable, testServer } from './helpers.js';

vi.setConfig({ hookTimeout: 60_000 });

const BAD_NAMES: [string, string][] = [
  ['NUL', 'ab\u0000cd'],
  ['a lone high surrogate', 'ab\uD83Dcd'],
  ['a lone low surrogate', '\uDE00x'],
  ['a right-to-left override', 'Ann\u202Egnp'],
  ['a first-strong isolate', '\u2068Bo'],
  ['whitespace only', '  \u3000\t '],
  ['zero-width only', '\u200B'],
  ['25 characters', 'abcdefghijklmnopqrstuvwxy'],
  ['25 emoji', '\u{1F600}'.repeat(25)],
  ['a newline', 'Ann\nBo'],
];

describe('abuse: names', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it.each(BAD_NAMES)('refuses %s with 400, changes nothing', async (_why, name) => {
    const t = await createTable(server.url, { fillWithBots: false });
    const r = await api<HttpError>(server.url, 'POST', `/api/tables/${t.code}/join`, { name, seat: 1 });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('http/invalid');
    expect(r.body.error.message).toMatch(/^name: the name /);
    // Nothing changed: the seat is free in memory and in the ledger; an honest join takes it.
    await server.ledger.flush();
    expect(server.ledger.stats.failures).toBe(0);
    const info = await api<TableInfo>(server.url, 'GET', `/api/tables/${t.code}`);
    expect(info.body.seats[1]).toMatchObject({ name: null, bot: false });
    const stored = await server.store.loadMatch(t.table.matchId);
    expect(stored!.seats[1]!.name).toBeNull();
    const honest = await api<JoinResponse>(server.url, 'POST', `/api/tables/${t.code}/join`, { name: 'Ann', seat: 1 });
    expect(honest.status).toBe(200);
  });

  it('a body that is not an object (null, a list, a string) makes no table: 400, nothing spent', async () => {
    const before = server.tables.size;
    for (const body of ['null', '[]', '"x"']) {
      const res = await fetch(`${server.url}/api/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status, body).toBe(400);
      expect(((await res.json()) as HttpError).error.code, body).toBe('http/invalid');
    }
    expect(server.tables.size).toBe(before);
  });

  it('takes Chinese names, emoji and combining marks, stored normalised (NFC) and trimmed', async () => {
    const t = await createTable(server.url, { fillWithBots: false });
    const names = [' 陳大文 ', '\u{1F004} Mahjong', 'Rene\u0301', '麻'.repeat(24)];
    for (const [seat, name] of names.entries()) {
      const r = await api<JoinResponse>(server.url, 'POST', `/api/tables/${t.code}/join`, { name, seat });
      expect(r.status).toBe(200);
    }
    await server.ledger.flush();
    const stored = await server.store.loadMatch(t.table.matchId);
    expect(stored!.seats.map((s) => s.name)).toEqual(['陳大文', '\u{1F004} Mahjong', 'Ren\u00e9', '麻'.repeat(24)]);
    expect(server.ledger.stats.failures).toBe(0);
  });

  it('refuses option keys and values the scorer does not know (a NUL key among them)', async () => {
    for (const options of [{ 'a\u0000b': 1 }, { '\uD800': true }, { flowers: 'a\u0000' }]) {
      const r = await api<HttpError>(server.url, 'POST', '/api/tables', { options });
      expect(r.status).toBe(400);
    }
    await server.ledger.flush();
    expect(server.ledger.stats.failures).toBe(0);
  });
});
