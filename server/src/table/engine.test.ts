/**
 * The engine facade: configs, determinism, the log and replays, and bots playing whole matches
 * with every invariant checked after every event.
 */
import { RULESET_IDS, RULESETS, SEATS, tile } from '@mahjong/shared';
import { describe, expect, it } from 'vitest';
import { chooseBotAction } from './bot.js';
import { checkConfig, createEngine, replayEngine } from './engine.js';
import { playBotMatch } from './sim.js';
import { discard, fire, HUMANS, must, scriptedEngine } from './testing.js';
import type { LogEntry, MatchConfig } from './types.js';

const BOTS: MatchConfig['players'] = [
  { name: 'A', bot: true },
  { name: 'B', bot: true },
  { name: 'C', bot: true },
  { name: 'D', bot: true },
];
const config = (seed: string, extra: Partial<MatchConfig> = {}): MatchConfig => ({
  seed,
  ruleset: 'hk-new',
  players: BOTS,
  rounds: 1,
  ...extra,
});

describe('config', () => {
  it("chooses each table's family rules from its ruleset's descriptor", () => {
    for (const ruleset of RULESET_IDS) {
      const r = checkConfig(config('00ff', { ruleset, rounds: undefined }));
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.family.id).toBe(RULESETS[ruleset].family);
      // The riichi family's own table rules come with it, and only with it.
      expect(r.value.riichi === null).toBe(RULESETS[ruleset].family === 'hk');
    }
  });

  it('refuses bad configs with a code', () => {
    const code = (c: unknown) => {
      const r = checkConfig(c as MatchConfig);
      return r.ok ? 'ok' : r.error.code;
    };
    expect(code(config('00ff'))).toBe('ok');
    expect(code(config('not hex'))).toBe('config/bad_seed');
    expect(code(config('00ff', { ruleset: 'zung-jung' as never }))).toBe('config/bad_ruleset');
    expect(code(config('00ff', { ruleset: 'riichi-modern', rounds: 2 }))).toBe('ok');
    expect(code(config('00ff', { ruleset: 'riichi-modern', rounds: 4 }))).toBe('config/bad_rounds');
    expect(code(config('00ff', { ruleset: 'riichi', options: { bankruptcyPoints: 10 } }))).toBe('config/bad_options');
    expect(code(config('00ff', { ruleset: 'riichi-modern', options: { uma: [10, 5, 0, -10] } }))).toBe(
      'config/bad_options',
    );
    expect(code(config('00ff', { ruleset: 'riichi-modern', options: { headBump: 'yes' } }))).toBe('config/bad_options');
    expect(code(config('00ff', { ruleset: 'riichi-modern', options: { redFives: 3, headBump: true } }))).toBe('ok');
    expect(code(config('00ff', { ruleset: 'hk-new', options: { headBump: true } }))).toBe('config/bad_options');
    expect(code(config('00ff', { rounds: 0 }))).toBe('config/bad_rounds');
    expect(code(config('00ff', { players: BOTS.slice(0, 3) as never }))).toBe('config/bad_players');
    expect(code(config('00ff', { options: { nonsense: 1 } }))).toBe('config/bad_options');
    expect(code(config('00ff', { options: { claimSeconds: -1 } }))).toBe('config/bad_options');
    expect(code(config('00ff', { options: { claimSeconds: 2, claimMinMs: 3000 } }))).toBe('config/bad_options');
    // A claim time under the default shortest window (the lobby offers 0.5 s): the window is the
    // shortest; a shortest the host sets longer than the window is still refused.
    expect(code(config('00ff', { options: { claimSeconds: 0.5 } }))).toBe('ok');
    expect(createEngine(config('00ff', { options: { claimSeconds: 0.5 } }), 0).state.setup.timing.claimMinMs).toBe(500);
    expect(createEngine(config('00ff', { options: { claimSeconds: 8 } }), 0).state.setup.timing.claimMinMs).toBe(800);
    expect(code(config('00ff', { options: { claimSeconds: 0.5, claimMinMs: 800 } }))).toBe('config/bad_options');
    expect(code(config('00ff', { options: { minFaan: 1, turnSeconds: 10 } }))).toBe('ok');
    expect(() => createEngine(config('zz'), 0)).toThrow(/config\/bad_seed/);
  });

  it('plays 136 tiles without flowers', () => {
    const e = createEngine(config('abcd', { options: { flowers: false } }), 0);
    const v = e.viewFor(0);
    expect(v.wallCount).toBe(136 - 53 - 14);
    expect(v.seats.every((s) => s.bonus.length === 0)).toBe(true);
  });
});

