import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_KINDS, SCORING_RULESET_IDS, scoreRequest, sortKinds, type TileKind, tile, tiles } from '@mahjong/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arrangedSets,
  CALC_TARGETS,
  type CalcState,
  canPick,
  commandArgs,
  commandLine,
  concealedNeeded,
  evaluate,
  fromRequest,
  incompleteMessage,
  initialState,
  loadQuick,
  patternRows,
  paymentRows,
  pickTile,
  removeConcealed,
  removeMeld,
  setOption,
  setRuleset,
  setSeatWind,
  toggleCondition,
  toRequest,
  totalLine,
  usedCounts,
  withRedFives,
} from './model.js';

interface Fixture {
  readonly name: string;
  readonly request: Record<string, unknown>;
}

const fixtureDir = join(import.meta.dirname, '../../../shared/src/scoring/fixtures');
const fixtures: Fixture[] = ['hk-new', 'hk-old', 'riichi', 'riichi-modern'].flatMap(
  (r) => JSON.parse(readFileSync(join(fixtureDir, `${r}.json`), 'utf8')) as Fixture[],
);

/** Clicks the given notation into the state one palette click per tile (or meld). */
function click(state: CalcState, text: string): CalcState {
  let s = state;
  for (const k of tiles(text)) {
    const r = pickTile(s, k);
    if (!r.ok) throw new Error(`${text}: ${r.error.message}`);
    s = r.value;
  }
  return s;
}

const withTarget = (s: CalcState, target: CalcState['target']): CalcState => ({ ...s, target });

/** The score of a result for comparing page and command: totals and pattern values. */
function summary(result: ReturnType<typeof scoreRequest>) {
  if (!result.valid) return { valid: false, code: result.code };
  return {
    valid: true,
    faan: result.faan,
    han: result.han,
    fu: result.fu,
    patterns: result.patterns,
    winner: result.points.winner,
    payments: result.points.payments,
  };
}

describe('picking tiles', () => {
  it('fills the hand, then takes the next tile as the winning tile, and scores it', () => {
    let s = click(initialState(), '123m456m789p23s55p');
    expect(s.concealed).toHaveLength(13);
    expect(s.win).toBeNull();
    expect(incompleteMessage(s)).toBe('Pick the winning tile.');
    s = click(s, '4s');
    expect(s.win).toBe(tile('4s'));
    expect(s.concealed).toHaveLength(13);
    const e = evaluate(s);
    expect(e.kind).toBe('scored');
    const direct = scoreRequest({ concealed: '123m456m789p23s55p', win: '4s' });
    if (e.kind !== 'scored' || !direct.valid) throw new Error('expected scores');
    expect(e.result.faan).toBe(direct.faan);
    expect(e.result.patterns).toEqual(direct.patterns);
  });

  it('keeps the hand sorted whatever the click order', () => {
    const s = click(initialState(), '9s1m5z3p1m');
    expect(s.concealed).toEqual(tiles('11m3p9s5z'));
  });

  it('refuses a fifth copy, counting melds and the winning tile', () => {
    let s = withTarget(initialState(), 'pung');
    s = click(s, '5p');
    s = withTarget(s, 'win');
    s = click(s, '5p');
    const r = canPick(withTarget(s, 'hand'), tile('5p'));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain('4 copies of 5 Dots');
    expect(canPick(withTarget(s, 'hand'), tile('6p')).ok).toBe(true);
  });

  it('replaces the winning tile, even with the last copy in play', () => {
    let s = click(initialState(), '1112345678999m');
    s = click(s, '9m');
    expect(s.win).toBe(tile('9m'));
    expect(canPick(s, tile('9m')).ok).toBe(false);
    s = withTarget(s, 'win');
    expect(canPick(s, tile('9m')).ok).toBe(true);
    s = click(s, '5m');
    expect(s.win).toBe(tile('5m'));
    expect(s.target).toBe('hand');
  });

  it('makes chows from their lowest tile and refuses honours and ranks 8-9', () => {
    const s = withTarget(initialState(), 'chow');
    expect(canPick(s, tile('1z')).ok).toBe(false);
    expect(canPick(s, tile('8m')).ok).toBe(false);
    const r = pickTile(s, tile('7s'));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.melds).toEqual([{ kind: 'chow', tiles: tiles('789s'), concealed: false }]);
    expect(concealedNeeded(r.value)).toBe(10);
  });

  it('declares kongs and concealed kongs, four at most, and only with room in the hand', () => {
    let s = withTarget(initialState(), 'concealedKong');
    s = click(s, '1z');
    expect(s.melds[0]).toEqual({ kind: 'kong', tiles: tiles('1111z'), concealed: true });
    s = withTarget(s, 'kong');
    s = click(s, '2z3z4z');
    expect(s.melds).toHaveLength(4);
    expect(concealedNeeded(s)).toBe(1);
    expect(canPick(s, tile('5z')).ok).toBe(false);
    // room: with 11 concealed tiles there is no room for a pung (10 needed after it)
    let t = click(initialState(), '123456789m12p');
    t = withTarget(t, 'pung');
    const full = canPick(t, tile('9s'));
    expect(full.ok).toBe(false);
    t = removeConcealed(t, 0);
    expect(canPick(t, tile('9s')).ok).toBe(true);
  });

  it('says how many tiles are missing or too many', () => {
    let s = click(initialState(), '123m');
    expect(incompleteMessage(s)).toBe('Pick 10 more tiles for the hand (3 of 13), then the winning tile.');
    s = click(s, '456m789m11p22p');
    s = withTarget(s, 'pung');
    // 13 concealed: no room for a pung; load a meld from outside to see the count message
    s = { ...s, melds: [{ kind: 'pung', tiles: tiles('555z'), concealed: false }] };
    expect(incompleteMessage(s)).toBe('Too many tiles: remove 3 from the hand (13; 10 are needed with 1 meld).');
    s = removeMeld(s, 0);
    expect(incompleteMessage(s)).toBe('Pick the winning tile.');
  });

  it('puts flowers with the bonus tiles, and none in riichi', () => {
    let s = click(initialState(), '1f5f');
    expect(s.bonus).toEqual(tiles('15f'));
    expect(s.concealed).toHaveLength(0);
    expect(canPick(s, tile('1f')).ok).toBe(false);
    s = setRuleset(s, 'riichi');
    expect(canPick(s, tile('2f')).ok).toBe(false);
    s = setOption(setRuleset(s, 'hk-new'), 'flowers', false);
    expect(canPick(s, tile('2f')).ok).toBe(false);
  });
});

