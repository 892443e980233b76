/**
 * The contract every Store keeps, as one vitest suite run against each implementation
 * (PGlite in the unit project, PostgreSQL in the postgres project).
 */
import { DEFAULT_RULESET, type HandResultView, JOIN_CODE_ALPHABET, type Seat } from '@mahjong/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LedgerWrite, MatchRecord, Store } from './types.js';

let counter = 0;
/** `n` in five characters of the join codes' alphabet: distinct numbers give distinct texts. */
function serial(n: number): string {
  let text = '';
  for (let i = 0; i < 5; i += 1, n = Math.floor(n / JOIN_CODE_ALPHABET.length)) {
    text = JOIN_CODE_ALPHABET[n % JOIN_CODE_ALPHABET.length] + text;
  }
  return text;
}
export function sampleMatch(overrides: Partial<MatchRecord> = {}): MatchRecord {
  counter += 1;
  const id = `m${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    id,
    // Unique in this process by its counter (a match code is unique in a ledger).
    code: `C${serial(counter)}${id.slice(-3)}`,
    ruleset: DEFAULT_RULESET,
    options: { minFaan: 3 },
    rounds: 4,
    seed: 'ab'.repeat(32),
    seedHash: 'cd'.repeat(32),
    status: 'lobby',
    spectatorsAllowed: true,
    spectatorDelay: false,
    fillWithBots: true,
    hostNonce: 'host',
    rulesetVersion: 'hk-new@1',
    logFormatVersion: 1,
    createdAt: new Date(1_700_000_000_000 + counter),
    startedAt: null,
    endedAt: null,
    startClock: null,
    finalScores: null,
    circleId: null,
    rematchOf: null,
    seats: ([0, 1, 2, 3] as const).map((seat) => ({ seat, name: null, bot: false, nonce: null, playerId: null })),
    ...overrides,
  };
}

const sampleResult = (handNumber: number): HandResultView => ({
  handNumber,
  kind: 'win',
  winner: 1,
  discarder: 2,
  selfDrawn: false,
  faan: 3,
  patterns: [{ name: 'All chows', value: 1 }],
  payments: [{ from: 2, to: 1, amount: 32 }],
  deltas: [0, 32, -32, 0],
  hands: [[], [], [], []],
});

export function storeContract(name: string, open: () => Promise<Store>): void {
  // Starting PGlite on a busy 2-core machine can take a while.
  vi.setConfig({ hookTimeout: 60_000 });
  describe(`Store contract: ${name}`, () => {
    let store: Store;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store.close();
    });

    it('creates a match with four seats and loads it by id and by code', async () => {
      const m = sampleMatch();
      await store.writeBatch([{ kind: 'createMatch', match: m }]);
      const byId = await store.loadMatch(m.id);
      expect(byId).toEqual(m);
      expect(await store.loadMatchByCode(m.code)).toEqual(m);
      expect(await store.loadMatch('nope')).toBeNull();
      expect(await store.loadMatchByCode('ZZZZZZ')).toBeNull();
    });

    it('applies a batch in order: seats, actions, hands and match updates together', async () => {
      const m = sampleMatch();
      const writes: LedgerWrite[] = [
        { kind: 'createMatch', match: m },
        {
          kind: 'seat',
          matchId: m.id,
          seat: { seat: 1, name: 'Ann', bot: false, nonce: 'n1', playerId: 'player-ann' },
        },
        { kind: 'seat', matchId: m.id, seat: { seat: 2, name: 'Bot', bot: true, nonce: null, playerId: null } },
        {
          kind: 'updateMatch',
          matchId: m.id,
          patch: { status: 'playing', startedAt: new Date(1_700_000_100_000), startClock: 5_000_000_000_123 },
        },
      ];
      for (let seq = 1; seq <= 5; seq += 1) {
        writes.push({
          kind: 'action',
          matchId: m.id,
          row: { seq, at: 5_000_000_000_000 + seq, event: { type: 'act', seat: 1, n: seq } },
        });
      }
      writes.push({
        kind: 'hand',
        matchId: m.id,
        hand: { handNumber: 0, dealer: 0, prevailingWind: 1, result: sampleResult(0) },
      });
      await store.writeBatch(writes);
      const loaded = await store.loadMatch(m.id);
      expect(loaded?.status).toBe('playing');
      expect(loaded?.startClock).toBe(5_000_000_000_123);
      expect(loaded?.seats[1]).toEqual({ seat: 1, name: 'Ann', bot: false, nonce: 'n1', playerId: 'player-ann' });
      expect(loaded?.seats[2]?.bot).toBe(true);
      const log = await store.loadLog(m.id);
      expect(log.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
      expect(log[4]).toEqual({ seq: 5, at: 5_000_000_000_005, event: { type: 'act', seat: 1, n: 5 } });
      expect(await store.loadHands(m.id)).toEqual([
        { handNumber: 0, dealer: 0, prevailingWind: 1, result: sampleResult(0) },
      ]);
    });

    it('keeps nothing of a batch that fails (a duplicate seq): all or nothing', async () => {
      const m = sampleMatch();
      await store.writeBatch([
        { kind: 'createMatch', match: m },
        { kind: 'action', matchId: m.id, row: { seq: 1, at: 1, event: {} } },
      ]);
      const bad: LedgerWrite[] = [
        { kind: 'seat', matchId: m.id, seat: { seat: 0, name: 'X', bot: false, nonce: 'x', playerId: null } },
        { kind: 'action', matchId: m.id, row: { seq: 2, at: 2, event: {} } },
        { kind: 'action', matchId: m.id, row: { seq: 1, at: 3, event: { dup: true } } },
      ];
      await expect(store.writeBatch(bad)).rejects.toThrow();
      expect((await store.loadLog(m.id)).map((r) => r.seq)).toEqual([1]);
      expect((await store.loadMatch(m.id))?.seats[0]?.name).toBeNull();
    });

    it('appends a batch of log entries of several matches at once, all or nothing', async () => {
      const a = sampleMatch({ status: 'playing' });
      const b = sampleMatch({ status: 'playing' });
      await store.writeBatch([
        { kind: 'createMatch', match: a },
        { kind: 'createMatch', match: b },
      ]);
      const event = { type: 'act', seat: 2, action: { type: 'chow', tiles: [3, 4, 5] } };
      await store.writeBatch([
        { kind: 'action', matchId: a.id, row: { seq: 1, at: 9_007_199_254_740_000, event } },
        { kind: 'action', matchId: b.id, row: { seq: 1, at: 2, event: { type: 'timeout' } } },
        { kind: 'action', matchId: a.id, row: { seq: 2, at: 3, event: { type: 'start' } } },
      ]);
      expect(await store.loadLog(a.id)).toEqual([
        { seq: 1, at: 9_007_199_254_740_000, event },
        { seq: 2, at: 3, event: { type: 'start' } },
      ]);
      await expect(
        store.writeBatch([
          { kind: 'action', matchId: b.id, row: { seq: 2, at: 4, event: {} } },
          { kind: 'action', matchId: a.id, row: { seq: 2, at: 5, event: {} } },
        ]),
      ).rejects.toThrow();
      expect((await store.loadLog(b.id)).map((r) => r.seq)).toEqual([1]);
    });

    it('lists active matches for recovery and finished ones newest first, paged', async () => {
      const active = sampleMatch({ status: 'playing' });
      const lobby = sampleMatch();
      const done = [0, 1, 2].map((i) =>
        sampleMatch({
          status: i === 2 ? 'ended' : 'over',
          startedAt: new Date(1_799_000_000_000),
          endedAt: new Date(1_800_000_000_000 + i * 1000),
          finalScores: [1, 2, 3, -6],
        }),
      );
      // Ended in its lobby, never played: not a match of the history.
      const unplayed = sampleMatch({ status: 'ended', endedAt: new Date(1_800_000_009_000) });
      await store.writeBatch([active, lobby, ...done, unplayed].map((match) => ({ kind: 'createMatch', match })));
      await store.writeBatch([
        {
          kind: 'hand',
          matchId: done[0]!.id,
          hand: { handNumber: 0, dealer: 0 as Seat, prevailingWind: 1, result: sampleResult(0) },
        },
        {
          kind: 'hand',
          matchId: done[0]!.id,
          hand: { handNumber: 1, dealer: 1 as Seat, prevailingWind: 1, result: sampleResult(1) },
        },
      ]);
      const ids = (await store.loadActive()).map((m) => m.id);
      expect(ids).toContain(active.id);
      expect(ids).toContain(lobby.id);
      for (const d of done) expect(ids).not.toContain(d.id);

      const first = await store.listFinished(1, 2);
      expect(first.total).toBeGreaterThanOrEqual(3);
      expect(first.rows.map((r) => r.id)).toEqual([done[2]!.id, done[1]!.id]);
      expect((await store.listFinished(1, 100)).rows.map((r) => r.id)).not.toContain(unplayed.id);
      const second = await store.listFinished(2, 2);
      expect(second.rows[0]?.id).toBe(done[0]!.id);
      expect(second.handCounts.get(done[0]!.id)).toBe(2);
      expect(second.rows[0]?.finalScores).toEqual([1, 2, 3, -6]);
    });

    it('marks a match over with its final scores', async () => {
      const m = sampleMatch({ status: 'playing', startedAt: new Date(1_899_000_000_000) });
      await store.writeBatch([{ kind: 'createMatch', match: m }]);
      await store.writeBatch([
        { kind: 'updateMatch', matchId: m.id, patch: { status: 'over' } },
        {
          kind: 'updateMatch',
          matchId: m.id,
          patch: { endedAt: new Date(1_900_000_000_000), finalScores: [10, -10, 0, 0] },
        },
      ]);
      const loaded = await store.loadMatch(m.id);
      expect(loaded).toMatchObject({ status: 'over', finalScores: [10, -10, 0, 0] });
      expect(loaded?.endedAt?.getTime()).toBe(1_900_000_000_000);
    });
  });
}
