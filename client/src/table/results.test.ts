import { seedHash, type TileKind } from '@mahjong/shared';
import { describe, expect, test } from 'vitest';
import { translator } from '../i18n/translate.js';
import { makeView, tiles } from './fixture.js';
import { markRed } from './red-fives.js';
import { chartLines, handsAtDraw, scoreHistory, seedCheck, shownHand, summarise } from './results.js';

const win = {
  handNumber: 2,
  kind: 'win' as const,
  winner: 1 as const,
  discarder: 3 as const,
  selfDrawn: false,
  winTile: tiles('9s')[0] as TileKind,
  faan: 4,
  patterns: [
    { name: 'Mixed one suit', value: 3 },
    { name: 'Red dragon pung', value: 1 },
  ],
  payments: [{ from: 3 as const, to: 1 as const, amount: 64 }],
  deltas: [0, 64, 0, -64] as const,
  hands: [[], tiles('123s456s789s9s77z'), [], []] as const,
};

describe('hand results', () => {
  test('a win: who, how, the hand without the win tile, patterns with faan, payments', () => {
    const s = summarise(makeView(), win);
    expect(s.title).toBe('P2 wins');
    expect(s.subtitle).toBe("Hand 3, on P4's discard");
    // The revealed hand holds the win tile (the server adds a claimed one); it is shown apart, once.
    expect(s.concealed).toEqual(tiles('123456789s77z'));
    expect(s.winTile).toBe(tiles('9s')[0]);
    expect(s.patterns).toEqual([
      { name: 'Mixed one suit', value: '3 faan' },
      { name: 'Red dragon pung', value: '1 faan' },
    ]);
    expect(s.total).toBe('4 faan');
    expect(s.payments).toEqual(['P4 pays P2 64']);
    expect(s.deltas.map((d) => d.delta)).toEqual([0, 64, 0, -64]);
  });

  test('liability: the seat that paid because liable, and why, in either family and language', () => {
    const paid = {
      ...win,
      payments: [{ from: 2 as const, to: 1 as const, amount: 64 }],
      deltas: [0, 64, -64, 0] as const,
    };
    const hk = summarise(makeView(), { ...paid, liable: { seat: 2, rule: 'nine-pieces' } });
    expect(hk.payments).toEqual(['P3 pays P2 64', 'P3 pays as liable · Nine pieces penalty']);
    expect(translator('zh-HK')(hk.payments[1] as string)).toBe('P3包牌 · 九張包');
    const riichi = summarise(makeView({ ruleset: 'riichi-modern' }), {
      ...paid,
      liable: { seat: 2, rule: 'big-three-dragons' },
    });
    expect(riichi.payments).toContain('P3 pays as liable · Daisangen (big three dragons)');
    expect(translator('zh-HK')('P3 pays as liable · Daisangen (big three dragons)')).toBe('P3包牌 · 大三元');
    expect(summarise(makeView(), win).payments.some((p) => p.includes('liable'))).toBe(false);
  });

  test("a riichi win is titled by its limit (a 6-han win is a haneman, 跳滿), Hong Kong's by 'limit hand'", () => {
    const riichi = makeView({ ruleset: 'riichi-modern' });
    const at = (han: number, more = {}) =>
      summarise(riichi, { ...win, han, faan: han, limit: han >= 5, ...more }).subtitle;
    expect(at(6)).toBe("Hand 3, on P4's discard · haneman");
    expect(translator('zh-HK')(at(6))).toBe('第3局，食P4出銃 · 跳滿');
    expect([at(3), at(4, { limit: true }), at(5), at(7), at(8), at(11), at(13), at(2, { yakuman: 1 })]).toEqual(
      ['', 'mangan', 'mangan', 'haneman', 'baiman', 'sanbaiman', 'yakuman', 'yakuman'].map(
        (n) => `Hand 3, on P4's discard${n ? ` · ${n}` : ''}`,
      ),
    );
    expect(translator('zh-HK')(at(8, { selfDrawn: true, discarder: undefined }))).toBe('第3局，自摸 · 倍滿');
    expect(summarise(makeView(), { ...win, limit: true }).subtitle).toBe("Hand 3, on P4's discard · limit hand");
  });

  test('a drawn hand says so and has no winner', () => {
    const s = summarise(makeView(), {
      handNumber: 0,
      kind: 'draw',
      payments: [],
      deltas: [0, 0, 0, 0],
      hands: [[], [], [], []],
    });
    expect(s.title).toBe('Hand 1: drawn');
    expect(s.winTile).toBeNull();
    expect(s.patterns).toEqual([]);
  });
});

