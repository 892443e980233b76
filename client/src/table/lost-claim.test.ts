import type { PlayerAction } from '@mahjong/shared';
import { describe, expect, test } from 'vitest';
import { makeView, tiles } from './fixture.js';
import { lostClaimText } from './lost-claim.js';

const t4p = tiles('4p')[0]!;
const chow = { type: 'chow', tiles: tiles('345p') } as unknown as PlayerAction;
// Seat 1 discards 4p; the viewer (seat 2) chose Chow while the window was open.
const window = makeView(
  { seq: 2, turn: 1, stage: 'claims', viewer: 2 },
  { 1: { discards: [{ tile: t4p, claimed: false }] } },
);
const pungBy = (seat: 0 | 2 | 3) =>
  makeView(
    { seq: 3, turn: seat, viewer: 2 },
    {
      1: { discards: [{ tile: t4p, claimed: true }] },
      [seat]: { melds: [{ kind: 'pung', tiles: [t4p, t4p, t4p], concealed: false, from: 1, claimed: t4p }] },
    },
  );

describe('a lost claim is explained', () => {
  test("another seat's pung before our chow, in both languages", () => {
    expect(lostClaimText(window, pungBy(3), chow)).toBe('P4’s pung comes before your chow');
    expect(lostClaimText(window, pungBy(3), chow, 'zh-HK')).toBe('P4碰牌，優先於你的上牌');
    // A bot's name is said in the page's language too.
    const byBot = pungBy(3);
    const seats = byBot.seats.map((x) => (x.seat === 3 ? { ...x, name: 'Bot West', isBot: true } : x));
    const botView = { ...byBot, seats } as unknown as typeof byBot;
    expect(lostClaimText(window, botView, chow, 'zh-HK')).toBe('電腦西碰牌，優先於你的上牌');
  });

  test('a win on the discard before our pung; nothing when we got the tile, passed, or nobody claimed', () => {
    const result = {
      handNumber: 0,
      kind: 'win' as const,
      winner: 0 as const,
      discarder: 1 as const,
      winTile: t4p,
      payments: [],
      deltas: [0, 0, 0, 0] as const,
      hands: [[], [], [], []] as const,
    };
    const won = makeView({ seq: 3, viewer: 2, phase: 'handOver', lastResult: result, results: [result] });
    expect(lostClaimText(window, won, { type: 'pung' })).toBe('P1’s win comes before your pung');
    expect(lostClaimText(window, won, { type: 'pung' }, 'zh-HK')).toBe('P1食糊，優先於你的碰牌');
    expect(lostClaimText(window, pungBy(2), { type: 'pung' })).toBeNull();
    expect(lostClaimText(window, pungBy(3), { type: 'pass' })).toBeNull();
    expect(lostClaimText(window, makeView({ seq: 3, turn: 2, viewer: 2 }), chow)).toBeNull();
  });
});
