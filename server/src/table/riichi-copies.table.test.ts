/**
 * Which copy a call takes at a riichi table with red fives: a chow or pung names the hand's red
 * five (`red: true`) or only plain copies (`red: false`), each choice offered apart; without
 * `red` the old rule (stored logs replay the same). Kongs take every copy. Scripted walls
 * (`0p` is the red five of dots), the engine played move by move.
 */
import { type LegalAction, type PlayerAction, type Seat, tile, tiles } from '@mahjong/shared';
import { describe, expect, it } from 'vitest';
import { chooseBotAction } from './bot.js';
import type { TableEngineImpl } from './engine.js';
import { stateInvariants, viewInvariants } from './invariants.js';
import { fire, must, scriptedEngine, type WallScript } from './testing.js';

const table = (wall: WallScript, redFives: 0 | 3 = 3) =>
  scriptedEngine([{ bonus: false, ...wall }], { ruleset: 'riichi-modern', options: { redFives } });
/** Closes an open window at its deadline (passes for whoever did not answer). */
const settle = (e: TableEngineImpl) => {
  if (e.state.phase === 'playing' && e.state.hand.window !== null) fire(e);
};
const play = (e: TableEngineImpl, seat: Seat, t: string, red?: boolean) => {
  must(e, seat, red === undefined ? { type: 'discard', tile: tile(t) } : { type: 'discard', tile: tile(t), red });
  settle(e);
};
const refused = (e: TableEngineImpl, seat: Seat, action: PlayerAction, code: string) => {
  const before = [0, 1, 2, 3, 'spectator'].map((v) => JSON.stringify(e.viewFor(v as Seat)));
  expect(e.act(seat, action, e.state.at)).toMatchObject({ ok: false, error: { code } });
  expect([0, 1, 2, 3, 'spectator'].map((v) => JSON.stringify(e.viewFor(v as Seat)))).toEqual(before);
};
const calls = (e: TableEngineImpl, seat: Seat): LegalAction[] =>
  e.viewFor(seat).legalActions.filter((a) => a.type === 'chow' || a.type === 'pung' || a.type === 'kong');
const checkAll = (e: TableEngineImpl) => {
  const bad = stateInvariants(e.state);
  for (const v of [0, 1, 2, 3, 'spectator'] as const) bad.push(...viewInvariants(e.state, e.viewFor(v), v));
  expect(bad).toEqual([]);
};
/** What every other viewer sees of `seat`'s melds. */
const meldsSeenBy = (e: TableEngineImpl, seat: Seat) =>
  ([0, 1, 2, 3, 'spectator'] as const).filter((v) => v !== seat).map((v) => e.viewFor(v).seats[seat].melds);

const RUN = tiles('456p') as unknown as [number, number, number];
const CHOW = (red?: boolean): PlayerAction =>
  red === undefined ? { type: 'chow', tiles: RUN as never } : { type: 'chow', tiles: RUN as never, red };

