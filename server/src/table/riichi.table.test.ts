/**
 * Riichi at the table, one scripted hand (or more) per rule: fixed walls in notation
 * (testing.ts `scriptedWall`, with `dora` and `ura` indicators), the engine played move by move.
 * The rules themselves are the shared ones (shared/src/riichi); these tests check that the table
 * applies them at the right moment.
 */
import { formatTiles, type PlayerAction, type Seat, type TileKind, tile, tiles } from '@mahjong/shared';
import { describe, expect, it } from 'vitest';
import { chooseBotAction } from './bot.js';
import type { TableEngineImpl } from './engine.js';
import { stateInvariants, viewInvariants } from './invariants.js';
import { closeRiichiMatch } from './riichi/wins.js';
import { discard, fire, must, PASS, scriptedEngine, type WallScript } from './testing.js';

const WIN: PlayerAction = { type: 'win' };
const riichi = (t: string): PlayerAction => ({ type: 'riichi', tile: tile(t) });

/** Ready on 1p/4p: pure straight and (on 4p or 1p) pinfu. */
const READY = '123m456m789m2355p';
/** The dealer's ready fourteen: riichi with 6z leaves READY. */
const DEALER_READY = '123m456m789m2355p6z';
/** A dealer's fourteen that wins nothing and holds 1p, 4p and 7p. */
const DEALER_IDLE = '7m147p258s1234567z';
const IDLE1 = '7m147p258s123456z';
const IDLE2 = '8m258p369s123457z';
const IDLE3 = '9m36p147s1234567z';

function table(walls: readonly WallScript[], options: Record<string, unknown> = {}, rounds?: number) {
  return scriptedEngine(
    walls.map((w) => ({ bonus: false, ...w })),
    { ruleset: 'riichi-modern', options: { redFives: 0, ...options }, ...(rounds === undefined ? {} : { rounds }) },
  );
}

const types = (e: TableEngineImpl, seat: Seat) => e.viewFor(seat).legalActions.map((a) => a.type);
const names = (e: TableEngineImpl) => (e.results().at(-1)?.patterns ?? []).map((p) => p.name);
const last = (e: TableEngineImpl) => e.results().at(-1);
/** Closes an open window at its deadline (passes for whoever did not answer). */
const settle = (e: TableEngineImpl) => {
  if (e.state.phase === 'playing' && e.state.hand.window !== null) fire(e);
};
/** `seat` discards `t`; the window closes. */
const play = (e: TableEngineImpl, seat: Seat, t: string) => {
  must(e, seat, discard(t));
  settle(e);
};
const checkAll = (e: TableEngineImpl) => {
  const bad = stateInvariants(e.state);
  for (const v of [0, 1, 2, 3, 'spectator'] as const) bad.push(...viewInvariants(e.state, e.viewFor(v), v));
  expect(bad).toEqual([]);
};
/**
 * Plays the hand out: every seat discards the tile it drew, every window closes at its deadline.
 * Calls `onTurn` at each turn first.
 */
function playOut(e: TableEngineImpl, onTurn: (seat: Seat) => void = () => {}) {
  while (e.state.phase === 'playing') {
    if (e.state.hand.window !== null) {
      settle(e);
      continue;
    }
    const h = e.state.hand;
    onTurn(h.turn);
    const st = h.seats[h.turn];
    const id = st.drawn ?? (st.concealed.at(-1) as number);
    must(e, h.turn, { type: 'discard', tile: Math.floor(id / 4) as never });
  }
}
/** Every seat says it is ready: the next hand is dealt. */
const nextHand = (e: TableEngineImpl) => {
  for (const seat of [0, 1, 2, 3] as const) if (e.state.phase === 'handOver') must(e, seat, PASS);
};

describe('the riichi deal', () => {
  it('deals from 136 tiles with one dora indicator shown, points from 25,000', () => {
    const e = table([{ hands: [DEALER_READY, IDLE1, IDLE2, IDLE3], dora: '9m', ura: '4p' }]);
    const v = e.viewFor(1);
    expect(v.wallCount).toBe(136 - 53 - 14);
    expect(v.riichi).toMatchObject({
      doraIndicators: [tile('9m')],
      honba: 0,
      sticks: 0,
      length: 'east-south',
      startPoints: 25000,
    });
    // Four equal scores: places by seat from the first dealer, the top prize to the first.
    expect(v.riichi?.ranking?.map((p) => [p.seat, p.score])).toEqual([
      [0, 30],
      [1, 0],
      [2, -10],
      [3, -20],
    ]);
    expect(v.seats.map((s) => s.score)).toEqual([25000, 25000, 25000, 25000]);
    checkAll(e);
  });
});