describe('determinism, the log and replays', () => {
  it('the same seed plays the same match; another seed another', () => {
    const a = playBotMatch(config('0a0a'));
    const b = playBotMatch(config('0a0a'));
    const c = playBotMatch(config('0b0b'));
    expect(JSON.stringify(a.engine.results())).toBe(JSON.stringify(b.engine.results()));
    expect(a.engine.log).toEqual(b.engine.log);
    expect(JSON.stringify(c.engine.results())).not.toBe(JSON.stringify(a.engine.results()));
  });

  it('replaying the stored log (as JSON) rebuilds the exact state, hand by hand and move by move', () => {
    const cfg = config('c0ffee');
    const e = createEngine(cfg, 1_000);
    const snapshots = new Map<number, string>();
    let now = 1_000;
    while (!e.isOver()) {
      let acted = false;
      for (const seat of SEATS) {
        const a = chooseBotAction(e.viewFor(seat));
        if (a !== null && e.act(seat, a, now).ok) acted = true;
      }
      if (!acted) {
        now = Math.max(now, e.nextDeadline() ?? now) + 7;
        expect(e.timeout(now).ok).toBe(true);
      }
      if (e.seq % 97 === 0) snapshots.set(e.seq, JSON.stringify(e.state));
    }
    snapshots.set(e.seq, JSON.stringify(e.state));
    const stored = JSON.parse(JSON.stringify(e.log)) as LogEntry[];
    expect(stored[0]?.event).toEqual({ type: 'start' });
    expect(stored.map((x) => x.seq)).toEqual(stored.map((_, i) => i + 1));
    const full = replayEngine(cfg, stored);
    expect(JSON.stringify(full.state)).toBe(JSON.stringify(e.state));
    expect(full.viewFor(2)).toEqual(e.viewFor(2));
    expect(full.log).toEqual(e.log);
    for (const [seq, snapshot] of snapshots) {
      const part = replayEngine(cfg, stored.slice(0, seq));
      expect(JSON.stringify(part.state)).toBe(snapshot);
    }
  });

  it('a replayed engine goes on like the original', () => {
    const e = scriptedEngine([
      { hands: ['3m456p789p1239s567z', '1245m147p258s123z', '128m258p369s1234z', '339m36p147s12346z'] },
    ]);
    must(e, 0, discard('3m'));
    must(e, 3, { type: 'pung' });
    const copy = replayEngine(e.config, e.log, { walls: e.state.setup.fixedWalls ?? [] });
    fire(e);
    fire(copy);
    expect(JSON.stringify(copy.state)).toBe(JSON.stringify(e.state));
  });

  it('refuses a log that does not fit', () => {
    const e = scriptedEngine([
      { hands: ['3m456p789p1239s567z', '1245m147p258s123z', '128m258p369s1234z', '339m36p147s12346z'] },
    ]);
    must(e, 0, discard('3m'));
    const bad: LogEntry[] = [...e.log, { seq: 3, at: 0, event: { type: 'act', seat: 2, action: { type: 'pung' } } }];
    expect(() => replayEngine(e.config, bad, { walls: e.state.setup.fixedWalls ?? [] })).toThrow(/refused/);
    expect(() => replayEngine(e.config, e.log.slice(1))).toThrow(/start/);
  });

  it('logs the action without a preview field, and only accepted events', () => {
    const e = scriptedEngine([
      { hands: ['123m456m789m123p55p', '7m147p258s123456z', '8m258p369s123457z', '9m36p147s1234567z'] },
    ]);
    const win = e.viewFor(0).legalActions[0];
    expect(win).toMatchObject({ type: 'win' });
    expect(e.act(1, { type: 'discard', tile: tile('7m') }, 0).ok).toBe(false);
    must(e, 0, win as never);
    expect(e.log.map((x) => x.event)).toEqual([{ type: 'start' }, { type: 'act', seat: 0, action: { type: 'win' } }]);
  });
});

