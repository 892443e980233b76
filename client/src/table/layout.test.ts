import type { Seat, TileKind } from '@mahjong/shared';
import { describe, expect, test } from 'vitest';
import { discards, makeView, tiles } from './fixture.js';
import { handOrder, layoutTable, positionOf, type TileItem, tileBounds } from './layout.js';

const SIZES = [
  ['phone portrait', 360, 640],
  ['phone landscape', 740, 360],
  ['tablet', 1024, 768],
  ['desktop', 1920, 1080],
] as const;

/** A crowded mid-hand table: melds, bonus tiles, long discard rows on every seat. */
function busyView() {
  const d = (n: string) => tiles(n).map((tile, i) => ({ tile, claimed: i === 2 }));
  const meld = (n: string, kind: 'chow' | 'pung' | 'kong', claimed?: string) => ({
    kind,
    tiles: tiles(n),
    concealed: false,
    ...(claimed ? { claimed: tiles(claimed)[0] as TileKind, from: 3 as Seat } : {}),
  });
  return makeView(
    {
      hand: { concealed: tiles('23m456p789s11z5z'), drawn: tiles('5z')[0] as TileKind, waits: [], missedWin: false },
      legalActions: discards('23m456p789s15z'),
      lastDiscard: { seat: 3, tile: tiles('9p')[0] as TileKind },
    },
    {
      0: {
        concealedCount: 11,
        hasDrawn: true,
        melds: [meld('1111m', 'kong')],
        bonus: tiles('15f'),
        discards: d('123456789m1234z'),
      },
      1: {
        concealedCount: 7,
        melds: [meld('123p', 'chow', '1p'), meld('555s', 'pung', '5s')],
        bonus: tiles('2367f'),
        discards: d('19m19p19s1234567z1m'),
      },
      2: { concealedCount: 10, melds: [meld('777z', 'pung', '7z')], discards: d('2468m2468p2468s1z') },
      3: { concealedCount: 13, discards: d('13579m13579p13579s9p') },
    },
  );
}

const overlaps = (a: TileItem, b: TileItem): boolean => {
  const x = tileBounds(a);
  const y = tileBounds(b);
  const eps = 0.5;
  return x.x0 < y.x1 - eps && y.x0 < x.x1 - eps && x.y0 < y.y1 - eps && y.y0 < x.y1 - eps;
};

describe('hand order', () => {
  test('sorted, with the drawn tile taken out once and put last', () => {
    const v = makeView({
      hand: { concealed: tiles('5z1m9s1m'), drawn: tiles('1m')[0] as TileKind, waits: [], missedWin: false },
    });
    expect(handOrder(v)).toEqual({ tiles: tiles('1m9s5z1m'), drawnIndex: 3 });
  });
  test('no drawn tile: just sorted', () => {
    expect(handOrder(makeView()).tiles).toEqual(tiles('123m456p789s1122z'));
  });
});

describe('seats around the table', () => {
  test('the viewer at the bottom, the next seat in turn order on the right', () => {
    expect([0, 1, 2, 3].map((s) => positionOf(s as Seat, 2))).toEqual(['top', 'left', 'bottom', 'right']);
  });
});

