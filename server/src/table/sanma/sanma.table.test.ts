/**
 * Three-player riichi at the table (`riichi-sanma`, reached through the engine's own id, not
 * offered to players): scripted 108-tile walls (testing.ts `scriptedWall` with `three`), the
 * engine played move by move. Expected figures are worked by hand from docs/rules/riichi-sanma.md.
 */
import { type PlayerAction, type Seat, tile } from '@mahjong/shared';
import { describe, expect, it } from 'vitest';
import type { TableEngineImpl } from '../engine.js';
import { stateInvariants, viewInvariants } from '../invariants.js';
import { discard, fire, must, PASS, scriptedEngine, type WallScript } from '../testing.js';

type Sanma = TableEngineImpl<'riichi-sanma'>;

/** Idle hands (nothing complete, no North) for the dealer (14) and the others (13), from the 108-tile set. */
const DEALER_IDLE = '19m2468p2468s1235z';
const IDLE1 = '19m3579p3579s123z';
const IDLE2 = '19m2468p2468s567z';
/** Ready on 1s alone (a pair wait): closed pure straight in pins. */
const READY = '123p456p789p234s1s';

function table(walls: readonly Omit<WallScript, 'three'>[], options: Record<string, unknown> = {}): Sanma {
  return scriptedEngine(
    walls.map((w) => ({ ...w, three: true })),
    { ruleset: 'riichi-sanma', options: { redFives: 0, ...options } },
  );
}

const types = (e: Sanma, seat: Seat) => e.viewFor(seat).legalActions.map((a) => a.type);
const last = (e: Sanma) => e.results().at(-1);
const settle = (e: Sanma) => {
  if (e.state.phase === 'playing' && e.state.hand.window !== null) fire(e);
};
const play = (e: Sanma, seat: Seat, t: string) => {
  must(e, seat, discard(t));
  settle(e);
};
const checkAll = (e: Sanma) => {
  const bad = stateInvariants(e.state);
  for (const v of [0, 1, 2, 3, 'spectator'] as const) bad.push(...viewInvariants(e.state, e.viewFor(v), v));
  expect(bad).toEqual([]);
};
/** Every seat discards the tile it drew, every window closes at its deadline, until the hand ends. */
function playOut(e: Sanma) {
  while (e.state.phase === 'playing') {
    if (e.state.hand.window !== null) {
      settle(e);
      continue;
    }
    const h = e.state.hand;
    const st = h.seats[h.turn];
    const id = st.drawn ?? (st.concealed.at(-1) as number);
    must(e, h.turn, { type: 'discard', tile: Math.floor(id / 4) as never });
  }
}

describe('the three-player deal', () => {
  it('deals three hands from 108 tiles; the North seat is vacant; turns go East, South, West, East', () => {
    const e = table([{ hands: [DEALER_IDLE, IDLE1, IDLE2, ''], draws: '7z7z6z9s', dora: '9m' }]);
    const v = e.viewFor(1);
    // 13 + 13 + 14 dealt, 14 in the dead wall.
    expect(v.wallCount).toBe(108 - 40 - 14);
    expect(v.seats.map((s) => s.concealedCount)).toEqual([14, 13, 13, 0]);
    expect(v.seats.map((s) => s.score)).toEqual([35_000, 35_000, 35_000, 0]);
    expect(v.seats.map((s) => s.wind)).toEqual([1, 2, 3, 4]);
    // 9m points at 1m among three (1m and 9m wrap).
    expect(v.riichi?.doraIndicators).toEqual([tile('9m')]);
    expect(v.riichi?.ranking?.map((p) => p.seat)).toEqual([0, 1, 2]);
    expect(e.viewFor(3).legalActions).toEqual([]);
    checkAll(e);
    play(e, 0, '5z');
    expect(e.state.hand.turn).toBe(1);
    play(e, 1, '7z');
    expect(e.state.hand.turn).toBe(2);
    play(e, 2, '7z');
    // After West comes East again: the vacant North seat is skipped.
    expect(e.state.hand.turn).toBe(0);
    expect(e.state.hand.seats[3].concealed).toEqual([]);
    checkAll(e);
  });

  it('offers no chow: a pung, but not a run from the seat on the left', () => {
    const e = table([{ hands: [DEALER_IDLE, '19m3579p35s11556z', IDLE2, ''], draws: '7z7z' }]);
    // Seat 1 holds 3s 5s (a 4s would make a chow) and two 5z.
    must(e, 0, discard('4s'));
    expect(types(e, 1)).not.toContain('chow');
    expect(types(e, 1)).toEqual([]);
    settle(e);
    play(e, 1, '7z');
    must(e, 2, discard('5z'));
    expect(types(e, 1)).toContain('pung');
    checkAll(e);
  });
});

