import { describe, expect, test } from 'vitest';
import { CORE_CJK } from '../../scripts/cjk-font.js';
import { LANG_NAMES } from '../settings/settings.js';
import { CALLOUT_CHARS, calloutText, claimTravel } from './feedback.js';
import { tableEvents } from './events.js';
import { makeView, tiles } from './fixture.js';
import { layoutTable } from './layout.js';

const [t5p] = tiles('5p') as [never];

describe('table events from two views', () => {
  test('a discard, then a pung of it: the claim names the seat it came from', () => {
    const a = makeView({ seq: 1, turn: 1 }, {});
    const b = makeView({ seq: 2, turn: 1, stage: 'claims' }, { 1: { discards: [{ tile: t5p, claimed: false }] } });
    expect(tableEvents(a, b)).toEqual([{ kind: 'discard', seat: 1, tile: t5p }]);
    const c = makeView(
      { seq: 3, turn: 3 },
      {
        1: { discards: [{ tile: t5p, claimed: true }] },
        3: { melds: [{ kind: 'pung', tiles: [t5p, t5p, t5p], concealed: false, from: 1, claimed: t5p }] },
      },
    );
    expect(tableEvents(b, c)).toEqual([{ kind: 'pung', seat: 3, tile: t5p, from: 1 }]);
  });

  test('flowers, added kongs and concealed kongs', () => {
    const pung = { kind: 'pung' as const, tiles: [t5p, t5p, t5p], concealed: false, from: 2 as const, claimed: t5p };
    const a = makeView({ seq: 1 }, { 2: { melds: [pung] } });
    const b = makeView(
      { seq: 2 },
      {
        0: { bonus: tiles('1f') },
        2: { melds: [{ ...pung, kind: 'kong', tiles: [t5p, t5p, t5p, t5p], added: true }] },
      },
    );
    expect(tableEvents(a, b).map((e) => `${e.kind}@${e.seat}`)).toEqual(['flower@0', 'kong@2']);
  });

  test('a result: the win, once; a new hand is not a claim', () => {
    const a = makeView({ seq: 1 });
    const result = {
      handNumber: 0,
      kind: 'win' as const,
      winner: 2 as const,
      discarder: 1 as const,
      winTile: t5p,
      payments: [],
      deltas: [0, 0, 0, 0] as const,
      hands: [[], [], [], []] as const,
    };
    const b = makeView({ seq: 2, phase: 'handOver', lastResult: result, results: [result] });
    expect(tableEvents(a, b)).toEqual([{ kind: 'win', seat: 2, tile: t5p, from: 1 }]);
    expect(tableEvents(b, makeView({ seq: 3, phase: 'handOver', lastResult: result }))).toEqual([]);
    const nextHand = makeView({ seq: 4, handNumber: 1 }, { 0: { bonus: tiles('2f') } });
    expect(tableEvents(makeView({ seq: 3 }), nextHand)).toEqual([]);
  });

  test('a riichi declaration is an event of its seat (with its discard)', () => {
    const a = makeView({ seq: 2 });
    const b = makeView(
      { seq: 3 },
      {
        1: {
          riichi: { discard: 0, ippatsu: true, double: true, discardsBefore: [1, 0, 0, 0] },
          discards: [{ tile: t5p, claimed: false }],
        },
      },
    );
    expect(tableEvents(a, b)).toEqual([
      { kind: 'riichi', seat: 1 },
      { kind: 'discard', seat: 1, tile: t5p },
    ]);
  });

  test('call-out words', () => {
    expect(calloutText('pung')).toBe('碰 Pung');
    expect(calloutText('win')).toBe('食糊 Win');
    // A Chinese page says the call in Chinese alone.
    expect(calloutText('pung', {}, 'zh-HK')).toBe('碰');
    expect(calloutText('win', { riichiTable: true }, 'zh-HK')).toBe('自摸');
    expect(calloutText('discard')).toBeNull();
    expect(calloutText('riichi')).toBe('立直 Riichi');
    expect(calloutText('win', { riichiTable: true, from: 1 })).toBe('榮和 Ron');
    expect(calloutText('win', { riichiTable: true })).toBe('自摸 Tsumo');
    // Every page carries the glyphs of the call-outs and the language switch.
    for (const c of CALLOUT_CHARS + LANG_NAMES['zh-HK'] + '中') expect(CORE_CJK).toContain(c);
  });

  test('the claimed tile slides from the pond to the meld', () => {
    const b = makeView({ seq: 2, viewer: 0 }, { 1: { discards: [{ tile: t5p, claimed: false }] } });
    const c = makeView(
      { seq: 3 },
      {
        1: { discards: [{ tile: t5p, claimed: true }] },
        0: { melds: [{ kind: 'pung', tiles: [t5p, t5p, t5p], concealed: false, from: 1, claimed: t5p }] },
      },
    );
    const before = layoutTable(b, 1280, 800, { selected: null });
    const after = layoutTable(c, 1280, 800, { selected: null });
    const events = tableEvents(b, c);
    const moved = claimTravel(before, after, events);
    const pond = before.items.find((i) => i.key === 'd:1:0');
    const slid = moved.items.filter((i) => i.type === 'tile' && i.from);
    expect(slid).toHaveLength(1);
    expect(slid[0]?.type === 'tile' && slid[0].from).toEqual({ x: pond?.x, y: pond?.y });
    expect(claimTravel(before, after, [])).toBe(after);
  });
});
