/**
 * Scripted hands from fixed walls, one test (or more) per rule of table play (docs/rules/hong-kong.md
 * "Playing a hand", issue 4 item 8). Every wall is written in notation: what each seat is dealt, then the
 * live draws, then the dead-wall replacements (testing.ts `scriptedWall`).
 */
import { type PlayerAction, type Seat, tile, tiles } from '@mahjong/shared';
import { describe, expect, it } from 'vitest';
import type { TableEngineImpl } from './engine.js';
import { stateInvariants, viewInvariants } from './invariants.js';
import { replayEngine } from './engine.js';
import { discard, fire, must, PASS, scriptedEngine, scriptedWall, type WallScript } from './testing.js';

const MIN0 = { options: { minFaan: 0 } };
const patternNames = (e: TableEngineImpl) => (e.results().at(-1)?.patterns ?? []).map((p) => p.name);
const legal = (e: TableEngineImpl, seat: Seat) => e.viewFor(seat).legalActions;
const types = (e: TableEngineImpl, seat: Seat) => legal(e, seat).map((a) => a.type);
const checkAll = (e: TableEngineImpl) => {
  const bad = stateInvariants(e.state);
  for (const v of [0, 1, 2, 3, 'spectator'] as const) bad.push(...viewInvariants(e.state, e.viewFor(v), v));
  expect(bad).toEqual([]);
};
const WIN: PlayerAction = { type: 'win' };

// Hands that take no part: thirteen different tiles, no pairs, no two tiles a chow apart.
const IDLE1 = '7m147p258s123456z';
const IDLE2 = '8m258p369s123457z';
const IDLE3 = '9m36p147s1234567z';

describe('discards', () => {
  it('a discard of the tile just drawn is marked (tsumogiri) for every viewer; one from the hand is not', () => {
    // The dealer draws 9s (its 14th tile) and lets it go; seat 1 draws 9p and keeps it.
    const e = scriptedEngine([{ hands: ['123m456m789m123p5p9s', IDLE1, IDLE2, IDLE3], draws: '9p' }], MIN0);
    expect(e.viewFor(0).hand?.drawn).toBe(tile('9s'));
    must(e, 0, discard('9s'));
    fire(e);
    must(e, 1, discard('7m'));
    for (const v of [0, 1, 2, 3, 'spectator'] as const) {
      const seats = e.viewFor(v).seats;
      expect(seats[0].discards).toEqual([{ tile: tile('9s'), claimed: false, tsumogiri: true }]);
      expect(seats[1].discards).toEqual([{ tile: tile('7m'), claimed: false }]);
    }
    checkAll(e);
  });
});

describe('a discard from the hand of the drawn kind (fromHand)', () => {
  // The dealer holds a 9s and draws another (its 14th tile).
  const WALL: WallScript = { hands: ['123m456m789m123p9s9s', IDLE1, IDLE2, IDLE3], draws: '9p' };
  const fromHand = (t: string): PlayerAction => ({ type: 'discard', tile: tile(t), fromHand: true });

  it('goes from the hand: no tsumogiri for any viewer, the drawn tile kept, and replayed so from the log', () => {
    const e = scriptedEngine([WALL], MIN0);
    const drawnId = e.state.hand.seats[0].drawn;
    must(e, 0, fromHand('9s'));
    expect(e.state.hand.seats[0].concealed).toContain(drawnId);
    for (const v of [0, 1, 2, 3, 'spectator'] as const)
      expect(e.viewFor(v).seats[0].discards).toEqual([{ tile: tile('9s'), claimed: false }]);
    // The log keeps the choice: the table played again from it shows the same.
    const again = replayEngine(e.config, e.log, { walls: [scriptedWall(WALL)] });
    expect(again.viewFor('spectator')).toEqual(e.viewFor('spectator'));
    checkAll(e);
  });

  it('is refused, changing nothing, when the hand holds no copy but the drawn one', () => {
    const e = scriptedEngine([{ ...WALL, hands: ['123m456m789m123p1s9s', IDLE1, IDLE2, IDLE3] }], MIN0);
    const refused = e.act(0, fromHand('9s'), e.state.at);
    expect(refused.ok ? null : refused.error.code).toBe('action/no_such_tile');
    expect(e.viewFor(0).seats[0].discards).toEqual([]);
    expect(e.viewFor(0).hand?.drawn).toBe(tile('9s'));
  });
});

describe('the deal', () => {
  it('deals 13 each and 14 to the dealer; the dealer acts first; the wall counts show it', () => {
    const e = scriptedEngine([{ hands: ['123m456m789m123p55p', IDLE1, IDLE2, IDLE3] }]);
    const v = e.viewFor(0);
    expect(v.hand?.concealed).toEqual(tiles('123m456m789m123p55p'));
    expect(v.seats.map((s) => s.concealedCount)).toEqual([14, 13, 13, 13]);
    expect(v.turn).toBe(0);
    expect(v.stage).toBe('discard');
    expect(v.seats[0].isDealer).toBe(true);
    expect(v.seats.map((s) => s.wind)).toEqual([1, 2, 3, 4]);
    expect(v.wallCount).toBe(144 - 53 - 14);
    expect(v.deadWallCount).toBe(14);
    checkAll(e);
  });

  it('replaces bonus tiles dealer first, repeatedly, keeping the dead wall at 14', () => {
    const e = scriptedEngine([
      {
        hands: ['1f23m456m789m123p55p', '2f7m147p258s12345z', IDLE2, IDLE3],
        // The dealer's flower brings another flower (5f), then 1m; then seat 1's flower brings 6z.
        replacements: '5f1m6z',
      },
    ]);
    const v = e.viewFor(0);
    expect(v.seats[0].bonus).toEqual(tiles('15f'));
    expect(v.hand?.concealed).toEqual(tiles('123m456m789m123p55p'));
    expect(v.seats[1].bonus).toEqual(tiles('2f'));
    expect(e.viewFor(1).hand?.concealed).toEqual(tiles(IDLE1));
    expect(v.deadWallCount).toBe(14);
    expect(v.wallCount).toBe(144 - 53 - 14 - 3);
    checkAll(e);
  });

  it('replaces a bonus tile drawn later at once', () => {
    const e = scriptedEngine([
      { hands: ['123m456m789m123p59p', IDLE1, IDLE2, IDLE3], draws: '3f', replacements: '7z' },
    ]);
    must(e, 0, discard('9p'));
    fire(e); // the claim window's uniform minimum
    const v = e.viewFor(1);
    expect(v.turn).toBe(1);
    expect(v.seats[1].bonus).toEqual(tiles('3f'));
    expect(v.hand?.drawn).toBe(tile('7z'));
    checkAll(e);
  });
});