describe('scoring through the page state', () => {
  it('shows the scorer reason for an incomplete reading', () => {
    const s = click(initialState(), '1357m2468p1357s9s9p');
    const e = evaluate(s);
    expect(e).toMatchObject({ kind: 'invalid', code: 'score/not_complete' });
  });

  it('shows refused options instead of scoring', () => {
    let s = click(initialState(), '123m456m789p23s55p4s');
    s = setOption(s, 'minFaan', 9);
    s = setOption(s, 'faanCap', 8);
    const e = evaluate(s);
    expect(e.kind).toBe('bad-options');
    if (e.kind === 'bad-options') expect(e.message).toContain('minFaan 9 is above faanCap 8');
    s = setOption(s, 'minFaan', undefined);
    expect(evaluate(s).kind).toBe('scored');
  });

  it('drops conditions the new ruleset does not play', () => {
    let s = toggleCondition(setRuleset(initialState(), 'riichi'), 'riichi', true);
    s = toggleCondition(s, 'lastTile', true);
    expect(setRuleset(s, 'hk-old').conditions).toEqual(['lastTile']);
  });

  it('never lets the discarder be the winner', () => {
    let s: CalcState = { ...initialState(), discarder: 2 };
    s = setSeatWind(s, 2);
    expect(s.discarder).toBeNull();
  });

  it('lays out the arrangement with declared melds first and labels', () => {
    let s = withTarget(initialState(), 'pung');
    s = click(s, '5z');
    s = withTarget(s, 'hand');
    s = click(s, '123s456s789m2s2s');
    const e = evaluate(s);
    if (e.kind !== 'scored') throw new Error(JSON.stringify(e));
    const sets = arrangedSets(e.result, s.melds.length);
    expect(sets[0]).toMatchObject({ notation: '555z', label: 'pung', declared: true });
    expect(sets.slice(1).every((x) => !x.declared)).toBe(true);
    expect(sets.map((x) => x.label).sort()).toEqual(['chow', 'chow', 'chow', 'pair', 'pung']);
    expect(sets.flatMap((x) => x.tiles)).toHaveLength(14);
    const rows = patternRows(e.result);
    expect(rows.reduce((n, r) => n + r.value, 0)).toBeGreaterThanOrEqual(e.result.faan ?? 0);
    expect(rows.find((r) => r.name === 'dragon-pung')).toMatchObject({
      label: 'Dragon pung',
      labelZh: '三元牌',
      unit: 'faan',
    });
    expect(totalLine(e.result)).toMatch(/^\d+ faan/);
    expect(paymentRows(e.result).reduce((n, p) => n + p.amount, 0)).toBe(e.result.points.winner);
  });

  it('writes red fives into the command notation', () => {
    expect(withRedFives('555m55p', 2)).toBe('005m55p');
    expect(withRedFives('123z5m', 1)).toBe('123z0m');
  });
});

