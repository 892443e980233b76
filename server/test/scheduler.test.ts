/**
 * The room's scheduler on an injected clock: bots act after their pause (not before), an idle
 * but connected player's turn timer plays the engine's default, hands are recorded with their
 * dealer and prevailing wind, and a host's end keeps the match with its scores.
 */
import type { MatchListResponse, Seat } from '@mahjong/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { ManualClock } from '../src/clock.js';
import { RETAIN_FINISHED_MS } from '../src/tables.js';
import { api, createTable, join, TestClient, testServer } from './helpers.js';

vi.setConfig({ hookTimeout: 60_000 });

const BOT_DELAY = 500;
const TURN_MS = 5000;

describe('scheduler (injected clock)', () => {
  let server: RunningServer;
  const clock = new ManualClock();
  beforeAll(async () => {
    server = await testServer({ clock, botDelayMs: BOT_DELAY });
  });
  afterAll(async () => {
    await server.close();
  });

  it('paces bots, times out idle players, records hands and keeps an ended match', async () => {
    const t = await createTable(server.url, {
      options: { turnSeconds: TURN_MS / 1000, claimSeconds: 2, claimMinMs: 800, resultsSeconds: 3 },
      bots: [1, 2, 3],
    });
    const j = await join(server.url, t.code, 'Ann', 0);
    const human = await TestClient.open(server.url, t.code, j.token);
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
    const room = server.tables.get(t.code)!;
    const engine = room.engine!;
    const lastEvent = () => engine.log[engine.log.length - 1]!.event;

    let botPaced = false;
    let humanTimedOut = false;
    for (let i = 0; i < 500 && !(botPaced && humanTimedOut); i += 1) {
      const seq = engine.seq;
      const views = ([0, 1, 2, 3] as const).map((s) => engine.viewFor(s));
      const bot = ([1, 2, 3] as const).find((s) => views[s]!.legalActions.length > 0);
      const deadline = engine.nextDeadline()!;
      if (
        !humanTimedOut &&
        views[0]!.turn === 0 &&
        views[0]!.stage === 'discard' &&
        views[0]!.legalActions.length > 0
      ) {
        clock.advance(deadline - clock.now() - 1);
        expect(engine.seq).toBe(seq);
        clock.advance(2);
        expect(engine.seq).toBe(seq + 1);
        expect(lastEvent()).toEqual({ type: 'timeout' });
        expect(room.isCovered(0)).toBe(false);
        humanTimedOut = true;
      } else if (
        !botPaced &&
        bot !== undefined &&
        engine.log[engine.log.length - 1]!.at === clock.now() &&
        deadline - clock.now() > BOT_DELAY + 1
      ) {
        // The state just changed: the bots' pause starts now.
        clock.advance(BOT_DELAY - 1);
        expect(engine.seq).toBe(seq);
        clock.advance(2);
        expect(engine.seq).toBeGreaterThan(seq);
        expect(engine.log.slice(seq).some((e) => e.event.type === 'act' && e.event.seat === bot)).toBe(true);
        botPaced = true;
      } else {
        clock.advance(Math.max(1, (clock.nextAt() ?? clock.now() + 1) - clock.now()));
      }
    }
    expect([botPaced, humanTimedOut]).toEqual([true, true]);

    // Play on (the human idles: every turn of theirs times out) until two hands are over.
    const dealers: Seat[] = [];
    for (let i = 0; i < 20_000 && engine.results().length < 2; i += 1) {
      const v = engine.viewFor('spectator');
      if (v.phase === 'playing') dealers[v.handNumber] = v.dealer;
      clock.advance(Math.max(1, (clock.nextAt() ?? clock.now() + 1) - clock.now()));
    }
    expect(engine.results().length).toBeGreaterThanOrEqual(2);
    await room.settled();
    await server.ledger.flush();
    const hands = await server.store.loadHands(room.record.id);
    expect(hands.map((h) => h.handNumber)).toEqual(engine.results().map((r) => r.handNumber));
    for (const h of hands) {
      expect(h.dealer).toBe(dealers[h.handNumber]);
      expect(h.prevailingWind).toBe(1);
    }
    expect(hands.map((h) => h.result)).toEqual(engine.results());
    await human.roundTrip();

    // The host ends it: kept as ended with the scores so far, listed and replayable.
    const scores = [...engine.scores()];
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/end`, undefined, t.hostToken)).status).toBe(200);
    const list = await api<MatchListResponse>(server.url, 'GET', '/api/matches');
    const m = list.body.matches.find((x) => x.code === t.code)!;
    expect(m.status).toBe('ended');
    expect(m.finalScores).toEqual(scores);
    expect(m.hands).toBe(hands.length);
    const seqAtEnd = engine.seq;
    clock.advance(60_000);
    expect(engine.seq).toBe(seqAtEnd);
    // Later the finished table leaves memory; the lobby still answers from the ledger.
    expect(server.tables.get(t.code)).toBe(room);
    clock.advance(RETAIN_FINISHED_MS);
    expect(server.tables.get(t.code)).toBeUndefined();
    const info = await api<{ status: string; seats: { name: string }[] }>(server.url, 'GET', `/api/tables/${t.code}`);
    expect([info.status, info.body.status, info.body.seats[0]?.name]).toEqual([200, 'ended', 'Ann']);
    expect((await api(server.url, 'GET', `/api/matches/${m.id}/replay`)).status).toBe(200);
    human.close();
  });
});
