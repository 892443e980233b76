/**
 * The stage of a room, one value instead of flags read side by side (the match record's status,
 * "no engine yet", a pause, a host's end in flight, a shutdown). The moves allowed between
 * stages are the table below; `moveStage` refuses any other, so a room cannot, say, deal after
 * its host ended it or resume once it is closed.
 *
 *   lobby --start--> dealing --deal--> playing <--pause/resume--> paused
 *     \                 \                 |  \                      |
 *      `---- ending <----`----------------'   `--> finished <-------'
 *      (host's end;        (a failed end goes back where it came from)
 *   paused --deal again--> dealing (the first deal was not stored: nothing was played)
 *   any stage --close--> closed (shutdown, or the table moved to another process)
 *
 * The match record's `status` stays what the ledger holds (what the lobby shows); the stage is
 * this process's view of the room, and is what the room's checks read.
 */
import type { TableStatus } from '@mahjong/shared';

/** Where a host's end may start from, and where a failed one goes back to. */
export type EndableStage = 'lobby' | 'dealing' | 'playing';

export type Stage =
  /** Seats being taken; nothing is played. */
  | { readonly kind: 'lobby' }
  /** Started (committed) and not dealt yet: waiting for the human seats' pages. */
  | { readonly kind: 'dealing' }
  /** The engine runs: events are accepted, timers run. */
  | { readonly kind: 'playing' }
  /** A write failed: no event is accepted and no timer runs until the room is rebuilt from the ledger. */
  | { readonly kind: 'paused'; readonly since: number; readonly reason: string }
  /** The host's end is being committed: no more events. */
  | { readonly kind: 'ending'; readonly from: EndableStage }
  /** Over or ended, and that is committed (or the room was brought back finished). */
  | { readonly kind: 'finished' }
  /** Timers stopped for good (shutdown, or another process holds the table now). */
  | { readonly kind: 'closed'; readonly from: Exclude<StageKind, 'closed'> };

export type StageKind = Stage['kind'];

/** The moves allowed from each stage (closing is allowed from every stage but `closed`). */
const MOVES: { readonly [K in StageKind]: readonly StageKind[] } = {
  lobby: ['dealing', 'ending', 'closed'],
  dealing: ['playing', 'ending', 'closed'],
  playing: ['paused', 'ending', 'finished', 'closed'],
  // A rebuilt table plays on, or turns out to have finished (its end committed before the pause),
  // or has nothing in its log (its first deal was not stored): it is dealt again.
  paused: ['dealing', 'playing', 'finished', 'closed'],
  // A failed end goes back (`from`), or pauses the table when play had been applied.
  ending: ['lobby', 'dealing', 'playing', 'paused', 'finished', 'closed'],
  finished: ['closed'],
  closed: [],
};

export type StageMove = { ok: true; stage: Stage } | { ok: false; reason: string };

/** The stage after moving from `from` to `to`, or why that move is not allowed. */
export function moveStage(from: Stage, to: Stage): StageMove {
  if (!MOVES[from.kind].includes(to.kind))
    return { ok: false, reason: `a room cannot go from ${from.kind} to ${to.kind}` };
  // A failed end returns only to the stage it came from.
  if (from.kind === 'ending' && (to.kind === 'lobby' || to.kind === 'dealing' || to.kind === 'playing')) {
    if (to.kind !== from.from)
      return { ok: false, reason: `an end begun in ${from.from} cannot go back to ${to.kind}` };
  }
  // A pause follows play only: an end begun before the deal had nothing applied to undo.
  if (from.kind === 'ending' && to.kind === 'paused' && from.from !== 'playing') {
    return { ok: false, reason: `an end begun in ${from.from} has no play to pause` };
  }
  return { ok: true, stage: to };
}

/** The stage a room built from a stored record starts in (a started one is rebuilt from its log next). */
export function stageOf(status: TableStatus): Stage {
  switch (status) {
    case 'lobby':
      return { kind: 'lobby' };
    case 'playing':
      return { kind: 'dealing' };
    case 'over':
    case 'ended':
      return { kind: 'finished' };
  }
}

/** The one check before a seat is taken or given to a bot, or the match is started. */
export function lobbyRefusal(stage: Stage): 'table/already_started' | 'table/over' | null {
  switch (stage.kind) {
    case 'lobby':
      return null;
    case 'dealing':
    case 'playing':
    case 'paused':
      return 'table/already_started';
    default:
      return 'table/over';
  }
}

/** The events of play are accepted (and timers run) in this stage only. */
export const inPlay = (stage: Stage): boolean => stage.kind === 'playing';

/**
 * A lobby for the creation caps (`tables.ts`): seats being taken, or a host's end of it not yet
 * committed (until it is, the table keeps its place, as the ledger still says `lobby`).
 */
export const holdsLobby = (stage: Stage): boolean =>
  stage.kind === 'lobby' || (stage.kind === 'ending' && stage.from === 'lobby');

/**
 * A started match not finished, for the bot-table caps (`tables.ts`): dealt or about to be,
 * paused for a rebuild, or with a host's end begun in it not yet committed.
 */
export const holdsMatch = (stage: Stage): boolean =>
  stage.kind === 'dealing' ||
  stage.kind === 'playing' ||
  stage.kind === 'paused' ||
  (stage.kind === 'ending' && stage.from !== 'lobby');

/** Seats still change holders (a token reissued): the lobby and a started match, not a finished one. */
export const seatsHeld = (stage: Stage): boolean =>
  stage.kind === 'lobby' || stage.kind === 'dealing' || stage.kind === 'playing' || stage.kind === 'paused';
