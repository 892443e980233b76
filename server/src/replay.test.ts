/**
 * Replays show every hand; at a table with red fives they say which of those tiles are red
 * (the replay viewer and delayed spectators draw them), and the frames end as the match did.
 */
import { describe, expect, it } from 'vitest';
import { replayFrames } from './replay.js';
import type { MatchRecord } from './store/types.js';
import { playBotMatch } from './table/sim.js';
import type { MatchConfig } from './table/types.js';

const players = [
  { name: 'A', bot: true },
  { name: 'B', bot: true },
  { name: 'C', bot: true },
  { name: 'D', bot: true },
] as const;

function recordOf(config: MatchConfig): MatchRecord {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    code: 'REPLAY',
    ruleset: config.ruleset,
    options: (config.options ?? {}) as Record<string, unknown>,
    rounds: config.rounds ?? 1,
    seed: config.seed,
    seedHash: '',
    status: 'ended',
    spectatorsAllowed: true,
    spectatorDelay: false,
    fillWithBots: true,
    hostNonce: 'host',
    rulesetVersion: `${config.ruleset}@1`,
    logFormatVersion: 1,
    createdAt: new Date(0),
    startedAt: new Date(0),
    endedAt: new Date(0),
    startClock: 0,
    finalScores: null,
    circleId: null,
    rematchOf: null,
    seats: players.map((p, seat) => ({ seat: seat as 0, name: p.name, bot: true, nonce: null, playerId: null })),
  };
}

describe('replay frames', () => {
  it('mark the red fives in every hand at a table with red fives, and only there', () => {
    const config: MatchConfig = { seed: 'ab12'.repeat(16), ruleset: 'riichi-modern', players, options: {}, rounds: 1 };
    const run = playBotMatch(config, { maxHands: 2, level: 'normal' });
    const { frames } = replayFrames(recordOf(config), run.engine.log);
    expect(frames.length).toBe(run.engine.log.length);
    // 3 red fives are in the set: whenever one is in a hand, the frame says so, and nothing else is red.
    const withRed = frames.filter((f) => f.handsRed?.some((r) => r.length > 0));
    expect(withRed.length).toBeGreaterThan(0);
    for (const f of frames) {
      expect(f.handsRed).toHaveLength(4);
      f.handsRed?.forEach((reds, seat) => {
        for (const k of reds) expect([4, 13, 22]).toContain(k);
        for (const k of reds) expect(f.hands[seat]).toContain(k);
      });
    }
    const plain = { ...config, options: { redFives: 0 } };
    const none = replayFrames(recordOf(plain), playBotMatch(plain, { maxHands: 1 }).engine.log);
    expect(none.frames.every((f) => f.handsRed === undefined)).toBe(true);
  });
});
