import { describe, expect, it } from 'vitest';
import { tile, tiles } from '../notation.js';
import { MAX_DIVISOR, MAX_TABLE_POINTS } from '../rulesets/hk-options.js';
import hkNewRows from './fixtures/hk-new.json' with { type: 'json' };
import hkOldRows from './fixtures/hk-old.json' with { type: 'json' };
import riichiRows from './fixtures/riichi.json' with { type: 'json' };
import riichiModernRows from './fixtures/riichi-modern.json' with { type: 'json' };
import {
  basicPoints,
  defaultOptions,
  HK_NEW,
  HK_OLD,
  HK_PATTERNS,
  type HkRuleset,
  RIICHI,
  RIICHI_MODERN,
  RIICHI_YAKU,
  type RiichiRuleset,
  type RiichiYaku,
  type RiichiYakuman,
  RIICHI_YAKUMAN,
  resolveOptions,
  resultToJson,
  type ScoreResult,
  scoreRequest,
  scoreWin,
  tablePoints,
  type ValidScore,
  type WinInput,
} from './index.js';

/** Sums pattern values by name (fu items apart), so rows can state `{ 'dragon-pung': 2 }`. */
function byName(result: ValidScore, unit: 'fu' | 'other'): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of result.patterns) {
    if ((p.unit === 'fu') !== (unit === 'fu')) continue;
    out[p.name] = (out[p.name] ?? 0) + p.value;
  }
  return out;
}

function valid(r: ScoreResult): ValidScore {
  if (!r.valid) throw new Error(`expected a valid result, got ${r.code}: ${r.reason}`);
  return r;
}

interface HkRow {
  name: string;
  source: string;
  request: Record<string, unknown>;
  faan: number | null;
  patterns?: Record<string, number>;
}

describe.each([
  ['hk-new', hkNewRows as unknown as HkRow[]],
  ['hk-old', hkOldRows as unknown as HkRow[]],
])('%s fixture table', (_ruleset, rows) => {
  it.each(rows.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    const result = scoreRequest(row.request);
    if (row.faan === null) {
      expect(result.valid, row.source).toBe(false);
      return;
    }
    const v = valid(result);
    expect(v.faan, row.source).toBe(row.faan);
    if (row.patterns) expect(byName(v, 'other'), row.source).toEqual(row.patterns);
    // the payments always add up to what the winner receives
    expect(v.points.payments.reduce((s, p) => s + p.amount, 0)).toBeCloseTo(v.points.winner, 9);
  });
});

interface RiichiRow {
  name: string;
  source: string;
  request: Record<string, unknown>;
  han: number;
  fu: number | null;
  basicPoints: number;
  winner: number;
  patterns?: Record<string, number>;
  rawFu?: number;
  fuItems?: Record<string, number>;
  belowMinimum?: boolean;
  wait?: string;
  payments?: [number, number][];
}

describe.each([
  ['riichi', riichiRows as unknown as RiichiRow[]],
  ['riichi-modern', riichiModernRows as unknown as RiichiRow[]],
])('%s fixture table', (_ruleset, rows) => {
  it.each(rows.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    const v = valid(scoreRequest(row.request));
    expect(v.han, row.source).toBe(row.han);
    expect(v.fu, row.source).toBe(row.fu);
    expect(v.basicPoints, row.source).toBe(row.basicPoints);
    expect(v.points.winner, row.source).toBe(row.winner);
    if (row.patterns) expect(byName(v, 'other'), row.source).toEqual(row.patterns);
    if (row.fuItems) expect(byName(v, 'fu')).toEqual(row.fuItems);
    if (row.rawFu !== undefined) expect(v.rawFu).toBe(row.rawFu);
    if (row.wait) expect(v.wait).toBe(row.wait);
    expect(v.belowMinimum).toBe(row.belowMinimum ?? false);
    if (row.payments) expect(v.points.payments.map((p) => [p.from, p.amount])).toEqual(row.payments);
  });
});