describe('winning conditions come from the table state', () => {
  it('heavenly hand: the dealer wins on the dealt 14', () => {
    const e = scriptedEngine([{ hands: ['123m456m789m123p55p', IDLE1, IDLE2, IDLE3] }]);
    const win = legal(e, 0).find((a) => a.type === 'win');
    expect(win?.faan).toBe(13);
    must(e, 0, WIN);
    const r = e.results()[0];
    expect(r?.kind).toBe('win');
    expect(r?.winner).toBe(0);
    expect(r?.selfDrawn).toBe(true);
    expect(r?.limit).toBe(true);
    expect(patternNames(e)).toContain('heavenly-hand');
    expect(r?.hands[0]).toEqual(tiles('123m456m789m123p55p'));
    expect(r?.hands[1]).toEqual(tiles(IDLE1));
    expect(e.scores().reduce((a, b) => a + b, 0)).toBe(0);
    expect(e.scores()[0]).toBeGreaterThan(0);
    checkAll(e);
  });

  it("earthly hand: a non-dealer wins on the dealer's first discard", () => {
    const e = scriptedEngine([{ hands: ['123m456m789m12p55p9s', '123p456p789p111s9s', IDLE2, IDLE3] }]);
    must(e, 0, discard('9s'));
    expect(types(e, 1)).toEqual(['win', 'pass']);
    must(e, 1, WIN);
    expect(e.results()).toHaveLength(0); // the window lasts its uniform minimum
    fire(e);
    const r = e.results()[0];
    expect(r?.winner).toBe(1);
    expect(r?.discarder).toBe(0);
    expect(r?.selfDrawn).toBe(false);
    expect(patternNames(e)).toContain('earthly-hand');
    expect(r?.deltas[0]).toBeLessThan(0);
    expect(r?.hands[1]).toEqual(tiles('123p456p789p111s99s'));
    checkAll(e);
  });

  it('kong replacement chains: a kong brings a flower, its replacement a second kong, whose replacement wins (double kong)', () => {
    const e = scriptedEngine([{ hands: ['1111m222m345m456p9p', IDLE1, IDLE2, IDLE3], replacements: '2f2m9p' }], MIN0);
    expect(types(e, 0)).toContain('concealedKong');
    must(e, 0, { type: 'concealedKong', tile: tile('1m') });
    let v = e.viewFor(0);
    expect(v.seats[0].bonus).toEqual(tiles('2f'));
    expect(v.hand?.drawn).toBe(tile('2m'));
    expect(v.seats[0].melds).toEqual([{ kind: 'kong', tiles: tiles('1111m'), concealed: true }]);
    expect(v.deadWallCount).toBe(14);
    expect(legal(e, 0)).toContainEqual({ type: 'concealedKong', tile: tile('2m') });
    must(e, 0, { type: 'concealedKong', tile: tile('2m') });
    v = e.viewFor(0);
    expect(v.hand?.drawn).toBe(tile('9p'));
    expect(types(e, 0)[0]).toBe('win');
    must(e, 0, WIN);
    expect(patternNames(e)).toContain('win-by-double-kong');
    expect(patternNames(e)).not.toContain('heavenly-hand');
    checkAll(e);
  });

  it('a win on a flower replacement counts as a win by kong', () => {
    const e = scriptedEngine([
      { hands: ['123m456m789m12p55p7z', '123p456p789p111s9s', IDLE2, IDLE3], draws: '3f', replacements: '9s' },
    ]);
    must(e, 0, discard('7z'));
    fire(e);
    const v = e.viewFor(1);
    expect(v.seats[1].bonus).toEqual(tiles('3f'));
    expect(v.hand?.drawn).toBe(tile('9s'));
    must(e, 1, WIN);
    expect(e.results()[0]?.selfDrawn).toBe(true);
    expect(patternNames(e)).toContain('win-by-kong');
    checkAll(e);
  });
});