describe('the North set aside', () => {
  it('is set aside as it is drawn and replaced from the dead wall; it counts as dora for the winner', () => {
    const e = table([
      {
        hands: [DEALER_IDLE, '123p456p789p124s4z', IDLE2, ''],
        draws: '7z7z6z4z',
        replacements: '4s3s',
        dora: '9m',
      },
    ]);
    // The dealt North of seat 1 went aside at once; its replacement was the first replacement tile (4s).
    expect(e.viewFor(0).seats[1].bonus).toEqual([tile('4z')]);
    expect(e.viewFor(0).seats[1].concealedCount).toBe(13);
    const before = e.viewFor(0).wallCount;
    play(e, 0, '5z');
    // Seat 1 (ready on 3s) drew 7z and discards it.
    play(e, 1, '7z');
    play(e, 2, '7z');
    play(e, 0, '6z');
    // Seat 1 draws a second North: aside, replaced by 3s, which completes the hand.
    expect(e.viewFor(0).seats[1].bonus).toEqual([tile('4z'), tile('4z')]);
    expect(e.state.hand.source).toBe('replacement');
    // A replacement takes from the dead wall, which the live wall refills: one tile fewer to draw.
    expect(e.viewFor(0).wallCount).toBe(before - 4 - 1);
    expect(types(e, 1)).toContain('win');
    must(e, 1, { type: 'win' } as PlayerAction);
    const r = last(e);
    const north = r?.patterns?.find((p) => p.name === 'north-dora');
    expect(north?.value).toBe(2);
    // A win on a North's replacement counts as a win after a kong (Mahjong Soul).
    expect(r?.patterns?.map((p) => p.name)).toContain('after-kong');
    checkAll(e);
  });
});

describe('settlement among three', () => {
  it('a non-dealer self-draw pays with tsumo loss: the dealer 2x, the other 1x, North’s share unpaid', () => {
    const e = table([{ hands: [DEALER_IDLE, READY, IDLE2, ''], draws: '7z6z6z1s', dora: '9m' }]);
    play(e, 0, '5z');
    play(e, 1, '7z');
    play(e, 2, '6z');
    play(e, 0, '6z');
    must(e, 1, { type: 'win' });
    const r = last(e);
    // Self-draw 1 + closed pure straight 2 = 3 han; 20 + 2 (self-draw) + 2 (pair wait) = 24 -> 30 fu:
    // basic 30 x 2^5 = 960; the dealer pays 1,920 -> 2,000, West 960 -> 1,000.
    expect(r).toMatchObject({ kind: 'win', winner: 1, selfDrawn: true, han: 3, fu: 30 });
    expect(r?.deltas).toEqual([-2000, 3000, -1000, 0]);
    expect(e.scores()).toEqual([33_000, 38_000, 34_000, 0]);
    checkAll(e);
  });

  it('the same self-draw with north bisection: North’s share split, 2.5x and 1.5x', () => {
    const e = table([{ hands: [DEALER_IDLE, READY, IDLE2, ''], draws: '7z6z6z1s', dora: '9m' }], {
      tsumoPayment: 'north-bisection',
    });
    play(e, 0, '5z');
    play(e, 1, '7z');
    play(e, 2, '6z');
    play(e, 0, '6z');
    must(e, 1, { type: 'win' });
    // 960 x 2.5 = 2,400; 960 x 1.5 = 1,440 -> 1,500.
    expect(last(e)?.deltas).toEqual([-2400, 3900, -1500, 0]);
  });

  it('an exhaustive draw: the not-ready pay 1,000 each to the one ready hand; the dealer moves to South', () => {
    const e = table([{ hands: [DEALER_IDLE, READY, IDLE2, ''] }], { nagashiMangan: false });
    playOut(e);
    const r = last(e);
    expect(r).toMatchObject({ kind: 'draw', drawKind: 'exhaustive', ready: [false, true, false, false] });
    expect(r?.deltas).toEqual([-1000, 2000, -1000, 0]);
    expect(e.scores()).toEqual([34_000, 37_000, 34_000, 0]);
    checkAll(e);
    // The dealer was not ready: the deal moves on to seat 1; nobody passes for the vacant seat.
    for (const seat of [0, 1, 2] as const) must(e, seat, PASS);
    expect(e.state.dealer).toBe(1);
    expect(e.viewFor(3).legalActions).toEqual([]);
  });

  it('the deal goes round three seats, never to the vacant North', () => {
    const walls = [0, 1, 2, 3].map(() => ({ hands: [DEALER_IDLE, IDLE1, IDLE2, ''] as const }));
    const dealers: Seat[] = [];
    const e = table(
      walls.map((w, i) => {
        const dealer = (i % 3) as Seat;
        const hands = ['', '', '', ''];
        hands[dealer] = w.hands[0];
        hands[(dealer + 1) % 3] = w.hands[1];
        hands[(dealer + 2) % 3] = w.hands[2];
        return { dealer, hands: hands as unknown as WallScript['hands'] };
      }),
      { nagashiMangan: false },
    );
    for (let hand = 0; hand < 4; hand++) {
      dealers.push(e.state.dealer);
      playOut(e);
      for (const seat of [0, 1, 2] as const) if (e.state.phase === 'handOver') must(e, seat, PASS);
    }
    // Nobody is ready at any draw: the deal moves on each time, East 1-3 then South 1.
    expect(dealers).toEqual([0, 1, 2, 0]);
    expect(e.state.round).toBe(1);
  });
});
