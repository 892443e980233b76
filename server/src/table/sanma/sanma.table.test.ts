/**
 * Three-player riichi at the table (`riichi-sanma`, reached through the engine's own id, not
 * offered to players): scripted 108-tile walls (testing.ts `scriptedWall` with `three`), the
 * engine played move by move. Expected figures are worked by hand from docs/rules/riichi-sanma.md.
 */
import { type Seat, tile } from '@mahjong/shared';
import { describe, expect, it } from 'vitest';
import type { TableEngineImpl } from '../engine.js';
import { stateInvariants, viewInvariants } from '../invariants.js';
import { chooseBotAction } from '../bot.js';
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
  it('is set aside by choice: the others may win on it first, then a replacement; two count two dora', () => {
    const e = table([
      {
        hands: [DEALER_IDLE, '123p456p789p124s4z', IDLE2, ''],
        draws: '4z',
        replacements: '4s3s',
        dora: '9m',
      },
    ]);
    // Nothing is set aside at the deal: the North stays in the hand until its holder says.
    expect(e.viewFor(0).seats[1].bonus).toEqual([]);
    expect(e.viewFor(0).seats[1].concealedCount).toBe(13);
    // The dealer holds no North: not offered.
    expect(types(e, 0)).not.toContain('north');
    play(e, 0, '5z');
    // Seat 1 draws a second North; either may go aside.
    expect(types(e, 1)).toContain('north');
    const before = e.viewFor(0).wallCount;
    must(e, 1, { type: 'north' });
    // A window on the North (nobody waits on it here): public, the tile still in the hand.
    expect(e.state.hand.stage).toBe('robbing');
    expect(e.viewFor(2).robbing).toEqual({ seat: 1, tile: tile('4z') });
    expect(e.viewFor(0).seats[1].concealedCount).toBe(14);
    checkAll(e);
    settle(e);
    expect(e.viewFor(0).seats[1].bonus).toEqual([tile('4z')]);
    expect(e.state.hand.source).toBe('replacement');
    expect(e.state.hand.turn).toBe(1);
    // The replacement (4s) from the dead wall, which the live wall refills: one tile fewer to draw.
    expect(e.viewFor(1).hand?.drawn).toBe(tile('4s'));
    expect(e.viewFor(0).wallCount).toBe(before - 1);
    checkAll(e);
    // The second North, replaced by 3s, which completes the hand.
    must(e, 1, { type: 'north' });
    settle(e);
    expect(e.viewFor(0).seats[1].bonus).toEqual([tile('4z'), tile('4z')]);
    expect(types(e, 1)).toContain('win');
    must(e, 1, { type: 'win' });
    const r = last(e);
    expect(r?.patterns?.find((p) => p.name === 'north-dora')?.value).toBe(2);
    // A win on a North's replacement counts as a win after a kong (Mahjong Soul).
    expect(r?.patterns?.map((p) => p.name)).toContain('after-kong');
    checkAll(e);
  });

  it('kept as a pair, a North is part of the hand: won with, no north-dora, no value pair', () => {
    const e = table([{ hands: [DEALER_IDLE, '123p456p789p23s44z', IDLE2, ''], draws: '1s', dora: '9m' }]);
    play(e, 0, '5z');
    // The pair could go aside, but the hand keeps it and wins on 1s.
    expect(types(e, 1)).toEqual(expect.arrayContaining(['north', 'win']));
    must(e, 1, { type: 'win' });
    const r = last(e);
    const names = r?.patterns?.map((p) => p.name) ?? [];
    expect(r).toMatchObject({ kind: 'win', winner: 1, selfDrawn: true });
    expect(names).not.toContain('north-dora');
    expect(names).not.toContain('after-kong');
    // North is a guest wind among three: its pair is worth no fu (the seat is South, the round East).
    expect(names).not.toContain('value-pair');
    expect(e.state.hand.seats[1].bonus).toEqual([]);
    checkAll(e);
  });

  it('a seat waiting on North wins on the one set aside, with no robbing-a-kong yaku', () => {
    const e = table([{ hands: [DEALER_IDLE, '19m3579p3579s124z', '123p456p789p234s4z', ''], draws: '7z', dora: '9m' }]);
    play(e, 0, '5z');
    must(e, 1, { type: 'north' });
    expect(types(e, 2)).toEqual(['win', 'pass']);
    // The dealer cannot win on it: nothing to answer.
    expect(types(e, 0)).toEqual([]);
    must(e, 2, { type: 'win' });
    settle(e);
    const r = last(e);
    const names = r?.patterns?.map((p) => p.name) ?? [];
    expect(r).toMatchObject({ kind: 'win', winner: 2, selfDrawn: false });
    expect(names).not.toContain('robbing-kong');
    expect(names).toContain('pure-straight');
    // Closed pure straight 2 han; 20 + 10 (closed ron) + 2 (single wait) = 32 -> 40 fu: 2,600 from the declarer.
    expect(r?.deltas).toEqual([0, -2600, 2600, 0]);
    checkAll(e);
  });

  it('letting the North pass is no missed win; the declaration goes on', () => {
    const e = table([{ hands: [DEALER_IDLE, '19m3579p3579s124z', '123p456p789p234s4z', ''], draws: '7z', dora: '9m' }]);
    play(e, 0, '5z');
    must(e, 1, { type: 'north' });
    must(e, 2, PASS);
    settle(e);
    expect(e.state.hand.seats[2].missed).toEqual([]);
    expect(e.viewFor(0).seats[1].bonus).toEqual([tile('4z')]);
    expect(e.state.hand.turn).toBe(1);
    checkAll(e);
  });

  it('counts as a call: it ends every ippatsu and the first go-around', () => {
    const e = table([
      {
        hands: [DEALER_IDLE, '19m3579p3579s124z', READY, ''],
        draws: '7z6z6z9m',
        dora: '9m',
      },
    ]);
    play(e, 0, '5z');
    play(e, 1, '7z');
    must(e, 2, { type: 'riichi', tile: tile('6z') });
    settle(e);
    const ippatsu = () => e.state.hand.riichi?.seats[2].declared?.ippatsu;
    expect(ippatsu()).toBe(true);
    play(e, 0, '6z');
    must(e, 1, { type: 'north' });
    expect(ippatsu()).toBe(true);
    expect(e.state.hand.interrupted).toBe(true);
    settle(e);
    expect(ippatsu()).toBe(false);
    checkAll(e);
  });

  it('in riichi: only a North just drawn (the declared hand keeps its wait)', () => {
    // Seat 2 is ready on North alone (a single wait) and declares.
    const e = table([
      {
        hands: [DEALER_IDLE, IDLE1, '123p456p789p234s4z', ''],
        draws: '7z6z6z7z9m1s1s4z',
        dora: '9m',
      },
    ]);
    play(e, 0, '5z');
    play(e, 1, '7z');
    must(e, 2, { type: 'riichi', tile: tile('6z') });
    settle(e);
    play(e, 0, '6z');
    play(e, 1, '7z');
    // It holds a North, but drew 9m: setting that North aside would change the wait.
    expect(types(e, 2)).not.toContain('north');
    play(e, 2, '9m');
    play(e, 0, '1s');
    play(e, 1, '1s');
    // The North drawn: it may win with it, or set it aside.
    expect(types(e, 2)).toEqual(expect.arrayContaining(['win', 'north']));
    checkAll(e);
  });

  it('is refused without a North in the hand, out of turn, and right after a pung; nothing changes', () => {
    const e = table([{ hands: [DEALER_IDLE, '19m3579p3579s455z', IDLE2, ''], dora: '9m' }]);
    const refused = (seat: Seat, code: string) => {
      const before = e.state;
      const r = e.act(seat, { type: 'north' }, before.at);
      expect(r.ok ? null : r.error.code).toBe(code);
      expect(e.state).toBe(before);
    };
    refused(0, 'action/no_such_tile');
    refused(1, 'action/not_your_turn');
    must(e, 0, discard('5z'));
    must(e, 1, { type: 'pung' });
    settle(e);
    // Seat 1 holds a North but did not draw: it discards, as after any call (Tenhou).
    expect(e.state.hand.turn).toBe(1);
    expect(types(e, 1)).not.toContain('north');
    refused(1, 'action/illegal');
  });
});

