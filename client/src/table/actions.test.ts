import { describe, expect, test } from 'vitest';
import {
  actionButtons,
  autoAction,
  countdown,
  discardable,
  isOffered,
  keyHand,
  statusLine,
  tapHand,
  toPlayerAction,
} from './actions.js';
import { discards, makeView, tiles } from './fixture.js';

const [m3, m4, m5, m6] = tiles('3456m') as [never, never, never, never];

describe('action buttons come only from the legal actions', () => {
  test('a claim window with two chows, a pung and a win: win first, chows as tiles, pass last', () => {
    const view = makeView({
      turn: 3,
      stage: 'claims',
      lastDiscard: { seat: 3, tile: m5 },
      legalActions: [
        { type: 'pass' },
        { type: 'chow', tiles: [m3, m4, m5] },
        { type: 'chow', tiles: [m4, m5, m6] },
        { type: 'pung' },
        { type: 'win', faan: 5 },
      ],
    });
    const b = actionButtons(view);
    expect(b.map((x) => x.id)).toEqual(['win', 'pung', `chow:${m3}-${m4}-${m5}`, `chow:${m4}-${m5}-${m6}`, 'pass']);
    expect(b[0]?.label).toBe('Win · 5 faan');
    expect(b[0]?.tiles).toEqual([m5]);
    expect(b[2]?.tiles).toEqual([m3, m4, m5]);
    expect(b[3]?.key).toBe('2');
    expect(b[1]?.tiles).toEqual([m5, m5, m5]);
    expect(b.map((x) => x.action)).toEqual([
      { type: 'win' },
      { type: 'pung' },
      { type: 'chow', tiles: [m3, m4, m5] },
      { type: 'chow', tiles: [m4, m5, m6] },
      { type: 'pass' },
    ]);
  });

  test('own turn: discards are not buttons; self-drawn win and kongs are', () => {
    const view = makeView({
      legalActions: [...discards('123m'), { type: 'win', faan: 3 }, { type: 'concealedKong', tile: m4 }],
    });
    const b = actionButtons(view);
    expect(b.map((x) => x.label)).toEqual(['Self-drawn win · 3 faan', 'Concealed kong']);
    expect(b[1]?.action).toEqual({ type: 'concealedKong', tile: m4 });
    expect([...discardable(view)]).toEqual(tiles('123m'));
  });

  test('no legal actions: no buttons and nothing discardable', () => {
    const view = makeView({ turn: 1 });
    expect(actionButtons(view)).toEqual([]);
    expect(discardable(view).size).toBe(0);
  });

  test('only offered actions can be sent, whatever the key order', () => {
    const view = makeView({
      stage: 'claims',
      legalActions: [{ tiles: [m3, m4, m5], type: 'chow' } as never, { type: 'pass' }, { type: 'win', faan: 3 }],
    });
    expect(isOffered(view, { type: 'chow', tiles: [m3, m4, m5] })).toBe(true);
    expect(isOffered(view, { type: 'chow', tiles: [m4, m5, m6] })).toBe(false);
    expect(isOffered(view, { type: 'win' })).toBe(true);
    expect(isOffered(view, { type: 'pung' })).toBe(false);
    expect(isOffered(view, { type: 'discard', tile: m3 })).toBe(false);
  });

  test('preview fields never go back to the server', () => {
    expect(toPlayerAction({ type: 'win', faan: 8 })).toEqual({ type: 'win' });
  });
});

describe('auto toggles', () => {
  const claim = makeView({
    stage: 'claims',
    turn: 1,
    lastDiscard: { seat: 1, tile: m5 },
    legalActions: [{ type: 'pung' }, { type: 'pass' }],
  });
  const win = makeView({ ...claim, legalActions: [{ type: 'win', faan: 3 }, { type: 'pass' }] });

  test.each([
    ['claims, auto-pass on', claim, { autoPass: true, autoWin: false }, { type: 'pass' }],
    ['claims, toggles off', claim, { autoPass: false, autoWin: false }, null],
    ['a win offered, auto-pass never passes it', win, { autoPass: true, autoWin: false }, null],
    ['a win offered, auto-win takes it', win, { autoPass: true, autoWin: true }, { type: 'win' }],
    [
      'own turn, auto-pass does nothing',
      makeView({ legalActions: discards('1m') }),
      { autoPass: true, autoWin: true },
      null,
    ],
  ])('%s', (_name, view, toggles, expected) => {
    expect(autoAction(view, toggles)).toEqual(expected);
  });
});

describe('countdown', () => {
  test('the claim window counts first, rounded up', () => {
    const v = makeView({ stage: 'claims', deadlines: { turn: 50_000, claim: 10_000 } });
    expect(countdown(v, 7_100, { turn: 20_000, claim: 8_000 })).toEqual({
      kind: 'claim',
      seconds: 3,
      fraction: 2900 / 8000,
    });
  });
  test('the turn timer in a discard stage, never negative', () => {
    const v = makeView({ deadlines: { turn: 5_000, claim: null } });
    expect(countdown(v, 9_000, { turn: 20_000, claim: 8_000 })).toEqual({ kind: 'turn', seconds: 0, fraction: 0 });
    expect(countdown(makeView({ stage: 'none' }), 0, { turn: 1, claim: 1 })).toBeNull();
  });
  test('status line says whose move it is', () => {
    expect(statusLine(makeView({ legalActions: discards('1m') }))).toBe('Your turn: discard a tile');
    expect(statusLine(makeView({ turn: 2 }))).toBe('P3 to play');
  });
});

describe('discarding by tap and keyboard', () => {
  const hand = tiles('123m5z');
  const mine = makeView({ legalActions: discards('123m5z') });
  const [one, two, , red] = hand as [never, never, never, never];

  test('first tap raises, second tap on the same tile discards, another tile moves the raise', () => {
    expect(tapHand(mine, hand, null, 1)).toEqual({ selected: 1, discard: null });
    expect(tapHand(mine, hand, 1, 1)).toEqual({ selected: null, discard: two });
    expect(tapHand(mine, hand, 1, 3)).toEqual({ selected: 3, discard: null });
  });

  test('tiles that cannot be discarded now do nothing', () => {
    const other = makeView({ turn: 2 });
    expect(tapHand(other, hand, null, 0)).toEqual({ selected: null, discard: null });
    const some = makeView({ legalActions: discards('5z') });
    expect(tapHand(some, hand, 3, 0)).toEqual({ selected: 3, discard: null });
    expect(tapHand(mine, hand, null, 9)).toEqual({ selected: null, discard: null });
  });

  test('arrows wrap, Enter discards the raised tile', () => {
    expect(keyHand(mine, hand, null, 'ArrowRight')).toEqual({ selected: 0, discard: null });
    expect(keyHand(mine, hand, null, 'ArrowLeft')).toEqual({ selected: 3, discard: null });
    expect(keyHand(mine, hand, 3, 'ArrowRight')).toEqual({ selected: 0, discard: null });
    expect(keyHand(mine, hand, 3, 'Enter')).toEqual({ selected: null, discard: red });
    expect(keyHand(mine, hand, 0, ' ')).toEqual({ selected: null, discard: one });
    expect(keyHand(mine, hand, null, 'Enter')).toBeNull();
    expect(keyHand(mine, hand, 0, 'x')).toBeNull();
  });
});