describe('claims on a discard: collected, then resolved once', () => {
  // Dealer discards 5s: seat 2 may pung it, seat 3 may win on it.
  const winOverPung = () =>
    scriptedEngine([{ hands: ['123m456m789m5s2345z', IDLE1, '8m258p369s55s1234z', '234p567p789m11z46s'] }], MIN0);

  it('win beats pung, whatever the order of the answers', () => {
    for (const order of [
      [2, 3],
      [3, 2],
    ] as const) {
      const e = winOverPung();
      must(e, 0, discard('5s'));
      expect(types(e, 1)).toEqual([]);
      expect(types(e, 2)).toEqual(['pung', 'pass']);
      expect(types(e, 3)).toEqual(['win', 'pass']);
      for (const seat of order) must(e, seat, seat === 2 ? { type: 'pung' } : WIN);
      fire(e);
      expect(e.results()[0]?.winner).toBe(3);
      expect(e.results()[0]?.discarder).toBe(0);
      expect(e.viewFor(2).seats[2].melds).toEqual([]);
    }
  });

  it('pung beats chow; chow is offered only to the seat on the right of the discarder, each combination', () => {
    const e = scriptedEngine([
      { hands: ['3m456p789p1239s567z', '1245m147p258s123z', '128m258p369s1234z', '339m36p147s12346z'] },
    ]);
    must(e, 0, discard('3m'));
    expect(legal(e, 1)).toEqual([
      { type: 'chow', tiles: tiles('123m') },
      { type: 'chow', tiles: tiles('234m') },
      { type: 'chow', tiles: tiles('345m') },
      { type: 'pass' },
    ]);
    expect(legal(e, 2)).toEqual([]); // holds 12m, but sits across from the discarder
    expect(legal(e, 3)).toEqual([{ type: 'pung' }, { type: 'pass' }]);
    expect(e.viewFor(1).stage).toBe('claims');
    must(e, 1, { type: 'chow', tiles: [tile('2m'), tile('3m'), tile('4m')] });
    must(e, 3, { type: 'pung' });
    fire(e);
    const v = e.viewFor(3);
    expect(v.turn).toBe(3);
    expect(v.stage).toBe('discard');
    expect(v.seats[3].melds).toEqual([
      { kind: 'pung', tiles: tiles('333m'), concealed: false, from: 0, claimed: tile('3m') },
    ]);
    expect(v.seats[0].discards).toEqual([{ tile: tile('3m'), claimed: true }]);
    expect(v.hand?.drawn).toBe(null);
    // After a claim: discard (no draw, no self-drawn win).
    expect(new Set(types(e, 3))).toEqual(new Set(['discard']));
    expect(e.viewFor(1).seats[1].melds).toEqual([]);
    checkAll(e);
  });

  it('a chow alone is taken, and the turn moves to the chowing seat', () => {
    const e = scriptedEngine([{ hands: ['3m456p789p1239s567z', '1245m147p258s123z', '128m258p369s1234z', IDLE3] }]);
    must(e, 0, discard('3m'));
    must(e, 1, { type: 'chow', tiles: [tile('3m'), tile('4m'), tile('5m')] });
    fire(e);
    const v = e.viewFor(1);
    expect(v.turn).toBe(1);
    expect(v.seats[1].melds[0]).toEqual({
      kind: 'chow',
      tiles: tiles('345m'),
      concealed: false,
      from: 0,
      claimed: tile('3m'),
    });
    expect(v.hand?.concealed).toEqual(tiles('12m147p258s123z'));
    checkAll(e);
  });

  it('two wins on one discard: the seat next in turn after the discarder wins (one winner)', () => {
    const e = scriptedEngine(
      [{ hands: ['123m456m789m5s2345z', '234p567p789m11z46s', IDLE2, '234p567p789m22z46s'] }],
      MIN0,
    );
    must(e, 0, discard('5s'));
    must(e, 3, WIN);
    must(e, 1, WIN);
    fire(e);
    expect(e.results()).toHaveLength(1);
    expect(e.results()[0]?.winner).toBe(1);
    expect(e.scores()[3]).toBeLessThanOrEqual(0);
  });

  it('thirteen orphans takes the discard regardless of turn order', () => {
    const e = scriptedEngine(
      [{ hands: ['123m456m888p2345s1z', '234p567p789m456s1z', IDLE2, '19m19p19s2345677z'] }],
      MIN0,
    );
    must(e, 0, discard('1z'));
    expect(types(e, 1)).toEqual(['win', 'pass']);
    expect(types(e, 3)).toEqual(['win', 'pass']);
    must(e, 1, WIN);
    must(e, 3, WIN);
    fire(e);
    expect(e.results()[0]?.winner).toBe(3);
    expect(patternNames(e)).toContain('thirteen-orphans');
  });

  it('a claim window times out as passes and the next seat draws', () => {
    const e = winOverPung();
    must(e, 0, discard('5s'));
    expect(e.nextDeadline()).toBe(8000);
    fire(e);
    const v = e.viewFor(1);
    expect(v.turn).toBe(1);
    expect(v.hand?.drawn).not.toBe(null);
    expect(v.seats[1].concealedCount).toBe(14);
    // Seat 3 could have won and did not answer: the missed-win rule holds it.
    expect(e.viewFor(3).hand?.missedWin).toBe(true);
  });
});

