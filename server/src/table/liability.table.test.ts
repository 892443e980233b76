/**
 * Liability at the table, scripted walls played move by move: riichi's pao (the feeder of the
 * third dragon set pays a big three dragons: all of a self-draw, half of a win on another seat's
 * discard) and Hong Kong's nine and twelve pieces under discarder-pays-half (the liable seat pays
 * it all). The result says who paid because liable.
 */
import { type HandResultView, type Seat, tile } from '@mahjong/shared';
import { describe, expect, it } from 'vitest';
import type { TableEngineImpl } from './engine.js';
import { stateInvariants } from './invariants.js';
import { fire, must, scriptedEngine, type WallScript } from './testing.js';

const settle = (e: TableEngineImpl) => {
  if (e.state.phase === 'playing' && e.state.hand.window !== null) fire(e);
};
const play = (e: TableEngineImpl, seat: Seat, t: string) => {
  must(e, seat, { type: 'discard', tile: tile(t) });
  settle(e);
};
/** `seat` discards `t` and seat 1 pungs it, then discards `next`. */
const fed = (e: TableEngineImpl, seat: Seat, t: string, next: string) => {
  must(e, seat, { type: 'discard', tile: tile(t) });
  must(e, 1, { type: 'pung' });
  settle(e);
  play(e, 1, next);
};
const last = (e: TableEngineImpl): HandResultView => {
  const r = e.results().at(-1);
  if (r === undefined) throw new Error('no result');
  expect(stateInvariants(e.state)).toEqual([]);
  return r;
};

describe('riichi: pao for big three dragons', () => {
  // Seat 1 holds pairs of the three dragons: it pungs White from the dealer, Green and Red from
  // seat 2 (which fed the third set: liable), and waits on 9p alone.
  const feedThree = (e: TableEngineImpl) => {
    fed(e, 0, '5z', '1s');
    fed(e, 2, '6z', '9s');
    fed(e, 2, '7z', '4p');
  };
  // Seat 1 pairs of the dragons and a 9p wait (`plain`), or with East's triplet and a South wait
  // (`honours`: big three dragons and all honours).
  const hands = {
    plain: ['5z147m258p36s12349m', '556677z123m9p1s9s4p', '67z258m369p47s123z', '369m17p258s12344m'],
    honours: ['5z147m258p36s12349m', '5566771112z1s9s4p', '67z258m369p47s123z', '369m17p258s12344m'],
  } satisfies Record<string, WallScript['hands']>;
  const start = (kind: keyof typeof hands, draws: string, options: Record<string, unknown>) => {
    const e = scriptedEngine([{ bonus: false, hands: hands[kind], draws }], { ruleset: 'riichi-modern', options });
    feedThree(e);
    play(e, 2, '9m');
    play(e, 3, '5s');
    return e;
  };
  /** Seat 1 draws `t` and wins. */
  const selfDrawn = (kind: keyof typeof hands, t: string, options: Record<string, unknown> = {}) => {
    const e = start(kind, `8p2s9m5s7s${t}`, options);
    play(e, 0, '7s');
    must(e, 1, { type: 'win' });
    return last(e);
  };
  /** The dealer draws `t` and discards it; seat 1 wins on it. */
  const onDiscard = (kind: keyof typeof hands, t: string, options: Record<string, unknown> = {}) => {
    const e = start(kind, `8p2s9m5s${t}`, options);
    must(e, 0, { type: 'discard', tile: tile(t) });
    must(e, 1, { type: 'win' });
    settle(e);
    return last(e);
  };

  it('a self-draw: the feeder pays it all', () => {
    const r = selfDrawn('plain', '9p');
    expect(r.patterns?.map((p) => p.name)).toEqual(['big-three-dragons']);
    expect(r.liable).toEqual({ seat: 2, rule: 'big-three-dragons' });
    expect(r.payments).toEqual([{ from: 2, to: 1, amount: 32_000 }]);
    expect(r.deltas).toEqual([0, 32_000, -32_000, 0]);
  });

  it('a win on another seat\u2019s discard: the discarder and the feeder pay half each', () => {
    const r = onDiscard('plain', '9p');
    expect(r.liable).toEqual({ seat: 2, rule: 'big-three-dragons' });
    expect(r.payments).toEqual([
      { from: 2, to: 1, amount: 16_000 },
      { from: 0, to: 1, amount: 16_000 },
    ]);
    expect(r.deltas).toEqual([-16_000, 32_000, -16_000, 0]);
  });

  it('not played with the option off: the usual payments', () => {
    const self = selfDrawn('plain', '9p', { pao: false });
    expect(self.liable).toBeUndefined();
    expect(self.deltas).toEqual([-16_000, 32_000, -8_000, -8_000]);
    expect(onDiscard('plain', '9p', { pao: false }).deltas).toEqual([-32_000, 32_000, 0, 0]);
  });

  it('a second yakuman: the feeder pays the whole hand (Tenhou), or with the option off only the liable one', () => {
    const whole = selfDrawn('honours', '2z');
    expect(whole.patterns?.map((p) => p.name).sort()).toEqual(['all-honours', 'big-three-dragons']);
    expect(whole.liable).toEqual({ seat: 2, rule: 'big-three-dragons' });
    expect(whole.payments).toEqual([{ from: 2, to: 1, amount: 64_000 }]);
    expect(whole.deltas).toEqual([0, 64_000, -64_000, 0]);
    // Only the liable yakuman: the feeder pays it as a ron, the all honours is a usual self-draw.
    expect(selfDrawn('honours', '2z', { paoWholeHand: false }).deltas).toEqual([-16_000, 64_000, -40_000, -8_000]);
    // On a discard, the discarder and the feeder share the whole hand.
    expect(onDiscard('honours', '2z').deltas).toEqual([-32_000, 64_000, -32_000, 0]);
  });
});