describe('riichi declaration', () => {
  it('is offered with the discards that leave the hand ready; the stick goes on the table once the discard passes', () => {
    const e = table([{ hands: [DEALER_READY, IDLE1, IDLE2, IDLE3], draws: '7z7z5z4p', dora: '9m', ura: '4p' }]);
    expect(e.viewFor(0).legalActions.filter((a) => a.type === 'riichi')).toEqual([riichi('6z')]);
    expect(e.act(0, riichi('5p'), 0).ok).toBe(false);
    must(e, 0, riichi('6z'));
    expect(e.viewFor(2).seats[0].riichi).toEqual({
      discard: 0,
      ippatsu: true,
      double: true,
      discardsBefore: [0, 0, 0, 0],
    });
    expect(e.scores()[0]).toBe(25000);
    settle(e);
    expect(e.scores()[0]).toBe(24000);
    expect(e.viewFor(2).riichi?.sticks).toBe(1);
    play(e, 1, '7z');
    play(e, 2, '7z');
    play(e, 3, '5z');
    // In riichi: the drawn tile only, or the win.
    expect(types(e, 0)).toEqual(['win', 'discard']);
    expect(e.act(0, discard('1m'), e.state.at)).toMatchObject({ ok: false, error: { code: 'action/illegal' } });
    checkAll(e);
    must(e, 0, WIN);
    const r = last(e);
    expect(names(e)).toEqual(
      expect.arrayContaining(['riichi', 'double-riichi', 'ippatsu', 'fully-concealed-self-draw']),
    );
    // Dora 1m (indicator 9m) once, ura-dora 5p (indicator 4p) twice.
    expect(r?.patterns?.find((p) => p.name === 'dora')?.value).toBe(3);
    expect(r?.doraIndicators).toEqual([tile('9m')]);
    expect(r?.uraIndicators).toEqual([tile('4p')]);
    expect(r?.sticks).toBe(1);
    expect(r?.deltas.reduce((a, b) => a + b, 0)).toBe(1000);
    checkAll(e);
  });

  it('is not offered for a hand that is not ready, and refused', () => {
    const e = table([{ hands: [DEALER_IDLE, IDLE1, IDLE2, IDLE3] }]);
    expect(types(e, 0)).not.toContain('riichi');
    expect(e.act(0, riichi('7z'), 0)).toMatchObject({ ok: false, error: { code: 'action/illegal' } });
  });

  it('loses ippatsu on any call', () => {
    const e = table([{ hands: [DEALER_READY, IDLE1, '8m258p369s123477z', IDLE3], draws: '7z5z4p', dora: '9m' }]);
    must(e, 0, riichi('6z'));
    settle(e);
    must(e, 1, discard('7z'));
    must(e, 2, { type: 'pung' });
    settle(e);
    expect(e.viewFor(3).seats[0].riichi?.ippatsu).toBe(false);
    play(e, 2, '1z');
    play(e, 3, '5z');
    must(e, 0, WIN);
    expect(names(e)).toContain('double-riichi');
    expect(names(e)).not.toContain('ippatsu');
  });
});

describe('furiten', () => {
  it('a passed win blocks ron until the next own discard; a wait in one\u2019s own discards blocks ron; tsumo stays', () => {
    const e = table([{ hands: [DEALER_IDLE, READY, IDLE2, IDLE3], draws: '9p1p4p9p1p4p9s9s4p' }]);
    play(e, 0, '7z');
    play(e, 1, '9p');
    must(e, 2, discard('1p'));
    expect(types(e, 1)).toEqual(['win', 'pass']);
    must(e, 1, PASS);
    settle(e);
    expect(e.viewFor(1).hand?.furiten).toBe(true);
    must(e, 3, discard('4p'));
    expect(types(e, 1)).toEqual([]);
    settle(e);
    play(e, 0, '9p');
    // Its own turn ends the passed win's furiten; discarding its own wait (1p) starts another.
    play(e, 1, '1p');
    expect(e.viewFor(1).hand?.furiten).toBe(true);
    must(e, 2, discard('4p'));
    expect(types(e, 1)).toEqual([]);
    settle(e);
    play(e, 3, '9s');
    play(e, 0, '9s');
    expect(types(e, 1)).toContain('win');
    checkAll(e);
  });

  it('a win passed in riichi blocks ron for the rest of the hand', () => {
    const e = table([{ hands: [DEALER_IDLE, READY, IDLE2, IDLE3], draws: '9p1p9s9s9p4p' }]);
    play(e, 0, '7z');
    must(e, 1, riichi('9p'));
    settle(e);
    must(e, 2, discard('1p'));
    must(e, 1, PASS);
    settle(e);
    play(e, 3, '9s');
    play(e, 0, '9s');
    expect(e.viewFor(1).hand?.furiten).toBe(true);
    play(e, 1, '9p');
    must(e, 2, discard('4p'));
    expect(types(e, 1)).toEqual([]);
  });
});

describe('furiten, as Tenhou and Mahjong Soul play it', () => {
  it('a win let pass ends with the seat\u2019s own next discard, also one after a call', () => {
    // Seat 1 waits on 5s/8s with a white dragon pung; it lets a 5s pass, pungs 1p, discards 6s
    // (now waiting on 7s). Without the pass (the control) the 7s is a ron; with it, too.
    for (const passed of [false, true]) {
      const e = table([
        {
          hands: ['1p99m99p22z33z44z66z1z', '234m567m555z11p67s', '118m238p88p19s7s77z', '49m3467p2345s4z67z'],
          draws: '1s2s3s4s9s',
        },
      ]);
      play(e, 0, '1z');
      play(e, 1, '1s');
      play(e, 2, '2s');
      if (passed) {
        must(e, 3, discard('5s'));
        expect(types(e, 1)).toEqual(['win', 'pass']);
        must(e, 1, PASS);
        settle(e);
        expect(e.viewFor(1).hand?.furiten).toBe(true);
      } else play(e, 3, '4z');
      must(e, 0, discard('1p'));
      must(e, 1, { type: 'pung' });
      settle(e);
      play(e, 1, '6s');
      expect(e.viewFor(1).hand?.furiten).toBe(false);
      must(e, 2, discard('7s'));
      expect(types(e, 1)).toEqual(['win', 'pass']);
      checkAll(e);
    }
  });

  it('a tile that completes the hand without a yaku, let pass, is furiten too', () => {
    // Seat 1: 123m 456m 78m 555p 99s waits on 6m (no yaku: not offered) and 9m (pure straight).
    const e = table([{ hands: [DEALER_IDLE, '123m456m78m555p99s', IDLE2, IDLE3], draws: '9s6m8p' }]);
    play(e, 0, '7z');
    play(e, 1, '9s');
    must(e, 2, discard('6m'));
    expect(types(e, 1)).toEqual([]);
    settle(e);
    expect(e.viewFor(1).hand?.furiten).toBe(true);
    must(e, 3, discard('9m'));
    expect(types(e, 1)).toEqual([]);
    // The same 9m without the 6m before it is a ron.
    const quiet = table([{ hands: [DEALER_IDLE, '123m456m78m555p99s', IDLE2, IDLE3], draws: '9s9p8p' }]);
    play(quiet, 0, '7z');
    play(quiet, 1, '9s');
    play(quiet, 2, '9p');
    must(quiet, 3, discard('9m'));
    expect(types(quiet, 1)).toEqual(['win', 'pass']);
  });

  it('a discard another seat claimed still counts among one\u2019s own discards', () => {
    const e = table([{ hands: [DEALER_IDLE, READY, '8m1128p369s12345z', IDLE3], draws: '1p4p' }]);
    play(e, 0, '7z');
    must(e, 1, discard('1p'));
    must(e, 2, { type: 'pung' });
    settle(e);
    play(e, 2, '8m');
    must(e, 3, discard('4p'));
    expect(types(e, 1)).toEqual([]);
    expect(e.viewFor(1).hand?.furiten).toBe(true);
  });
});

