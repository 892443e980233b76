/**
 * Seeded fuzzing: thousands of random actions, legal and illegal, from every seat, with timeouts
 * at random times. A refused action must change nothing; after every accepted one the
 * invariants hold; in the end the log replays to the same state. A failure prints its seed;
 * `FUZZ_SEED=<n>` replays that seed (and pins it here once found).
 */
import { type PlayerAction, type Seat, SEATS, seededRandom, type TileKind } from '@mahjong/shared';
import { describe, expect, it } from 'vitest';
import { createEngine, replayEngine, type TableEngineImpl } from './engine.js';
import { stateInvariants, viewInvariants } from './invariants.js';
import { legalActions, refusal } from './legal.js';
import type { EngineConfig, EngineRulesetId, MatchConfig } from './types.js';

const rng = seededRandom;

const TYPES = [
  'discard',
  'chow',
  'pung',
  'kong',
  'concealedKong',
  'addedKong',
  'win',
  'pass',
  'north',
  'bogus',
] as const;

function junk(r: () => number): PlayerAction {
  const type = TYPES[Math.floor(r() * TYPES.length)] as (typeof TYPES)[number];
  const k = () => Math.floor(r() * 46) as TileKind;
  switch (type) {
    case 'discard':
    case 'concealedKong':
    case 'addedKong':
      return { type, tile: k() };
    case 'chow': {
      const first = Math.floor(r() * 27);
      return { type, tiles: [first, first + 1, first + 2] as [TileKind, TileKind, TileKind] };
    }
    case 'bogus':
      return { type } as unknown as PlayerAction;
    default:
      return { type };
  }
}

function fuzz(seed: number, steps: number, three = false): string[] {
  const r = rng(seed);
  const failures: string[] = [];
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const newConfig = (n: number): EngineConfig =>
    three
      ? {
          // Three-player riichi (the engine's own id): seat 3 vacant, east only.
          seed: (seed * 1000 + n).toString(16).padStart(4, '0'),
          ruleset: 'riichi-sanma',
          players: SEATS.map((s) => ({ name: `P${s}`, bot: false })) as unknown as MatchConfig['players'],
          rounds: 1,
          options: {
            headBump: r() < 0.3,
            claimMinMs: pick([0, 800]),
            tsumoPayment: pick(['tsumo-loss', 'north-bisection']),
          },
        }
      : r() < 0.35
        ? {
            // Riichi tables: east only, their own options.
            seed: (seed * 1000 + n).toString(16).padStart(4, '0'),
            ruleset: pick(['riichi-modern', 'riichi'] as const),
            players: SEATS.map((s) => ({ name: `P${s}`, bot: false })) as unknown as MatchConfig['players'],
            rounds: 1,
            options: { headBump: r() < 0.3, claimMinMs: pick([0, 800]) },
          }
        : {
            seed: (seed * 1000 + n).toString(16).padStart(4, '0'),
            ruleset: pick(['hk-new', 'hk-old'] as const),
            players: SEATS.map((s) => ({ name: `P${s}`, bot: false })) as unknown as MatchConfig['players'],
            rounds: 1,
            options: {
              minFaan: pick([0, 1, 3]),
              flowers: r() < 0.7,
              falseWinPenalty: r() < 0.3,
              claimMinMs: pick([0, 800]),
            },
          };
  let matches = 0;
  let hands = 0;
  let config = newConfig(matches);
  let e: TableEngineImpl<EngineRulesetId> = createEngine(config, 0);
  let now = 0;
  const replayCheck = () => {
    const copy = replayEngine(config, JSON.parse(JSON.stringify(e.log)));
    if (JSON.stringify(copy.state) !== JSON.stringify(e.state)) failures.push(`match ${matches}: replay differs`);
  };
  for (let step = 0; step < steps && failures.length === 0; step++) {
    const roll = r();
    const before = JSON.stringify(e.state);
    const seq = e.seq;
    let accepted = false;
    if (roll < 0.6) {
      const seats = SEATS.filter((s) => legalActions(e.state, s).length > 0);
      if (seats.length > 0) {
        const seat = pick(seats);
        const action = pick(legalActions(e.state, seat));
        const res = e.act(seat, action, now);
        if (!res.ok)
          failures.push(`step ${step}: legal ${JSON.stringify(action)} of seat ${seat} refused ${res.error.code}`);
        accepted = res.ok;
      } else {
        // Nobody may act: the pending deadline fires.
        const d = e.nextDeadline();
        if (d !== null) {
          now = Math.max(now, d);
          accepted = e.timeout(now).ok;
          if (!accepted) failures.push(`step ${step}: a due timeout refused`);
        }
      }
    } else if (roll < 0.85) {
      const seat = Math.floor(r() * 4) as Seat;
      const action = junk(r);
      // The machine's guards decide; legal.ts must agree (and name the same refusal).
      const why = refusal(e.state, seat, action);
      const res = e.act(seat, action, now);
      accepted = res.ok;
      if (res.ok ? why !== null : res.error.code !== why)
        failures.push(`step ${step}: the machine and legal.ts disagree on ${JSON.stringify(action)} of seat ${seat}`);
    } else if (roll < 0.95) {
      const d = e.nextDeadline();
      const at = d === null ? now : r() < 0.3 ? d - 1 - Math.floor(r() * 500) : d;
      const res = e.timeout(at);
      if (res.ok) now = Math.max(now, at);
      accepted = res.ok;
      if (d !== null && at >= d && !res.ok) failures.push(`step ${step}: a due timeout refused`);
    } else {
      now += Math.floor(r() * 3000);
    }
    if (!accepted) {
      if (e.seq !== seq || JSON.stringify(e.state) !== before)
        failures.push(`step ${step}: a refusal changed the state`);
      continue;
    }
    if (e.seq !== seq + 1) failures.push(`step ${step}: seq ${seq} -> ${e.seq}`);
    failures.push(...stateInvariants(e.state).map((m) => `step ${step}: ${m}`));
    const viewer = pick([0, 1, 2, 3, 'spectator'] as const);
    failures.push(...viewInvariants(e.state, e.viewFor(viewer), viewer).map((m) => `step ${step}: ${m}`));
    if (e.isOver()) {
      replayCheck();
      hands += e.results().length;
      matches++;
      config = newConfig(matches);
      e = createEngine(config, now);
    }
  }
  replayCheck();
  if (process.env.FUZZ_STATS) console.log({ seed, matches, hands: hands + e.results().length, seq: e.seq });
  return failures;
}

describe('fuzz', () => {
  const seeds = process.env.FUZZ_SEED ? [Number(process.env.FUZZ_SEED)] : [1, 2, 3];
  for (const seed of seeds) {
    it(`seed ${seed}: random legal and illegal actions keep every invariant`, () => {
      const failures = fuzz(seed, 2500);
      if (failures.length > 0) console.error(`fuzz failed with FUZZ_SEED=${seed}`);
      expect(failures.slice(0, 5), `FUZZ_SEED=${seed}`).toEqual([]);
    });
  }
  it('three-player riichi: random legal and illegal actions keep every invariant, the vacant seat never acts', () => {
    const failures = fuzz(seeds[0] as number, 2500, true);
    expect(failures.slice(0, 5)).toEqual([]);
  });
});
