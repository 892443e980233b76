/**
 * The replay analysis on real stored frames (bot matches through the table engine): each seat's
 * view rebuilt from a frame is the one the seat had (the hard bot, asked from it, makes the very
 * move the bot made at the table), and what the analysis says of a seat never depends on what
 * that seat could not see (other hands changed, the analysis is the same).
 */
import {
  analyseTurn,
  chooseBotAction,
  type ReplayFrame,
  reviewMatch,
  reviewRulesFor,
  SEATS,
  type Seat,
  sameAction,
  seatViewOf,
  type TileKind,
} from '@mahjong/shared';
import { describe, expect, it } from 'vitest';
import { replayFrames } from './replay.js';
import type { MatchRecord } from './store/types.js';
import { playBotMatch } from './table/sim.js';
import type { MatchConfig } from './table/types.js';

const players = SEATS.map((s) => ({ name: `Bot ${s}`, bot: true })) as unknown as MatchConfig['players'];

function framesOf(config: MatchConfig, hands: number, legal = true): ReplayFrame[] {
  const run = playBotMatch(config, { maxHands: hands, level: 'hard' });
  const record = {
    id: '00000000-0000-4000-8000-000000000002',
    ruleset: config.ruleset,
    options: (config.options ?? {}) as Record<string, unknown>,
    rounds: config.rounds ?? 1,
    seed: config.seed,
    seats: players.map((p, seat) => ({ seat, name: p.name, bot: true, nonce: null })),
  } as unknown as MatchRecord;
  return replayFrames(record, run.engine.log, { legal }).frames;
}

/** The frames with every seat's hand but `seat`'s replaced by other tiles (and no legal actions). */
function otherHandsChanged(frames: readonly ReplayFrame[], seat: Seat): ReplayFrame[] {
  return frames.map((f, i) => ({
    ...f,
    hands: f.hands.map((h, s) =>
      s === seat ? h : h.map((t) => ((t + 7 + i) % 34) as TileKind),
    ) as unknown as ReplayFrame['hands'],
    ...(f.handsRed
      ? { handsRed: f.handsRed.map((r, s) => (s === seat ? r : [])) as unknown as ReplayFrame['hands'] }
      : {}),
    ...(f.legal
      ? { legal: f.legal.map((l, s) => (s === seat ? l : [])) as unknown as NonNullable<ReplayFrame['legal']> }
      : {}),
  }));
}

describe.each([
  { ruleset: 'riichi-modern', seed: 'c0ffee'.repeat(10) + 'abcd', hands: 3 },
  { ruleset: 'hk-new', seed: 'feed'.repeat(16), hands: 2 },
] as const)('replay analysis of a $ruleset match', ({ ruleset, seed, hands }) => {
  const config: MatchConfig = { seed, ruleset, players, options: {}, rounds: 1 };
  const frames = framesOf(config, hands);
  const rules = reviewRulesFor(ruleset);

  it('carries legal actions only when asked (the replay endpoint; delayed spectators never)', () => {
    expect(frames.every((f) => f.legal?.length === 4)).toBe(true);
    expect(framesOf(config, 1, false).every((f) => f.legal === undefined)).toBe(true);
  });

  it('asks the bot from the very view it played from: the same move at every step', () => {
    let moves = 0;
    frames.forEach((frame, i) => {
      const e = frames[i + 1]?.event as { type: string; seat: Seat; action: never } | undefined;
      if (e?.type !== 'act' || frame.view.phase !== 'playing') return;
      const bot = chooseBotAction(seatViewOf(frame, e.seat), 'hard');
      expect(bot !== null && sameAction(bot, e.action), `frame ${i}, seat ${e.seat}`).toBe(true);
      moves++;
    });
    expect(moves).toBeGreaterThan(100);
  });

  it('gives every discard decision its candidates, and the bot agreeing with itself', () => {
    const review = reviewMatch(frames, rules);
    expect(review.decisions.length).toBeGreaterThan(40);
    for (const seat of SEATS) {
      const s = review.summary[seat];
      // Bots played this match: every discard was the bot's own.
      expect(s.botAgreed).toBe(s.discards);
      expect(s.best).toBeLessThanOrEqual(s.discards);
    }
    for (const d of review.decisions) {
      const hand = frames[d.index]!.hands[d.analysis.seat];
      expect(new Set(d.analysis.candidates.map((c) => c.tile))).toEqual(
        new Set(
          hand.filter((t) =>
            (frames[d.index]!.legal?.[d.analysis.seat] ?? []).some(
              (a) => 'tile' in a && a.tile === t && (a.type === 'discard' || a.type === 'riichi'),
            ),
          ),
        ),
      );
    }
  });

  it('says the same of a seat whatever the hidden tiles are', () => {
    for (const seat of SEATS) {
      const changed = otherHandsChanged(frames, seat);
      const mine = (r: ReturnType<typeof reviewMatch>) => r.decisions.filter((d) => d.analysis.seat === seat);
      expect(mine(reviewMatch(changed, rules))).toEqual(mine(reviewMatch(frames, rules)));
      expect(reviewMatch(changed, rules).summary[seat]).toEqual(reviewMatch(frames, rules).summary[seat]);
      // Every part, danger and reach included, at a sample of steps.
      for (let i = 0; i < frames.length; i += 7) {
        expect(analyseTurn(seatViewOf(changed[i]!, seat), rules)).toEqual(
          analyseTurn(seatViewOf(frames[i]!, seat), rules),
        );
      }
      // And the change is real: the frames differ in the other hands.
      expect(changed.some((f, i) => JSON.stringify(f.hands) !== JSON.stringify(frames[i]!.hands))).toBe(true);
    }
  });
});
