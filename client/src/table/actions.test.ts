import { countKinds, readyDiscards, RIICHI_ANALYSIS, riichiDiscards, type TableView } from '@mahjong/shared';
import { describe, expect, test } from 'vitest';
import {
  actionButtons,
  autoAction,
  copyOf,
  fromHandOf,
  countdown,
  discardable,
  enterRiichiChoice,
  isOffered,
  keepRiichiChoice,
  keyHand,
  riichiTiles,
  riichiWaits,
  selectable,
  statusLine,
  tapHand,
  toPlayerAction,
} from './actions.js';
import { discards, makeView, tiles } from './fixture.js';
import { handOrder } from './layout.js';

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

  test('three-player riichi: the North set aside is a button labelled North, sending the server’s action', () => {
    const view = makeView({ legalActions: [...discards('123m'), { type: 'north' }] });
    const b = actionButtons(view);
    expect(b.map((x) => [x.id, x.label, x.key])).toEqual([['north', 'North', 'b']]);
    expect(b[0]?.tiles).toEqual(tiles('4z'));
    expect(b[0]?.action).toEqual({ type: 'north' });
    expect(toPlayerAction({ type: 'north' })).toEqual({ type: 'north' });
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
    expect(tapHand(mine, hand, null, 1)).toEqual({ selected: 1, send: null });
    expect(tapHand(mine, hand, 1, 1)).toEqual({ selected: null, send: { type: 'discard', tile: two } });
    expect(tapHand(mine, hand, 1, 3)).toEqual({ selected: 3, send: null });
  });

  test('tiles that cannot be discarded now do nothing', () => {
    const other = makeView({ turn: 2 });
    expect(tapHand(other, hand, null, 0)).toEqual({ selected: null, send: null });
    const some = makeView({ legalActions: discards('5z') });
    expect(tapHand(some, hand, 3, 0)).toEqual({ selected: 3, send: null });
    expect(tapHand(mine, hand, null, 9)).toEqual({ selected: null, send: null });
  });

  test('arrows wrap, Enter discards the raised tile', () => {
    expect(keyHand(mine, hand, null, 'ArrowRight')).toEqual({ selected: 0, send: null });
    expect(keyHand(mine, hand, null, 'ArrowLeft')).toEqual({ selected: 3, send: null });
    expect(keyHand(mine, hand, 3, 'ArrowRight')).toEqual({ selected: 0, send: null });
    expect(keyHand(mine, hand, 3, 'Enter')).toEqual({ selected: null, send: { type: 'discard', tile: red } });
    expect(keyHand(mine, hand, 0, ' ')).toEqual({ selected: null, send: { type: 'discard', tile: one } });
    expect(keyHand(mine, hand, null, 'Enter')).toBeNull();
    expect(keyHand(mine, hand, 0, 'x')).toBeNull();
  });

  test('outside the riichi choice, the choosing flag changes nothing', () => {
    // A Hong Kong table offers no riichi: a stale flag cannot turn a discard into a declaration.
    expect(tapHand(mine, hand, 1, 1, true)).toEqual({ selected: null, send: { type: 'discard', tile: two } });
    expect(keyHand(mine, hand, 3, 'Enter', true)).toEqual({ selected: null, send: { type: 'discard', tile: red } });
  });
});

