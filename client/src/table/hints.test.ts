import { waits as waitsOf, countKinds } from '@mahjong/shared';
import { describe, expect, test } from 'vitest';
import { makeView, tiles } from './fixture.js';
import { handHints, hintItems } from './hints.js';
import { layoutTable } from './layout.js';

/** A view of seat 0 holding `hand` (13 tiles), with the waits the server would send. */
function ready(hand: string, over: Parameters<typeof makeView>[1] = {}, minFaan = 3) {
  const concealed = tiles(hand);
  const waits = waitsOf(countKinds(concealed), over[0]?.melds?.length ?? 0);
  return makeView(
    { minFaan, turn: 1, stage: 'discard', hand: { concealed, drawn: null, waits, missedWin: false } },
    over,
  );
}

const [s2] = tiles('2s') as [never];
/** An exposed pung and somebody else's flower: a discard win on the lone dragon scores nothing. */
const exposed = (minFaan = 3) =>
  ready(
    '123m456m789p5z',
    {
      0: { melds: [{ kind: 'pung', tiles: [s2, s2, s2], concealed: false, from: 3, claimed: s2 }], bonus: tiles('2f') },
    },
    minFaan,
  );

describe('hints from the own view', () => {
  test('ready on a lone white dragon: short of the 3-faan minimum, the server still says ready', () => {
    const view = exposed();
    expect(view.hand?.waits).toEqual(tiles('5z'));
    const h = handHints(view);
    expect(h?.shanten).toBe(0);
    expect(h?.bestFaan).toBeLessThan(3);
    expect(h?.notEnough).toBe(true);
    // At a no-minimum table the same wait is enough.
    expect(handHints(exposed(0))?.notEnough).toBe(false);
    // Fully concealed, the same shape reaches 3 (concealed hand, common hand, no flowers).
    expect(handHints(ready('123m456m789p234s5z'))?.notEnough).toBe(false);
  });

  test('nine gates waits on every character: far above the minimum', () => {
    const h = handHints(ready('1112345678999m'));
    expect(h?.waits.map((w) => w.tile)).toEqual(tiles('123456789m'));
    expect(h?.notEnough).toBe(false);
    expect(h?.bestFaan).toBeGreaterThanOrEqual(3);
  });

  test('tiles left: four less the own copies, melds and unclaimed discards seen', () => {
    const [w] = tiles('5z') as [never];
    const view = ready('123m456m789p234s5z', {
      1: { discards: [{ tile: w, claimed: false }] },
      2: { discards: [{ tile: w, claimed: false }] },
    });
    expect(handHints(view)?.waits).toEqual([expect.objectContaining({ tile: w, left: 1 })]);
  });

  test('shanten when not ready, and a line above the hand; counts over the wait tiles', () => {
    const far = makeView({ hand: { concealed: tiles('139m258p147s1234z'), drawn: null, waits: [], missedWin: false } });
    const h = handHints(far);
    expect(h?.shanten).toBeGreaterThan(2);
    const scene = layoutTable(far, 1280, 800, { selected: null });
    const extra = h ? hintItems(scene.items, h) : [];
    expect(extra.map((i) => (i.type === 'text' ? i.text : ''))).toEqual([`${h?.shanten} from ready`]);

    const view = exposed();
    const readyScene = layoutTable(view, 1280, 800, { selected: null });
    const texts = hintItems(readyScene.items, handHints(view) as never).map((i) => (i.type === 'text' ? i.text : ''));
    expect(texts).toEqual(['3 left', expect.stringMatching(/^not enough faan: waits score at most \d$/)]);
  });

  test('a spectator gets no hints', () => {
    expect(handHints(makeView({ viewer: 'spectator', hand: undefined }))).toBeNull();
  });
});