describe('bots', () => {
  it('play whole matches at every level with every invariant holding after every event', () => {
    for (const level of ['easy', 'normal', 'hard'] as const) {
      const run = playBotMatch(config(`be${level.length}f`), { level, check: true });
      expect(run.failures).toEqual([]);
      expect(run.engine.isOver()).toBe(true);
    }
  });

  it('the normal bot wins most hands and scores at least the minimum', () => {
    const run = playBotMatch(config('5151', { rounds: 2 }));
    const results = run.engine.results();
    const wins = results.filter((r) => r.kind === 'win');
    expect(wins.length / results.length).toBeGreaterThan(0.5);
    for (const w of wins) expect(w.faan).toBeGreaterThanOrEqual(3);
  });

  it('takes a win when offered, keeps an honour pair it can pung, claims a dragon pung', () => {
    const e = scriptedEngine([
      { hands: ['123m456m789m123p55p', '7m147p258s123456z', '8m258p369s123457z', '9m36p147s1234567z'] },
    ]);
    expect(chooseBotAction(e.viewFor(0))).toEqual({ type: 'win' });
    // Dealer: a pair of red dragons among loose tiles; it discards a loose tile, not a dragon.
    const d = scriptedEngine(
      [{ hands: ['19m19p19s77z123456m', '7m147p258s123456z', '8m258p369s123456z', '77z23m56p45s89s123z'] }],
      {},
    );
    const first = chooseBotAction(d.viewFor(0));
    expect(first?.type).toBe('discard');
    expect(first).not.toEqual({ type: 'discard', tile: tile('7z') });
    // When the dealer discards a red dragon, seat 3 (holding two) claims the pung.
    must(d, 0, discard('7z'));
    expect(chooseBotAction(d.viewFor(3))).toEqual({ type: 'pung' });
  });

  it('types: a payload without its fields does not compile', () => {
    const e = createEngine({ seed: 'aa', ruleset: 'hk-new', players: HUMANS }, 0);
    // @ts-expect-error a discard names its tile
    const r = e.act(0, { type: 'discard' }, 0);
    expect(r.ok ? null : r.error.code).toBe('action/malformed');
    // @ts-expect-error a chow names its three tiles
    expect(e.act(1, { type: 'chow', tiles: [1, 2] }, 0).ok).toBe(false);
  });

  it('acts only for the viewer with something to do', () => {
    const e = createEngine({ seed: 'aa', ruleset: 'hk-new', players: HUMANS }, 0);
    expect(chooseBotAction(e.viewFor(1))).toBe(null);
    expect(chooseBotAction(e.viewFor('spectator'))).toBe(null);
    expect(chooseBotAction(e.viewFor(0))?.type).toMatch(/discard|concealedKong|win/);
  });
});

describe('views of tables played side by side', () => {
  /** Per event, which seats of the spectator's view are the very objects of its previous view. */
  function reuse(log: readonly LogEntry[], cfg: MatchConfig, between: () => void): string[] {
    const e = createEngine(cfg, log[0]!.at);
    let last = e.viewFor('spectator').seats;
    const out: string[] = [];
    for (const entry of log.slice(1)) {
      e.apply(entry);
      between();
      const seats = e.viewFor('spectator').seats;
      out.push(seats.map((s, i) => (s === last[i] ? 'same' : 'new')).join(' '));
      last = seats;
    }
    return out;
  }

  it("reuse each table's unchanged seats, as a table played alone does (the room's patches pass over them)", () => {
    const a = config('0a0a', { ruleset: 'riichi-modern' });
    const b = config('0b0b', { ruleset: 'riichi-modern' });
    const logA = playBotMatch(a, { maxHands: 2 }).engine.log;
    const logB = playBotMatch(b, { maxHands: 4 }).engine.log;
    const alone = reuse(logA, a, () => {});
    // The other table moves and is viewed between every two events of this one.
    const other = createEngine(b, logB[0]!.at);
    let next = 1;
    const interleaved = reuse(logA, a, () => {
      if (next < logB.length) other.apply(logB[next++]!);
      other.viewFor('spectator');
      other.viewFor(0);
    });
    expect(alone.filter((r) => r.includes('same')).length).toBeGreaterThan(alone.length / 2);
    expect(interleaved).toEqual(alone);
  });
});
