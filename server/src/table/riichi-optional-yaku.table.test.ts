/**
 * The `riichi` table's `optionalYaku` house rule, end to end: the host's option is taken at
 * table creation (an unknown key would be refused), and the seed's optional hands (here three
 * identical chows) count or not, at the table and in the scorer alike.
 */
import { resolveOptions, scoreWin, tile, tiles, type WinInput } from '@mahjong/shared';
import { describe, expect, it } from 'vitest';
import { checkConfig } from './engine.js';
import { fire, must, scriptedEngine } from './testing.js';

/** The dealer's fourteen: 123m three times, 45p waiting on 3p or 6p, a pair of 9s, and 7z to let go. */
const DEALER = '111222333m45p99s7z';
const IDLE1 = '7m147p258s123456z';
const IDLE2 = '8m258p369s123457z';
const IDLE3 = '9m36p147s1234567z';

/** Plays the hand: the dealer lets 7z go, the others let their draws go, the dealer draws 3p and wins. */
function dealerTsumo(options: Record<string, unknown>) {
  const e = scriptedEngine([{ bonus: false, hands: [DEALER, IDLE1, IDLE2, IDLE3], draws: '8s8s6m3p', dora: '9m' }], {
    ruleset: 'riichi',
    options,
  });
  // Each discard's claim window closes at its deadline (nobody can claim these tiles).
  const discardDrawn = () => {
    if (e.state.phase === 'playing' && e.state.hand.window !== null) fire(e);
  };
  must(e, 0, { type: 'discard', tile: tile('7z') });
  discardDrawn();
  for (const [seat, t] of [
    [1, '8s'],
    [2, '8s'],
    [3, '6m'],
  ] as const) {
    must(e, seat, { type: 'discard', tile: tile(t) });
    discardDrawn();
  }
  must(e, 0, { type: 'win' });
  const r = e.results().at(-1);
  if (r === undefined) throw new Error('no result');
  return r;
}

const HAND: WinInput = {
  concealed: tiles('111222333m45p99s'),
  melds: [],
  win: tile('3p'),
  bonus: [],
  selfDrawn: true,
  seatWind: 1,
  roundWind: 1,
  dealer: true,
  conditions: [],
};

describe('optionalYaku (riichi)', () => {
  it('is an option of the riichi table, on by default, refused with a wrong value', () => {
    const config = (options: Record<string, unknown>) => ({
      seed: '5eed',
      ruleset: 'riichi' as const,
      players: [0, 1, 2, 3].map((i) => ({ name: `P${i}`, bot: false })) as never,
      options,
    });
    const on = checkConfig(config({}));
    const off = checkConfig(config({ optionalYaku: false }));
    expect(on.ok && on.value.rules.options).toMatchObject({ optionalYaku: true });
    expect(off.ok && off.value.rules.options).toMatchObject({ optionalYaku: false });
    expect(checkConfig(config({ optionalYaku: 'no' })).ok).toBe(false);
    // riichi-modern leaves these hands out by its values: the option is not one of its own.
    expect(checkConfig({ ...config({ optionalYaku: false }), ruleset: 'riichi-modern' }).ok).toBe(false);
  });

  it('counts three identical chows at the table when on, and not when off', () => {
    const on = dealerTsumo({});
    const off = dealerTsumo({ optionalYaku: false });
    expect((on.patterns ?? []).map((p) => p.name)).toContain('three-identical-chows');
    expect((off.patterns ?? []).map((p) => p.name)).not.toContain('three-identical-chows');
    expect(off.faan ?? 0).toBeLessThan(on.faan ?? 0);
  });

  it('does the same in the scorer', () => {
    const score = (raw: Record<string, unknown>) => {
      const o = resolveOptions('riichi', raw);
      if (!o.ok) throw new Error(o.error.message);
      const r = scoreWin(HAND, 'riichi', o.value);
      if (!r.valid) throw new Error(r.reason);
      return r;
    };
    const on = score({});
    const off = score({ optionalYaku: false });
    expect(on.patterns.map((p) => p.name)).toContain('three-identical-chows');
    expect(off.patterns.map((p) => p.name)).not.toContain('three-identical-chows');
    expect(off.han ?? 0).toBeLessThan(on.han ?? 0);
  });
});