describe('worked examples of the seeds', () => {
  it('hk-old example 1: 5 fan, the discarder pays 32 and the others 16 each (64)', () => {
    const v = valid(
      scoreRequest({
        ruleset: 'hk-old',
        concealed: '2223s',
        melds: [
          { kind: 'pung', tiles: '555z' },
          { kind: 'chow', tiles: '567s' },
          { kind: 'pung', tiles: '777s' },
        ],
        win: '1s',
        seatWind: 2,
        roundWind: 1,
      }),
    );
    expect(v.faan).toBe(5);
    expect(v.points.winner).toBe(64);
    expect(v.points.payments.map((p) => p.amount).sort((a, b) => b - a)).toEqual([32, 16, 16]);
    expect(v.points.payments[0]).toEqual({ from: 'discarder', amount: 32 });
    expect(v.arrangement).toEqual(['555z', '567s', '777s', '123s', '22s']);
  });

  it('hk-old example 2: 4 fan self-drawn, each opponent pays 32 (96)', () => {
    const v = valid(
      scoreRequest({
        ruleset: 'hk-old',
        concealed: '46s22s',
        melds: [
          { kind: 'pung', tiles: '111z' },
          { kind: 'chow', tiles: '456m' },
          { kind: 'pung', tiles: '777p' },
        ],
        win: '5s',
        selfDrawn: true,
        seatWind: 1,
        roundWind: 1,
      }),
    );
    expect(v.faan).toBe(4);
    expect(v.points).toEqual({
      winner: 96,
      payments: [
        { from: 2, amount: 32 },
        { from: 3, amount: 32 },
        { from: 4, amount: 32 },
      ],
    });
  });

  // A 3-faan hand: all in triplets, South seat in the West round, a bonus tile of another seat.
  const threeFaan = {
    concealed: '333p444s777m9p',
    melds: [{ kind: 'pung', tiles: '222m' }],
    win: '9p',
    flowers: '3f',
    seatWind: 2,
    roundWind: 3,
  };

  it.each(['half-spicy', 'full-spicy'])('hk-new: 3 faan is 8 points, all paid by the discarder (%s)', (table) => {
    const v = valid(scoreRequest({ ...threeFaan, options: { table } }));
    expect(v.faan).toBe(3);
    expect(v.points).toEqual({ winner: 8, payments: [{ from: 'discarder', amount: 8 }] });
  });

  it('hk-new: a 3-faan self-pick is 12 points, 4 from each other seat', () => {
    // common hand 1 + self-pick 1 + fully concealed 1, with a bonus tile of another seat
    const v = valid(
      scoreRequest({ concealed: '123m456m789p23s55p', win: '4s', selfDrawn: true, flowers: '4f', seatWind: 3 }),
    );
    expect(v.faan).toBe(3);
    expect(v.points).toEqual({
      winner: 12,
      payments: [
        { from: 1, amount: 4 },
        { from: 2, amount: 4 },
        { from: 4, amount: 4 },
      ],
    });
  });

  it('hk-new half spicy: 5 faan = 24 and 13 faan = 384; the tables as printed', () => {
    expect(tablePoints('half-spicy', 5)).toBe(24);
    expect(tablePoints('half-spicy', 13)).toBe(384);
    const half = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384];
    const full = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192];
    const laak = [1, 2, 4, 8, 16, 16, 16, 32, 32, 32, 64, 64, 64, 64];
    expect(half.map((_, f) => tablePoints('half-spicy', f))).toEqual(half);
    expect(full.map((_, f) => tablePoints('full-spicy', f))).toEqual(full);
    expect(laak.map((_, f) => tablePoints('fan-laak', f))).toEqual(laak);
    // old-style example 1's hand under hk-new: mixed one suit 3, dragon pung 1, no flowers 1
    const five = valid(
      scoreRequest({
        concealed: '2223s',
        melds: [
          { kind: 'pung', tiles: '555z' },
          { kind: 'chow', tiles: '567s' },
          { kind: 'pung', tiles: '777s' },
        ],
        win: '1s',
        seatWind: 2,
      }),
    );
    expect(five.faan).toBe(5);
    expect(five.points).toEqual({ winner: 24, payments: [{ from: 'discarder', amount: 24 }] });
    const thirteen = valid(scoreRequest({ concealed: '19m19p19s1234567z', win: '1m' }));
    expect(thirteen.points.winner).toBe(384);
  });

  it('japanese: 52 fu rounded to 60; 60 fu 2 han settles at 960; the example hand is 3 han', () => {
    expect(basicPoints(60, 2)).toBe(960);
    const v = valid(
      scoreRequest({
        ruleset: 'riichi',
        concealed: '222s111p1z',
        melds: [
          { kind: 'pung', tiles: '555m' },
          { kind: 'kong', tiles: '7777z' },
        ],
        win: '1z',
        seatWind: 4,
        roundWind: 2,
      }),
    );
    expect(v.rawFu).toBe(52);
    expect(v.fu).toBe(60);
    expect(v.han).toBe(3);
    expect(v.basicPoints).toBe(basicPoints(60, 3));
  });

  it('japanese settling table: the printed cells', () => {
    const rows: [number, number[]][] = [
      [20, [160, 320, 640, 1280]],
      [25, [200, 400, 800, 1600]],
      [30, [240, 480, 960, 1920]],
      [40, [320, 640, 1280, 2000]],
      [70, [560, 1120, 2000, 2000]],
      [90, [720, 1440, 2000, 2000]],
    ];
    for (const [fu, cells] of rows) expect(cells.map((_, i) => basicPoints(fu, i + 1))).toEqual(cells);
    const pct = [100, 150, 150, 200, 200, 200, 300, 300, 400, 400];
    expect(pct.map((_, i) => basicPoints(30, i + 5))).toEqual(pct.map((p) => 20 * p));
    // the one cell printed apart from its column: 25 fu, 6 han at 100%
    expect(basicPoints(25, 6)).toBe(2000);
    expect(basicPoints(20, 6)).toBe(3000);
    expect(basicPoints(25, 7)).toBe(3000);
  });
});