describe.each(SIZES)('layout on a %s (%i x %i)', (_name, W, H) => {
  const view = busyView();
  const scene = layoutTable(view, W, H, { selected: null });
  const tilesDrawn = scene.items.filter((i): i is TileItem => i.type === 'tile');

  test('every tile is inside the window', () => {
    for (const t of tilesDrawn) {
      const b = tileBounds(t);
      expect(b.x0, t.key).toBeGreaterThanOrEqual(-0.5);
      expect(b.y0, t.key).toBeGreaterThanOrEqual(-0.5);
      expect(b.x1, t.key).toBeLessThanOrEqual(W + 0.5);
      expect(b.y1, t.key).toBeLessThanOrEqual(H + 0.5);
    }
  });

  test('no two tiles overlap', () => {
    const bad: string[] = [];
    for (let i = 0; i < tilesDrawn.length; i++) {
      for (let j = i + 1; j < tilesDrawn.length; j++) {
        const a = tilesDrawn[i] as TileItem;
        const b = tilesDrawn[j] as TileItem;
        if (overlaps(a, b)) bad.push(`${a.key} x ${b.key}`);
      }
    }
    expect(bad).toEqual([]);
  });

  test('the viewer sees their own 12 tiles face up, clickable, the drawn one last; others only backs', () => {
    const mine = tilesDrawn.filter((t) => t.handIndex !== undefined).sort((a, b) => a.x - b.x);
    expect(mine.map((t) => t.face)).toEqual(handOrder(view).tiles);
    expect(mine.at(-1)?.highlight).toBe('drawn');
    const concealedOthers = tilesDrawn.filter((t) => /^c:[123]:/.test(t.key));
    expect(concealedOthers).toHaveLength(7 + 10 + 13);
    expect(concealedOthers.every((t) => t.face === 'back')).toBe(true);
  });

  test('the last discard is highlighted, claimed discards are dimmed', () => {
    const hi = tilesDrawn.filter((t) => t.highlight === 'lastDiscard');
    expect(hi.map((t) => t.key)).toEqual([`d:3:${view.seats[3].discards.length - 1}`]);
    expect(tilesDrawn.filter((t) => t.key.startsWith('d:') && t.dim)).toHaveLength(4);
  });

  test('the last discard slides in from its player (seat 3 sits on the left)', () => {
    const last = tilesDrawn.find((t) => t.highlight === 'lastDiscard');
    expect(last?.from?.x).toBeLessThan(last?.x ?? 0);
    expect(tilesDrawn.filter((t) => t.from)).toHaveLength(1);
  });

  test('tiles stay readable: own hand at least 19 px wide, discards at least 12 px', () => {
    expect(scene.sizes.hand).toBeGreaterThanOrEqual(19);
    expect(scene.sizes.discard).toBeGreaterThanOrEqual(12);
  });
});

describe('what is shown', () => {
  test('spectators see no hand and may choose the bottom seat; revealed hands show faces', () => {
    const { hand: _h, ...rest } = makeView({ viewer: 'spectator' });
    const reveal = [tiles('1m'), tiles('2m'), tiles('3m'), tiles('4m')] as const;
    const scene = layoutTable(rest, 1280, 800, { selected: null, bottomSeat: 1, reveal });
    const t = scene.items.filter((i): i is TileItem => i.type === 'tile');
    expect(t.some((x) => x.handIndex !== undefined)).toBe(false);
    const bottomRow = t.filter((x) => x.key.startsWith('c:1:'));
    expect(bottomRow.map((x) => x.face)).toEqual(tiles('2m'));
    expect(Math.round(bottomRow[0]?.rotation ?? 1)).toBe(0);
  });

  test('waits and the missed-win marker are drawn above the hand', () => {
    const v = makeView({
      hand: { concealed: tiles('123m456p789s1122z'), drawn: null, waits: tiles('12z'), missedWin: true },
    });
    const scene = layoutTable(v, 1280, 800, { selected: null });
    expect(
      scene.items.filter((i) => i.type === 'tile' && i.highlight === 'wait').map((i) => (i as TileItem).face),
    ).toEqual(tiles('12z'));
    expect(scene.items.some((i) => i.key === 'missedWin')).toBe(true);
  });

  test('the running clock is shown in the centre, red in its last seconds', () => {
    const at = (seconds: number) =>
      layoutTable(makeView(), 1280, 800, { selected: null, clock: { kind: 'claim', seconds } }).items.find(
        (i) => i.key === 'clock',
      );
    expect(at(7)).toMatchObject({ text: 'claim 7s', color: '#f2b705' });
    expect(at(2)).toMatchObject({ text: 'claim 2s', color: '#e05545' });
    expect(layoutTable(makeView(), 1280, 800, { selected: null }).items.some((i) => i.key === 'clock')).toBe(false);
  });

  test('the selected tile is raised and whose turn is marked', () => {
    const scene = layoutTable(makeView({ turn: 2 }), 1280, 800, { selected: 4 });
    const t = scene.items.filter((i): i is TileItem => i.type === 'tile' && i.handIndex !== undefined);
    const raised = t.filter((x) => x.raised);
    expect(raised.map((x) => x.handIndex)).toEqual([4]);
    expect(raised[0]?.y).toBeLessThan(t[0]?.y ?? 0);
    const label = scene.items.find((i) => i.key === 'seat:2');
    expect(label && label.type === 'text' && label.bold).toBe(true);
  });
});