describe('every scorer fixture through the page', () => {
  it.each(fixtures.map((f) => [f.name, f] as const))('%s', (_name, f) => {
    const loaded = fromRequest(initialState(), f.request);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const state = loaded.value;
    const expected = summary(scoreRequest(f.request));
    const e = evaluate(state);
    const got =
      e.kind === 'scored'
        ? summary(e.result)
        : e.kind === 'invalid'
          ? { valid: false, code: e.code }
          : { valid: false, code: e.kind };
    expect(got).toEqual(expected);
    // the page's request and its command line score the same
    expect(summary(scoreRequest(toRequest(state)))).toEqual(expected);
    const back = loadQuick(initialState(), commandLine(state));
    if (!back.ok) throw new Error(`${commandArgs(state).join(' ')}: ${back.error.message}`);
    expect(back.value.concealed).toEqual(state.concealed);
    expect(back.value.melds).toEqual(state.melds);
    const again = evaluate(back.value);
    expect(again.kind === 'scored' ? summary(again.result) : again.kind).toEqual(
      e.kind === 'scored' ? expected : e.kind,
    );
  });
});

describe('quick input', () => {
  it('takes the last tile as the winning tile, or the one given', () => {
    const a = loadQuick(initialState(), '123m 456m 789p 23s 55p 4s');
    if (!a.ok) throw new Error(a.error.message);
    expect(a.value.win).toBe(tile('4s'));
    expect(a.value.concealed).toHaveLength(13);
    const b = loadQuick(initialState(), '123m456m789p34s55p', '2s');
    if (!b.ok) throw new Error(b.error.message);
    expect(b.value.win).toBe(tile('2s'));
    expect(b.value.concealed).toEqual(sortKinds(tiles('123456m789p55p34s')));
  });

  it('reads the score command flags and keeps what they do not mention', () => {
    const start = { ...initialState(), roundWind: 3 as const };
    const r = loadQuick(start, '123s456s789m2s2s --pung 555z --self-drawn --seat S --last-tile');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.melds).toEqual([{ kind: 'pung', tiles: tiles('555z'), concealed: false }]);
    expect(r.value.selfDrawn).toBe(true);
    expect(r.value.seatWind).toBe(2);
    expect(r.value.roundWind).toBe(3);
    expect(r.value.conditions).toEqual(['lastTile']);
  });

  it("shows the notation parser's error", () => {
    const r = loadQuick(initialState(), '123m45x');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain('unexpected character "x"');
    const q = loadQuick(initialState(), '123m4x6p');
    expect(q.ok).toBe(false);
    if (!q.ok) expect(q.error.message).toContain('unexpected character');
    const e = loadQuick(initialState(), '   ');
    expect(e.ok).toBe(false);
  });

  it('scores riichi-modern with its options, red fives and renhou, and says so in the command', () => {
    let s = loadQuick(setRuleset(initialState(), 'riichi-modern'), '234m406p789s24s88m3s --seat S --renhou');
    if (!s.ok) throw new Error(s.error.message);
    let state = s.value;
    expect(state.ruleset).toBe('riichi-modern');
    expect(state.conditions).toEqual(['renhou']);
    // renhou off by default: the red five is the only han, and no yaku
    let e = evaluate(state);
    if (e.kind !== 'scored') throw new Error(JSON.stringify(e));
    expect(e.result.belowMinimum).toBe(true);
    expect(patternRows(e.result).map((r) => [r.name, r.label, r.labelZh])).toContainEqual([
      'red-five',
      'Aka dora (red five)',
      '赤寶牌',
    ]);
    state = setOption(state, 'renhou', 'mangan');
    e = evaluate(state);
    if (e.kind !== 'scored') throw new Error(JSON.stringify(e));
    expect(e.result.points.winner).toBe(8000);
    expect(totalLine(e.result)).toBe('5 han, mangan');
    expect(patternRows(e.result)[0]).toMatchObject({ name: 'first-turn-discard', labelZh: '人和' });
    expect(commandArgs(state)).toEqual(expect.arrayContaining(['--ruleset', 'riichi-modern', '--renhou']));
    expect(commandLine(state)).toContain('406p');
    expect(commandLine(state)).toContain('--option renhou=mangan');
    // without red fives at the table the five is written plain and counts nothing
    state = setOption(state, 'redFives', 0);
    expect(toRequest(state).concealed).toBe('23488m456p24789s');
    s = loadQuick(state, commandLine(state));
    expect(s.ok).toBe(true);
  });

  it('reads red fives in riichi', () => {
    const r = loadQuick(setRuleset(initialState(), 'riichi'), '234m067p345s678s2z 2z');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.redFives).toBe(1);
    expect(r.value.concealed.filter((k: TileKind) => k === tile('5p'))).toHaveLength(1);
  });
});