describe('bad requests: valid false with a reason, library and request alike', () => {
  const base = { concealed: '123m456p789s1z', melds: [{ kind: 'pung', tiles: '555z' }], win: '1z' };
  const cases: [string, Record<string, unknown>, string][] = [
    ['13 tiles', { ...base, concealed: '123m456p789s' }, 'score/tile_count'],
    ['15 tiles', { ...base, concealed: '123m456p789s1z9s' }, 'score/tile_count'],
    ['six copies of a tile', { concealed: '111m111m222m333m4m', win: '4m', melds: [] }, 'score/too_many_copies'],
    ['a chow of honours', { ...base, melds: [{ kind: 'chow', tiles: '123z' }] }, 'score/bad_meld'],
    ['a kong of three tiles', { ...base, melds: [{ kind: 'kong', tiles: '555z' }] }, 'score/bad_meld'],
    ['a win tile not completing the hand', { ...base, win: '9p' }, 'score/not_complete'],
    ['an unknown option', { ...base, options: { spicy: true } }, 'score/bad_options'],
    ['an unknown ruleset', { ...base, ruleset: 'mcr' }, 'score/bad_ruleset'],
    ['bad notation', { ...base, concealed: '123x' }, 'score/bad_tiles'],
    ['a bad wind', { ...base, seatWind: 5 }, 'score/bad_wind'],
    ['an unknown condition', { ...base, conditions: ['lucky'] }, 'score/bad_condition'],
    [
      'robbing a kong on a self-draw',
      { ...base, selfDrawn: true, conditions: ['robbingKong'] },
      'score/bad_condition_combination',
    ],
    // What the declared tiles rule out (the table never sends these; a calculator may).
    ...(
      [
        ['a double kong with one kong', { melds: [{ kind: 'kong', tiles: '5555z' }] }, ['doubleKong']],
        ['a double kong with none', {}, ['doubleKong']],
        ['a replacement with no kong and no bonus tile', {}, ['kongReplacement']],
        ['a heavenly hand with a declared meld', { dealer: true }, ['heavenly']],
        [
          'a replacement as the last tile',
          { melds: [{ kind: 'kong', tiles: '5555z' }] },
          ['lastTile', 'kongReplacement'],
        ],
      ] as const
    ).map(([why, extra, conditions]): [string, Record<string, unknown>, string] => [
      why,
      { ...base, ...extra, selfDrawn: true, conditions },
      'score/bad_condition_combination',
    ]),
    [
      'an earthly hand with a declared meld',
      { ...base, seatWind: 2, conditions: ['earthly'] },
      'score/bad_condition_combination',
    ],
    [
      'a robbed kong as the last discard',
      { ...base, conditions: ['robbingKong', 'lastDiscard'] },
      'score/bad_condition_combination',
    ],
    ['a flower in the hand', { ...base, win: '1f' }, 'score/not_complete'],
    [
      'flowers in a game without them',
      { ...base, flowers: '1f', options: { flowers: false } },
      'score/bonus_not_in_play',
    ],
  ];
  it.each(cases)('%s', (_why, request, code) => {
    const r = scoreRequest(request);
    expect(r.valid).toBe(false);
    if (!r.valid) {
      expect(r.code).toBe(code);
      expect(r.reason.length).toBeGreaterThan(10);
      expect(resultToJson(r)).toEqual({ valid: false, code, reason: r.reason });
    }
  });

  it('the library refuses the same hands without a request', () => {
    const input: WinInput = {
      concealed: tiles('123m456p789s'),
      melds: [{ kind: 'kong', tiles: tiles('555z'), concealed: false }],
      win: tile('1z'),
      bonus: [],
      selfDrawn: false,
      seatWind: 1,
      roundWind: 1,
      dealer: true,
      conditions: [],
    };
    for (const ruleset of ['hk-new', 'hk-old', 'riichi'] as const) {
      const r = scoreWin(input, ruleset);
      expect(r.valid).toBe(false);
      if (!r.valid) expect(r.reason).toContain('kong is four tiles');
      const chow = scoreWin({ ...input, melds: [{ kind: 'chow', tiles: tiles('567z'), concealed: false }] }, ruleset);
      expect(!chow.valid && chow.reason).toContain('chow of honours');
    }
  });
});