describe('kongs', () => {
  // Seat 1 pungs the dealer's 5p, later draws the fourth 5p; seat 2 waits on 5p (46p).
  const robbing = () =>
    scriptedEngine(
      [
        {
          hands: ['789m15p123789s567z', '55p147m36p258s123z', '46p123m456m789m11s', IDLE3],
          draws: '9s8p4z5p',
        },
      ],
      MIN0,
    );
  const toAddedKong = (e: TableEngineImpl) => {
    must(e, 0, discard('5p'));
    expect(types(e, 1)).toEqual(['pung', 'pass']);
    expect(types(e, 2)).toEqual(['win', 'pass']);
    must(e, 2, PASS);
    must(e, 1, { type: 'pung' });
    fire(e);
    must(e, 1, discard('1z'));
    fire(e);
    for (const seat of [2, 3, 0] as const) {
      expect(e.viewFor(seat).turn).toBe(seat);
      fire(e); // the turn times out: the drawn tile is discarded
      fire(e); // the claim window's minimum
    }
    expect(e.viewFor(1).hand?.drawn).toBe(tile('5p'));
    expect(legal(e, 1)).toContainEqual({ type: 'addedKong', tile: tile('5p') });
    must(e, 1, { type: 'addedKong', tile: tile('5p') });
    expect(e.viewFor(2).stage).toBe('robbing');
  };

  it('robbing the kong: a seat that waits on the added tile wins on it', () => {
    const e = robbing();
    toAddedKong(e);
    expect(types(e, 2)).toEqual(['win', 'pass']);
    expect(types(e, 3)).toEqual([]);
    must(e, 2, WIN);
    fire(e);
    const r = e.results()[0];
    expect(r?.winner).toBe(2);
    expect(r?.discarder).toBe(1);
    expect(patternNames(e)).toContain('robbing-kong');
    checkAll(e);
  });

  it('an added kong nobody robs completes, with a replacement draw', () => {
    const e = robbing();
    toAddedKong(e);
    must(e, 2, PASS);
    fire(e);
    const v = e.viewFor(1);
    expect(v.stage).toBe('discard');
    expect(v.turn).toBe(1);
    expect(v.seats[1].melds[0]).toMatchObject({ kind: 'kong', tiles: tiles('5555p'), added: true, from: 0 });
    expect(v.seats[1].concealedCount + 3 * v.seats[1].melds.length).toBe(14);
    expect(e.viewFor(2).hand?.missedWin).toBe(true);
    checkAll(e);
  });

  it('a kong on a discard: three in hand, the fourth claimed, then a replacement', () => {
    const e = scriptedEngine([
      { hands: ['3m456p789p1239s567z', IDLE1, '128m258p369s1234z', '3339m6p147s12456z'], replacements: '9m' },
    ]);
    must(e, 0, discard('3m'));
    expect(types(e, 3)).toEqual(['kong', 'pung', 'pass']);
    must(e, 3, { type: 'kong' });
    fire(e);
    const v = e.viewFor(3);
    expect(v.seats[3].melds[0]).toMatchObject({ kind: 'kong', tiles: tiles('3333m'), concealed: false, from: 0 });
    expect(v.hand?.drawn).toBe(tile('9m'));
    checkAll(e);
  });
});

describe('the missed-win rule', () => {
  it('a seat that passes a win cannot win on that tile from a discard until its own next draw', () => {
    const e = scriptedEngine(
      [
        {
          hands: ['789m15p123789s567z', '5p147m36p258s1234z', '46p123m456m789m11s', '5p9m36p147s234567z'],
          draws: '9s8p4z',
        },
      ],
      MIN0,
    );
    must(e, 0, discard('5p'));
    must(e, 2, PASS);
    fire(e);
    expect(e.viewFor(2).hand?.missedWin).toBe(true);
    // Seat 1 discards the second 5p: seat 2 may chow it, not win on it.
    must(e, 1, discard('5p'));
    expect(types(e, 2)).toEqual(['chow', 'pass']);
    must(e, 2, PASS);
    fire(e);
    // Seat 2 draws: the rule lapses.
    expect(e.viewFor(2).hand?.missedWin).toBe(false);
    must(e, 2, discard('8p'));
    fire(e);
    must(e, 3, discard('5p'));
    expect(types(e, 2)).toContain('win');
    must(e, 2, WIN);
    fire(e);
    expect(e.results()[0]?.winner).toBe(2);
    expect(e.results()[0]?.discarder).toBe(3);
  });
});

describe('the end of the wall', () => {
  // 136 tiles, no flowers: 69 live draws after the deal. The last one (seat 1's) is the fourth 9s.
  const lastTile = () =>
    scriptedEngine(
      [
        {
          bonus: false,
          hands: ['123m456m789m1235p6s', '999s147m258p1234z', '8m258p36s1234567z', IDLE3],
          last: '9s',
        },
      ],
      { options: { flowers: false, minFaan: 0 } },
    );
  const playToLastTile = (e: TableEngineImpl) => {
    for (let i = 0; i < 1000 && !(e.viewFor(1).wallCount === 0 && e.viewFor(1).turn === 1); i++) fire(e);
    expect(e.viewFor(1).wallCount).toBe(0);
    expect(e.viewFor(1).hand?.drawn).toBe(tile('9s'));
  };

  it('a kong on the last tile still gets its replacement; the last discard then ends the hand drawn', () => {
    const e = lastTile();
    playToLastTile(e);
    expect(legal(e, 1)).toContainEqual({ type: 'concealedKong', tile: tile('9s') });
    must(e, 1, { type: 'concealedKong', tile: tile('9s') });
    const v = e.viewFor(1);
    expect(v.hand?.drawn).not.toBe(null);
    expect(v.deadWallCount).toBe(13);
    checkAll(e);
    fire(e); // turn timeout: the last discard
    expect(e.viewFor(0).stage).toBe('claims');
    for (const seat of [0, 2, 3] as const)
      expect(types(e, seat).filter((t) => t !== 'win' && t !== 'pass')).toEqual([]);
    fire(e);
    const r = e.results()[0];
    expect(r?.kind).toBe('draw');
    expect(r?.deltas).toEqual([0, 0, 0, 0]);
    expect(e.viewFor(0).phase).toBe('handOver');
    checkAll(e);
    // A drawn hand keeps the dealer.
    fire(e);
    expect(e.viewFor(0).handNumber).toBe(1);
    expect(e.viewFor(0).dealer).toBe(0);
    expect(e.viewFor(0).phase).toBe('playing');
  });

  it('the hand is drawn when the live wall runs out (exhaustive draw)', () => {
    const e = lastTile();
    playToLastTile(e);
    fire(e); // seat 1 discards the last tile
    fire(e);
    expect(e.results()[0]?.kind).toBe('draw');
    expect(e.results()[0]?.hands.map((h) => h.length)).toEqual([13, 13, 13, 13]);
  });
});