describe('any click sequence', () => {
  const step = fc.record({
    target: fc.constantFrom(...CALC_TARGETS),
    kind: fc.integer({ min: 0, max: ALL_KINDS - 1 }),
    remove: fc.nat(20),
  });

  it('keeps the tile set, meld count and hand size possible, and scores as the score request does', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SCORING_RULESET_IDS), fc.array(step, { maxLength: 40 }), (ruleset, steps) => {
        let s = initialState(ruleset);
        for (const st of steps) {
          s = { ...s, target: st.target };
          if (st.remove === 0 && s.concealed.length > 0) s = removeConcealed(s, st.kind % s.concealed.length);
          else if (st.remove === 1 && s.melds.length > 0) s = removeMeld(s, st.kind % s.melds.length);
          else {
            const r = pickTile(s, st.kind as TileKind);
            expect(r.ok).toBe(canPick(s, st.kind as TileKind).ok);
            if (r.ok) s = r.value;
          }
          const used = usedCounts(s);
          for (let k = 0; k < ALL_KINDS; k++) expect(used[k]).toBeLessThanOrEqual(k >= 34 ? 1 : 4);
          expect(s.melds.length).toBeLessThanOrEqual(4);
          expect(s.concealed.length).toBeLessThanOrEqual(concealedNeeded(s));
        }
        const e = evaluate(s);
        if (e.kind === 'incomplete') {
          expect(incompleteMessage(s)).not.toBeNull();
          return;
        }
        const direct = scoreRequest(toRequest(s));
        if (e.kind === 'scored') expect(summary(direct)).toEqual(summary(e.result));
        else expect(direct).toMatchObject({ valid: false, code: e.kind === 'invalid' ? e.code : 'score/bad_options' });
      }),
      { numRuns: 300, seed: 20261122 },
    );
  });

  const set = fc.record({
    chow: fc.boolean(),
    kind: fc.integer({ min: 0, max: 33 }),
    declared: fc.constantFrom('no', 'no', 'open', 'concealedKong'),
  });

  it('clicks a random complete hand together and scores it as the scorer does', () => {
    let scored = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...SCORING_RULESET_IDS),
        fc.array(set, { minLength: 4, maxLength: 4 }),
        fc.integer({ min: 0, max: 33 }),
        fc.boolean(),
        fc.constantFrom(1, 2, 3, 4),
        (ruleset, sets, pair, selfDrawn, seat) => {
          let s: CalcState = { ...initialState(ruleset), selfDrawn, seatWind: seat as 1 | 2 | 3 | 4 };
          const hand: TileKind[] = [pair as TileKind, pair as TileKind];
          for (const x of sets) {
            const chow = x.chow && x.kind < 27 && x.kind % 9 <= 6;
            const tilesOf = chow ? [x.kind, x.kind + 1, x.kind + 2] : [x.kind, x.kind, x.kind];
            if (x.declared === 'no') hand.push(...(tilesOf as TileKind[]));
            else {
              const target = x.declared === 'concealedKong' && !chow ? 'concealedKong' : chow ? 'chow' : 'pung';
              const r = pickTile({ ...s, target }, x.kind as TileKind);
              fc.pre(r.ok);
              if (r.ok) s = { ...r.value, target: 'hand' };
            }
          }
          for (const k of hand) {
            const r = pickTile(s, k);
            fc.pre(r.ok);
            if (r.ok) s = r.value;
          }
          expect(incompleteMessage(s)).toBeNull();
          const e = evaluate(s);
          expect(e.kind === 'scored' || e.kind === 'invalid').toBe(true);
          if (e.kind === 'scored') scored++;
          const direct = scoreRequest(toRequest(s));
          expect(e.kind === 'scored' ? summary(e.result) : e).toEqual(
            e.kind === 'scored'
              ? summary(direct)
              : {
                  kind: 'invalid',
                  code: (direct as { code: string }).code,
                  reason: (direct as { reason: string }).reason,
                },
          );
          // and the page's command line loads back to the same score
          const back = loadQuick(initialState(ruleset), commandLine(s));
          if (!back.ok) throw new Error(back.error.message);
          const again = evaluate(back.value);
          expect(again.kind === 'scored' ? summary(again.result) : again.kind).toEqual(
            e.kind === 'scored' ? summary(e.result) : e.kind,
          );
        },
      ),
      { numRuns: 200, seed: 611 },
    );
    expect(scored).toBeGreaterThan(50);
  });
});