describe('waits on tiles the hand holds all four of (karaten)', () => {
  // Dealer: 3333m12m456p789p11s; a concealed kong of 3m, replacement 7z. Without 7z the hand
  // waits only on 3m (12m), and all four 3m are its own kong.
  const KARATEN: WallScript = { hands: ['3333m12m456p789p11s', IDLE1, IDLE2, IDLE3], replacements: '7z' };

  it('are no waits: no riichi, not ready at the exhaustive draw', () => {
    const e = table([KARATEN]);
    must(e, 0, { type: 'concealedKong', tile: tile('3m') });
    expect(types(e, 0)).not.toContain('riichi');
    playOut(e);
    expect(last(e)).toMatchObject({ kind: 'draw', drawKind: 'exhaustive', ready: [false, false, false, false] });
    expect(e.state.dealer).toBe(1);
    checkAll(e);
  });

  it('also when the four are a pung and the hand\u2019s last tile (an open hand is not ready on it)', () => {
    const e = table([{ hands: ['5m147p258s1234567z', '555m123p456p789s9p', IDLE2, IDLE3] }]);
    must(e, 0, discard('5m'));
    must(e, 1, { type: 'pung' });
    settle(e);
    play(e, 1, '9p');
    expect(e.viewFor(1).hand?.waits).toEqual([]);
    playOut(e);
    expect(last(e)).toMatchObject({ kind: 'draw', drawKind: 'exhaustive', deltas: [0, 0, 0, 0] });
    expect(last(e)?.ready?.[1]).toBe(false);
  });
});

describe('kongs after a call and added kongs', () => {
  it('no kong in the turn of a pung: the seat that called discards', () => {
    const e = table([{ hands: ['7m149p258s1234567z', '1111m99p234s567s1z', IDLE2, IDLE3] }]);
    must(e, 0, discard('9p'));
    must(e, 1, { type: 'pung' });
    settle(e);
    expect(types(e, 1)).not.toContain('concealedKong');
    expect(e.act(1, { type: 'concealedKong', tile: tile('1m') }, e.state.at)).toMatchObject({ ok: false });
  });

  it('an added kong with a fourth tile kept in the hand, on a later turn', () => {
    const e = table([{ hands: ['7m149p258s1234567z', '99p234s567s1234m1z', IDLE2, IDLE3], draws: '5m6m8p9p1s2s3p6p' }]);
    must(e, 0, discard('9p'));
    must(e, 1, { type: 'pung' });
    settle(e);
    play(e, 1, '1z');
    play(e, 2, '5m');
    play(e, 3, '6m');
    play(e, 0, '8p');
    play(e, 1, '4m'); // draws the fourth 9p and keeps it
    play(e, 2, '1s');
    play(e, 3, '2s');
    play(e, 0, '3p');
    expect(e.viewFor(1).legalActions).toContainEqual({ type: 'addedKong', tile: tile('9p') });
    must(e, 1, { type: 'addedKong', tile: tile('9p') });
    settle(e);
    const meld = e.viewFor(2).seats[1].melds[0];
    expect(meld).toMatchObject({ kind: 'kong', added: true, tiles: tiles('9p9p9p9p') });
    expect(e.state.hand.source).toBe('replacement');
    checkAll(e);
  });

  it('an open kong\u2019s indicator is turned when its maker declares another kong (even one robbed)', () => {
    const e = table([
      {
        hands: ['3s7p11m99m11z22z66z77z', '33s777p123m456m55z', '45s234p456p888m99s', '11p589p1278s3344z'],
        draws: '6m8s9p',
        replacements: '3s',
        dora: '9m4p',
      },
    ]);
    must(e, 0, discard('3s'));
    must(e, 1, { type: 'pung' });
    settle(e);
    play(e, 1, '1m');
    play(e, 2, '6m');
    play(e, 3, '8s');
    must(e, 0, discard('7p'));
    must(e, 1, { type: 'kong' });
    settle(e);
    expect(e.viewFor(2).riichi?.doraIndicators).toEqual(tiles('9m'));
    must(e, 1, { type: 'addedKong', tile: tile('3s') });
    expect(e.viewFor(2).riichi?.doraIndicators).toEqual(tiles('9m4p'));
    must(e, 2, WIN);
    settle(e);
    expect(last(e)?.doraIndicators).toEqual(tiles('9m4p'));
    checkAll(e);
  });
});

describe('swap calling (kuikae)', () => {
  // Seat 1 chows the dealer's 3m with 45m and still holds a 3m and a 6m.
  const SWAP: WallScript = { hands: ['3m147p258s1234567z', '4536m123p456p789s', IDLE2, IDLE3] };
  const discards = (e: TableEngineImpl, seat: Seat) =>
    e.viewFor(seat).legalActions.flatMap((a) => (a.type === 'discard' ? [formatTiles([a.tile])] : []));
  const chow = (e: TableEngineImpl) => {
    must(e, 0, discard('3m'));
    must(e, 1, { type: 'chow', tiles: [tile('3m'), tile('4m'), tile('5m')] });
    settle(e);
  };

  it('right after a chow, neither the claimed kind nor the other end of the run may go', () => {
    const e = table([SWAP]);
    chow(e);
    expect(discards(e, 1)).not.toContain('3m');
    expect(discards(e, 1)).not.toContain('6m');
    expect(discards(e, 1)).toContain('1p');
    expect(e.act(1, discard('6m'), e.state.at)).toMatchObject({ ok: false, error: { code: 'action/illegal' } });
    // A turn that runs out discards a tile the rule allows.
    fire(e);
    const gone = e.viewFor(2).seats[1].discards.at(-1)?.tile as TileKind;
    expect(['3m', '6m']).not.toContain(formatTiles([gone]));
    checkAll(e);
  });

  it('is allowed at a table that says so (swapCalls)', () => {
    const e = table([SWAP], { swapCalls: true });
    chow(e);
    expect(discards(e, 1)).toEqual(expect.arrayContaining(['3m', '6m']));
    must(e, 1, discard('6m'));
  });
});

