import { waits as waitsOf, countKinds } from '@mahjong/shared';
import { describe, expect, test } from 'vitest';
import { makeView, tiles } from './fixture.js';
import { handHints, hintUi } from './hints.js';
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

  test('shanten when not ready, as a line in the waits corner; counts under the wait tiles', () => {
    const far = makeView({ hand: { concealed: tiles('139m258p147s1234z'), drawn: null, waits: [], missedWin: false } });
    const h = handHints(far);
    expect(h?.shanten).toBeGreaterThan(2);
    const ui = hintUi(h as never);
    expect(ui).toEqual({ left: new Map(), line: { text: `${h?.shanten} from ready`, warn: false } });
    const scene = layoutTable(far, 1280, 800, { selected: null, hints: ui });
    const corner = scene.regions.waits;
    expect(scene.items.find((i) => i.key === 'hint:line')).toMatchObject({
      text: `${h?.shanten} from ready`,
      x: corner.x,
      color: '#f2b705',
    });

    const view = exposed();
    const readyUi = hintUi(handHints(view) as never);
    expect(readyUi.line).toEqual({
      text: expect.stringMatching(/^not enough faan: waits score at most \d$/),
      warn: true,
    });
    const readyScene = layoutTable(view, 1280, 800, { selected: null, hints: readyUi });
    const texts = readyScene.items.filter((i) => i.key.startsWith('hint:') || i.key === 'waitsLabel');
    expect(texts.map((i) => (i.type === 'text' ? [i.key, i.text] : []))).toEqual([
      ['waitsLabel', 'Ready · waits · tiles left'],
      [`hint:left:${tiles('5z')[0]}`, '3'],
      ['hint:line', expect.stringMatching(/^not enough faan/)],
    ]);
    // The count sits under its tile, the line below the waits.
    const wait = readyScene.items.find((i) => i.key === `w:${tiles('5z')[0]}`);
    const count = texts[1];
    if (wait?.type !== 'tile' || count?.type !== 'text') throw new Error('missing');
    expect(count.x).toBeCloseTo(wait.x);
    expect(count.y).toBeGreaterThanOrEqual(wait.y + (wait.w * 86) / 60 / 2);
    expect((texts[2] as { y: number }).y).toBeGreaterThan(count.y + count.size);
  });

  test('a spectator gets no hints', () => {
    expect(handHints(makeView({ viewer: 'spectator', hand: undefined }))).toBeNull();
  });
});