describe('a chow names its copy (the issue\u2019s reproduction)', () => {
  // The dealer discards 6p; seat 1 holds 4p 5p 0p (dealt in that order) and may chow 4-5-6p.
  // With `fives` '55' the red 5p is seat 3's (a `5` written where no `0` of its suit is may be it).
  const wall = (fives: string): WallScript => ({
    hands: [
      '6p19m19s19p1234567z',
      `4${fives}p123m789m22s33s`,
      '234m567m23p78s556z',
      `345m678m78p11s12z${fives === '55' ? '0p' : '3z'}`,
    ],
  });

  it('offers both copies; naming the red five puts it in the meld, and a plain 5p is then discarded', () => {
    const f = table(wall('50'));
    must(f, 0, { type: 'discard', tile: tile('6p') });
    expect(calls(f, 1)).toEqual([
      { type: 'chow', tiles: tiles('456p'), red: true },
      { type: 'chow', tiles: tiles('456p'), red: false },
    ]);
    // Nobody else's view says what seat 1 may choose (only its own legal actions do).
    expect(calls(f, 2)).toEqual([]);
    must(f, 1, CHOW(true));
    settle(f);
    for (const melds of meldsSeenBy(f, 1)) {
      expect(melds).toEqual([
        { kind: 'chow', tiles: tiles('456p'), concealed: false, from: 0, claimed: tile('6p'), red: true },
      ]);
    }
    expect(f.viewFor(1).hand?.red).toEqual([]);
    must(f, 1, { type: 'discard', tile: tile('5p'), red: false });
    expect(f.viewFor(2).lastDiscard).toEqual({ seat: 1, tile: tile('5p') });
    checkAll(f);
  });

  it('naming a plain copy keeps the red five in the hand', () => {
    const e = table(wall('50'));
    must(e, 0, { type: 'discard', tile: tile('6p') });
    must(e, 1, CHOW(false));
    settle(e);
    expect(e.viewFor(2).seats[1].melds[0]).not.toHaveProperty('red');
    expect(e.viewFor(1).hand?.red).toEqual([tile('5p')]);
    refused(e, 1, { type: 'discard', tile: tile('5p'), red: false }, 'action/no_such_tile');
    must(e, 1, { type: 'discard', tile: tile('5p'), red: true });
    expect(e.viewFor(3).lastDiscard).toEqual({ seat: 1, tile: tile('5p'), red: true });
  });

  it('without a copy named, the old rule: the first five dealt into the hand (here the plain one)', () => {
    const e = table(wall('50'));
    must(e, 0, { type: 'discard', tile: tile('6p') });
    must(e, 1, CHOW());
    settle(e);
    expect(e.viewFor(0).seats[1].melds[0]).not.toHaveProperty('red');
    expect(e.viewFor(1).hand?.red).toEqual([tile('5p')]);
    // Dealt the other way round, the same action takes the red one.
    const g = table(wall('05'));
    must(g, 0, { type: 'discard', tile: tile('6p') });
    must(g, 1, CHOW());
    settle(g);
    expect(g.viewFor(0).seats[1].melds[0]).toMatchObject({ red: true });
  });

  it('a copy the hand does not hold is refused, changing nothing; one offer when there is no choice', () => {
    const plain = table(wall('55'));
    must(plain, 0, { type: 'discard', tile: tile('6p') });
    expect(calls(plain, 1)).toEqual([{ type: 'chow', tiles: tiles('456p'), red: false }]);
    refused(plain, 1, CHOW(true), 'action/no_such_tile');
    must(plain, 1, CHOW(false));
    // Without red fives no offer names a copy; naming the red one is refused, a plain one taken.
    const none = table(wall('50'), 0);
    must(none, 0, { type: 'discard', tile: tile('6p') });
    expect(calls(none, 1)).toEqual([{ type: 'chow', tiles: tiles('456p') }]);
    refused(none, 1, CHOW(true), 'action/no_such_tile');
    must(none, 1, CHOW(false));
    // Not a boolean: malformed.
    const bad = table(wall('50'));
    must(bad, 0, { type: 'discard', tile: tile('6p') });
    refused(bad, 1, { type: 'chow', tiles: RUN, red: 'yes' } as never, 'action/malformed');
    refused(bad, 1, { type: 'pung', red: 1 } as never, 'action/malformed');
  });

  it('a chow whose fives all come from the discard names nothing', () => {
    // Seat 1 holds 3p 4p and chows the dealer's red 5p: the red five is the discard's own.
    const e = table({
      hands: ['0p19m19s19p1234567z', '34p123m789m22s33s1s', '234m567m23p78s556z', '345m678m78p11s123z'],
    });
    must(e, 0, { type: 'discard', tile: tile('5p'), red: true });
    expect(calls(e, 1)).toEqual([{ type: 'chow', tiles: tiles('345p') }]);
    must(e, 1, { type: 'chow', tiles: tiles('345p') as never });
    settle(e);
    expect(e.viewFor(2).seats[1].melds[0]).toMatchObject({ claimed: tile('5p'), red: true });
  });
});