describe('red fives', () => {
  // The dealer holds the red 5m (`0m`) and a plain one; seat 2 the red 5p, seat 3 the red 5s.
  const RED: WallScript = {
    hands: ['12305m789m11p11s6z9s', '123m789m11z22z33z4z', '4068p234s234s44z7z', '1204s5s789s55z77z9p'],
    draws: '8m',
  };
  const red = () => table([RED], { redFives: 3 });

  it('each seat sees its own; a discard names its copy; a red five is face up for everybody', () => {
    const e = red();
    expect(e.viewFor(0).hand).toMatchObject({ red: [tile('5m')], drawnRed: false });
    expect(e.viewFor(1).hand?.red).toEqual([]);
    expect(e.viewFor(2).hand?.red).toEqual([tile('5p')]);
    expect(e.viewFor(2).riichi?.redFives).toBe(3);
    // The plain 5m first: the red one stays in the hand, nobody sees a red tile.
    must(e, 0, { type: 'discard', tile: tile('5m'), red: false });
    expect(e.viewFor(0).hand?.red).toEqual([tile('5m')]);
    expect(e.viewFor(1).seats[0].discards).toEqual([{ tile: tile('5m'), claimed: false }]);
    expect(e.viewFor(1).lastDiscard).toEqual({ seat: 0, tile: tile('5m') });
    settle(e);
    play(e, 1, '8m');
    // A copy the hand does not hold is refused and changes nothing.
    const before = JSON.stringify(e.viewFor(2));
    expect(e.act(2, { type: 'discard', tile: tile('5s'), red: true }, e.state.at)).toMatchObject({
      ok: false,
      error: { code: 'action/no_such_tile' },
    });
    expect(e.act(2, { type: 'discard', tile: tile('4z'), red: true }, e.state.at)).toMatchObject({
      ok: false,
      error: { code: 'action/no_such_tile' },
    });
    expect(JSON.stringify(e.viewFor(2))).toBe(before);
    must(e, 2, { type: 'discard', tile: tile('5p'), red: true });
    for (const v of [0, 1, 3, 'spectator'] as const) {
      expect(e.viewFor(v).seats[2].discards).toEqual([{ tile: tile('5p'), claimed: false, red: true }]);
      expect(e.viewFor(v).lastDiscard).toEqual({ seat: 2, tile: tile('5p'), red: true });
    }
    expect(e.viewFor(2).hand?.red).toEqual([]);
    checkAll(e);
  });

  it('a claimed red five shows in the meld; a red five won on is counted and shown in the result', () => {
    const DEALER = '019m089p19s234567z';
    const pung = table([{ hands: [DEALER, '55p123m789m99s11z8s', IDLE2, IDLE3] }], { redFives: 3 });
    must(pung, 0, { type: 'discard', tile: tile('5p'), red: true });
    must(pung, 1, { type: 'pung' });
    settle(pung);
    for (const v of [0, 2, 3, 'spectator'] as const) {
      expect(pung.viewFor(v).seats[1].melds).toEqual([
        { kind: 'pung', tiles: tiles('555p'), concealed: false, from: 0, claimed: tile('5p'), red: true },
      ]);
    }
    expect(pung.viewFor(1).hand?.red).toEqual([]);
    checkAll(pung);
    // Seat 1 waits on 5m with a pure straight; the dealer's red 5m is the win.
    const ron = table([{ hands: [DEALER, '123p456p789p46m11z', IDLE2, IDLE3] }], { redFives: 3 });
    must(ron, 0, { type: 'discard', tile: tile('5m'), red: true });
    must(ron, 1, WIN);
    settle(ron);
    const r = last(ron);
    expect(r).toMatchObject({ winner: 1, winTile: tile('5m'), winTileRed: true });
    expect(r?.patterns).toContainEqual(expect.objectContaining({ name: 'red-five', value: 1 }));
    expect(r?.redFives).toEqual([[], [tile('5m')], [], []]);
    expect(r?.hands.map((h) => h.length)).toEqual([0, 14, 0, 0]);
  });

  it('without red fives nothing is red and a red copy is refused', () => {
    const e = table([RED]);
    expect(e.viewFor(0).hand?.red).toBeUndefined();
    expect(e.viewFor(0).riichi?.redFives).toBe(0);
    expect(e.act(0, { type: 'discard', tile: tile('5m'), red: true }, 0)).toMatchObject({
      ok: false,
      error: { code: 'action/no_such_tile' },
    });
    must(e, 0, { type: 'discard', tile: tile('5m'), red: false });
    expect(e.viewFor(1).seats[0].discards).toEqual([{ tile: tile('5m'), claimed: false }]);
  });

  it('in riichi the drawn tile goes: a discard naming the other copy is refused', () => {
    // Seat 0 declares riichi, then draws the red 5m while holding a plain one in its wait.
    const e = table([{ hands: [DEALER_READY, IDLE1, IDLE2, IDLE3], draws: '1z2z3z0m' }], { redFives: 3 });
    must(e, 0, riichi('6z'));
    settle(e);
    play(e, 1, '1z');
    play(e, 2, '2z');
    play(e, 3, '3z');
    expect(e.viewFor(0).hand).toMatchObject({ drawn: tile('5m'), drawnRed: true });
    expect(e.viewFor(0).hand?.red).toContain(tile('5m'));
    expect(e.act(0, { type: 'discard', tile: tile('5m'), red: false }, e.state.at)).toMatchObject({ ok: false });
    must(e, 0, { type: 'discard', tile: tile('5m'), red: true });
    expect(e.viewFor(1).lastDiscard).toEqual({ seat: 0, tile: tile('5m'), red: true });
  });

  it('where a hidden red five lies changes nothing another seat sees', () => {
    // Seats 1 and 2 each hold a 5p; in one table seat 1's is the red one, in the other seat 2's.
    const walls = (which: 1 | 2): WallScript => ({
      hands: [
        '123m789m11s6z9s1p2p3p9p',
        which === 1 ? '0p123m789m11z22z3z4z' : '5p123m789m11z22z3z4z',
        which === 2 ? '0p8p234s234s44z7z1m2m' : '5p8p234s234s44z7z1m2m',
        '1234s5s789s55z77z9p',
      ],
      draws: '8m9m6m',
    });
    const a = table([walls(1)], { redFives: 3 });
    const b = table([walls(2)], { redFives: 3 });
    const moves: [Seat, string][] = [
      [0, '9s'],
      [1, '8m'],
      [2, '9m'],
      [3, '6m'],
    ];
    const others = (e: TableEngineImpl) => [0, 3, 'spectator'].map((v) => JSON.stringify(e.viewFor(v as Seat)));
    expect(others(a)).toEqual(others(b));
    for (const [seat, t] of moves) {
      play(a, seat, t);
      play(b, seat, t);
      expect(others(a)).toEqual(others(b));
    }
    expect(a.viewFor(1).hand?.red).toEqual([tile('5p')]);
    expect(b.viewFor(1).hand?.red).toEqual([]);
  });
});

