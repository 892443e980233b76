/**
 * Three-player hands through the real command (`npm run --silent score`): the worked examples'
 * numbers come from docs/rules/riichi-sanma.md ("Payments": a win on a discard as among four, a
 * self-draw by tsumo loss or north bisection) and riichi's han and fu, worked out by hand below,
 * not read back from the scorer.
 */
import { describe, expect, it } from 'vitest';
import { runScore } from './run-score.js';

interface Answer {
  readonly valid: boolean;
  readonly code?: string;
  readonly han?: number;
  readonly fu?: number;
  readonly basicPoints?: number;
  readonly patterns?: readonly { name: string; value?: number }[];
  readonly points?: { winner: number; payments: { from: number | 'discarder'; amount: number }[] };
}

async function scoreAll(requests: readonly Record<string, unknown>[]): Promise<Answer[]> {
  const r = await runScore(['--json'], JSON.stringify(requests));
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Answer[];
}

/** 234p 567p 345s 678s and a 9p pair, waiting on 9p alone: no simples (the 9p), no pinfu (a pair wait). */
const TANKI = { ruleset: 'riichi-sanma', concealed: '2345679p345678s', win: '9p' };
/** An open pung of white dragons, 234p 567p 99s, won on 5s from 34s: one han (the dragons). */
const HAKU = {
  ruleset: 'riichi-sanma',
  concealed: '234567p3499s',
  win: '5s',
  melds: [{ kind: 'pung', tiles: '555z' }],
};

describe('npm run score: three-player riichi', () => {
  it('pays the worked examples of docs/rules/riichi-sanma.md', async () => {
    const [small, smallBisected, mangan, manganBisected, dealer, dealerBisected, ron, dealerRon] = await scoreAll([
      // 1 han (white dragons) 30 fu (20 + 4 an open honour pung + 2 self-draw = 26, rounded up):
      // 30 x 2^3 = 240 basic. Tsumo loss: the dealer 2 x 240 -> 500, West 240 -> 300
      { ...HAKU, selfDrawn: true, seatWind: 2 },
      // north bisection: 2.5 x 240 = 600 and 1.5 x 240 = 360 -> 400
      { ...HAKU, selfDrawn: true, seatWind: 2, options: { tsumoPayment: 'north-bisection' } },
      // riichi + self-draw + three Norths = 5 han: mangan, 2,000 basic; South wins: 4,000 + 2,000
      { ...TANKI, selfDrawn: true, seatWind: 2, conditions: ['riichi'], north: 3 },
      // bisected: 5,000 + 3,000
      {
        ...TANKI,
        selfDrawn: true,
        seatWind: 2,
        conditions: ['riichi'],
        north: 3,
        options: { tsumoPayment: 'north-bisection' },
      },
      // the dealer's mangan: 4,000 from each; bisected 6,000 from each
      { ...TANKI, selfDrawn: true, seatWind: 1, conditions: ['riichi'], north: 3 },
      {
        ...TANKI,
        selfDrawn: true,
        seatWind: 1,
        conditions: ['riichi'],
        north: 3,
        options: { tsumoPayment: 'north-bisection' },
      },
      // on a discard, as among four: riichi + two Norths = 3 han; 20 + 10 concealed ron + 2 pair
      // wait = 32 -> 40 fu; 40 x 2^5 = 1,280 basic, 4 x 1,280 = 5,120 -> 5,200 from the discarder
      { ...TANKI, seatWind: 2, conditions: ['riichi'], north: 2 },
      // the dealer's: 6 x 1,280 = 7,680 -> 7,700
      { ...TANKI, seatWind: 1, conditions: ['riichi'], north: 2 },
    ]);
    expect(small).toMatchObject({ valid: true, han: 1, fu: 30, basicPoints: 240 });
    expect(small?.points).toEqual({
      winner: 800,
      payments: [
        { from: 1, amount: 500 },
        { from: 3, amount: 300 },
      ],
    });
    expect(smallBisected?.points?.payments.map((p) => p.amount)).toEqual([600, 400]);
    expect(mangan).toMatchObject({ han: 5, basicPoints: 2000 });
    expect(mangan?.patterns).toContainEqual({ name: 'north-dora', value: 3 });
    expect(mangan?.points).toEqual({
      winner: 6000,
      payments: [
        { from: 1, amount: 4000 },
        { from: 3, amount: 2000 },
      ],
    });
    expect(manganBisected?.points?.payments.map((p) => p.amount)).toEqual([5000, 3000]);
    expect(dealer?.points).toEqual({
      winner: 8000,
      payments: [
        { from: 2, amount: 4000 },
        { from: 3, amount: 4000 },
      ],
    });
    expect(dealerBisected?.points?.winner).toBe(12_000);
    expect(ron).toMatchObject({ han: 3, fu: 40, basicPoints: 1280 });
    expect(ron?.points).toEqual({ winner: 5200, payments: [{ from: 'discarder', amount: 5200 }] });
    expect(dealerRon?.points?.winner).toBe(7700);
  });

  it('refuses what three players do not have', async () => {
    const answers = await scoreAll([
      // 2m-8m are not in the set (a red 5m neither: it is a 5m)
      { ...TANKI, concealed: '234m567p9p345678s' },
      { ...TANKI, concealed: '3405m67p9p345678s' },
      // a North seat, a North discarder
      { ...TANKI, seatWind: 4 },
      { ...TANKI, seatWind: 2, discarder: 4 },
      // a fifth North: a North pair and three set aside
      { ruleset: 'riichi-sanma', concealed: '234567p4z345678s', win: '4z', north: 3 },
      { ...TANKI, north: 5 },
      // North set aside among four
      { ...TANKI, ruleset: 'riichi-modern', north: 1 },
      // table options that play no part in a hand's score, and an unknown convention
      { ...TANKI, options: { honba: 300 } },
      { ...TANKI, options: { tsumoPayment: 'north-pays' } },
    ]);
    expect(answers.map((a) => a.code)).toEqual([
      'score/not_in_set',
      'score/not_in_set',
      'score/bad_wind',
      'score/bad_wind',
      'score/too_many_copies',
      'score/bad_request',
      'score/not_in_set',
      'score/bad_options',
      'score/bad_options',
    ]);
    expect(answers.every((a) => a.valid === false)).toBe(true);
  });

  it('takes --north in human mode and names the Norths among the han', async () => {
    const r = await runScore([
      '2345679p345678s9p',
      '--ruleset',
      'riichi-sanma',
      '--riichi',
      '--self-drawn',
      '--north',
      '2',
      '--seat',
      'S',
    ]);
    expect(r.status, r.stderr).toBe(0);
    // riichi + self-draw + two Norths = 4 han; 20 + 2 pair wait + 2 self-draw = 24 -> 30 fu;
    // 30 x 2^6 = 1,920 basic: the dealer 3,840 -> 3,900, West 1,920 -> 2,000
    expect(r.stdout).toContain('4 han 30 fu: basic points 1920');
    expect(r.stdout).toMatch(/Nukidora \(North set aside\).* 2 han/);
    expect(r.stdout).toMatch(/East pays \.+ 3900/);
    expect(r.stdout).toMatch(/West pays \.+ 2000/);
    expect(r.stdout).toMatch(/Winner receives \.+ 5900/);
    const refused = await runScore(['234m567p9p345678s9p', '--ruleset', 'riichi-sanma', '--riichi']);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain('no 2 to 8 of characters');
  });
});