describe('a pung names its copy; kongs take them all', () => {
  // The dealer discards a plain 5p; seat 1 holds 5p 5p 0p (three of the kind: pung or kong).
  const WALL: WallScript = {
    hands: ['7m145p258s1234567z', '550p234s567s123m1z', '8m269p369s123457z', '9m36p147s1234567z'],
    draws: '6m7m8p9s',
  };

  it('offers the kong and a pung with each copy; the red five goes where it is named', () => {
    const red = table(WALL);
    must(red, 0, { type: 'discard', tile: tile('5p') });
    expect(calls(red, 1)).toEqual([{ type: 'kong' }, { type: 'pung', red: true }, { type: 'pung', red: false }]);
    must(red, 1, { type: 'pung', red: true });
    settle(red);
    expect(red.viewFor(3).seats[1].melds[0]).toMatchObject({ kind: 'pung', red: true });
    expect(red.viewFor(1).hand?.red).toEqual([]);
    const plain = table(WALL);
    must(plain, 0, { type: 'discard', tile: tile('5p') });
    must(plain, 1, { type: 'pung', red: false });
    settle(plain);
    expect(plain.viewFor(3).seats[1].melds[0]).not.toHaveProperty('red');
    expect(plain.viewFor(1).hand?.red).toEqual([tile('5p')]);
    checkAll(plain);
  });

  it('an open kong takes the red five', () => {
    const e = table(WALL);
    must(e, 0, { type: 'discard', tile: tile('5p') });
    must(e, 1, { type: 'kong' });
    settle(e);
    for (const melds of meldsSeenBy(e, 1)) expect(melds[0]).toMatchObject({ kind: 'kong', red: true });
    expect(e.viewFor(1).hand?.red).toEqual([]);
  });

  it('the red five kept out of a pung goes into its added kong', () => {
    const e = table(WALL);
    must(e, 0, { type: 'discard', tile: tile('5p') });
    must(e, 1, { type: 'pung', red: false });
    settle(e);
    play(e, 1, '1z');
    play(e, 2, '6m');
    play(e, 3, '7m');
    play(e, 0, '8p');
    expect(e.viewFor(1).legalActions).toContainEqual({ type: 'addedKong', tile: tile('5p') });
    must(e, 1, { type: 'addedKong', tile: tile('5p') });
    expect(e.viewFor(2).robbing).toEqual({ seat: 1, tile: tile('5p'), red: true });
    settle(e);
    for (const melds of meldsSeenBy(e, 1)) {
      expect(melds[0]).toMatchObject({ kind: 'kong', added: true, tiles: tiles('5555p'), red: true });
    }
    checkAll(e);
  });

  it('a concealed kong shows its red five', () => {
    const e = table({
      hands: ['0555p258s1234567z', '123m789m22s33s1s4s9s', '234m567m23p78s556z', '345m678m78p11s123z'],
    });
    must(e, 0, { type: 'concealedKong', tile: tile('5p') });
    for (const melds of meldsSeenBy(e, 0)) {
      expect(melds[0]).toMatchObject({ kind: 'kong', concealed: true, tiles: tiles('5555p'), red: true });
    }
  });

  it('bots put the red five in the meld when they may choose', () => {
    // Seat 1 builds dots and may chow 4-5-6p with either five: it names the red one.
    const c = table({
      hands: ['6p19m19s19p1234567z', '450p123p789p11z9s9m', '234m567m23p78s556z', '345m678m78p11s123z'],
    });
    must(c, 0, { type: 'discard', tile: tile('6p') });
    expect(calls(c, 1)).toContainEqual({ type: 'chow', tiles: tiles('456p'), red: true });
    expect(calls(c, 1)).toContainEqual({ type: 'chow', tiles: tiles('456p'), red: false });
    expect(chooseBotAction(c.viewFor(1), 'normal')).toEqual({ type: 'chow', tiles: tiles('456p'), red: true });
  });
});

describe('riichi with a red five in the hand', () => {
  // The dealer holds 5p 5p 0p beside 23p: riichi with one of the fives leaves 23p + a pair of fives.
  // (No other five in its hand: a `5` written where no `0` of its suit is may be the red one.)
  const WALL: WallScript = {
    hands: ['123m789m123s2355p0p', '7m147p258s123456z', '8m269p369s123457z', '9m36p147s1234567z'],
    draws: '1z2z3z4p',
  };
  const declare = (red: boolean) => {
    const e = table(WALL);
    expect(e.viewFor(0).legalActions).toContainEqual({ type: 'riichi', tile: tile('5p') });
    must(e, 0, { type: 'riichi', tile: tile('5p'), red });
    settle(e);
    play(e, 1, '1z');
    play(e, 2, '2z');
    play(e, 3, '3z');
    must(e, 0, { type: 'win' });
    return e;
  };

  it('in riichi the drawn tile goes: a copy of its kind from the hand (fromHand) is refused', () => {
    const e = table({ ...WALL, draws: '1z2z3z1m' });
    must(e, 0, { type: 'riichi', tile: tile('5p'), red: false });
    settle(e);
    play(e, 1, '1z');
    play(e, 2, '2z');
    play(e, 3, '3z');
    expect(e.viewFor(0).hand?.drawn).toBe(tile('1m'));
    refused(e, 0, { type: 'discard', tile: tile('1m'), fromHand: true }, 'action/illegal');
    must(e, 0, { type: 'discard', tile: tile('1m') });
    expect(e.viewFor(1).seats[0].discards.at(-1)).toEqual({ tile: tile('1m'), claimed: false, tsumogiri: true });
  });

  it('declared with a plain five, the red one stays and counts in the win', () => {
    const e = declare(false);
    expect(e.viewFor(1).seats[0].discards[0]).toEqual({ tile: tile('5p'), claimed: false });
    const r = e.results().at(-1);
    expect(r?.patterns).toContainEqual(expect.objectContaining({ name: 'red-five', value: 1 }));
    expect(r?.redFives?.[0]).toEqual([tile('5p')]);
  });

  it('declared with the red five, it lies in the pond and the win counts none', () => {
    const e = declare(true);
    expect(e.viewFor(1).seats[0].discards[0]).toMatchObject({ tile: tile('5p'), claimed: false, red: true });
    const r = e.results().at(-1);
    expect(r?.patterns?.map((p) => p.name)).not.toContain('red-five');
    expect(r?.redFives?.[0]).toEqual([]);
  });
});
