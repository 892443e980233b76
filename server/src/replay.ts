/**
 * Replays: a stored match stepped through event by event from its seed and log, each frame the
 * spectator view plus every seat's concealed tiles. Used by GET /api/matches/:id/replay and by
 * delayed spectators after a restart.
 */
import type { BySeat, LegalAction, ReplayFrame, TableView, TileKind } from '@mahjong/shared';
import { SEATS } from '@mahjong/shared';
import type { MatchRecord } from './store/types.js';
import { createEngine, type LogEntry, type MatchConfig, type TableEvent } from './table/index.js';
import type { EngineInternals } from './table/index.js';

export interface ReplayOptions {
  /** Every seat's legal actions in each frame (the replay endpoint, for finished matches). */
  readonly legal?: boolean;
  /** The server's test hook (scripted walls): a replay deals as the table did. */
  readonly internals?: EngineInternals;
}

/**
 * A log replayed as far as it goes: the engine after the last entry that fits, and the first one
 * that does not (null when the whole log replays). For matches whose restore failed: they stay
 * readable up to that point.
 */
export function replayUpTo(
  config: MatchConfig,
  log: readonly LogEntry[],
  internals?: EngineInternals,
): { engine: ReturnType<typeof createEngine>; broken: { seq: number; reason: string } | null } {
  const engine = createEngine(config, log[0]?.at ?? 0, internals);
  for (const entry of log.slice(1)) {
    try {
      engine.apply(entry);
    } catch (error) {
      return { engine, broken: { seq: entry.seq, reason: error instanceof Error ? error.message : String(error) } };
    }
  }
  return { engine, broken: null };
}

/**
 * Replays a stored log step by step; each frame shows the table with every hand visible. A log
 * that stops replaying (a match whose restore failed) gives the frames up to that point. With
 * `legal` (the replay endpoint, for finished matches) each frame carries every seat's legal
 * actions too, for the replay's analysis; delayed spectators never get them.
 */
export function replayFrames(
  m: MatchRecord,
  log: readonly LogEntry[],
  opts: ReplayOptions = {},
): { frames: ReplayFrame[]; handStarts: number[] } {
  const frames: ReplayFrame[] = [];
  const handStarts: number[] = [];
  for (const { hand, frame } of replaySteps(m, log, opts)) {
    if (handStarts[hand] === undefined) handStarts[hand] = frames.length;
    frames.push(frame);
  }
  return { frames, handStarts };
}

/**
 * The frames of `replayFrames` one at a time, each with its hand number, made only as they are
 * asked for (a replay build steps through a long match a slice at a time, holding no frames).
 */
export function* replaySteps(
  m: MatchRecord,
  log: readonly LogEntry[],
  opts: ReplayOptions = {},
): Generator<{ hand: number; frame: ReplayFrame }> {
  const first = log[0];
  if (!first) return;
  const engine = createEngine(
    {
      seed: m.seed,
      ruleset: m.ruleset,
      options: m.options,
      players: m.seats.map((s) => ({ name: s.name ?? `Seat ${s.seat}`, bot: s.bot })) as never,
      rounds: m.rounds,
    },
    first.at,
    opts.internals,
  );
  const frame = (entry: LogEntry | null): { hand: number; frame: ReplayFrame } => {
    const seats = SEATS.map((s) => engine.viewFor(s));
    const view: TableView = engine.viewFor('spectator');
    return {
      hand: view.handNumber,
      frame: {
        seq: engine.seq,
        at: entry?.at ?? first.at,
        event: entry?.event ?? first.event,
        view,
        ...seatHands(seats),
        ...(opts.legal ? { legal: seats.map((v) => v.legalActions) as unknown as BySeat<readonly LegalAction[]> } : {}),
      },
    };
  };
  yield frame(null);
  for (const entry of log.slice(1)) {
    const e = entry.event as TableEvent;
    const r =
      e.type === 'act'
        ? engine.act(e.seat, e.action, entry.at)
        : e.type === 'timeout'
          ? engine.timeout(entry.at)
          : null;
    if (!r?.ok || r.value.seq !== entry.seq) return;
    yield frame(entry);
  }
}

/**
 * Every seat's concealed tiles as its own view shows them, with the red fives among them at a
 * table that has red fives (a replay and a delayed spectator show every hand).
 */
export function seatHands(seats: readonly TableView[]): Pick<ReplayFrame, 'hands' | 'handsRed'> {
  const hands = seats.map((v) => v.hand?.concealed ?? []) as unknown as BySeat<readonly TileKind[]>;
  if (!seats.some((v) => v.hand?.red !== undefined)) return { hands };
  return { hands, handsRed: seats.map((v) => v.hand?.red ?? []) as unknown as BySeat<readonly TileKind[]> };
}