describe('lenient about fields of other programs', () => {
  it('scores a request with an unknown field and says it was ignored', () => {
    const r = scoreRequest({ id: 'hand-7', concealed: '123m456m789p23s55p', win: '4s', seatWind: 2 });
    expect(r.valid).toBe(true);
    expect(r.warnings).toEqual(['unknown field "id" ignored']);
    expect(resultToJson(r).warnings).toEqual(['unknown field "id" ignored']);
  });

  it('ignores dora outside riichi (zero silently)', () => {
    const base = { concealed: '123m456m789p23s55p', win: '4s', seatWind: 2 };
    expect(scoreRequest({ ...base, dora: 0 }).warnings).toBeUndefined();
    expect(scoreRequest({ ...base, dora: 2 }).warnings).toEqual(['"dora" counts only in riichi; ignored for hk-new']);
    expect(valid(scoreRequest({ ...base, dora: 2 })).faan).toBe(3);
  });
});

describe('options', () => {
  it('fills defaults and refuses unknown keys and wrong types', () => {
    const r = resolveOptions('hk-new', { faanCap: 10 });
    expect(r.ok && r.value).toEqual({ ...defaultOptions('hk-new'), faanCap: 10 });
    expect(resolveOptions('hk-new', { foo: 1 }).ok).toBe(false);
    expect(resolveOptions('hk-new', { minFaan: 'three' }).ok).toBe(false);
    expect(resolveOptions('hk-new', { payment: 'discarder-pays-double' }).ok).toBe(false);
    expect(resolveOptions('hk-old', { payment: 'discarder-pays-double' }).ok).toBe(true);
    expect(resolveOptions('riichi', { faanCap: 10 }).ok).toBe(false);
    expect(resolveOptions('riichi', { kiriage: true }).ok).toBe(true);
    expect(resolveOptions('hk-new', { table: [1, 2, 3] }).ok).toBe(true);
    expect(resolveOptions('hk-new', { table: 'spicy' }).ok).toBe(false);
    expect(resolveOptions('hk-new', { minFaan: 5, faanCap: 3 }).ok).toBe(false);
  });

  it('bounds the points a custom table and the divisor can give (a match must fit the league figures)', () => {
    expect(resolveOptions('hk-new', { table: [1, 2, MAX_TABLE_POINTS] }).ok).toBe(true);
    const big = resolveOptions('hk-new', { table: [1, 2, MAX_TABLE_POINTS + 1] });
    expect(!big.ok && big.error.message).toContain(`entry 2 must be a number from 0 to ${MAX_TABLE_POINTS}`);
    expect(resolveOptions('hk-old', { table: [1e12] }).ok).toBe(false);
    for (const divisor of [1, 16, 2.5, MAX_DIVISOR]) expect(resolveOptions('hk-new', { divisor }).ok).toBe(true);
    for (const divisor of [0, 0.5, 5e-324, -1, MAX_DIVISOR + 1, Number.POSITIVE_INFINITY]) {
      const r = resolveOptions('hk-new', { divisor });
      expect(!r.ok && r.error.message).toContain(`must be a number from 1 to ${MAX_DIVISOR}`);
    }
  });

  const dragons = {
    concealed: '123m456m7z',
    melds: [
      { kind: 'pung', tiles: '555z' },
      { kind: 'pung', tiles: '666z' },
    ],
    win: '7z',
    seatWind: 2,
    roundWind: 3,
  };

  it('a faan cap limits the total and marks the limit', () => {
    const v = valid(scoreRequest({ ...dragons, options: { faanCap: 8 } }));
    expect(v.faan).toBe(8);
    expect(v.limit).toBe(true);
    const nine = valid(scoreRequest(dragons));
    expect(nine.faan).toBe(9);
    expect(nine.limit).toBe(false);
  });

  it('below the minimum is valid with belowMinimum', () => {
    const v = valid(
      scoreRequest({
        concealed: '123m456p789s5s',
        melds: [{ kind: 'pung', tiles: '222p' }],
        win: '5s',
        flowers: '3f',
        seatWind: 2,
      }),
    );
    expect(v.faan).toBe(0);
    expect(v.belowMinimum).toBe(true);
    const lower = valid(
      scoreRequest({
        concealed: '123m456p789s5s',
        melds: [{ kind: 'pung', tiles: '222p' }],
        win: '5s',
        flowers: '3f',
        seatWind: 2,
        options: { minFaan: 0 },
      }),
    );
    expect(lower.belowMinimum).toBe(false);
  });

  it('custom table, divisor, discarder pays half', () => {
    const custom = valid(scoreRequest({ ...dragons, options: { table: [0, 1, 2, 3, 4, 5, 6, 7, 8, 100] } }));
    expect(custom.points.winner).toBe(100);
    const divided = valid(scoreRequest({ ...dragons, options: { divisor: 16 } }));
    expect(divided.points.winner).toBe(96 / 16);
    const half = valid(scoreRequest({ ...dragons, discarder: 4, options: { payment: 'discarder-pays-half' } }));
    expect(half.points.payments).toEqual([
      { from: 'discarder', amount: 48 },
      { from: 1, amount: 24 },
      { from: 3, amount: 24 },
    ]);
  });

  it('seven pairs can be turned off; flowers off means no flower faan', () => {
    const pairs = { concealed: '11m22m99p33s44s77z5z', win: '5z', seatWind: 2, roundWind: 3 };
    expect(valid(scoreRequest(pairs)).faan).toBe(5);
    const off = scoreRequest({ ...pairs, options: { sevenPairs: false } });
    expect(!off.valid && off.code).toBe('score/not_complete');
    const noFlowers = valid(scoreRequest({ ...pairs, options: { flowers: false } }));
    expect(noFlowers.faan).toBe(4);
  });

  it('a house rule is a new table: seven pairs at 3 faan without new code', () => {
    const house: HkRuleset = { ...HK_NEW, id: 'house', values: { ...HK_NEW.values, 'seven-pairs': 3 } };
    const input: WinInput = {
      concealed: tiles('11m22m99p33s44s77z5z'),
      melds: [],
      win: tile('5z'),
      bonus: [],
      selfDrawn: false,
      seatWind: 2,
      roundWind: 3,
      dealer: false,
      conditions: [],
    };
    const v = valid(scoreWin(input, house));
    expect(v.ruleset).toBe('house');
    expect(byName(v, 'other')).toEqual({ 'seven-pairs': 3, 'no-flowers': 1 });
  });
});