describe('red fives in results', () => {
  const [m5, p5, s5] = tiles('5m5p5s') as [TileKind, TileKind, TileKind];
  // 345m 55p 456s ... : the red 5m and 5p among the shown hand.
  const hand = tiles('345m55p456s789s11z');
  const riichiWin = { ...win, winTile: tiles('1z')[0] as TileKind, hands: [[], hand, [], []] as const };

  test("the winner's red fives: the first tile of each red kind, the win tile apart", () => {
    const s = summarise(makeView(), { ...riichiWin, redFives: [[], [m5, p5], [], []] });
    expect(s.concealed).toEqual(tiles('345m55p456s789s1z'));
    expect(s.concealed.filter((_t, i) => s.concealedRed[i])).toEqual([m5, p5]);
    expect(s.concealedRed.indexOf(true)).toBe(s.concealed.indexOf(m5));
    expect(s.winTileRed).toBe(false);
  });

  test('a red win tile: drawn red apart, and the copies of its kind left in the hand are plain', () => {
    const r = { ...riichiWin, winTile: p5, winTileRed: true as const, redFives: [[], [m5, p5], [], []] as const };
    const s = summarise(makeView(), r);
    expect(s.winTile).toBe(p5);
    expect(s.winTileRed).toBe(true);
    expect(s.concealed.filter((t) => t === p5)).toHaveLength(1);
    expect(s.concealed.filter((_t, i) => s.concealedRed[i])).toEqual([m5]);
  });

  test('hands shown at a draw, and tables without red fives', () => {
    const draw = {
      handNumber: 0,
      kind: 'draw' as const,
      payments: [],
      deltas: [0, 0, 0, 0] as const,
      hands: [tiles('55s5p'), [], [], []] as const,
      redFives: [[s5], [], [], []] as const,
    };
    expect(shownHand(draw, 0)).toEqual({ tiles: tiles('5p55s'), red: [false, true, false] });
    expect(shownHand({ ...draw, redFives: undefined }, 0).red).toEqual([false, false, false]);
    expect(summarise(makeView(), win).concealedRed.every((x) => !x)).toBe(true);
    expect(markRed(tiles('123m'), [m5])).toEqual([false, false, false]);
  });

  test('a draw shows each revealed hand with its called sets; a hand kept hidden is left out', () => {
    const pung = {
      kind: 'pung' as const,
      tiles: tiles('777p'),
      concealed: false,
      claimed: tiles('7p')[0] as TileKind,
      from: 1 as const,
    };
    const kong = { kind: 'kong' as const, tiles: tiles('1111z'), concealed: true };
    const view = makeView({}, { 0: { melds: [pung, kong], concealedCount: 7 } });
    const draw = {
      handNumber: 0,
      kind: 'draw' as const,
      payments: [],
      deltas: [0, 0, 0, 0] as const,
      hands: [tiles('2345m99s11p'), [], tiles('123456789m1122p'), tiles('19m19p19s1234567z')] as const,
    };
    const shown = handsAtDraw(view, draw);
    expect(shown.map((h) => h.seat)).toEqual([0, 2, 3]);
    expect(shown[0]?.tiles).toEqual(tiles('2345m11p99s'));
    expect(shown[0]?.melds).toEqual([pung, kong]);
    expect(shown[1]?.melds).toEqual([]);
  });
});