describe('kong dora', () => {
  it('a concealed kong turns its indicator at once', () => {
    const e = table([
      { hands: ['1111m456m789m2355p', IDLE1, IDLE2, IDLE3], replacements: '6z', dora: '9m3s', ura: '1p2p' },
    ]);
    must(e, 0, { type: 'concealedKong', tile: tile('1m') });
    expect(e.viewFor(1).riichi?.doraIndicators).toEqual(tiles('9m3s'));
    checkAll(e);
  });

  it('an open kong turns its indicator once its maker discards', () => {
    const e = table([
      {
        hands: ['7m147p258s123456z9p', IDLE1, '8m2p369s12345z999p', IDLE3],
        replacements: '1s',
        dora: '9m3s',
      },
    ]);
    must(e, 0, discard('9p'));
    expect(types(e, 2)).toEqual(expect.arrayContaining(['kong', 'pung']));
    must(e, 2, { type: 'kong' });
    settle(e);
    expect(e.viewFor(1).riichi?.doraIndicators).toEqual(tiles('9m'));
    must(e, 2, discard('1s'));
    expect(e.viewFor(1).riichi?.doraIndicators).toEqual(tiles('9m3s'));
    checkAll(e);
  });
});

// Four riichi on the first go-round; the fourth declaration's 4p is the dealer's winning tile.
const FOUR_RIICHI: WallScript = {
  hands: ['123m456m789m2355p6z', '234s567s234p55z77z', '345m678m678s22z44z', '567p678p789s11z33z'],
  draws: '9m9p4p8m8m8p8p',
};
function fourRiichi(e: TableEngineImpl) {
  must(e, 0, riichi('6z'));
  settle(e);
  must(e, 1, riichi('9m'));
  settle(e);
  must(e, 2, riichi('9p'));
  settle(e);
  must(e, 3, riichi('4p'));
  expect(types(e, 0)).toEqual(['win', 'pass']);
  must(e, 0, PASS);
  settle(e);
}

describe('abortive draws', () => {
  it('four riichi: the hand ends, the sticks stay, the dealer deals again with a honba', () => {
    const e = table([FOUR_RIICHI, FOUR_RIICHI]);
    fourRiichi(e);
    expect(last(e)).toMatchObject({
      kind: 'draw',
      drawKind: 'fourRiichi',
      deltas: [0, 0, 0, 0],
      riichiDeclared: [true, true, true, true],
    });
    expect(e.scores()).toEqual([24000, 24000, 24000, 24000]);
    nextHand(e);
    expect(e.viewFor(0).riichi).toMatchObject({ honba: 1, sticks: 4 });
    expect(e.viewFor(0).dealer).toBe(0);
    checkAll(e);
  });

  it('four riichi is not played with the option off', () => {
    const e = table([FOUR_RIICHI], { fourRiichi: false });
    fourRiichi(e);
    expect(e.state.phase).toBe('playing');
  });

  it('nine terminals: offered on a first uninterrupted draw, ends the hand', () => {
    const e = table([{ hands: ['1289m19p19s123457z', IDLE1, IDLE2, '3456m234p2345s66z'] }]);
    expect(types(e, 0)).toContain('nineTerminals');
    must(e, 0, { type: 'nineTerminals' });
    expect(last(e)).toMatchObject({ kind: 'draw', drawKind: 'nineTerminals' });
    // The caller shows its hand; the others stay hidden.
    expect(last(e)?.hands.map((h) => h.length)).toEqual([14, 0, 0, 0]);
    const off = table([{ hands: ['1289m19p19s123457z', IDLE1, IDLE2, '3456m234p2345s66z'] }], { nineTerminals: false });
    expect(types(off, 0)).not.toContain('nineTerminals');
  });

  it('four winds: the same wind as everybody\u2019s first discard', () => {
    const e = table([{ hands: ['123m456m789m2355p1z', IDLE1, IDLE2, IDLE3] }]);
    for (const seat of [0, 1, 2, 3] as const) play(e, seat, '1z');
    expect(last(e)).toMatchObject({ kind: 'draw', drawKind: 'fourWinds', hands: [[], [], [], []] });
  });

  it('four kongs by two seats: the discard after the fourth ends the hand', () => {
    const e = table([{ hands: ['1111m2222m3333m5z9p', IDLE1, '8m258s369s234z999p', IDLE3], replacements: '5z6z7z7z' }]);
    for (const k of ['1m', '2m', '3m']) must(e, 0, { type: 'concealedKong', tile: tile(k) });
    must(e, 0, discard('9p'));
    must(e, 2, { type: 'kong' });
    settle(e);
    expect(types(e, 2)).not.toContain('concealedKong');
    play(e, 2, '7z');
    expect(last(e)).toMatchObject({ kind: 'draw', drawKind: 'fourKongs' });
    expect(last(e)?.doraIndicators).toHaveLength(5);
  });

  it('triple ron aborts the hand (the option on), and with it off all three win', () => {
    const wall: WallScript = { hands: [DEALER_IDLE, READY, '123s456s789s11z44p', '789m678s35p99p555z'] };
    const e = table([wall]);
    must(e, 0, discard('4p'));
    for (const seat of [1, 2, 3] as const) must(e, seat, WIN);
    settle(e);
    expect(last(e)).toMatchObject({ kind: 'draw', drawKind: 'tripleRon' });
    const all = table([wall], { tripleRonAborts: false });
    must(all, 0, discard('4p'));
    for (const seat of [1, 2, 3] as const) must(all, seat, WIN);
    settle(all);
    expect([last(all)?.winner, ...(last(all)?.otherWins ?? []).map((w) => w.winner)]).toEqual([1, 2, 3]);
    checkAll(all);
  });
});