describe('types', () => {
  it('refuse wrong payloads at compile time', () => {
    const input: WinInput = {
      concealed: tiles('123m456p789s11z'),
      melds: [],
      win: tile('1z'),
      bonus: [],
      selfDrawn: true,
      seatWind: 1,
      roundWind: 1,
      dealer: true,
      // @ts-expect-error not a winning condition
      conditions: ['lucky'],
    };
    // @ts-expect-error not a wind
    const wind: WinInput['seatWind'] = 5;
    // @ts-expect-error not a ruleset
    const r = scoreWin(input, 'mcr');
    expect(!r.valid && r.code).toBe('score/bad_ruleset');
    expect(wind).toBe(5);
  });
});

describe('riichi house tables', () => {
  const pairs: WinInput = {
    concealed: tiles('1122334455667p'),
    melds: [],
    win: tile('7p'),
    bonus: [],
    selfDrawn: false,
    seatWind: 2,
    roundWind: 1,
    dealer: false,
    conditions: [],
  };

  it('an optional yakuman dropped by data scores as an ordinary hand', () => {
    expect(valid(scoreWin(pairs, 'riichi')).basicPoints).toBe(8000);
    const house: RiichiRuleset = {
      ...RIICHI,
      id: 'no-optional',
      yakuman: { ...RIICHI.yakuman, 'consecutive-pairs': 0 },
    };
    const v = valid(scoreWin(pairs, house));
    expect(v.ruleset).toBe('no-optional');
    // the best ordinary reading: pinfu-shaped chows with two pairs of identical chows and the full flush
    expect(v.basicPoints).toBeLessThan(8000);
    expect(byName(v, 'other')['full-flush']).toBe(6);
  });

  it('renhou at 200% of the limit, as some players score it', () => {
    const house: RiichiRuleset = {
      ...RIICHI,
      id: 'renhou-200',
      yakuman: { ...RIICHI.yakuman, 'first-turn-discard': 200 },
    };
    const input: WinInput = {
      ...pairs,
      concealed: tiles('234m567p789s23s88m'),
      win: tile('4s'),
      conditions: ['earthly'],
    };
    const v = valid(scoreWin(input, house));
    expect(v.basicPoints).toBe(4000);
    expect(v.points.winner).toBe(16000);
  });
});