describe('the North at a four-player table', () => {
  it('is refused as not this ruleset; nothing changes', () => {
    // A four-player riichi dealer holding a North (4z).
    const e = scriptedEngine(
      [{ bonus: false, hands: ['7m147p258s1234567z', '7m147p258s123456z', '8m258p369s123457z', '9m36p147s1234567z'] }],
      { ruleset: 'riichi-modern', options: { redFives: 0 } },
    );
    expect(e.viewFor(0).legalActions.map((a) => a.type)).not.toContain('north');
    const [before, logged] = [e.state, e.log.length];
    const r = e.act(0, { type: 'north' }, before.at);
    expect(r.ok ? null : r.error.code).toBe('action/not_this_ruleset');
    expect(e.state).toBe(before);
    expect(e.log.length).toBe(logged);
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

describe('the bot among three', () => {
  it('counts no 2m-8m as tiles to draw: a lone 1m is no half of a run', () => {
    // Three loose tiles (1m, White, Green) beside three runs and a pair. Counting 2m and 3m, the
    // 1m looked worth keeping (16 tiles against 8) and a dragon went; among three the 1m is as
    // lone as a dragon, and the 1m goes (a dragon may still make a pung that pays).
    const e = table([{ hands: ['123p456p789p55s1m56z', IDLE1, IDLE2, ''] }]);
    expect(chooseBotAction(e.viewFor(0), 'hard')).toEqual({ type: 'discard', tile: tile('1m') });
  });
});