describe('several rons, honba and sticks', () => {
  const DOUBLE: WallScript = { hands: [DEALER_IDLE, READY, '123s456s789s11z44p', IDLE3] };

  it('double ron: both win; honba and sticks go to the first in turn order from the discarder', () => {
    const e = table([FOUR_RIICHI, DOUBLE]);
    fourRiichi(e);
    nextHand(e);
    must(e, 0, discard('4p'));
    must(e, 2, WIN);
    must(e, 1, WIN);
    settle(e);
    const r = last(e);
    expect(r?.winner).toBe(1);
    expect(r?.otherWins?.map((w) => w.winner)).toEqual([2]);
    // The winners show their hands (the first with the tile won); the discarder's stays hidden.
    expect(r?.hands.map((h) => h.length)).toEqual([0, 14, 13, 0]);
    // Seat 1: pinfu and pure straight, 30 fu 3 han (3,900) + one honba (300) + four sticks.
    // Seat 2: pure straight, 40 fu 2 han (2,600), no honba, no sticks.
    expect(r).toMatchObject({ han: 3, fu: 30, points: 3900, honba: 1, sticks: 4 });
    expect(r?.otherWins?.[0]).toMatchObject({ han: 2, fu: 40, points: 2600, honba: 0, sticks: 0 });
    expect(r?.deltas).toEqual([-6800, 8200, 2600, 0]);
    expect(e.scores()).toEqual([17200, 32200, 26600, 24000]);
    nextHand(e);
    // A non-dealer won: the deal passes and the honba are cleared.
    expect(e.viewFor(0).dealer).toBe(1);
    expect(e.viewFor(0).riichi).toMatchObject({ honba: 0, sticks: 0 });
  });

  it('head bump: only the first in turn order wins', () => {
    const e = table([DOUBLE], { headBump: true });
    must(e, 0, discard('4p'));
    must(e, 1, WIN);
    must(e, 2, WIN);
    settle(e);
    expect(last(e)?.winner).toBe(1);
    expect(last(e)?.otherWins).toBeUndefined();
    expect(last(e)?.deltas).toEqual([-3900, 3900, 0, 0]);
  });
});

const isOrphanKind = (k: number) => k >= 27 || k % 9 === 0 || k % 9 === 8;

/** The 69 live draws after `hands`, seat 2's all terminals and honours (its draws are every fourth, from the second). */
function orphanDrawsForSeat2(hands: readonly string[]): string {
  const left = Array.from({ length: 34 }, () => 4);
  for (const h of hands) for (const k of tiles(h)) left[k] = (left[k] as number) - 1;
  const take = (pred: (k: number) => boolean) => {
    const k = left.findIndex((n, kind) => n > 0 && pred(kind));
    left[k] = (left[k] as number) - 1;
    return k as TileKind;
  };
  const out: TileKind[] = [];
  for (let i = 0; i < 69; i++) out.push(take(i % 4 === 1 ? isOrphanKind : (k) => !isOrphanKind(k)));
  return out.map((k) => formatTiles([k])).join('');
}

describe('exhaustive draw', () => {
  it('the not-ready hands pay 3,000 to the ready one; the deal passes when the dealer is not ready; a honba', () => {
    const e = table([{ hands: [DEALER_IDLE, READY, IDLE2, IDLE3] }]);
    // Riichi needs four tiles left to draw: offered to the ready seat until then, never after.
    const offered: [number, boolean][] = [];
    playOut(e, (seat) => {
      if (seat === 1) offered.push([e.viewFor(1).wallCount, types(e, 1).includes('riichi')]);
    });
    expect(offered.length).toBeGreaterThan(10);
    for (const [left, riichiOffered] of offered) expect(riichiOffered).toBe(left >= 4);
    expect(offered.some(([left]) => left < 4)).toBe(true);
    const r = last(e);
    expect(r).toMatchObject({ kind: 'draw', drawKind: 'exhaustive', ready: [false, true, false, false] });
    expect(r?.deltas).toEqual([-1000, 3000, -1000, -1000]);
    // Only the ready hand is shown.
    expect(r?.hands).toEqual([[], tiles(READY), [], []]);
    expect(e.state.dealer).toBe(1);
    expect(e.state.pot).toEqual({ honba: 1, sticks: 0, over: false });
    checkAll(e);
  });

  it('riichiWithoutDraw: riichi offered to the last discard, with fewer than four tiles left', () => {
    const e = table([{ hands: [DEALER_IDLE, READY, IDLE2, IDLE3] }], { riichiWithoutDraw: true });
    const offered: [number, boolean][] = [];
    playOut(e, (seat) => {
      if (seat === 1) offered.push([e.viewFor(1).wallCount, types(e, 1).includes('riichi')]);
    });
    expect(offered.some(([left]) => left < 4)).toBe(true);
    for (const [, riichiOffered] of offered) expect(riichiOffered).toBe(true);
    checkAll(e);
  });

  it('nagashi mangan: only terminals and honours discarded, none claimed, paid as a mangan tsumo instead', () => {
    const hands = [DEALER_IDLE, READY, IDLE2, IDLE3];
    const draws = orphanDrawsForSeat2(hands);
    const e = table([{ hands: hands as never, draws }]);
    playOut(e);
    expect(e.viewFor(2).seats[2].discards.every((d) => isOrphanKind(d.tile))).toBe(true);
    const r = last(e);
    expect(r).toMatchObject({ kind: 'draw', drawKind: 'nagashi' });
    // A non-dealer's mangan tsumo: 4,000 from the dealer, 2,000 from each other seat; no ready payments.
    expect(r?.deltas).toEqual([-4000, -2000, 8000, -2000]);
    const off = table([{ hands: hands as never, draws }], { nagashiMangan: false });
    playOut(off);
    expect(last(off)).toMatchObject({ drawKind: 'exhaustive', deltas: [-1000, 3000, -1000, -1000] });
  });
});