describe('riichi-modern options, red fives and renhou', () => {
  const pinfuRon = { concealed: '234m567p789s23s88m', win: '4s', seatWind: 2 };

  it('fills the modern defaults and refuses bad values and the seed table keys', () => {
    expect(resolveOptions('riichi-modern', undefined)).toEqual({
      ok: true,
      value: {
        ruleset: 'riichi-modern',
        openTanyao: true,
        redFives: 3,
        doubleYakuman: false,
        kazoeLimit: true,
        kiriage: false,
        renhou: 'off',
      },
    });
    const r = resolveOptions('riichi-modern', { renhou: 'mangan', redFives: 0 });
    expect(r.ok && r.value).toMatchObject({ renhou: 'mangan', redFives: 0 });
    for (const bad of [{ redFives: 2 }, { renhou: 'double' }, { renhou: true }, { akaDora: true }, { kiriage: 1 }]) {
      const b = resolveOptions('riichi-modern', bad);
      expect(!b.ok && b.error.code, JSON.stringify(bad)).toBe('score/bad_options');
    }
    // and the seed table keeps its own keys
    const seed = resolveOptions('riichi', { renhou: 'mangan' });
    expect(!seed.ok && seed.error.code).toBe('score/bad_options');
  });

  it('options of one riichi table are refused by the other', () => {
    const h: WinInput = {
      concealed: tiles('234m567p789s23s88m'),
      melds: [],
      win: tile('4s'),
      bonus: [],
      selfDrawn: false,
      seatWind: 2,
      roundWind: 1,
      dealer: false,
      conditions: [],
    };
    const r = scoreWin(h, 'riichi-modern', defaultOptions('riichi'));
    expect(!r.valid && r.code).toBe('score/bad_options');
    expect(valid(scoreWin(h, 'riichi-modern', defaultOptions('riichi-modern'))).han).toBe(1);
  });

  it('red fives: refused at a table without them, and one per suit', () => {
    const none = scoreRequest({
      ruleset: 'riichi-modern',
      ...pinfuRon,
      concealed: '234m406p789s23s88m',
      options: { redFives: 0 },
    });
    expect(!none.valid && none.code).toBe('score/bad_tiles');
    const two = scoreRequest({ ruleset: 'riichi-modern', ...pinfuRon, concealed: '234m400p789s23s88m' });
    expect(!two.valid && two.code).toBe('score/too_many_copies');
    // one of each suit: three han of red fives
    const three = valid(
      scoreRequest({ ruleset: 'riichi-modern', ...pinfuRon, concealed: '234m406p789s23s88m', win: '4s' }),
    );
    expect(byName(three, 'other')['red-five']).toBe(1);
    const all = valid(
      scoreRequest({ ruleset: 'riichi-modern', concealed: '340m406p406s22s88m', win: '2s', seatWind: 2 }),
    );
    expect(byName(all, 'other')['red-five']).toBe(3);
  });

  it('renhou is a win condition: a discard win of a non-dealer, riichi tables only', () => {
    // the seed table: renhou at 400% (renhouAsYakuman, default), the same as earthly on a discard
    const seed = valid(scoreRequest({ ruleset: 'riichi', ...pinfuRon, conditions: ['renhou'] }));
    expect(byName(seed, 'other')).toEqual({ 'first-turn-discard': 13 });
    const earthly = valid(scoreRequest({ ruleset: 'riichi', ...pinfuRon, conditions: ['earthly'] }));
    expect(earthly.basicPoints).toBe(seed.basicPoints);
    const both = valid(scoreRequest({ ruleset: 'riichi', ...pinfuRon, conditions: ['earthly', 'renhou'] }));
    expect(both.basicPoints).toBe(8000);
    const five = valid(
      scoreRequest({ ruleset: 'riichi', ...pinfuRon, conditions: ['renhou'], options: { renhouAsYakuman: false } }),
    );
    expect(byName(five, 'other')).toEqual({ pinfu: 1, 'first-turn-discard': 5 });
    for (const [extra, code] of [
      [{ selfDrawn: true }, 'score/bad_condition_combination'],
      [{ seatWind: 1 }, 'score/bad_condition_combination'],
      [{ ruleset: 'hk-new' }, 'score/bad_condition'],
    ] as const) {
      const r = scoreRequest({ ruleset: 'riichi-modern', ...pinfuRon, conditions: ['renhou'], ...extra });
      expect(!r.valid && r.code, JSON.stringify(extra)).toBe(code);
    }
  });
});