describe('the riichi declaration: one button, then a tile of the hand', () => {
  // 3456m 234p 678s 55z 77z: a discard of 3m or 6m leaves the hand ready on 5z and 7z; the
  // server offers a riichi action for each (legal.ts: the shared readyDiscards).
  const concealed = tiles('3456m234p678s5577z');
  const [m3x, , , m6x] = concealed as [never, never, never, never];
  const [z5, z7] = tiles('57z') as [never, never];
  const offers = readyDiscards(countKinds(concealed), 0, RIICHI_ANALYSIS).map(
    (r) => ({ type: 'riichi', tile: r.discard }) as const,
  );
  const view = makeView({
    ruleset: 'riichi-modern',
    hand: { concealed, drawn: null, waits: [], missedWin: false },
    legalActions: [...discards('3456m234p678s57z'), ...offers, { type: 'win', faan: 2 }, { type: 'nineTerminals' }],
  });
  const hand = handOrder(view).tiles;
  const at = (kind: number) => hand.indexOf(kind as never);

  test('one Riichi button (r) however many discards may go with it; nine terminals and tsumo stay', () => {
    expect(offers.map((o) => o.tile)).toEqual([m3x, m6x]);
    const b = actionButtons(view);
    expect(b.map((x) => x.id)).toEqual(['win', 'riichi', 'nineTerminals']);
    const riichi = b[1];
    expect(riichi).toMatchObject({ kind: 'riichi', label: 'Riichi', key: 'r', tiles: [], action: null });
    expect(riichi?.choice).toBe('riichi');
    expect(b[0]?.label).toBe('Tsumo · 2 han');
    expect(b[2]?.action).toEqual({ type: 'nineTerminals' });
  });

  test('in the choice: Cancel (Escape) alone, the status says to pick the tile', () => {
    const b = actionButtons(view, true);
    expect(b.map((x) => x.id)).toEqual(['cancel']);
    expect(b[0]).toMatchObject({ kind: 'cancel', label: 'Cancel', key: 'Escape', action: null, choice: 'cancel' });
    expect(statusLine(view, true)).toBe('Riichi: pick the tile to discard');
    expect(statusLine(view, false)).toBe('Your turn: discard a tile');
  });

  test('only the riichi tiles can be raised; a second tap declares with that tile', () => {
    expect([...riichiTiles(view)]).toEqual([m3x, m6x]);
    expect([...selectable(view, true)]).toEqual([m3x, m6x]);
    expect(selectable(view, false).size).toBe(12);
    // A dimmed tile does nothing, in or out of a raise.
    expect(tapHand(view, hand, null, at(z5), true)).toEqual({ selected: null, send: null });
    expect(tapHand(view, hand, at(m6x), at(z7), true)).toEqual({ selected: at(m6x), send: null });
    expect(tapHand(view, hand, null, at(m6x), true)).toEqual({ selected: at(m6x), send: null });
    expect(tapHand(view, hand, at(m6x), at(m6x), true)).toEqual({
      selected: null,
      send: { type: 'riichi', tile: m6x },
    });
    // Out of the choice the same taps discard.
    expect(tapHand(view, hand, at(z5), at(z5))).toEqual({ selected: null, send: { type: 'discard', tile: z5 } });
  });

  test('the arrows step over the tiles that cannot go with the declaration; Enter declares', () => {
    expect(keyHand(view, hand, null, 'ArrowRight', true)).toEqual({ selected: at(m3x), send: null });
    expect(keyHand(view, hand, at(m3x), 'ArrowRight', true)).toEqual({ selected: at(m6x), send: null });
    expect(keyHand(view, hand, at(m6x), 'ArrowRight', true)).toEqual({ selected: at(m3x), send: null });
    expect(keyHand(view, hand, null, 'ArrowLeft', true)).toEqual({ selected: at(m6x), send: null });
    expect(keyHand(view, hand, at(m3x), 'Enter', true)).toEqual({
      selected: null,
      send: { type: 'riichi', tile: m3x },
    });
    // A dimmed tile raised before the choice: Enter does nothing.
    expect(keyHand(view, hand, at(z5), 'Enter', true)).toEqual({ selected: at(z5), send: null });
  });

  test('entering the choice keeps a raised riichi tile, drops any other', () => {
    expect(enterRiichiChoice(view, hand, at(m3x))).toBe(at(m3x));
    expect(enterRiichiChoice(view, hand, at(z7))).toBeNull();
    expect(enterRiichiChoice(view, hand, null)).toBeNull();
  });

  test('the choice ends with a view that offers no riichi (a new turn, a call, the hand over)', () => {
    expect(keepRiichiChoice(view, true)).toBe(true);
    expect(keepRiichiChoice(view, false)).toBe(false);
    const later = makeView({ ...view, seq: 11, turn: 1, legalActions: [] });
    expect(keepRiichiChoice(later, true)).toBe(false);
    const noRiichi = makeView({ ...view, seq: 12, legalActions: discards('3456m') });
    expect(keepRiichiChoice(noRiichi, true)).toBe(false);
    expect(actionButtons(noRiichi, true)).toEqual([]);
    expect(statusLine(noRiichi, true)).toBe('Your turn: discard a tile');
    expect(tapHand(noRiichi, hand, at(m3x), at(m3x), true).send).toEqual({ type: 'discard', tile: m3x });
  });

  test('the waits of a riichi discard come from the shared analysis; none for other tiles', () => {
    expect(riichiWaits(view, m3x)).toEqual([z5, z7]);
    expect(riichiWaits(view, m6x)).toEqual([z5, z7]);
    expect(riichiWaits(view, z5)).toEqual([]);
    expect(riichiWaits(makeView({ ...view, viewer: 'spectator' }), m3x)).toEqual([]);
  });

  test('a wait on a kind the hand holds all four of (a concealed kong) is no wait, as the server reads it', () => {
    // Kong of 1m, then 23m 456p 789s 55z and a 7z: its discard leaves 23m waiting on 1m (dead) and 4m.
    const kong = tiles('1111m');
    const rest = tiles('23m456p789s55z7z');
    const riichi = riichiDiscards({
      concealed: countKinds(rest),
      concealedKongs: [kong[0] as never],
      openMelds: 0,
      points: 25_000,
      liveLeft: 40,
      alreadyRiichi: false,
    });
    expect(riichi.ok).toBe(true);
    const offered = riichi.ok ? riichi.discards : [];
    const v = makeView(
      {
        ruleset: 'riichi-modern',
        hand: { concealed: rest, drawn: null, waits: [], missedWin: false },
        legalActions: [
          ...discards('23m456p789s57z'),
          ...offered.map((d) => ({ type: 'riichi', tile: d.discard }) as const),
        ],
      },
      { 0: { melds: [{ kind: 'kong', tiles: kong, concealed: true }] } },
    );
    const [z7] = tiles('7z') as [never];
    expect(riichiWaits(v, z7)).toEqual(tiles('4m'));
    for (const d of offered) expect(riichiWaits(v, d.discard)).toEqual(d.waits);
  });

  test('every riichi button press sends nothing until a tile is picked', () => {
    for (const b of [...actionButtons(view), ...actionButtons(view, true)])
      if (b.choice) expect(b.action).toBeNull();
      else expect(isOffered(view, b.action as never)).toBe(true);
  });
});