describe('three-player riichi', () => {
  const sanma = () => setRuleset(initialState(), 'riichi-sanma');
  /** 234p 567p 345s 678s and 9p, won on 9p (riichi, no simples, a pair wait). */
  const hand = (north: number, selfDrawn: boolean, seatWind: 1 | 2 = 2) => {
    const loaded = loadQuick(sanma(), '2345679p345678s9p --riichi');
    if (!loaded.ok) throw new Error(loaded.error.message);
    return setSeatWind({ ...loaded.value, north, selfDrawn }, seatWind);
  };

  it('picks no 2m-8m and no chow; seats and rounds East, South and West', () => {
    const s = sanma();
    for (const k of tiles('2345678m')) expect(canPick(s, k).ok).toBe(false);
    expect(canPick(s, tile('1m')).ok).toBe(true);
    expect(canPick(s, tile('9m')).ok).toBe(true);
    expect(canPick({ ...s, target: 'chow' }, tile('1p')).ok).toBe(false);
    const north = setRuleset({ ...setSeatWind(initialState('riichi-modern'), 4), roundWind: 4 }, 'riichi-sanma');
    expect([north.seatWind, north.roundWind]).toEqual([1, 1]);
  });

  it('counts the Norths set aside and pays three seats: tsumo loss, north bisection', () => {
    // riichi + two Norths: 3 han; 40 fu on a discard (20 + 10 concealed ron + 2 pair wait):
    // 1,280 basic, 4 x 1,280 -> 5,200 (docs/rules/riichi-sanma.md: a discard is paid as among four)
    const ron = evaluate(hand(2, false));
    expect(ron.kind === 'scored' && ron.result.points).toEqual({
      winner: 5200,
      payments: [{ from: 'discarder', amount: 5200 }],
    });
    // riichi + self-draw + three Norths: mangan; South wins: East 4,000, West 2,000
    const tsumo = evaluate(hand(3, true));
    if (tsumo.kind !== 'scored') throw new Error(tsumo.kind);
    expect(paymentRows(tsumo.result).map((p) => [p.who, p.amount])).toEqual([
      ['East pays', 4000],
      ['West pays', 2000],
    ]);
    // north bisection: 5,000 + 3,000
    const bisected = evaluate(setOption(hand(3, true), 'tsumoPayment', 'north-bisection'));
    expect(bisected.kind === 'scored' && bisected.result.points.winner).toBe(8000);
    // the same win as a score request and a command line, read back alike
    const state = hand(3, true);
    expect(toRequest(state)).toMatchObject({ ruleset: 'riichi-sanma', north: 3 });
    expect(commandArgs(state)).toEqual(expect.arrayContaining(['--ruleset', 'riichi-sanma', '--north', '3']));
    const scored = scoreRequest(toRequest(state));
    expect(scored.valid && scored.points.winner).toBe(6000);
    const back = fromRequest(initialState(), toRequest(state));
    expect(back.ok && [back.value.ruleset, back.value.north]).toEqual(['riichi-sanma', 3]);
  });

  it('counts the Norths set aside as copies of North', () => {
    const s = { ...sanma(), north: 3, concealed: [tile('4z')] };
    expect(usedCounts(s)[tile('4z')]).toBe(4);
    expect(canPick(s, tile('4z')).ok).toBe(false);
  });
});