describe('identical chows when a house table drops the larger groups', () => {
  // three alike chows read as one pair of identical chows plus a chow; four as two pairs
  const noThree: RiichiRuleset = {
    ...RIICHI,
    id: 'no-three-identical',
    han: { ...RIICHI.han, 'three-identical-chows': [0, 0] },
  };
  const noFour: RiichiRuleset = {
    ...RIICHI,
    id: 'no-four-identical',
    yakuman: { ...RIICHI.yakuman, 'four-identical-chows': 0 },
  };
  const base: WinInput = {
    concealed: tiles('567p3334455599s'),
    melds: [],
    win: tile('4s'),
    bonus: [],
    selfDrawn: false,
    seatWind: 2,
    roundWind: 1,
    dealer: false,
    conditions: [],
  };

  it('three alike chows keep their two identical chows (567p3334455599s, 4s on a discard)', () => {
    expect(byName(valid(scoreWin(base, 'riichi')), 'other')).toEqual({ 'three-identical-chows': 3 });
    const v = valid(scoreWin(base, noThree));
    expect(v.belowMinimum).toBe(false);
    expect(byName(v, 'other')).toEqual({ 'two-identical-chows': 1 });
  });

  it('four alike chows count two pairs of identical chows (22223333444s55m, 4s on a discard)', () => {
    const hand: WinInput = { ...base, concealed: tiles('22223333444s55m'), win: tile('4s') };
    expect(byName(valid(scoreWin(hand, 'riichi')), 'other')).toEqual({ 'four-identical-chows': 13 });
    // as chows: pinfu, all simples and two pairs of identical chows (4 han 30 fu) beat the
    // pungs reading (three concealed pungs and all simples, 3 han 50 fu)
    const v = valid(scoreWin(hand, noFour));
    expect(byName(v, 'other')).toEqual({ pinfu: 1, 'all-simples': 1, 'two-identical-chows': 2 });
    expect(v.basicPoints).toBe(1920);
  });
});