describe('a tile of the drawn kind from the hand', () => {
  // 1m 2m ... and a second 9s drawn: the hand's 9s and the drawn 9s are the same kind.
  const [s9] = tiles('9s') as [never];
  const view = makeView({
    hand: { concealed: tiles('123m456m789m12p9s9s'), drawn: s9, waits: [], missedWin: false },
    legalActions: discards('123m456m789m12p9s'),
  });
  const hand = handOrder(view).tiles;
  const drawnAt = hand.length - 1;
  const inHand = hand.indexOf(s9);

  test('names the copy from the hand (fromHand); the drawn tile and other kinds name none', () => {
    expect(inHand).not.toBe(drawnAt);
    expect(tapHand(view, hand, inHand, inHand).send).toEqual({ type: 'discard', tile: s9, fromHand: true });
    expect(tapHand(view, hand, drawnAt, drawnAt).send).toEqual({ type: 'discard', tile: s9 });
    expect(keyHand(view, hand, inHand, 'Enter')?.send).toEqual({ type: 'discard', tile: s9, fromHand: true });
    const m1 = hand.indexOf(tiles('1m')[0] as never);
    expect(tapHand(view, hand, m1, m1).send).toEqual({ type: 'discard', tile: hand[m1] });
    expect(fromHandOf(view, inHand, s9)).toEqual({ fromHand: true });
  });

  test('in riichi the drawn tile goes, whichever of its kind is tapped', () => {
    const declared = makeView({
      ...view,
      seats: view.seats.map((x) =>
        x.seat === 0
          ? { ...x, riichi: { discard: 3, ippatsu: false, double: false, discardsBefore: [3, 3, 3, 3] } }
          : x,
      ) as unknown as TableView['seats'],
    });
    expect(fromHandOf(declared, inHand, s9)).toEqual({});
  });
});