describe('the match: dealer rotation, rounds, the end', () => {
  const earthlyFor = (dealer: Seat) => {
    const hands = ['', '', '', ''];
    hands[dealer] = '123m456m789m12p55p9s';
    hands[(dealer + 1) % 4] = '123p456p789p111s9s';
    hands[(dealer + 2) % 4] = IDLE2;
    hands[(dealer + 3) % 4] = IDLE3;
    return { dealer, hands: hands as unknown as readonly [string, string, string, string] };
  };

  it('the dealer stays on a dealer win', () => {
    const e = scriptedEngine([{ hands: ['123m456m789m123p55p', IDLE1, IDLE2, IDLE3] }]);
    must(e, 0, WIN);
    expect(e.viewFor(0).phase).toBe('handOver');
    fire(e);
    expect(e.viewFor(0).dealer).toBe(0);
    expect(e.viewFor(0).handNumber).toBe(1);
  });

  it('the deal passes on a non-dealer win; a round is the deal going round all four seats; the match ends', () => {
    const e = scriptedEngine([earthlyFor(0), earthlyFor(1), earthlyFor(2), earthlyFor(3)], { rounds: 1 });
    for (const dealer of [0, 1, 2, 3] as const) {
      const v = e.viewFor(dealer);
      expect(v.dealer).toBe(dealer);
      expect(v.prevailingWind).toBe(1);
      expect(v.seats[dealer].wind).toBe(1);
      must(e, dealer, discard('9s'));
      const winner = ((dealer + 1) % 4) as Seat;
      must(e, winner, WIN);
      fire(e);
      expect(e.results()[dealer]?.winner).toBe(winner);
      expect(e.results()[dealer]?.dealer).toBe(dealer);
      if (dealer < 3) {
        expect(e.viewFor(0).seed).toBeUndefined();
        // Everybody ready: the next hand starts without waiting for the pause.
        for (const seat of [0, 1, 2, 3] as const) must(e, seat, PASS);
        expect(e.viewFor(0).phase).toBe('playing');
      }
    }
    expect(e.isOver()).toBe(true);
    expect(e.nextDeadline()).toBe(null);
    const end = e.viewFor('spectator');
    expect(end.phase).toBe('matchOver');
    expect(end.seed).toBe('5eed');
    expect(end.results).toHaveLength(4);
    const r = e.act(0, discard('1m'), 1e9);
    expect(r.ok ? null : r.error.code).toBe('action/match_over');
    expect(e.scores().reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('four rounds by default: the prevailing wind moves East, South, West, North', () => {
    const walls = [];
    for (let round = 0; round < 4; round++) for (const d of [0, 1, 2, 3] as const) walls.push(earthlyFor(d));
    const e = scriptedEngine(walls);
    const winds: number[] = [];
    while (!e.isOver()) {
      const v = e.viewFor('spectator');
      winds.push(v.prevailingWind);
      const dealer = v.dealer;
      must(e, dealer, discard('9s'));
      must(e, ((dealer + 1) % 4) as Seat, WIN);
      fire(e);
      if (!e.isOver()) fire(e);
    }
    expect(winds).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4]);
    expect(e.results().map((r) => r.prevailingWind)).toEqual(winds);
  });
});

describe('timers on a simulated clock', () => {
  const quiet = (opts = {}) =>
    scriptedEngine([{ hands: ['123m456m789m5s2345z', IDLE1, '8m258p369s55s1234z', IDLE3] }], { now: 1000, ...opts });

  it('turn time: 20 s, then the drawn tile is discarded for the player', () => {
    const e = quiet();
    expect(e.nextDeadline()).toBe(21000);
    expect(e.viewFor(0).deadlines.turn).toBe(21000);
    const early = e.timeout(20999);
    expect(early.ok ? null : early.error.code).toBe('timeout/not_due');
    const seq = e.seq;
    expect(e.timeout(21000).ok).toBe(true);
    expect(e.seq).toBe(seq + 1);
    // The dealer's 14th tile (the last dealt) was 5z: its "drawn" tile, discarded as it came.
    expect(e.viewFor(1).seats[0].discards).toEqual([{ tile: tile('5z'), claimed: false, tsumogiri: true }]);
    expect(e.log.at(-1)).toEqual({ seq: seq + 1, at: 21000, event: { type: 'timeout' } });
  });

  it('every claim window lasts the uniform minimum (800 ms), even when nobody can claim', () => {
    const e = quiet();
    must(e, 0, discard('2z'), 5000);
    expect(e.viewFor(1).legalActions).toEqual([]);
    expect(e.nextDeadline()).toBe(5800);
    // A seat with nothing to answer sees the uniform minimum, whoever else could claim.
    expect(e.viewFor(3).deadlines.claim).toBe(5800);
    const other = quiet();
    must(other, 0, discard('5s'), 5000);
    expect(types(other, 2)).toEqual(['pung', 'pass']);
    expect(other.viewFor(1).deadlines).toEqual(e.viewFor(1).deadlines);
    expect(other.viewFor(1).stage).toBe(e.viewFor(1).stage);
    expect(e.timeout(5799).ok).toBe(false);
    expect(e.timeout(5800).ok).toBe(true);
    expect(e.viewFor(1).turn).toBe(1);
    expect(e.nextDeadline()).toBe(25800);
  });

  it('a claim window waits up to 8 s for an eligible seat, and closes early once every eligible seat answered', () => {
    const e = quiet();
    must(e, 0, discard('5s'), 5000);
    expect(types(e, 2)).toEqual(['pung', 'pass']);
    expect(e.nextDeadline()).toBe(13000);
    // An answer after the minimum closes the window at once.
    must(e, 2, PASS, 7000);
    expect(e.viewFor(1).turn).toBe(1);
    expect(e.viewFor(1).stage).toBe('discard');
    expect(e.nextDeadline()).toBe(27000);
  });

  it('an answer before the minimum closes the window at the minimum', () => {
    const e = quiet();
    must(e, 0, discard('5s'), 5000);
    must(e, 2, { type: 'pung' }, 5100);
    expect(e.viewFor(2).stage).toBe('claims');
    expect(e.nextDeadline()).toBe(5800);
    fire(e);
    expect(e.viewFor(2).turn).toBe(2);
  });

  it('timing options: claim window, minimum, turn and results pause', () => {
    const e = quiet({ options: { claimSeconds: 3, claimMinMs: 250, turnSeconds: 5, resultsSeconds: 2 } });
    expect(e.nextDeadline()).toBe(6000);
    must(e, 0, discard('5s'), 2000);
    expect(e.nextDeadline()).toBe(5000);
    must(e, 2, PASS, 2100);
    expect(e.nextDeadline()).toBe(2250);
  });

  it('the results pause: a deadline, or every seat ready', () => {
    const e = scriptedEngine([{ hands: ['123m456m789m123p55p', IDLE1, IDLE2, IDLE3] }], { now: 100 });
    must(e, 0, WIN, 400);
    expect(e.nextDeadline()).toBe(10400);
    expect(legal(e, 2)).toEqual([{ type: 'pass' }]);
    must(e, 2, PASS, 500);
    expect(legal(e, 2)).toEqual([]);
    expect(e.timeout(10400).ok).toBe(true);
    expect(e.viewFor(0).phase).toBe('playing');
    expect(e.viewFor(0).handNumber).toBe(1);
  });

  it('a clock that steps back is clamped to the last event (never a time before it)', () => {
    const e = quiet();
    must(e, 0, discard('2z'), 5000);
    expect(e.timeout(4000).ok).toBe(false);
    expect(e.timeout(Number.NaN).ok).toBe(false);
    expect(e.log.at(-1)?.at).toBe(5000);
    fire(e);
    must(e, 1, discard('7m'), 3000);
    expect(e.log.at(-1)?.at).toBe(5800);
    expect(e.nextDeadline()).toBe(6600);
  });
});

describe('refusals change nothing', () => {
  const refused = (e: TableEngineImpl, seat: Seat, action: unknown) => {
    const before = JSON.stringify(e.state);
    const seq = e.seq;
    const len = e.log.length;
    const r = e.act(seat, action as PlayerAction, e.state.at);
    expect(e.seq).toBe(seq);
    expect(e.log.length).toBe(len);
    expect(JSON.stringify(e.state)).toBe(before);
    return r.ok ? 'accepted' : r.error.code;
  };

  it('names the reason: not your turn, no such tile, illegal, already answered, malformed', () => {
    const e = scriptedEngine([
      { hands: ['3m456p789p1239s567z', '1245m147p258s123z', '128m258p369s1234z', '339m36p147s12346z'] },
    ]);
    expect(refused(e, 2, discard('1m'))).toBe('action/not_your_turn');
    expect(refused(e, 0, discard('1m'))).toBe('action/no_such_tile');
    expect(refused(e, 0, { type: 'pung' })).toBe('action/illegal');
    expect(refused(e, 0, WIN)).toBe('action/illegal');
    expect(refused(e, 0, { type: 'concealedKong', tile: tile('4p') })).toBe('action/illegal');
    // Riichi moves are well-formed but never legal at a Hong Kong table.
    expect(refused(e, 0, { type: 'riichi', tile: tile('3m') })).toBe('action/illegal');
    expect(refused(e, 0, { type: 'nineTerminals' })).toBe('action/illegal');
    expect(refused(e, 0, { type: 'riichi' })).toBe('action/malformed');
    expect(refused(e, 0, { type: 'dance' })).toBe('action/malformed');
    expect(refused(e, 0, { type: 'discard', tile: 99 })).toBe('action/malformed');
    expect(refused(e, 0, null)).toBe('action/malformed');
    expect(refused(e, 5 as Seat, discard('3m'))).toBe('action/malformed');
    must(e, 0, discard('3m'));
    expect(refused(e, 3, { type: 'chow', tiles: tiles('123m') })).toBe('action/illegal');
    expect(refused(e, 1, { type: 'chow', tiles: tiles('345p') })).toBe('action/illegal');
    expect(refused(e, 1, { type: 'pung' })).toBe('action/illegal');
    expect(refused(e, 2, PASS)).toBe('action/not_your_turn');
    expect(refused(e, 0, PASS)).toBe('action/not_your_turn');
    must(e, 3, PASS);
    expect(refused(e, 3, { type: 'pung' })).toBe('action/already_answered');
  });
});

describe('minimum faan and the false-win option', () => {
  // Seat 2 (West) waits on 9s with a cheap hand: common hand and fully concealed, 2 faan (its flower is East's).
  const cheap = (options: Record<string, unknown>) => {
    const e = scriptedEngine(
      [{ hands: ['123m456m789m5s2345z', IDLE1, '1f123p456p789p12s9s', IDLE3], draws: '9s', replacements: '3s' }],
      { options },
    );
    must(e, 0, discard('5z'));
    fire(e);
    must(e, 1, discard('9s'));
    return e;
  };

  it('a win below the minimum is not offered, and is refused', () => {
    const e = cheap({});
    expect(legal(e, 2)).toEqual([]);
    const r = e.act(2, WIN, e.state.at);
    expect(r.ok ? null : r.error.code).toBe('action/not_your_turn');
  });

  it('with a lower minimum the same win is offered with its faan', () => {
    const e = cheap({ minFaan: 2 });
    expect(legal(e, 2)).toEqual([{ type: 'win', faan: 2 }, { type: 'pass' }]);
  });

  it('with the false-win option on, a false declaration is accepted and charged: the declarer pays everyone the maximum', () => {
    const e = cheap({ falseWinPenalty: true });
    must(e, 2, WIN);
    const r = e.results()[0];
    expect(r?.kind).toBe('draw');
    expect(r?.deltas).toEqual([384, 384, -1152, 384]);
    expect(r?.payments).toHaveLength(3);
    expect(e.viewFor(0).phase).toBe('handOver');
    checkAll(e);
  });
});

describe('views', () => {
  it('each seat sees its own tiles only; the spectator none; results reveal every hand once it is over', () => {
    const e = scriptedEngine([{ hands: ['123m456m789m123p55p', IDLE1, IDLE2, IDLE3] }]);
    const spectator = e.viewFor('spectator');
    expect(spectator.hand).toBeUndefined();
    expect(spectator.legalActions).toEqual([]);
    expect(spectator.seed).toBeUndefined();
    expect(spectator.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const v1 = e.viewFor(1);
    expect(v1.hand?.concealed).toEqual(tiles(IDLE1));
    expect(v1.legalActions).toEqual([]);
    const text = JSON.stringify(v1);
    expect(text).not.toContain('order');
    expect(text).not.toContain('5eed');
    // Seat 1 cannot find the dealer's tiles in its view: the dealer's seat shows a count.
    expect(v1.seats[0]).not.toHaveProperty('concealed');
    expect(v1.seats[0].concealedCount).toBe(14);
    checkAll(e);
    must(e, 0, WIN);
    const after = e.viewFor('spectator');
    expect(after.lastResult?.hands[0]).toEqual(tiles('123m456m789m123p55p'));
    expect(after.lastResult?.arrangement?.length).toBeGreaterThan(0);
  });

  it('the hand view shows the waits of a ready hand', () => {
    const e = scriptedEngine([{ hands: ['123m456m789m12p55p9s', '123p456p789p111s9s', IDLE2, IDLE3] }]);
    expect(e.viewFor(1).hand?.waits).toEqual(tiles('9s'));
    expect(e.viewFor(2).hand?.waits).toEqual([]);
  });
});

describe('bankruptcy (option)', () => {
  it('ends the match once a seat has lost the stake', () => {
    const hands = { hands: ['123m456m789m123p55p', IDLE1, IDLE2, IDLE3] as const };
    const off = scriptedEngine([hands]);
    must(off, 0, WIN);
    expect(off.isOver()).toBe(false);
    const on = scriptedEngine([hands], { options: { bankruptcyPoints: 100 } });
    must(on, 0, WIN);
    expect(on.scores()[1]).toBeLessThanOrEqual(-100);
    expect(on.isOver()).toBe(true);
  });
});

describe('claim windows hide who could claim', () => {
  // Seat 2 holds a pair of 5s (it may pung the dealer's 5s) or not: nothing else differs.
  const table = (canClaim: boolean) =>
    scriptedEngine(
      [{ hands: ['123m456m789m5s2345z', IDLE1, canClaim ? '8m258p369s55s1234z' : '8m258p369s56s1234z', IDLE3] }],
      { now: 1000 },
    );
  const withoutSeq = (v: ReturnType<TableEngineImpl['viewFor']>) => ({ ...v, seq: 0 });
  const OTHERS = [0, 1, 3, 'spectator'] as const;

  it('every other seat and the spectator see the same views whether or not a seat could claim', () => {
    const can = table(true);
    const cannot = table(false);
    must(can, 0, discard('5s'), 5000);
    must(cannot, 0, discard('5s'), 5000);
    expect(types(can, 2)).toEqual(['pung', 'pass']);
    expect(types(cannot, 2)).toEqual([]);
    for (const v of OTHERS) {
      expect(can.viewFor(v)).toEqual(cannot.viewFor(v));
      expect(can.viewFor(v).deadlines.claim).toBe(5800); // the uniform minimum
    }
    // The seat that may answer sees the window's full deadline (its own business).
    expect(can.viewFor(2).deadlines.claim).toBe(13000);
    expect(cannot.viewFor(2).deadlines.claim).toBe(5800);
    checkAll(can);
    checkAll(cannot);
  });

  it("another seat's answer changes no view but the seq (and the answering seat's own)", () => {
    const can = table(true);
    must(can, 0, discard('5s'), 5000);
    const before = OTHERS.map((v) => withoutSeq(can.viewFor(v)));
    must(can, 2, PASS, 5100); // before the minimum: the window stays open
    expect(can.viewFor(2).stage).toBe('claims');
    expect(OTHERS.map((v) => withoutSeq(can.viewFor(v)))).toEqual(before);
    // Once answered, the seat itself sees the minimum like everybody else.
    expect(can.viewFor(2).deadlines.claim).toBe(5800);
    expect(can.viewFor(2).legalActions).toEqual([]);
    const cannot = table(false);
    must(cannot, 0, discard('5s'), 5000);
    for (const v of OTHERS) expect(withoutSeq(can.viewFor(v))).toEqual(withoutSeq(cannot.viewFor(v)));
    checkAll(can);
  });

  it('a robbing window shows the seat and the tile being added', () => {
    const e = scriptedEngine(
      [
        {
          hands: ['789m15p123789s567z', '55p147m36p258s123z', '46p123m456m789m11s', IDLE3],
          draws: '9s8p4z5p',
        },
      ],
      MIN0,
    );
    must(e, 0, discard('5p'));
    must(e, 2, PASS);
    must(e, 1, { type: 'pung' });
    fire(e);
    must(e, 1, discard('1z'));
    fire(e);
    for (let i = 0; i < 6; i++) fire(e);
    expect(e.viewFor('spectator').robbing).toBeUndefined();
    must(e, 1, { type: 'addedKong', tile: tile('5p') });
    for (const v of [0, 1, 2, 3, 'spectator'] as const) {
      expect(e.viewFor(v).stage).toBe('robbing');
      expect(e.viewFor(v).robbing).toEqual({ seat: 1, tile: tile('5p') });
    }
    checkAll(e);
    must(e, 2, PASS);
    fire(e);
    expect(e.viewFor('spectator').robbing).toBeUndefined();
  });
});

describe('seven pairs with four of a kind (hk-new)', () => {
  const HAND = '1111m2233p4455s77z';

  it('hk-new offers the dealer a heavenly seven pairs that uses four of a kind as two pairs', () => {
    const e = scriptedEngine([{ hands: [HAND, IDLE1, IDLE2, IDLE3] }], MIN0);
    expect(types(e, 0)).toContain('win');
    must(e, 0, WIN);
    expect(patternNames(e)).toContain('seven-pairs');
    expect(patternNames(e)).toContain('heavenly-hand');
    checkAll(e);
  });

  it('hk-old (seven distinct pairs) does not', () => {
    const e = scriptedEngine([{ hands: [HAND, IDLE1, IDLE2, IDLE3] }], { ...MIN0, ruleset: 'hk-old' });
    expect(types(e, 0)).not.toContain('win');
    expect(types(e, 0)).toContain('concealedKong');
  });

  it('the hand view shows the wait of such a hand, and the discard is offered as a win', () => {
    const ready = '1111m2233p4455s7z';
    const e = scriptedEngine([{ hands: ['234m456m789m5s234z7z', ready, IDLE2, '9m36p147s123456z9s'] }], MIN0);
    expect(e.viewFor(1).hand?.waits).toEqual(tiles('7z'));
    must(e, 0, discard('7z'));
    expect(types(e, 1)).toEqual(['win', 'pass']);
    const old = scriptedEngine([{ hands: ['234m456m789m5s234z7z', ready, IDLE2, '9m36p147s123456z9s'] }], {
      ...MIN0,
      ruleset: 'hk-old',
    });
    expect(old.viewFor(1).hand?.waits).toEqual([]);
  });
});

describe('winning conditions: the review fixes', () => {
  it('double kong only when the second kong is made with the first kong’s replacement tile', () => {
    // Kong 1m (replacement 4s), then kong 9p from the hand (not the replacement): a win on its
    // replacement 5s is a win by kong, not by double kong.
    const e = scriptedEngine([{ hands: ['1111m9999p456m22s3s', IDLE1, IDLE2, IDLE3], replacements: '4s5s' }], MIN0);
    must(e, 0, { type: 'concealedKong', tile: tile('1m') });
    expect(e.viewFor(0).hand?.drawn).toBe(tile('4s'));
    must(e, 0, { type: 'concealedKong', tile: tile('9p') });
    expect(e.viewFor(0).hand?.drawn).toBe(tile('5s'));
    must(e, 0, WIN);
    expect(patternNames(e)).toContain('win-by-kong');
    expect(patternNames(e)).not.toContain('win-by-double-kong');
    checkAll(e);
  });

  it('last tile needs the live wall’s last draw: a kong replacement that empties the live wall is not it', () => {
    // 136 tiles: the dealer draws the second-last live tile (1m), kongs, and wins on the replacement
    // (5p) while the live wall's last tile has moved over to the dead wall.
    const e = scriptedEngine(
      [{ bonus: false, hands: ['111m456m789m123p5p6z', IDLE1, IDLE2, IDLE3], last: '1m9s', replacements: '5p' }],
      { options: { flowers: false, minFaan: 0 } },
    );
    for (let i = 0; i < 1000 && !(e.viewFor(0).wallCount === 1 && e.viewFor(0).stage === 'discard'); i++) fire(e);
    expect(e.viewFor(0).turn).toBe(0);
    expect(e.viewFor(0).hand?.drawn).toBe(tile('1m'));
    must(e, 0, { type: 'concealedKong', tile: tile('1m') });
    expect(e.viewFor(0).wallCount).toBe(0);
    expect(e.viewFor(0).hand?.drawn).toBe(tile('5p'));
    must(e, 0, WIN);
    expect(patternNames(e)).toContain('win-by-kong');
    // (hk-new names the last-tile condition "last catch".)
    expect(patternNames(e)).not.toContain('last-catch');
    expect(patternNames(e)).not.toContain('last-tile');
    checkAll(e);
  });

  it("earthly hand also after the dealer's concealed kong before its first discard", () => {
    const e = scriptedEngine(
      [{ hands: ['1111m456m789m23s57z', '123p456p789p111s9s', IDLE2, IDLE3], replacements: '9s' }],
      MIN0,
    );
    must(e, 0, { type: 'concealedKong', tile: tile('1m') });
    must(e, 0, discard('9s'));
    expect(types(e, 1)).toEqual(['win', 'pass']);
    must(e, 1, WIN);
    fire(e);
    expect(e.results()[0]?.winner).toBe(1);
    expect(patternNames(e)).toContain('earthly-hand');
    checkAll(e);
  });
});