describe('match end', () => {
  test('score history runs from the starting scores through every hand', () => {
    const d2 = { ...win, handNumber: 1, deltas: [-32, -32, 96, -32] as const };
    const v = makeView(
      { results: [{ ...win, handNumber: 0 }, d2] },
      { 0: { score: 468 }, 1: { score: 532 }, 2: { score: 596 }, 3: { score: 404 } },
    );
    expect(scoreHistory(v)).toEqual([
      [500, 500, 500, 500],
      [500, 564, 500, 436],
      [468, 532, 596, 404],
    ]);
    const lines = chartLines(scoreHistory(v), 100, 50);
    expect(lines[2].split(' ')).toHaveLength(3);
    expect(lines[2].split(' ')[2]).toBe('100.0,0.0'); // the highest score at the top right
  });

  test('riichi: the chart starts at the points dealt and takes the declarations\u2019 sticks', () => {
    const riichi = {
      doraIndicators: [],
      honba: 0,
      sticks: 1,
      length: 'east' as const,
      startPoints: 25000,
      redFives: 0 as const,
    };
    const draw = {
      handNumber: 0,
      kind: 'draw' as const,
      drawKind: 'exhaustive' as const,
      payments: [],
      deltas: [-1000, 3000, -1000, -1000] as [number, number, number, number],
      hands: [[], [], [], []] as never,
      riichiDeclared: [false, true, false, false] as [boolean, boolean, boolean, boolean],
      ready: [false, true, false, false] as [boolean, boolean, boolean, boolean],
    };
    const v = makeView(
      { riichi, results: [draw] },
      { 0: { score: 24000 }, 1: { score: 27000 }, 2: { score: 24000 }, 3: { score: 24000 } },
    );
    expect(scoreHistory(v)).toEqual([
      [25000, 25000, 25000, 25000],
      [24000, 27000, 24000, 24000],
    ]);
    // The chart spans the scores' own range: the highest at the top, the lowest at the bottom.
    const lines = chartLines(scoreHistory(v), 100, 50);
    expect(lines[1].split(' ')[1]).toBe('100.0,0.0');
    expect(lines[0].split(' ')[1]).toBe('100.0,50.0');
    const text = summarise(v, draw);
    expect(text.payments).toContain('Riichi: P2');
    expect(text.payments).toContain('Ready: P2');
    expect(text.subtitle).toBe('The wall ran out');
  });

  test('equal scores are drawn side by side, not as one line (the last colour hid the others)', () => {
    // Seats 1 and 3 end each hand level; at the start all four are.
    const history = [
      [25000, 25000, 25000, 25000],
      [32000, 23000, 22000, 23000],
      [33000, 22500, 22000, 22500],
    ];
    const gap = 7;
    const pts = chartLines(history, 600, 160, gap).map((l) => l.split(' ').map((p) => p.split(',').map(Number)));
    const y = (s: number, i: number) => pts[s]?.[i]?.[1] as number;
    for (let i = 0; i < history.length; i++) {
      for (let a = 0; a < 4; a++) {
        for (let b = a + 1; b < 4; b++)
          expect(Math.abs(y(a, i) - y(b, i)), `hand ${i}: ${a} ${b}`).toBeGreaterThanOrEqual(gap - 0.05);
      }
    }
    // Tied lines sit about their score, in seat order; a higher score stays above; every line in
    // the box.
    expect(y(3, 1) - y(1, 1)).toBeCloseTo(gap, 5);
    expect(y(2, 1)).toBeGreaterThan(y(3, 1));
    expect(y(0, 1)).toBeLessThan(y(1, 1));
    expect(pts.flat().every(([, v]) => (v as number) >= 0 && (v as number) <= 160)).toBe(true);
    // The highest score at the top, the lowest at the bottom, within the margin kept for ties.
    expect(y(0, 2)).toBeCloseTo(gap * 1.5, 5);
    expect(Math.max(...[0, 1, 2, 3].map((s) => y(s, 2)))).toBe(y(2, 2));
    // Without a gap the lines are as before: equal scores on one line.
    const flat = chartLines(history, 600, 160);
    expect(flat[1]).toBe(flat[3]);
  });

  test('the revealed seed is checked against the hash published at the start', () => {
    const seed = 'c0ffee'.repeat(8);
    expect(seedCheck(makeView({ seedHash: seedHash(seed) }))).toEqual({ state: 'hidden' });
    expect(seedCheck(makeView({ seed, seedHash: seedHash(seed) }))).toEqual({ state: 'ok', seed });
    expect(seedCheck(makeView({ seed, seedHash: seedHash('other') }))).toEqual({ state: 'mismatch', seed });
  });
});

describe('a three-player table', () => {
  const view = makeView({ ruleset: 'riichi-sanma' }, { 3: { vacant: true, name: null, concealedCount: 0, score: 0 } });

  test('the result lists the three seats played, never the vacant one', () => {
    const s = summarise(view, { ...win, deltas: [-2000, 4000, -2000, 0], payments: [] });
    expect(s.deltas).toEqual([
      { name: 'P1', delta: -2000 },
      { name: 'P2', delta: 4000 },
      { name: 'P3', delta: -2000 },
    ]);
  });

  test('the score chart has three lines, scaled to the three seats', () => {
    const history = [
      [35_000, 35_000, 35_000, 0],
      [33_000, 39_000, 33_000, 0],
    ];
    const lines = chartLines(history, 100, 100, 0, [0, 1, 2]);
    expect(lines[3]).toBe('');
    // The vacant seat's 0 is left out of the scale: the lowest of the three is at the bottom.
    expect(lines[0]).toBe('0.0,66.7 100.0,100.0');
    expect(lines[1]).toBe('0.0,66.7 100.0,0.0');
  });
});