describe('fixture coverage', () => {
  const seen = (rows: readonly { patterns?: Record<string, number> }[]) =>
    new Set(rows.flatMap((r) => Object.keys(r.patterns ?? {})));

  it.each([
    ['hk-new', HK_NEW, hkNewRows],
    ['hk-old', HK_OLD, hkOldRows],
  ] as const)('every pattern %s values appears in its fixture table', (_id, table, rows) => {
    const played = HK_PATTERNS.filter((p) => table.values[p] !== null);
    const missing = played.filter((p) => !seen(rows as unknown as HkRow[]).has(p));
    expect(missing).toEqual([]);
  });

  it('every yaku and yakuman the riichi table values appears in its fixture table', () => {
    const names = seen(riichiRows as unknown as RiichiRow[]);
    const played = [
      ...RIICHI_YAKU.filter((y) => RIICHI.han[y][1] > 0),
      ...RIICHI_YAKUMAN.filter((y) => RIICHI.yakuman[y] > 0),
    ];
    expect(played.filter((p) => !names.has(p))).toEqual([]);
  });

  it('every value in which riichi-modern differs from riichi has a riichi-modern fixture row', () => {
    const names = seen(riichiModernRows as unknown as RiichiRow[]);
    const changed = [
      ...RIICHI_YAKU.filter((y) => RIICHI_MODERN.han[y].join() !== RIICHI.han[y].join()),
      ...RIICHI_YAKUMAN.filter((y) => RIICHI_MODERN.yakuman[y] !== RIICHI.yakuman[y]),
    ];
    // a value dropped to 0 cannot show up by name: its row shows what the hand scores instead
    const played = (y: RiichiYaku | RiichiYakuman): boolean =>
      y in RIICHI_MODERN.han
        ? RIICHI_MODERN.han[y as RiichiYaku][1] > 0
        : RIICHI_MODERN.yakuman[y as RiichiYakuman] > 0;
    expect(changed.filter((p) => played(p) && !names.has(p))).toEqual([]);
    expect(changed.length).toBeGreaterThanOrEqual(6);
  });
});