describe('the match', () => {
  it('ends when a score goes below zero (bustEnds), and plays on with the option off', () => {
    // Two heavenly hands by the dealer: a yakuman tsumo, 16,000 from each seat, twice.
    const HEAVENLY: WallScript = { hands: ['123m456m789m123p55p', IDLE1, IDLE2, IDLE3] };
    for (const bustEnds of [true, false]) {
      const e = table([HEAVENLY, HEAVENLY], { bustEnds });
      must(e, 0, WIN);
      expect(last(e)?.yakuman).toBe(1);
      expect(e.scores()).toEqual([73000, 9000, 9000, 9000]);
      nextHand(e);
      must(e, 0, WIN);
      // One honba: 100 more from each.
      expect(e.scores()).toEqual([121300, -7100, -7100, -7100]);
      expect(e.isOver()).toBe(bustEnds);
    }
  });

  it('the dealer repeats on its own win; an east-only match ends after four dealers; the ranking with uma', () => {
    const walls: WallScript[] = [
      { hands: [DEALER_READY, IDLE1, IDLE2, IDLE3], draws: '7z7z5z4p' },
      ...([0, 1, 2, 3] as const).map((d): WallScript => {
        const hands = ['', '', '', ''];
        hands[d] = DEALER_IDLE;
        hands[(d + 1) % 4] = READY;
        hands[(d + 2) % 4] = IDLE2;
        hands[(d + 3) % 4] = IDLE3;
        return { dealer: d, hands: hands as never };
      }),
    ];
    const e = table(walls, {}, 1);
    must(e, 0, riichi('6z'));
    settle(e);
    play(e, 1, '7z');
    play(e, 2, '7z');
    play(e, 3, '5z');
    must(e, 0, WIN);
    nextHand(e);
    expect(e.state.dealer).toBe(0);
    expect(e.state.pot?.honba).toBe(1);
    for (const d of [0, 1, 2, 3] as const) {
      expect(e.state.dealer).toBe(d);
      must(e, d, discard('4p'));
      must(e, ((d + 1) % 4) as Seat, WIN);
      settle(e);
      if (d < 3) nextHand(e);
    }
    expect(e.isOver()).toBe(true);
    const ranking = e.viewFor('spectator').riichi?.ranking ?? [];
    expect(ranking.map((p) => p.seat)).toEqual(
      [0, 1, 2, 3].sort((a, b) => (e.scores()[b] as number) - (e.scores()[a] as number) || a - b),
    );
    expect(ranking.reduce((a, p) => a + p.score, 0)).toBeCloseTo(0);
    expect(ranking[0]?.score).toBeCloseTo((ranking[0]!.points - 30000) / 1000 + 15 + 20);
    expect(e.scores().reduce((a, b) => a + b, 0)).toBe(100000);
  });
});

describe('the end of a match', () => {
  /** A hand dealt by `d` in which the seat after it wins 3,900 on the dealer's 4p. */
  const passing = (d: Seat): WallScript => {
    const hands = ['', '', '', ''];
    hands[d] = DEALER_IDLE;
    hands[(d + 1) % 4] = READY;
    hands[(d + 2) % 4] = IDLE2;
    hands[(d + 3) % 4] = IDLE3;
    return { dealer: d, hands: hands as never };
  };
  /** A hand dealt by `d` who declares riichi and wins by tsumo at once (well over 30,000). */
  const dealerWins = (d: Seat): WallScript => {
    const hands = ['', '', '', ''];
    hands[d] = DEALER_READY;
    hands[(d + 1) % 4] = IDLE1;
    hands[(d + 2) % 4] = IDLE2;
    hands[(d + 3) % 4] = IDLE3;
    return { dealer: d, hands: hands as never, draws: '7z7z5z4p' };
  };
  const pass = (e: TableEngineImpl, d: Seat) => {
    must(e, d, discard('4p'));
    must(e, ((d + 1) % 4) as Seat, WIN);
    settle(e);
  };
  const win = (e: TableEngineImpl, d: Seat) => {
    must(e, d, riichi('6z'));
    settle(e);
    for (const x of [1, 2, 3] as const) play(e, ((d + x) % 4) as Seat, x === 3 ? '5z' : '7z');
    must(e, d, WIN);
  };

  it('nobody at 30,000 after the last round: an extra round in sudden death (and none with the option off)', () => {
    const walls = [...([0, 1, 2, 3] as const).map(passing), dealerWins(0)];
    const e = table(walls, {}, 1);
    for (const d of [0, 1, 2, 3] as const) {
      pass(e, d);
      nextHand(e);
    }
    // Everybody is back at 25,000: south 1 is dealt.
    expect(e.scores()).toEqual([25000, 25000, 25000, 25000]);
    expect(e.isOver()).toBe(false);
    expect(e.viewFor('spectator').prevailingWind).toBe(2);
    win(e, 0);
    // The dealer is above 30,000: over at once, though the dealer won.
    expect(e.isOver()).toBe(true);
    expect(e.results()).toHaveLength(5);
    const off = table(walls, { extraRound: false }, 1);
    for (const d of [0, 1, 2, 3] as const) {
      pass(off, d);
      if (d < 3) nextHand(off);
    }
    expect(off.isOver()).toBe(true);
  });

  it('riichi sticks left when the match ends go to the first (sticksToFirst), or to nobody with the option off', () => {
    for (const sticksToFirst of [true, false]) {
      const e = table([{ hands: [DEALER_IDLE, IDLE1, IDLE2, IDLE3] }], { sticksToFirst });
      const pot = e.state.pot as NonNullable<typeof e.state.pot>;
      // Two sticks on the table and seat 2 ahead when the match is closed.
      const end = { ...e.state, pot: { ...pot, sticks: 2 }, scores: [24000, 24000, 28000, 22000] as const };
      const closed = closeRiichiMatch(end);
      expect(closed.scores).toEqual(sticksToFirst ? [24000, 24000, 30000, 22000] : [24000, 24000, 28000, 22000]);
      expect(closed.pot?.sticks).toBe(sticksToFirst ? 0 : 2);
    }
    expect(() => table([{ hands: [DEALER_IDLE, IDLE1, IDLE2, IDLE3] }], { sticksToFirst: 'yes' })).toThrow(
      /sticksToFirst/,
    );
  });

  it('the last dealer winning while first stops the match (and deals again with the option off)', () => {
    const walls = [passing(0), passing(1), passing(2), dealerWins(3), dealerWins(3)];
    for (const stops of [true, false]) {
      const e = table(walls, { lastDealerStops: stops }, 1);
      for (const d of [0, 1, 2] as const) {
        pass(e, d);
        nextHand(e);
      }
      win(e, 3);
      expect(e.scores()[3]).toBeGreaterThan(30000);
      expect(e.isOver()).toBe(stops);
      if (!stops) {
        nextHand(e);
        expect(e.viewFor('spectator')).toMatchObject({ dealer: 3, prevailingWind: 1, riichi: { honba: 1 } });
      }
    }
  });
});