describe('red fives: the copy a discard names', () => {
  const riichi = {
    doraIndicators: tiles('1z'),
    honba: 0,
    sticks: 0,
    length: 'east' as const,
    startPoints: 25000,
    redFives: 3 as const,
  };
  // 55m 5p 345s 678s 11z and a drawn 5p: the red 5m in the hand, the drawn 5p the red one.
  const concealed = tiles('55m5p345s678s11z5p');
  const [m5, p5, s5] = tiles('5m5p5s') as [never, never, never];
  const offers = discards('5m5p345s678s1z');
  const view = makeView({
    ruleset: 'riichi-modern',
    riichi,
    hand: { concealed, drawn: p5, red: [m5, p5], drawnRed: true, waits: [], missedWin: false },
    legalActions: [...offers, { type: 'riichi', tile: m5 }, { type: 'riichi', tile: p5 }],
  });
  const hand = handOrder(view).tiles;
  const drawnAt = hand.length - 1;
  const plainP5 = hand.indexOf(p5);
  const [redM5, plainM5] = [hand.indexOf(m5), hand.lastIndexOf(m5)];

  test('a five at a table with red fives: red true for the red copy, false for a plain one', () => {
    expect(redM5).not.toBe(plainM5);
    expect(tapHand(view, hand, redM5, redM5).send).toEqual({ type: 'discard', tile: m5, red: true });
    expect(tapHand(view, hand, plainM5, plainM5).send).toEqual({ type: 'discard', tile: m5, red: false });
    expect(tapHand(view, hand, drawnAt, drawnAt).send).toEqual({ type: 'discard', tile: p5, red: true });
    // A plain 5p of the hand, not the drawn (red) one: a copy from the hand.
    expect(tapHand(view, hand, plainP5, plainP5).send).toEqual({
      type: 'discard',
      tile: p5,
      red: false,
      fromHand: true,
    });
    // The 5s is plain (no red 5s held); other tiles name no copy.
    expect(tapHand(view, hand, hand.indexOf(s5), hand.indexOf(s5)).send).toEqual({
      type: 'discard',
      tile: s5,
      red: false,
    });
    const z1 = hand.indexOf(tiles('1z')[0] as never);
    expect(tapHand(view, hand, z1, z1).send).toEqual({ type: 'discard', tile: hand[z1] });
    // The keyboard the same.
    expect(keyHand(view, hand, redM5, 'Enter')?.send).toEqual({ type: 'discard', tile: m5, red: true });
    expect(keyHand(view, hand, plainM5, ' ')?.send).toEqual({ type: 'discard', tile: m5, red: false });
  });

  test('the riichi choice names the copy too', () => {
    expect(tapHand(view, hand, drawnAt, drawnAt, true).send).toEqual({ type: 'riichi', tile: p5, red: true });
    expect(tapHand(view, hand, plainP5, plainP5, true).send).toEqual({
      type: 'riichi',
      tile: p5,
      red: false,
      fromHand: true,
    });
    expect(keyHand(view, hand, plainM5, 'Enter', true)?.send).toEqual({ type: 'riichi', tile: m5, red: false });
    // Still only what the server offered: the kind is one of its actions, `red` the copy.
    expect(isOffered(view, { type: 'riichi', tile: m5, red: false })).toBe(true);
    expect(isOffered(view, { type: 'riichi', tile: s5, red: false })).toBe(false);
  });

  test('in riichi the drawn tile goes: any tile of its kind names the drawn copy', () => {
    const declare = (v: TableView): TableView => ({
      ...v,
      legalActions: discards('5p'),
      seats: v.seats.map((x) =>
        x.seat === 0
          ? { ...x, riichi: { discard: 3, ippatsu: false, double: false, discardsBefore: [3, 3, 3, 3] } }
          : x,
      ) as unknown as TableView['seats'],
    });
    const declared = declare(view);
    expect(copyOf(declared, plainP5, p5)).toEqual({ red: true });
    expect(tapHand(declared, hand, plainP5, plainP5).send).toEqual({ type: 'discard', tile: p5, red: true });
    const plainDrawn = declare({
      ...view,
      hand: { ...(view.hand as NonNullable<TableView['hand']>), red: [m5], drawnRed: false },
    });
    expect(copyOf(plainDrawn, drawnAt, p5)).toEqual({ red: false });
  });

  test('no red field at a table without red fives, nor at a Hong Kong table', () => {
    const none = makeView({ ...view, riichi: { ...riichi, redFives: 0 } });
    expect(tapHand(none, hand, redM5, redM5).send).toEqual({ type: 'discard', tile: m5 });
    const hk = makeView({
      legalActions: discards('55m'),
      hand: { concealed: tiles('55m'), drawn: null, waits: [], missedWin: false },
    });
    expect(tapHand(hk, tiles('55m'), 0, 0).send).toEqual({ type: 'discard', tile: m5 });
  });

  test('claim buttons draw the claimed discard red when it is the red five', () => {
    const [p4, p6] = tiles('4p6p') as [never, never];
    const claim = makeView({
      ruleset: 'riichi-modern',
      riichi,
      stage: 'claims',
      turn: 3,
      lastDiscard: { seat: 3, tile: p5, red: true },
      legalActions: [
        { type: 'win', faan: 2 },
        { type: 'pung' },
        { type: 'chow', tiles: [p4, p5, p6] },
        { type: 'pass' },
      ],
    });
    const b = actionButtons(claim);
    expect(b.map((x) => [x.id, x.red])).toEqual([
      ['win', 0],
      ['pung', 0],
      [`chow:${p4}-${p5}-${p6}`, 1],
      ['pass', undefined],
    ]);
    const plain = actionButtons(makeView({ ...claim, lastDiscard: { seat: 3, tile: p5 } }));
    expect(plain.every((x) => x.red === undefined)).toBe(true);
  });

  test('a call with a choice of copies: two buttons, the one with the red five drawn red, each sending its own', () => {
    const [p4, p6] = tiles('4p6p') as [never, never];
    const claim = makeView({
      ruleset: 'riichi-modern',
      riichi,
      stage: 'claims',
      turn: 0,
      lastDiscard: { seat: 0, tile: p6 },
      legalActions: [
        { type: 'chow', tiles: [p4, p5, p6], red: true },
        { type: 'chow', tiles: [p4, p5, p6], red: false },
        { type: 'pung', red: true },
        { type: 'pung', red: false },
        { type: 'pass' },
      ],
    });
    const b = actionButtons(claim);
    expect(b.map((x) => [x.id, x.red, x.key])).toEqual([
      ['pung:red', 1, 'p'],
      ['pung', undefined, 'o'],
      [`chow:${p4}-${p5}-${p6}:red`, 1, '1'],
      [`chow:${p4}-${p5}-${p6}`, undefined, '2'],
      ['pass', undefined, 'Escape'],
    ]);
    expect(b.map((x) => x.action)).toEqual([
      { type: 'pung', red: true },
      { type: 'pung', red: false },
      { type: 'chow', tiles: [p4, p5, p6], red: true },
      { type: 'chow', tiles: [p4, p5, p6], red: false },
      { type: 'pass' },
    ]);
  });

  test('a robbing window: the Ron button shows the tile being added (not the last discard), red when it is', () => {
    const rob = makeView({
      ruleset: 'riichi-modern',
      riichi,
      stage: 'robbing',
      turn: 2,
      lastDiscard: { seat: 1, tile: tiles('9s')[0] as never },
      robbing: { seat: 2, tile: p5, red: true },
      legalActions: [{ type: 'win', faan: 3 }, { type: 'pass' }],
    });
    expect(actionButtons(rob)[0]).toMatchObject({ id: 'win', label: 'Ron · 3 han', tiles: [p5], red: 0 });
  });

  test('a concealed kong of fives holds the red one when the hand has it', () => {
    const kong = makeView({
      ruleset: 'riichi-modern',
      riichi,
      hand: { concealed: tiles('5555m'), drawn: null, red: [m5], drawnRed: false, waits: [], missedWin: false },
      legalActions: [{ type: 'concealedKong', tile: m5 }],
    });
    expect(actionButtons(kong)[0]).toMatchObject({ id: `ckong:${m5}`, red: 0 });
  });
});
