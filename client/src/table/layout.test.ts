import type { Seat, TableView, TileKind } from '@mahjong/shared';
import { describe, expect, test } from 'vitest';
import { crowdedHands, crowdedMelds, crowdedRiichi } from './crowded.js';
import { discards, makeView, tiles } from './fixture.js';
import { meldRedIndex } from './red-fives.js';
import {
  handOrder,
  handTileAt,
  layoutTable,
  redInHand,
  positionOf,
  type RectItem,
  type Scene,
  type SceneItem,
  TILE_ASPECT,
  type TextItem,
  textBounds,
  textWidth,
  wrappedLines,
  type TileItem,
  tileBounds,
  type UiState,
} from './layout.js';

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

  test("a dealer's fourteen tiles shown face up stay on a phone's screen (replay, show all hands)", () => {
    const { hand: _h, ...rest } = makeView({ viewer: 'spectator' }, { 0: { concealedCount: 14, hasDrawn: true } });
    const fourteen = tiles('123m456p789s11122z');
    const reveal = [fourteen, tiles('1m'), tiles('2m'), tiles('3m')] as const;
    for (const [w, h] of [
      [390, 650],
      [360, 518],
    ] as const) {
      const scene = layoutTable(rest, w, h, { selected: null, bottomSeat: 0, reveal });
      const row = scene.items.filter((i): i is TileItem => i.type === 'tile' && i.key.startsWith('c:0:'));
      expect(row).toHaveLength(14);
      for (const t of row) {
        const b = tileBounds(t);
        expect(b.x0, `${w}x${h} ${t.key}`).toBeGreaterThanOrEqual(0);
        expect(b.x1, `${w}x${h} ${t.key}`).toBeLessThanOrEqual(w);
      }
    }
  });

  test("a portrait phone's top and bottom names run into the panel's free corners rather than being cut", () => {
    const names = { 0: { name: 'Annabelle', score: 25000 }, 2: { name: 'Westley Bot', score: 25000 } };
    const v = makeView({ ruleset: 'riichi-modern' }, names);
    const scene = layoutTable(v, 390, 650, { selected: null });
    const label = (s: number) => scene.items.find((i): i is TextItem => i.type === 'text' && i.key === `seat:${s}`);
    for (const s of [0, 2]) expect(label(s)?.text, `seat ${s}`).not.toContain('…');
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

  test("the riichi choice: the other hand tiles dimmed, the raised tile's waits in the waits corner", () => {
    const concealed = tiles('3456m234p678s5577z');
    const v = makeView({
      ruleset: 'riichi-modern',
      hand: { concealed, drawn: null, waits: [], missedWin: false, furiten: true },
      legalActions: discards('3456m234p678s57z'),
    });
    const choice = new Set(tiles('36m'));
    const mine = (scene: Scene) =>
      scene.items.filter((i): i is TileItem => i.type === 'tile' && i.handIndex !== undefined);
    // Out of the choice every tile may be discarded: none dimmed, no waits (14 tiles).
    const before = layoutTable(v, 1280, 800, { selected: null });
    expect(mine(before).filter((t) => t.dim)).toEqual([]);
    expect(before.items.some((i) => i.key === 'waitsLabel')).toBe(false);
    // Choosing, nothing raised: only 3m and 6m lit, no waits yet.
    const choosing = layoutTable(v, 1280, 800, { selected: null, riichiChoice: { tiles: choice, waits: [] } });
    expect(
      mine(choosing)
        .filter((t) => !t.dim)
        .map((t) => t.face),
    ).toEqual(tiles('36m'));
    expect(choosing.items.some((i) => i.key === 'waitsLabel')).toBe(false);
    // 6m raised: its waits under their own label, below the furiten line.
    const raised = layoutTable(v, 1280, 800, {
      selected: 3,
      riichiChoice: { tiles: choice, waits: tiles('57z') },
    });
    expect(mine(raised).find((t) => t.raised)?.face).toBe(tiles('6m')[0]);
    expect(raised.items.find((i) => i.key === 'waitsLabel')).toMatchObject({ text: 'Riichi · waits' });
    expect(
      raised.items.filter((i) => i.type === 'tile' && i.highlight === 'wait').map((i) => (i as TileItem).face),
    ).toEqual(tiles('57z'));
    expect(raised.items.some((i) => i.key === 'missedWin')).toBe(true);
  });

  test('the running clock is shown in the centre, red in its last seconds, the one live text', () => {
    const scene = (seconds: number) =>
      layoutTable(makeView(), 1280, 800, { selected: null, clock: { kind: 'claim', seconds } }).items;
    const at = (seconds: number) => scene(seconds).find((i) => i.key === 'clock');
    expect(at(7)).toMatchObject({ text: 'claim 7s', color: '#f2b705', live: true });
    expect(at(2)).toMatchObject({ text: 'claim 2s', color: '#ffb0a4', live: true });
    // Its second changes nothing else: the canvas has nothing to draw again (see LiveTextLayer).
    const still = (items: readonly SceneItem[]) => items.filter((i) => !(i.type === 'text' && i.live));
    expect(still(scene(6))).toEqual(still(scene(7)));
    expect(
      scene(7)
        .filter((i) => i.type === 'text' && i.live)
        .map((i) => i.key),
    ).toEqual(['clock']);
    expect(layoutTable(makeView(), 1280, 800, { selected: null }).items.some((i) => i.key === 'clock')).toBe(false);
  });

  test.each([
    ['desktop', 1280, 800],
    ['phone portrait', 390, 844],
    ['phone landscape', 844, 390],
  ] as const)('the clock region is the panel band of the clock line, running or not: %s', (_, W, H) => {
    for (const view of [makeView(), crowdedRiichi(0), crowdedRiichi(24)]) {
      const running = layoutTable(view, W, H, { selected: null, clock: { kind: 'turn', seconds: 600 } });
      const still = layoutTable(view, W, H, { selected: null });
      // Kept while no clock runs: what the page places by it does not move when one starts.
      expect(still.regions.clock).toEqual(running.regions.clock);
      const band = running.regions.clock;
      const panel = running.items.find((i): i is RectItem => i.key === 'panel') as RectItem;
      const clock = textBounds(running.items.find((i): i is TextItem => i.key === 'clock') as TextItem);
      expect(clock.y0).toBeGreaterThanOrEqual(band.y);
      expect(clock.y1).toBeLessThanOrEqual(band.y + band.h);
      expect(band).toMatchObject({ x: panel.x, w: panel.w });
      expect(band.y).toBeGreaterThan(panel.y);
      expect(band.y + band.h).toBeLessThan(panel.y + panel.h);
    }
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

describe('taps on the hand', () => {
  test('a tap finds the hand tile the layout put there: raised, drawn, the hover lift, nothing else', () => {
    const v = makeView({
      hand: { concealed: tiles('23m456p789s11z5z'), drawn: tiles('5z')[0] as TileKind, waits: [], missedWin: false },
      legalActions: discards('23m456p789s15z'),
    });
    const scene = layoutTable(v, 1280, 800, { selected: 2 });
    const mine = scene.items.filter((i): i is TileItem => i.type === 'tile' && i.handIndex !== undefined);
    for (const t of mine) expect(handTileAt(scene, t.x, t.y)).toBe(t.handIndex);
    const raised = mine.find((t) => t.raised) as TileItem;
    expect(raised.handIndex).toBe(2);
    // Just over the top of a tile (where the hover lifts it) still takes it.
    const top = tileBounds(raised).y0;
    expect(handTileAt(scene, raised.x, top - raised.w * 0.1)).toBe(2);
    expect(handTileAt(scene, raised.x, top - raised.w * 0.2)).toBeNull();
    // Discards, the centre, the waits: no hand tile.
    const pond = scene.items.find((i) => i.type === 'tile' && i.key.startsWith('d:'));
    if (pond) expect(handTileAt(scene, pond.x, pond.y)).toBeNull();
    expect(handTileAt(scene, 640, 400)).toBeNull();
  });
});

describe('red fives', () => {
  const [m5, p5, s5, p4, p6] = tiles('5m5p5s4p6p') as [TileKind, TileKind, TileKind, TileKind, TileKind];
  const riichi = {
    doraIndicators: tiles('1z'),
    honba: 0,
    sticks: 0,
    length: 'east' as const,
    startPoints: 25000,
    redFives: 3 as const,
  };
  const view = (hand: string, red: string, drawn: string | null, drawnRed = false, over = {}) =>
    makeView({
      ruleset: 'riichi-modern',
      riichi,
      hand: {
        concealed: tiles(hand),
        drawn: drawn === null ? null : (tiles(drawn)[0] as TileKind),
        red: tiles(red),
        drawnRed,
        waits: [],
        missedWin: false,
      },
      legalActions: discards(hand),
      ...over,
    });
  const mine = (scene: Scene) =>
    scene.items.filter((i): i is TileItem => i.type === 'tile' && i.handIndex !== undefined);

  test('in the own hand: exactly one tile of each red kind, the first of its kind', () => {
    // 5m 5m 5p 5s ... with the red 5m and 5s: indices of the first 5m and of the 5s.
    const v = view('1155m5p5s789s111z', '5m5s', null);
    const order = handOrder(v).tiles;
    expect([...redInHand(v)].sort((a, b) => a - b)).toEqual([order.indexOf(m5), order.indexOf(s5)]);
    const drawn = mine(layoutTable(v, 1280, 800, { selected: null }));
    expect(drawn.filter((t) => t.red).map((t) => t.face)).toEqual([m5, s5]);
    expect(drawn.filter((t) => t.red).map((t) => t.key)).toEqual([`h:${m5}:red`, `h:${s5}:red`]);
    // The plain 5m keeps the key of the first plain copy.
    expect(drawn.filter((t) => t.face === m5 && !t.red).map((t) => t.key)).toEqual([`h:${m5}:0`]);
  });

  test('the drawn tile set apart is the red one when drawnRed, and then no other copy is', () => {
    const v = view('1155m5p789s111z5m', '5m', '5m', true);
    const { tiles: order, drawnIndex } = handOrder(v);
    expect(drawnIndex).toBe(order.length - 1);
    expect([...redInHand(v)]).toEqual([drawnIndex]);
    const red = mine(layoutTable(v, 1280, 800, { selected: null })).filter((t) => t.red);
    expect(red.map((t) => [t.key, t.highlight])).toEqual([['h:drawn', 'drawn']]);
    // Drawn plain, the red one in the hand: the first 5m of the sorted tiles.
    const w = view('1155m5p789s111z5m', '5m', '5m', false);
    expect([...redInHand(w)]).toEqual([handOrder(w).tiles.indexOf(m5)]);
    expect(handOrder(w).drawnIndex).not.toBe(handOrder(w).tiles.indexOf(m5));
  });

  test('no red kinds, or a table without red fives: nothing red', () => {
    expect(redInHand(view('1155m5p5s789s111z', '', null)).size).toBe(0);
    expect(redInHand(makeView()).size).toBe(0);
    expect(layoutTable(makeView(), 1280, 800, { selected: null }).items.some((i) => i.type === 'tile' && i.red)).toBe(
      false,
    );
  });

  test('ponds, the last discard and melds: the tile the view marks red', () => {
    const seats = {
      1: {
        discards: [
          { tile: s5, claimed: true, red: true as const },
          { tile: p5, claimed: false, red: true as const },
        ],
      },
      2: {
        melds: [
          // Claimed from seat 1 (whose claimed 5s in the pond was red): the sideways tile is red.
          {
            kind: 'pung' as const,
            tiles: [s5, s5, s5],
            concealed: false,
            from: 1 as Seat,
            claimed: s5,
            red: true as const,
          },
        ],
      },
      3: {
        melds: [
          // Its red five came from the hand: a five that is not the claimed one.
          { kind: 'chow' as const, tiles: [p4, p5, p6], concealed: false, from: 2 as Seat, claimed: p4 },
          { kind: 'kong' as const, tiles: [m5, m5, m5, m5], concealed: true, red: true as const },
        ],
      },
    };
    const w = makeView(
      { ruleset: 'riichi-modern', riichi, turn: 2, lastDiscard: { seat: 1, tile: p5, red: true } },
      seats,
    );
    const scene = layoutTable(w, 1280, 800, { selected: null });
    const red = scene.items.filter((i): i is TileItem => i.type === 'tile' && !!i.red).map((i) => i.key);
    expect(red.sort()).toEqual(['d:1:0', 'd:1:1', 'm:2:0:0', 'm:3:1:1'].sort());
    const last = scene.items.find((i): i is TileItem => i.type === 'tile' && i.highlight === 'lastDiscard');
    expect(last).toMatchObject({ key: 'd:1:1', red: true });
  });

  test('which tile of a red meld is the red one', () => {
    const pung = { kind: 'pung' as const, tiles: [p5, p5, p5], concealed: false, from: 1 as Seat, claimed: p5 };
    expect(meldRedIndex(pung)).toBe(-1);
    expect(meldRedIndex({ ...pung, red: true })).toBe(1);
    expect(meldRedIndex({ ...pung, red: true }, [{ tile: p5, claimed: true, red: true }])).toBe(0);
    // A chow whose only five is the claimed tile.
    const chow = { kind: 'chow' as const, tiles: [p4, p5, p6], concealed: false, from: 3 as Seat, claimed: p5 };
    expect(meldRedIndex({ ...chow, red: true })).toBe(1);
    // A concealed kong: a face-up tile.
    expect(meldRedIndex({ kind: 'kong', tiles: [p5, p5, p5, p5], concealed: true, red: true })).toBe(1);
  });

  test('a robbing window: the tile being added shows beside its pung, red when it is the red five', () => {
    const pung = { kind: 'pung' as const, tiles: [p5, p5, p5], concealed: false, from: 3 as Seat, claimed: p5 };
    const v = makeView(
      {
        ruleset: 'riichi-modern',
        riichi,
        turn: 1,
        stage: 'robbing',
        robbing: { seat: 1, tile: p5, red: true },
        legalActions: [{ type: 'win', faan: 2 }, { type: 'pass' }],
      },
      { 1: { melds: [pung], concealedCount: 11 } },
    );
    const scene = layoutTable(v, 1280, 800, { selected: null });
    const meld = scene.items.filter((i): i is TileItem => i.type === 'tile' && i.key.startsWith('m:1:0:'));
    expect(meld.map((t) => t.key)).toEqual(['m:1:0:0', 'm:1:0:1', 'm:1:0:2', 'm:1:0:3']);
    expect(meld[3]).toMatchObject({ face: p5, red: true, highlight: 'lastDiscard' });
    expect(problems(scene, 1280, 800)).toEqual([]);
    // Without the window the pung is three tiles.
    const after = layoutTable({ ...v, stage: 'discard', robbing: undefined }, 1280, 800, { selected: null });
    expect(after.items.filter((i) => i.key.startsWith('m:1:0:'))).toHaveLength(3);
  });
});

/**
 * The layout over a grid of viewports from 320x568 to 2560x1440, portrait and landscape, with the
 * most crowded tables: nothing outside the window, no two tiles overlapping, no label over a tile
 * or another label, the action bar's place free, and the tile sizes a phone needs (in CSS px).
 */
const EDGES = [320, 360, 390, 414, 568, 640, 768, 844, 932, 1024, 1280, 1440, 1920, 2560] as const;
const GRID = EDGES.flatMap((w) => EDGES.map((h) => [w, h] as const)).filter(
  ([w, h]) => Math.max(w, h) >= 568 && Math.max(w, h) / Math.min(w, h) <= 2.4 && Math.min(w, h) <= 1440,
);

/**
 * Smallest heights asked for: 44 px for the hand and 24 px for the rest on a landscape phone of
 * 844x390, 40 and 20 on a portrait one of 390x844, scaled down for smaller windows.
 */
function minHeights(w: number, h: number): { hand: number; rest: number } {
  const k = w >= h ? Math.min(1, h / 390, w / 844) : Math.min(1, w / 390, h / 844);
  return w >= h ? { hand: 44 * k, rest: 24 * k } : { hand: 40 * k, rest: 20 * k };
}

/** Full ponds: 24 discards, more than a seat can make in one hand (78 draws among four seats). */
const CROWDS = [
  ['four kongs and eight flowers at every seat', crowdedMelds(24)],
  ['full hands, eight flowers, nine waits', crowdedHands(24)],
  ['riichi: every seat declared, five dora indicators, furiten', crowdedRiichi(24)],
] as const;

function problems(scene: Scene, W: number, H: number): string[] {
  const out: string[] = [];
  const tilesDrawn = scene.items.filter((i): i is TileItem => i.type === 'tile');
  const texts = scene.items.filter((i): i is TextItem => i.type === 'text');
  const inside = (b: { x0: number; y0: number; x1: number; y1: number }) =>
    b.x0 >= -0.5 && b.y0 >= -0.5 && b.x1 <= W + 0.5 && b.y1 <= H + 0.5;
  const meet = (
    a: { x0: number; y0: number; x1: number; y1: number },
    b: { x0: number; y0: number; x1: number; y1: number },
  ) => a.x0 < b.x1 - 0.5 && b.x0 < a.x1 - 0.5 && a.y0 < b.y1 - 0.5 && b.y0 < a.y1 - 0.5;
  const tb = tilesDrawn.map(tileBounds);
  const xb = texts.map(textBounds);
  tilesDrawn.forEach((t, i) => {
    if (!inside(tb[i] as never)) out.push(`${t.key} outside`);
    for (let j = i + 1; j < tilesDrawn.length; j++)
      if (meet(tb[i] as never, tb[j] as never)) out.push(`${t.key} x ${tilesDrawn[j]?.key}`);
  });
  texts.forEach((t, i) => {
    if (!inside(xb[i] as never)) out.push(`text ${t.key} outside`);
    tilesDrawn.forEach((u, j) => {
      if (meet(xb[i] as never, tb[j] as never)) out.push(`text ${t.key} x ${u.key}`);
    });
    for (let j = i + 1; j < texts.length; j++)
      if (meet(xb[i] as never, xb[j] as never)) out.push(`text ${t.key} x text ${texts[j]?.key}`);
  });
  // The marks on the centre panel (the turn bar, riichi sticks): on the panel, over no label, tile
  // or other mark (a stick's dot is on its stick).
  const panel = scene.items.find((i): i is RectItem => i.type === 'rect' && i.key === 'panel');
  const rectBox = (r: RectItem) => ({ x0: r.x, y0: r.y, x1: r.x + r.w, y1: r.y + r.h });
  const marks = scene.items.filter((i): i is RectItem => i.type === 'rect' && i.key !== 'panel');
  marks.forEach((r, i) => {
    const b = rectBox(r);
    if (panel) {
      const p = rectBox(panel);
      if (b.x0 < p.x0 - 0.5 || b.y0 < p.y0 - 0.5 || b.x1 > p.x1 + 0.5 || b.y1 > p.y1 + 0.5)
        out.push(`${r.key} off the panel`);
    }
    texts.forEach((t, j) => {
      if (meet(b, xb[j] as never)) out.push(`${r.key} x text ${t.key}`);
    });
    tilesDrawn.forEach((t, j) => {
      if (meet(b, tb[j] as never)) out.push(`${r.key} x ${t.key}`);
    });
    for (const o of marks.slice(i + 1)) {
      const sameStick = r.key.split(':').slice(0, 2).join(':') === o.key.split(':').slice(0, 2).join(':');
      if (!sameStick && meet(b, rectBox(o))) out.push(`${r.key} x ${o.key}`);
    }
  });
  const bar = scene.regions.bar;
  const barBox = { x0: bar.x, y0: bar.y, x1: bar.x + bar.w, y1: bar.y + bar.h };
  if (bar.w < 100 || bar.h < 40) out.push(`bar region too small ${Math.round(bar.w)}x${Math.round(bar.h)}`);
  const menu = scene.regions.menu;
  const menuBox = { x0: menu.x, y0: menu.y, x1: menu.x + menu.w, y1: menu.y + menu.h };
  if (menu.w < 60 || menu.h < 28) out.push(`menu region too small ${Math.round(menu.w)}x${Math.round(menu.h)}`);
  tilesDrawn.forEach((t, j) => {
    if (meet(barBox, tb[j] as never)) out.push(`bar x ${t.key}`);
    if (meet(menuBox, tb[j] as never)) out.push(`menu x ${t.key}`);
  });
  return out;
}

describe.each(CROWDS)('every viewport: %s', (_name, view) => {
  test.each(GRID)('%i x %i', (W, H) => {
    // With a raised tile (the raise must have its room) and the clock running.
    const scene = layoutTable(view, W, H, { selected: 0, clock: { kind: 'claim', seconds: 7 } });
    expect(problems(scene, W, H)).toEqual([]);
    const tilesDrawn = scene.items.filter((i): i is TileItem => i.type === 'tile');
    const height = (t: TileItem) => t.w * TILE_ASPECT;
    const hand = Math.min(...tilesDrawn.filter((t) => t.handIndex !== undefined).map(height));
    // Discards, melds and bonus tiles of every seat.
    const rest = Math.min(...tilesDrawn.filter((t) => /^[dmf]:/.test(t.key)).map(height));
    const min = minHeights(W, H);
    expect(hand).toBeGreaterThanOrEqual(min.hand);
    expect(rest).toBeGreaterThanOrEqual(min.rest);
    expect(scene.width).toBe(W);
    expect(scene.height).toBe(H);
  });
});

test.each(GRID)('the drawn tile raised (as to declare riichi with it) keeps clear of the bar: %i x %i', (W, H) => {
  // The crowded riichi hand with its drawn 5p raised: where the drawn tile goes up a line (a
  // narrow window), its raise needs room above that line too.
  const scene = layoutTable(crowdedRiichi(24), W, H, { selected: 13, clock: { kind: 'turn', seconds: 7 } });
  expect(scene.items.find((i) => i.type === 'tile' && i.raised)?.key).toBe('h:drawn');
  expect(problems(scene, W, H)).toEqual([]);
});

test.each(GRID)('the riichi choice with nine waits and furiten fits every viewport: %i x %i', (W, H) => {
  // The crowded riichi hand (nine gates and a drawn 5p) choosing its 5p, raised: nine waits.
  const view = crowdedRiichi(24);
  const riichiChoice = { tiles: new Set(tiles('5p')), waits: tiles('123456789m') };
  const scene = layoutTable(view, W, H, { selected: 13, riichiChoice, clock: { kind: 'turn', seconds: 7 } });
  expect(problems(scene, W, H)).toEqual([]);
  expect(scene.items.filter((i) => i.type === 'tile' && i.highlight === 'wait')).toHaveLength(9);
});

/**
 * The hints on (counts of the copies left under each wait, and the longest hint line) in every
 * viewport: they once went over the "Ready · waits" label and each other, drawn after the
 * layout without room of their own.
 */
const hintsOn = (view: TableView): NonNullable<UiState['hints']> => ({
  left: new Map((view.hand?.waits ?? []).map((t, i) => [t, i % 5])),
  line: { text: 'not enough faan: waits score at most 2', warn: true },
});

test.each(GRID)('the hints in the waits corner: counts under the waits, then the line: %i x %i', (W, H) => {
  for (const view of [crowdedHands(24), crowdedRiichi(24)]) {
    const scene = layoutTable(view, W, H, { selected: 0, hints: hintsOn(view), clock: { kind: 'turn', seconds: 7 } });
    expect(problems(scene, W, H)).toEqual([]);
    // Each wait with its count under it (or, in a corner too small for them, none).
    const counts = scene.items.filter((i): i is TextItem => i.type === 'text' && i.key.startsWith('hint:left:'));
    expect([0, 9]).toContain(counts.length);
    for (const c of counts) {
      const tile = scene.items.find((i): i is TileItem => i.key === `w:${c.key.slice('hint:left:'.length)}`);
      expect(c.x).toBeCloseTo(tile?.x ?? -1);
      expect(c.y).toBeGreaterThanOrEqual((tile?.y ?? 0) + ((tile?.w ?? 0) * TILE_ASPECT) / 2 - 0.01);
    }
  }
  // Not ready: the shanten line alone in the corner, under the warning.
  const far = makeView({ hand: { concealed: tiles('139m258p147s1234z'), drawn: null, waits: [], missedWin: true } });
  const alone = layoutTable(far, W, H, {
    selected: null,
    hints: { left: new Map(), line: { text: '5 from ready', warn: false } },
  });
  expect(problems(alone, W, H)).toEqual([]);
  expect(alone.items.some((i) => i.key === 'hint:line')).toBe(true);
});

test.each([
  [390, 844],
  [844, 390],
  [1280, 800],
  [1920, 1080],
] as const)('on the common screens every hint is drawn, nine waits with furiten: %i x %i', (W, H) => {
  const view = crowdedRiichi(24);
  const scene = layoutTable(view, W, H, { selected: 0, hints: hintsOn(view) });
  expect(scene.items.filter((i) => i.key.startsWith('hint:left:'))).toHaveLength(9);
  expect(scene.items.find((i) => i.key === 'waitsLabel')).toMatchObject({ text: 'Ready · waits · tiles left' });
  expect(scene.items.some((i) => i.key === 'hint:line')).toBe(true);
  // The waits keep most of their size.
  const size = (s: Scene) => s.items.find((i): i is TileItem => i.key.startsWith('w:'))?.w ?? 0;
  expect(size(scene)).toBeGreaterThanOrEqual(size(layoutTable(view, W, H, { selected: 0 })) * 0.7);
});

test('ponds longer than a hand allows still fit, in more rows, without overlaps', () => {
  for (const [W, H] of [
    [844, 390],
    [390, 844],
    [1280, 800],
  ] as const) {
    const scene = layoutTable(crowdedMelds(40), W, H, { selected: null });
    expect(problems(scene, W, H)).toEqual([]);
  }
});

test('seat labels keep the names on a phone (smaller type or a cut name, never no name)', () => {
  const names = ['Annabelle Lee', 'Bo', 'Cyrano de B.', 'Dimitrios K.'];
  for (const [W, H] of [
    [844, 390],
    [390, 844],
    [568, 320],
  ] as const) {
    const view = makeView({}, Object.fromEntries(names.map((name, s) => [s, { name, score: -1200 }])));
    const scene = layoutTable(view, W, H, { selected: null });
    for (let s = 0; s < 4; s++) {
      const label = scene.items.find((i): i is TextItem => i.key === `seat:${s}`);
      expect(label?.text, `${W}x${H} seat ${s}`).toContain((names[s] as string).slice(0, 3));
      expect(label?.text).toContain('-1200');
    }
  }
});

/**
 * The turn bar at every seat's turn, over every viewport and 900x640 (where it once went through
 * the own seat's label, "E● Ann 25000" struck through): over no label, sticks or tiles, on the
 * panel; each seat's bar its own item (a new turn's bar fades in at its seat, it does not slide
 * across the table and the ponds from the last one's).
 */
test.each([...GRID, [900, 640] as const])('the turn bar crosses no label at any seat: %i x %i', (W, H) => {
  for (const view of [
    crowdedRiichi(24),
    crowdedMelds(24),
    makeView({ ruleset: 'riichi-modern', riichi: crowdedRiichi(0).riichi }),
  ]) {
    const keys = new Set<string>();
    for (const turn of [0, 1, 2, 3] as const) {
      const scene = layoutTable({ ...view, turn }, W, H, { selected: null, clock: { kind: 'turn', seconds: 7 } });
      expect(problems(scene, W, H)).toEqual([]);
      const bars = scene.items.filter((i) => i.key.startsWith('turnbar'));
      expect(bars.map((b) => b.key)).toEqual([`turnbar:${turn}`]);
      keys.add(bars[0]?.key ?? '');
    }
    expect(keys.size).toBe(4);
  }
});

describe('riichi tables: the dora indicators and the sticks', () => {
  const riichi = crowdedRiichi(0).riichi as NonNullable<TableView['riichi']>;
  const declared = { discard: 0, ippatsu: true, double: false, discardsBefore: [0, 0, 0, 0] as const };
  const view = makeView(
    { ruleset: 'riichi-modern', riichi: { ...riichi, doraIndicators: tiles('4z') }, turn: 1 },
    { 2: { riichi: declared, discards: [{ tile: tiles('1m')[0] as TileKind, claimed: false }] } },
  );

  test.each([
    [390, 844],
    [844, 390],
    [900, 640],
    [1280, 800],
  ] as const)('a labelled, readable indicator and a stick by the declared seat only: %i x %i', (W, H) => {
    const scene = layoutTable(view, W, H, { selected: null });
    expect(problems(scene, W, H)).toEqual([]);
    const label = scene.items.find((i): i is TextItem => i.key === 'doraLabel');
    expect(label?.text).toBe('Dora indicator');
    const tile = scene.items.find((i): i is TileItem => i.key === 'dora:0');
    expect(tile?.face).toBe(tiles('4z')[0]);
    // Most of a discard's size (it was a small tile at the size of the panel's type).
    expect(tile?.w).toBeGreaterThanOrEqual(scene.sizes.discard * 0.7);
    // The label beside the tile or above it, never over it (problems: no text over a tile).
    // The stick lies in front of seat 2's label (the top of the panel when seat 0 is at the bottom).
    const sticks = scene.items.filter((i): i is RectItem => i.type === 'rect' && i.key.startsWith('stick:'));
    expect(sticks.map((s) => s.key).sort()).toEqual(['stick:2', 'stick:2:dot']);
    const body = sticks.find((s) => s.key === 'stick:2') as RectItem;
    const seatLabel = scene.items.find((i): i is TextItem => i.key === 'seat:2') as TextItem;
    expect(body.w).toBeGreaterThan(body.h * 3);
    expect(body.y).toBeGreaterThan(textBounds(seatLabel).y1 - 0.5);
    // No "R" after the name any more: the stick says it.
    expect(seatLabel.text).not.toMatch(/ R /);
  });

  test('several indicators are labelled in the plural; every declared seat has its stick', () => {
    const scene = layoutTable(crowdedRiichi(24), 1280, 800, { selected: null });
    expect(scene.items.find((i) => i.key === 'doraLabel')).toMatchObject({ text: 'Dora indicators' });
    expect(scene.items.filter((i) => i.type === 'tile' && i.key.startsWith('dora:'))).toHaveLength(5);
    expect(scene.items.filter((i) => /^stick:\d$/.test(i.key))).toHaveLength(4);
    // A Hong Kong table has neither.
    const hk = layoutTable(crowdedMelds(24), 1280, 800, { selected: null });
    expect(hk.items.some((i) => i.key === 'doraLabel' || i.key.startsWith('stick:'))).toBe(false);
  });
});

/**
 * A portrait phone uses its height: the full ponds (24 discards) and the panel reach over most of
 * the height between the top seat's tiles and the viewer's own (on a larger portrait window the
 * discards reach their largest size first). On a phone of 390x844 they once
 * took under 60% of it, with tall empty bands above and below them, the ponds held to the width.
 */
test.each(GRID.filter(([w, h]) => w <= 414 && h >= w * 1.3))(
  'a portrait phone gives its height to the ponds: %i x %i',
  (W, H) => {
    for (const [name, view] of CROWDS) {
      const scene = layoutTable(view, W, H, { selected: null });
      const tilesDrawn = scene.items.filter((i): i is TileItem => i.type === 'tile');
      const bounds = (re: RegExp) => tilesDrawn.filter((t) => re.test(t.key)).map(tileBounds);
      const top = Math.max(...bounds(/^[cmf]:2:/).map((b) => b.y1));
      const mine = Math.min(...bounds(/^(h:|[mf]:0:)/).map((b) => b.y0));
      const ponds = bounds(/^d:/);
      const reach = Math.max(...ponds.map((b) => b.y1)) - Math.min(...ponds.map((b) => b.y0));
      expect(reach / (mine - top), name).toBeGreaterThanOrEqual(0.7);
    }
  },
);

describe('names on the panel', () => {
  test('a right-to-left name is isolated: the wind stays before it and the score after it', () => {
    const scene = layoutTable(makeView({}, { 1: { name: 'مرحبا بك', score: 123 } }), 1280, 800, { selected: null });
    const label = scene.items.find((i): i is TextItem => i.key === 'seat:1');
    // Without the isolates the bidi algorithm drew "S 0 123 مرحبا بك" for this label.
    expect(label?.text).toMatch(/^S \u2068مرحبا بك\u2069 123/);
  });
});

test("an outside AI's seat the built-in bot played for carries the fallback mark; bots are named in the page's language", () => {
  const v = makeView({}, { 1: { name: 'Bot South', isBot: true }, 2: { name: 'Mortal', isBot: true } });
  const label = (scene: Scene, s: number) =>
    (scene.items.find((i): i is TextItem => i.type === 'text' && i.key === `seat:${s}`)?.text ?? '').replace(
      /[\u2068\u2069]/g,
      '',
    );
  const marked = layoutTable(v, 1280, 800, { selected: null, aiFallback: new Set([2 as Seat]) });
  expect(label(marked, 2)).toBe('W Mortal 0 ↻');
  expect(label(marked, 1)).toBe('S Bot South 0');
  expect(label(layoutTable(v, 1280, 800, { selected: null }), 2)).toBe('W Mortal 0');
  const zh = layoutTable(v, 1280, 800, { selected: null, lang: 'zh-HK' });
  expect(label(zh, 1)).toBe('S 電腦南 0');
  // A player's name is never translated, whatever it reads.
  expect(
    label(layoutTable(makeView({}, { 3: { name: 'Pung' } }), 1280, 800, { selected: null, lang: 'zh-HK' }), 3),
  ).toBe('N Pung 0');
});

test('a wrapped text takes the lines the renderer gives it: at spaces, a long word broken, CJK anywhere', () => {
  const size = 10;
  const one = textWidth('Furiten: no ron', size, true) * 1.1;
  expect(wrappedLines('Furiten: no ron', size, one + 1)).toBe(1);
  // Word wrapping wastes the end of a line: more lines than the width alone says.
  const text = 'Missed win: no discard wins until your next draw';
  const narrow = 60;
  expect(wrappedLines(text, size, narrow)).toBeGreaterThan(Math.ceil(textWidth(text, size, true) / narrow));
  expect(wrappedLines('過水：下次摸牌前不能食別人的牌', size, 50)).toBe(Math.ceil(15 / Math.floor(50 / 11.66)));
});

test.each([
  [390, 844],
  [844, 390],
  [1280, 800],
])('hints on: the furiten or missed-win warning stands above the waits, never over them: %i x %i', (W, H) => {
  for (const view of [
    crowdedRiichi(24),
    makeView({ hand: { concealed: tiles('123m456p789s1122z'), drawn: null, waits: tiles('12z'), missedWin: true } }),
  ]) {
    const scene = layoutTable(view, W, H, { selected: null, hints: hintsOn(view) });
    const warning = scene.items.find((i): i is TextItem => i.key === 'missedWin');
    const label = scene.items.find((i): i is TextItem => i.key === 'waitsLabel');
    const waits = scene.items.filter((i): i is TileItem => i.key.startsWith('w:'));
    expect(warning).toBeDefined();
    expect(waits.length).toBe(view.hand?.waits.length);
    const w = warning as TextItem;
    const bottom = w.y + wrappedLines(w.text, w.size, w.maxWidth ?? W) * w.size * 1.3;
    expect(label?.y ?? 0).toBeGreaterThanOrEqual(bottom - 0.01);
    for (const t of waits) expect(t.y - (t.w * TILE_ASPECT) / 2).toBeGreaterThan(bottom);
  }
});

/**
 * A win by a discard: at the hand's end the winner's concealed tiles hold the tile it won on,
 * fourteen with none drawn (a Hong Kong hand of four concealed pungs and a pair). They once ran
 * off the right edge of a portrait phone, sized for thirteen.
 */
test.each([
  [390, 844],
  [844, 390],
  [1280, 800],
] as const)('fourteen concealed tiles and none drawn stay inside the window: %i x %i', (W, H) => {
  const view = makeView({
    phase: 'handOver',
    hand: { concealed: tiles('1119m9m555z666z777z'), drawn: null, waits: [], missedWin: false },
    legalActions: [],
  });
  const scene = layoutTable(view, W, H, { selected: null });
  const hand = scene.items.filter((i): i is TileItem => i.type === 'tile' && i.key.startsWith('h:'));
  expect(hand).toHaveLength(14);
  const out = hand.map(tileBounds).filter((b) => b.x0 < -0.5 || b.x1 > W + 0.5);
  expect(out).toEqual([]);
});

describe('seat labels measured by the page', () => {
  const emojiView = (name: string) => makeView({}, { 2: { name, score: 25000 } });
  const label = (scene: Scene) =>
    (scene.items.find((i): i is TextItem => i.key === 'seat:2')?.text ?? '').replace(/[\u2068\u2069]/g, '');

  test('a name the page measures as fitting is drawn whole, however the estimate counts it', () => {
    const name = 'Ann 👍🏽 Ann 👍🏽 Ann 👍🏽 Ann 👍🏽';
    // The estimate cuts it at 390 px wide; a page whose fonts draw it narrow keeps all of it.
    expect(label(layoutTable(emojiView(name), 390, 844, { selected: null }))).toContain('…');
    const narrow = (text: string, size: number) => [...text].length * size * 0.2;
    expect(label(layoutTable(emojiView(name), 390, 844, { selected: null, measure: narrow }))).toContain(name);
  });

  test('a cut name keeps its emoji whole (no skin tone torn off) and no space before the …', () => {
    const wide = (text: string, size: number) => [...text].length * size * 0.7;
    // Every window width from a phone's to a desktop's: the cut falls at every place in the name.
    for (const name of ['Ann 👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽', 'Ann 👍🏽 Bob 👍🏽 Cy 👍🏽 Di 👍🏽'])
      for (let W = 320; W <= 1000; W += 8) {
        const text = label(layoutTable(emojiView(name), W, 844, { selected: null, measure: wide }));
        expect(text, `${W}`).not.toMatch(/ …|👍(?!🏽)|(?<!👍)🏽/u);
      }
  });
});

describe('a three-player table', () => {
  const vacant = { vacant: true as const, name: null, concealedCount: 0, wind: 4 as const, isDealer: false };
  const three = (viewer: Seat | 'spectator') =>
    makeView(
      { ruleset: 'riichi-sanma', viewer, ...(viewer === 'spectator' ? { hand: undefined } : {}) },
      { 3: vacant },
    );

  test('the vacant seat has no tiles and a muted label saying so, on every side and screen', () => {
    for (const [, W, H] of SIZES) {
      for (const viewer of [0, 1, 2] as const) {
        const scene = layoutTable(three(viewer), W, H, { selected: null });
        const seat3 = scene.items.filter((i) => i.type === 'tile' && /^(c|d|m|f):3:/.test(i.key));
        expect(seat3).toEqual([]);
        const label = scene.items.find((i): i is TextItem => i.type === 'text' && i.key === 'seat:3');
        expect(label?.text).toBe('Vacant seat');
        expect(label?.color).not.toBe('#f2b705');
        // The three players keep their wind, name and score.
        for (const s of [0, 1, 2]) {
          const l = scene.items.find((i): i is TextItem => i.type === 'text' && i.key === `seat:${s}`);
          expect(l?.text).toContain(`P${s + 1}`);
        }
        expect(scene.items.some((i) => i.key === 'turnbar:3')).toBe(false);
      }
    }
  });

  test('a spectator sees the three hands as backs and the fourth side empty', () => {
    const scene = layoutTable(three('spectator'), 1280, 800, { selected: null, bottomSeat: 1 });
    const backs = (s: number) => scene.items.filter((i) => i.type === 'tile' && i.key.startsWith(`c:${s}:`)).length;
    expect([0, 1, 2, 3].map(backs)).toEqual([13, 13, 13, 0]);
  });
});

/**
 * A riichi panel on a phone held sideways: the dora indicators above four lines left those lines
 * 6-7 px high. The panel now grows sideways with the indicators beside the lines, where the
 * window is wide: readable type, nothing over anything, the indicators on the panel and left of
 * the lines, and the panel as wide with one indicator as with five (a kong does not move the
 * ponds). A desktop keeps the compact panel, and so does a 568x320 phone, where the wider panel
 * would leave the action bar's corner too narrow.
 */
test.each([
  [844, 390],
  [740, 360],
  [932, 430],
] as const)('a riichi panel on a phone held sideways keeps its lines readable: %i x %i', (W, H) => {
  const five = crowdedRiichi(24);
  const one = {
    ...five,
    riichi: { ...(five.riichi as NonNullable<TableView['riichi']>), doraIndicators: tiles('4z') },
  };
  const widths: number[] = [];
  const fresh = crowdedRiichi(0);
  for (const view of [five, one, fresh]) {
    const scene = layoutTable(view, W, H, { selected: null, clock: { kind: 'claim', seconds: 12 } });
    expect(problems(scene, W, H)).toEqual([]);
    const panel = scene.items.find((i): i is RectItem => i.key === 'panel') as RectItem;
    const text = (k: string) => scene.items.find((i): i is TextItem => i.key === k) as TextItem;
    for (const k of ['round', 'wall', 'pot', 'clock']) {
      expect(text(k).size, `${k} at ${W}x${H}`).toBeGreaterThanOrEqual(8.5);
      const b = textBounds(text(k));
      expect(b.x0).toBeGreaterThanOrEqual(panel.x);
      expect(b.x1).toBeLessThanOrEqual(panel.x + panel.w);
    }
    const dora = scene.items.filter((i): i is TileItem => i.key.startsWith('dora:'));
    expect(dora.length).toBe(view.riichi?.doraIndicators.length);
    for (const t of dora) {
      const b = tileBounds(t);
      expect(b.x0).toBeGreaterThanOrEqual(panel.x);
      expect(b.x1).toBeLessThanOrEqual(textBounds(text('round')).x0);
      expect(b.y0).toBeGreaterThanOrEqual(panel.y);
      expect(b.y1).toBeLessThanOrEqual(panel.y + panel.h);
    }
    if (view !== fresh) widths.push(panel.w);
    // The corners beside the panel keep most of their room (the waits' corner, the bar's).
    expect(scene.regions.waits.w, `${W}x${H}`).toBeGreaterThanOrEqual(100);
  }
  expect(widths[0]).toBeCloseTo(widths[1] as number, 5);
});

test('a desktop keeps the compact riichi panel, the indicators above the lines', () => {
  const scene = layoutTable(crowdedRiichi(24), 1280, 800, { selected: null });
  const round = textBounds(scene.items.find((i): i is TextItem => i.key === 'round') as TextItem);
  const dora = scene.items.filter((i): i is TileItem => i.key.startsWith('dora:')).map(tileBounds);
  expect(dora.length).toBeGreaterThan(0);
  for (const b of dora) expect(b.y1).toBeLessThanOrEqual(round.y0);
});

/**
 * A label shrunk to its room keeps the whole name when a size in range fits: the page's fonts are
 * drawn a little wider for their size as they get smaller, and one proportional step left "W Bot
 * West 25000" a pixel too wide on a replay's 173 px panel, cut to "W Bot We… 25000".
 */
test('a shrunk seat label keeps the whole name when type that is not proportional fits', () => {
  const base = crowdedRiichi(8);
  const names = ['Bot East', 'Bot South', 'Bot West', 'Bot North'];
  const seats = base.seats.map((s, i) => ({ ...s, name: names[i] ?? null, score: 25_000, isBot: true }));
  const view: TableView = { ...base, seats: seats as unknown as TableView['seats'] };
  const hinted = (t: string, size: number, bold?: boolean) => textWidth(t, size, bold) * (1 + 1 / size);
  const scene = layoutTable(view, 390, 650, { selected: null, measure: hinted });
  const top = scene.items.find((i): i is TextItem => i.key === 'seat:2') as TextItem;
  expect(top.text.replace(/[\u2068\u2069]/g, '')).toBe('W Bot West 25000');
  expect(hinted(top.text, top.size, true)).toBeLessThanOrEqual(
    (scene.items.find((i): i is RectItem => i.key === 'panel') as RectItem).w,
  );
});