describe('hidden information at a riichi table (compared, not read)', () => {
  /** Every view but the seats' own of `hidden`, as JSON. */
  const othersOf = (e: TableEngineImpl, hidden: Seat) =>
    ([0, 1, 2, 3, 'spectator'] as const).filter((v) => v !== hidden).map((v) => JSON.stringify(e.viewFor(v)));

  it('ura-dora indicators change no view before the hand is over', () => {
    const script = (ura: string): WallScript => ({
      hands: [DEALER_READY, IDLE1, IDLE2, IDLE3],
      draws: '7z7z5z4p',
      dora: '9m',
      ura,
    });
    const a = table([script('4p')]);
    const b = table([script('8s')]);
    const same = () =>
      expect(([0, 1, 2, 3, 'spectator'] as const).map((v) => JSON.stringify(a.viewFor(v)))).toEqual(
        ([0, 1, 2, 3, 'spectator'] as const).map((v) => JSON.stringify(b.viewFor(v))),
      );
    for (const e of [a, b]) {
      must(e, 0, riichi('6z'));
      settle(e);
    }
    same();
    for (const [seat, t] of [
      [1, '7z'],
      [2, '7z'],
      [3, '5z'],
    ] as const) {
      for (const e of [a, b]) play(e, seat, t);
      same();
    }
    // The win reveals them: then the results differ (two ura-dora 5p against none).
    for (const e of [a, b]) must(e, 0, WIN);
    expect(last(a)?.uraIndicators).toEqual([tile('4p')]);
    expect(last(b)?.uraIndicators).toEqual([tile('8s')]);
    expect(last(a)?.patterns?.find((p) => p.name === 'dora')?.value).toBe(3);
    expect(last(b)?.patterns?.find((p) => p.name === 'dora')?.value).toBe(1);
  });

  it('whether a seat could ron changes nothing the others see, in the window or after it', () => {
    // Seat 2 waits on 4p in one table and holds an idle hand in the other; the dealer discards 4p.
    const a = table([{ hands: [DEALER_IDLE, IDLE1, '123s456s789s66p44p', IDLE3], draws: '9s9s', dora: '9m' }]);
    const b = table([{ hands: [DEALER_IDLE, IDLE1, IDLE2, IDLE3], draws: '9s9s', dora: '9m' }]);
    for (const e of [a, b]) must(e, 0, discard('4p'));
    expect(types(a, 2)).toContain('win');
    expect(othersOf(a, 2)).toEqual(othersOf(b, 2));
    must(a, 2, PASS);
    for (const e of [a, b]) settle(e);
    // After the window: the same for everybody but seat 2 (whose own hand differs), seq aside.
    const strip = (json: string) => json.replace(/"seq":\d+/, '');
    expect(othersOf(a, 2).map(strip)).toEqual(othersOf(b, 2).map(strip));
  });
});

describe('riichi bots', () => {
  it('declare riichi when ready with a concealed hand', () => {
    const e = table([{ hands: [DEALER_READY, IDLE1, IDLE2, IDLE3] }]);
    for (const level of ['easy', 'normal', 'hard'] as const) {
      expect(chooseBotAction(e.viewFor(0), level)).toEqual(riichi('6z'));
    }
  });

  it('fold with a tile another seat discarded after the declaration (the declarer let it pass)', () => {
    const e = table([{ hands: ['123m456m789m2355p6z', IDLE1, IDLE2, IDLE3], draws: '5p4z' }]);
    must(e, 0, riichi('6z'));
    settle(e);
    play(e, 1, '5p');
    for (const level of ['normal', 'hard'] as const)
      expect(chooseBotAction(e.viewFor(2), level)).toEqual(discard('5p'));
  });

  it('fold against a declaration when far from ready: the declarer\u2019s own discard, which it cannot win on', () => {
    const declared = table([{ hands: [DEALER_READY, IDLE1, IDLE2, IDLE3], draws: '4z' }]);
    must(declared, 0, riichi('6z'));
    settle(declared);
    // The same table without the declaration: the bot plays its hand (another discard).
    const quiet = table([{ hands: [DEALER_READY, IDLE1, IDLE2, IDLE3], draws: '4z' }]);
    play(quiet, 0, '6z');
    for (const level of ['normal', 'hard'] as const) {
      expect(chooseBotAction(declared.viewFor(1), level)).toEqual(discard('6z'));
      expect(chooseBotAction(quiet.viewFor(1), level)).not.toEqual(discard('6z'));
    }
  });
});
