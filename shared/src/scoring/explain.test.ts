import { describe, expect, it } from 'vitest';
import { displayWidth, explain, requestFromArgs } from './explain.js';
import { scoreRequest } from './index.js';

function human(args: string[]): string {
  const parsed = requestFromArgs(args);
  if ('code' in parsed) throw new Error(parsed.message);
  return explain(scoreRequest(parsed.request), parsed.request);
}

describe('command-line arguments', () => {
  it('reads the hand, the last tile as the winning tile, melds and flags', () => {
    const r = requestFromArgs([
      '2223s1s',
      '--ruleset',
      'hk-old',
      '--pung',
      '555z',
      '--chow',
      '567s',
      '--pung',
      '777s',
      '--seat',
      'S',
      '--round',
      'east',
      '--last-discard',
      '--option',
      'faanCap=8',
    ]);
    expect(r).toEqual({
      json: false,
      request: {
        ruleset: 'hk-old',
        concealed: '2223s',
        win: '1s',
        melds: [
          { kind: 'pung', tiles: '555z', concealed: false },
          { kind: 'chow', tiles: '567s', concealed: false },
          { kind: 'pung', tiles: '777s', concealed: false },
        ],
        seatWind: 2,
        roundWind: 1,
        conditions: ['lastDiscard'],
        options: { faanCap: 8 },
      },
    });
  });

  it('takes --win, a concealed kong, flowers, self-draw and JSON options', () => {
    const r = requestFromArgs([
      '123m456p78s55z',
      '--win',
      '9s',
      '--concealed-kong',
      '2222p',
      '--flowers',
      '15f',
      '--self-drawn',
      '--options',
      '{"table":"full-spicy"}',
      '--json',
    ]);
    expect(!('code' in r) && r.json).toBe(true);
    expect(!('code' in r) && r.request).toMatchObject({
      concealed: '123m456p78s55z',
      win: '9s',
      melds: [{ kind: 'kong', tiles: '2222p', concealed: true }],
      flowers: '15f',
      selfDrawn: true,
      options: { table: 'full-spicy' },
    });
  });

  it.each([
    [['--pung'], '--pung needs tiles'],
    [['123m', '--seat', 'X'], 'not a wind'],
    [['123m', '--frobnicate'], 'unknown flag'],
    [[], 'no hand given'],
    [['123m', '456p'], 'two hands'],
  ])('refuses %j: %s', (args, message) => {
    const r = requestFromArgs(args);
    expect('code' in r && r.message).toContain(message);
  });
});

describe('human-readable explanation', () => {
  it('shows the arrangement, each pattern with its value, the total and the payments', () => {
    const text = human([
      '2223s1s',
      '--ruleset',
      'hk-old',
      '--pung',
      '555z',
      '--chow',
      '567s',
      '--pung',
      '777s',
      '--seat',
      '2',
    ]);
    expect(text).toContain('pung of White Dragon (declared)');
    expect(text).toContain('chow 1 Bamboo to 3 Bamboo');
    expect(text).toContain('pair of 2 Bamboo');
    expect(text).toMatch(/Mixed one suit 混一色 \.+ 3 faan/);
    expect(text).toMatch(/Dragon pung 三元牌 \.+ 1 faan/);
    expect(text).toMatch(/No flowers 無花 \.+ 1 faan/);
    expect(text).toMatch(/Total \.+ 5 faan/);
    expect(text).toMatch(/Discarder pays \.+ 32/);
    expect(text).toMatch(/West pays \.+ 16/);
    expect(text).toMatch(/Winner receives \.+ 64/);
    // the values line up in a terminal, Chinese names taking two columns a character
    const columns = text
      .split('\n')
      .filter((l) => / \.{2,} /.test(l))
      .map((l) => displayWidth(l.slice(0, l.lastIndexOf('. ') + 2)));
    expect(columns.length).toBeGreaterThan(5);
    expect(new Set(columns).size).toBe(1);
  });

  it('says when a limit hand ignores winds and flowers and when the cap applies', () => {
    const text = human(['19m19p19s1234567z1m', '--option', 'faanCap=10']);
    expect(text).toContain('limit hand');
    expect(text).toMatch(/Thirteen orphans 十三么 \.+ 13 faan/);
    expect(text).toMatch(/Total \.+ 10 faan \(13, capped\)/);
    // Cut down to the cap without a limit pattern: its dragons count, and no limit hand is said.
    const capped = human(['123m456m7z', '--win', '7z', '--pung', '555z', '--pung', '666z', '--option', 'faanCap=8']);
    expect(capped).toMatch(/Total \.+ 8 faan \(\d+, capped\)/);
    expect(capped).toMatch(/Dragon pung/);
    expect(capped).not.toContain('limit hand');
  });

  it('scores riichi-modern with its options and conditions, names in both languages', () => {
    const text = human([
      '234m567p789s24s88m3s',
      '--ruleset',
      'riichi-modern',
      '--seat',
      'S',
      '--renhou',
      '--option',
      'renhou=mangan',
    ]);
    expect(text).toMatch(/^riichi-modern: South seat/);
    expect(text).toMatch(/Renhou \(win on a first-turn discard\) 人和 \.+ 5 han/);
    expect(text).toContain('5 han counted at 100% of the limit: basic points 2000');
    expect(text).toMatch(/Discarder pays \.+ 8000/);
  });

  it('shows riichi han, fu items, rounding and basic points', () => {
    const text = human([
      '222s111p1z1z',
      '--ruleset',
      'riichi',
      '--pung',
      '555m',
      '--kong',
      '7777z',
      '--seat',
      'N',
      '--round',
      'S',
    ]);
    expect(text).toMatch(/Toitoi \(all pungs\) 對對和 \.+ 2 han/);
    expect(text).toMatch(/Melded kong of dragons 明槓 三元牌 \.+ 16 fu/);
    expect(text).toMatch(/Total \.+ 52 fu, rounded up to 60/);
    expect(text).toContain('3 han 60 fu: basic points 1920');
    expect(text).toMatch(/Discarder pays \.+ 7700/);
  });

  it('explains a refusal and a hand below the minimum', () => {
    expect(human(['123m456p789s11z22z9p'])).toMatch(/^Not a winning hand: the tiles do not make a winning hand/);
    expect(human(['123m456p789s5s5s', '--pung', '222p', '--flowers', '3f', '--seat', '2'])).toContain(
      "Below the table's minimum faan",
    );
  });

  it('explains a win on the seventh bonus tile and notes ignored fields', () => {
    const request = {
      concealed: '1234m5678p1357s1z',
      win: '7f',
      flowers: '123456f',
      selfDrawn: true,
      seatWind: 2,
      note: 'from a bot',
    };
    const text = explain(scoreRequest(request), request);
    expect(text).toContain('(a win on the bonus tiles alone)');
    expect(text).toMatch(/Seven bonus tiles 七搶一 \.+ 3 faan/);
    expect(text).toContain('Note: unknown field "note" ignored');
  });
});