describe('Hong Kong: nine and twelve pieces under discarder-pays-half', () => {
  // Seat 1 pungs 1s from the dealer, then 2s, 3s and 7s from seat 2 (the fourth set of one suit),
  // and waits on 5s alone for a pure hand.
  const wall = (draws: string): WallScript => ({
    hands: ['1s147m258p1234z986m', '11s22s33s77s5s123z9m', '237s258m369p567z4z', '369m147p567z4z123z'],
    draws,
  });
  const table = (draws: string, penalties: boolean) =>
    scriptedEngine([wall(draws)], {
      options: {
        payment: 'discarder-pays-half',
        ninePiecesPenalty: penalties,
        twelvePiecesPenalty: penalties,
      },
    });
  const feedFour = (e: TableEngineImpl) => {
    fed(e, 0, '1s', '1z');
    fed(e, 2, '2s', '2z');
    fed(e, 2, '3s', '3z');
    fed(e, 2, '7s', '9m');
    play(e, 2, '9p');
  };
  const selfDraw = (penalties: boolean) => {
    const e = table('8p1p4p9p4m6m5s', penalties);
    feedFour(e);
    play(e, 3, '4m');
    play(e, 0, '6m');
    must(e, 1, { type: 'win' });
    return last(e);
  };
  const onDiscard = (penalties: boolean) => {
    const e = table('8p1p4p9p5s', penalties);
    feedFour(e);
    must(e, 3, { type: 'discard', tile: tile('5s') });
    must(e, 1, { type: 'win' });
    settle(e);
    return last(e);
  };

  it('twelve pieces: a self-drawn pure hand is paid all by the seat that fed the fourth set', () => {
    const usual = selfDraw(false);
    expect(usual.liable).toBeUndefined();
    expect(usual.payments.map((p) => p.from).sort()).toEqual([0, 2, 3]);
    const r = selfDraw(true);
    expect(r.liable).toEqual({ seat: 2, rule: 'twelve-pieces' });
    expect(r.payments).toEqual([{ from: 2, to: 1, amount: usual.deltas[1] }]);
    expect(r.deltas[1]).toBe(usual.deltas[1]);
  });

  it('nine pieces: the discarder that lets a pure hand with three melded sets out pays it all', () => {
    const usual = onDiscard(false);
    expect(usual.liable).toBeUndefined();
    expect(usual.payments.length).toBeGreaterThan(1);
    const r = onDiscard(true);
    expect(r.liable).toEqual({ seat: 3, rule: 'nine-pieces' });
    expect(r.payments).toEqual([{ from: 3, to: 1, amount: usual.deltas[1] }]);
  });
});
