/**
 * One table online: its lobby record, the engine once started, who is connected and the path of
 * every accepted event: engine -> ledger (group commit) -> broadcast, in order. A room knows no
 * socket: it talks to a Broadcaster. Its stage (`room/stage.ts`), its timers (`room/scheduler.ts`)
 * and the delayed spectators' playback (`room/spectator-feed.ts`) live in files of their own.
 *
 * The ledger is the truth. Lobby changes (joins, bots, start, end) are committed before they are
 * applied; an event of play is applied to the engine at once (so that the next one can be judged)
 * but shown to nobody before its write commits. When a write fails, the table pauses: no timer
 * runs, moves are refused with `table/paused`, and the room is rebuilt from the ledger as soon as
 * the database answers again, dropping whatever was not committed (nobody saw it).
 */
import {
  type BySeat,
  fail,
  type HandResultView,
  type LobbySeat,
  ok,
  PROTOCOL_VERSION,
  type PlayerAction,
  type RefusalCode,
  type ReplayFrame,
  type Result,
  SEATS,
  type Seat,
  type ServerMessage,
  type TableInfo,
  type TableView,
  diffViews,
  type SharedDiffs,
  isRiichiFamily,
  isVacantSeat,
} from '@mahjong/shared';
import type { Logger } from 'pino';
import type { Clock } from './clock.js';
import { Journal } from './journal.js';
import type { MjaiBotSpec } from './mjai/config.js';
import { MjaiTable } from './mjai/table.js';
import { replayFrames, seatHands } from './replay.js';
import type { Ledger } from './store/ledger.js';
import type { ActionRow, LedgerWrite, MatchPatch, MatchRecord, SeatRecord } from './store/types.js';
import {
  type ActionRefusal,
  chooseBotAction,
  createEngine,
  type EngineInternals,
  type LogEntry,
  type MatchConfig,
  replayEngine,
  type TableEngine,
  type TableEvent,
} from './table/index.js';
import { Audience, type Viewer } from './room/audience.js';
import { MAX_STAMP_LAG_MS, OneShot, Scheduler } from './room/scheduler.js';
import { DelayedSpectatorFeed } from './room/spectator-feed.js';
import { PresenceSeats, sameData, sameView } from './room/view-change.js';
import { inPlay, lobbyRefusal, moveStage, type Stage, seatsHeld, stageOf } from './room/stage.js';
import { newNonce, signToken } from './tokens.js';

/** Version of the logged event format; stored with every match so old logs stay readable. */
export const LOG_FORMAT_VERSION = 1;
export const rulesetVersion = (ruleset: string): string => `${ruleset}@1`;

export type { Viewer };

export interface Broadcaster {
  /**
   * Every socket holding `seat` at table `code` with the token whose nonce is `holder`: a socket
   * of an earlier holder (its session recovered after the seat changed hands) is sent nothing.
   */
  seat(code: string, seat: Seat, holder: string, msg: ServerMessage): void;
  spectators(code: string, msg: ServerMessage): void;
  /** Every socket at the table, seats and spectators. */
  table(code: string, msg: ServerMessage): void;
  /** The seat has a new holder: every socket joined with the old token leaves it now. */
  seatReplaced(code: string, seat: Seat): void;
}

export interface RoomContext {
  readonly ledger: Ledger;
  readonly clock: Clock;
  readonly broadcaster: Broadcaster;
  readonly log: Logger;
  readonly secret: Buffer;
  /** Pause before a bot acts, so that play looks human (ms). */
  readonly botDelayMs: number;
  /**
   * How long socket.io keeps a dropped socket's session (its `maxDisconnectionDuration`, ms): a
   * slot's views still go out that long after its last socket left. 0 or absent: not at all.
   */
  readonly recoveryMs?: number;
  /** Spectator arrivals and departures are told to the table at most this often (ms; 0: at once). */
  readonly spectatorInfoMs?: number;
  /** Told when the match is over or ended (after its last broadcast). */
  readonly onFinished?: (room: Room) => void;
  /** Told when another server process owns the table now (this room has stopped). */
  readonly onLost?: (room: Room) => void;
  /** Told when this process brought the table back from the ledger (a restart or a takeover). */
  readonly onAdopted?: (room: Room) => void;
  /**
   * After the host starts, how long the deal waits for every human seat's page to be connected
   * (ms, default START_WAIT_MS), so that nobody loses turn time to a page load.
   */
  readonly startWaitMs?: number;
  /** Test hook (fixed walls), never set by the server: handed to the engine on deal and on restore. */
  readonly engineInternals?: EngineInternals;
  /**
   * The least `claimMinMs` a new table may have (ms; default `CLAIM_MIN_MS_FLOOR`): a claim window
   * shorter than a player's answer closes at once when nobody may claim and waits when someone
   * may, so its closing time would tell the others who could.
   */
  readonly claimMinMsFloor?: number;
  /**
   * Asked before a start that would make a table of bots only (no seat has a human holder): a
   * reason to refuse it (the server's caps on such tables), or null.
   */
  readonly botTableRefusal?: (room: Room) => string | null;
  /** The outside AIs (mjai) the operator offers; a riichi seat may be given to one by name. */
  readonly mjaiBots?: readonly MjaiBotSpec[];
}

const UNAVAILABLE = fail('server/unavailable', 'the server cannot record this right now; nothing changed, try again');

/** A seat kept for a player who has not taken it yet (a rematch): it has their name, no holder. */
const isReserved = (s: SeatRecord): boolean => !s.bot && s.playerId !== null && s.nonce === null;
const isReservedFor = (s: SeatRecord, playerId: string): boolean => isReserved(s) && s.playerId === playerId;
const isHeldBy = (s: SeatRecord, playerId: string): boolean => !s.bot && s.playerId === playerId && s.nonce !== null;

/** Pauses between attempts to rebuild a paused table from the ledger (ms): 200, 400, 800, then 2,000. */
const recoveryDelay = (attempt: number): number => Math.min(2000, 200 * 2 ** attempt);

/**
 * The wait before rebuilding a table that paused again with nothing committed since it last
 * resumed (a full disk: reads answer, every write fails): 0.5 s for its second pause in a row,
 * doubling to 30 s, so that its pages see pause and resume notices ever more rarely instead of
 * twice a second. The first pause is retried at once (`recoveryDelay`): most failures are brief.
 */
export const repauseDelay = (pausesInARow: number): number =>
  pausesInARow < 2 ? 0 : Math.min(30_000, 500 * 2 ** (pausesInARow - 2));

/** The longest a started match waits for its players' pages before dealing. */
export const START_WAIT_MS = 10_000;

export { MAX_STAMP_LAG_MS };

const ENGINE_REFUSAL: Record<ActionRefusal, RefusalCode> = {
  'action/malformed': 'msg/invalid',
  'action/match_over': 'act/match_over',
  'action/not_your_turn': 'act/not_your_turn',
  'action/already_answered': 'act/already_answered',
  'action/no_such_tile': 'act/no_such_tile',
  'action/illegal': 'act/illegal',
  'action/not_this_ruleset': 'act/not_this_ruleset',
};

/**
 * The views after one event. Each view's `seq` is its recipient's own counter (see `number`),
 * `seq` here the table's event seq.
 */
interface Views {
  readonly seq: number;
  readonly seats: BySeat<TableView>;
  readonly spectator: TableView;
  /** Per slot (seats 0-3, spectators 4): did this event change what the slot may see? */
  readonly changed: readonly boolean[];
}

/** Slot of the spectators in the per-recipient counters (seats are 0-3). */
const SPECTATORS = 4;

export const BOT_NAMES: BySeat<string> = ['Bot East', 'Bot South', 'Bot West', 'Bot North'];

export class Room {
  record: MatchRecord;
  engine: TableEngine | null = null;
  /** Engine time = clock time - offset (after a restart the engine's clock resumes where the log stopped). */
  private offset = 0;
  /** Sockets per seat and of the spectators (room/audience.ts). */
  private readonly audience: Audience;
  /** A bot plays for an away human until they come back. */
  private readonly covering = [false, false, false, false];
  /** The seq since which each seat's legal actions are what they are now (stale-seq check). */
  private readonly legalSince = [0, 0, 0, 0];
  /**
   * Each recipient's own view counter (seats 0-3, spectators 4): it moves only when what that
   * recipient may see changes, so its numbering says nothing about what other seats did (a claim
   * answer that leaves the window open is no step for a seat that could not claim).
   */
  private readonly viewSeqs = [0, 0, 0, 0, 0];
  /** Each slot's last numbered view, to tell whether the next one changed (`room/view-change.ts`). */
  private readonly lastViews: (TableView | null)[] = [null, null, null, null, null];
  private readonly lastLegal: (readonly unknown[] | null)[] = [null, null, null, null];
  private readonly presenceSeats = new PresenceSeats();
  /** Bots' moves and the engine's deadlines (`room/scheduler.ts`). */
  private readonly scheduler: Scheduler;
  /** Outside AI seats (`server/src/mjai/table.ts`), once the match is dealt. */
  private mjai: MjaiTable | null = null;
  /**
   * The outside AI seats' marks (decisions the built-in bot made for them) as the table's record
   * shows them: brought up to date only between hands. An AI is asked only when it has something
   * to do, so a mark made in another seat's claim window, shown then, would tell everyone that the
   * AI could claim the discard. `marksHeld`: marks were made since the last update.
   */
  private shownMarks: ReturnType<MjaiTable['marks']> = [];
  private marksHeld = false;
  /** When each outside AI seat's move was first due (its answer is taken no earlier). */
  private readonly aiDue: (number | null)[] = [null, null, null, null];
  /** Started but not dealt yet: waiting for the human seats' pages (or START_WAIT_MS). */
  private readonly dealTimer: OneShot;
  private handsWritten = 0;
  private handMeta: { handNumber: number; dealer: Seat; prevailingWind: number } | null = null;
  /** Latest computed views (may not be committed yet). */
  private latest: Views | null = null;
  /** Views as last broadcast (committed): what a (re)joining socket gets. */
  private committed: Views | null = null;
  private outbox: Promise<void> = Promise.resolve();
  /** Lobby, dealing, playing, paused, ending, finished or closed (`room/stage.ts`): read by every check. */
  private stage: Stage;
  /** spectatorDelay: spectators one whole hand behind (`room/spectator-feed.ts`). */
  private readonly feed: DelayedSpectatorFeed;
  /** This room's writes, in order, one in flight. */
  private readonly journal: Journal;
  /** Lobby changes and the host's commands, one at a time (each committed before the next looks). */
  private serialChain: Promise<unknown> = Promise.resolve();
  private readonly recoveryTimer: OneShot;
  private recoveryAttempts = 0;
  /** Pauses since a write of this table last committed (a table that resumes only to fail again). */
  private pausesInARow = 0;
  /** The server's logger with this table's code on every line (`{ table: code }`); what the room
   * hands work to (its outside AIs) logs through it too. */
  readonly log: Logger;

  constructor(
    record: MatchRecord,
    private readonly ctx: RoomContext,
  ) {
    this.record = record;
    this.log = ctx.log.child({ table: record.code });
    this.stage = stageOf(record.status);
    this.journal = new Journal(ctx.ledger, record.id);
    this.dealTimer = new OneShot(ctx.clock);
    this.recoveryTimer = new OneShot(ctx.clock);
    this.infoTimer = new OneShot(ctx.clock);
    this.audience = new Audience(ctx.recoveryMs ?? 0);
    this.scheduler = new Scheduler(ctx.clock, {
      inPlay: () => inPlay(this.stage) && this.engine !== null && this.latest !== null,
      deadline: () => {
        const deadline = this.engine?.nextDeadline() ?? null;
        return deadline === null ? null : deadline + this.offset;
      },
      offset: () => this.offset,
      windowOpen: () => this.windowOpen(),
      botControls: (seat) => this.botControls(seat),
      botAct: (seat, at) => this.botAct(seat, at),
      deadlinePassed: (at, inWindow) => this.deadlinePassed(at, inWindow),
    });
    this.feed = new DelayedSpectatorFeed(ctx.clock, (frame) => {
      if (this.audience.count('spectator') === 0) return;
      this.ctx.broadcaster.spectators(this.code, {
        type: 'view',
        seq: frame.seq,
        view: frame.view,
        hands: frame.hands,
        ...(frame.handsRed ? { handsRed: frame.handsRed } : {}),
      });
    });
  }

  /** Set while a write failed and the room waits to be rebuilt from the ledger. */
  get paused(): { readonly since: number; readonly reason: string } | null {
    const s = this.stage;
    return s.kind === 'paused' ? { since: s.since, reason: s.reason } : null;
  }

  /** Where the room is (`room/stage.ts`): what the creation caps read, rather than the committed status. */
  get currentStage(): Stage {
    return this.stage;
  }

  private get closed(): boolean {
    return this.stage.kind === 'closed';
  }

  /** Moves the room to `to` (see the allowed moves in `room/stage.ts`); a refused move is logged and changes nothing. */
  private move(to: Stage): boolean {
    const r = moveStage(this.stage, to);
    if (!r.ok) {
      this.log.error({ from: this.stage.kind, to: to.kind }, r.reason);
      return false;
    }
    this.stage = r.stage;
    return true;
  }

  get code(): string {
    return this.record.code;
  }

  // -------------------------------------------------------------------------------------------
  // Lobby

  info(): TableInfo {
    const r = this.record;
    return {
      code: r.code,
      matchId: r.id,
      ruleset: r.ruleset,
      options: r.options,
      status: r.status,
      seats: r.seats.map(
        (s): LobbySeat => ({
          seat: s.seat,
          name: s.name,
          bot: s.bot,
          connected: s.bot || this.audience.count(s.seat) > 0,
          ...(isReserved(s) ? { reserved: true as const } : {}),
          ...(s.ai ? this.aiInfo(s.seat, s.ai) : {}),
          ...(this.vacant(s.seat) ? { vacant: true as const } : {}),
        }),
      ) as unknown as BySeat<LobbySeat>,
      spectatorsAllowed: r.spectatorsAllowed,
      spectatorDelay: r.spectatorDelay,
      fillWithBots: r.fillWithBots,
      spectators: this.audience.count('spectator'),
      seedHash: r.seedHash,
      createdAt: r.createdAt.toISOString(),
      startedAt: r.startedAt?.toISOString() ?? null,
      endedAt: r.endedAt?.toISOString() ?? null,
      // (Not its circle: the record is public, and a circle's matches and players are its
      // members' business. The circle's page adds it.)
      ...(r.rematchOf === null ? {} : { rematchOf: r.rematchOf }),
    };
  }

  /** What the lobby shows of an outside AI seat: its name, and the decisions the built-in bot made for it. */
  private aiInfo(seat: Seat, ai: string): Pick<LobbySeat, 'ai' | 'aiFallbacks'> {
    const mark = this.shownMarks.find((m) => m.seat === seat);
    return { ai, ...(mark && (mark.fallbacks > 0 || mark.gone) ? { aiFallbacks: Math.max(1, mark.fallbacks) } : {}) };
  }

  hostToken(): string {
    return signToken(this.ctx.secret, { code: this.code, subject: 'host', nonce: this.record.hostNonce });
  }

  /** Does the nonce of a verified token still name the current holder of `subject`? */
  tokenCurrent(subject: Seat | 'host', nonce: string): boolean {
    if (subject === 'host') return nonce === this.record.hostNonce;
    return this.record.seats[subject]?.nonce === nonce;
  }

  private setSeat(seat: SeatRecord): void {
    this.record = { ...this.record, seats: this.record.seats.map((s) => (s.seat === seat.seat ? seat : s)) };
  }

  private patch(patch: MatchPatch): void {
    this.record = { ...this.record, ...patch };
  }

  private lastInfoAt = Number.NEGATIVE_INFINITY;
  private readonly infoTimer: OneShot;

  private emitInfo(): void {
    this.infoTimer.clear();
    this.lastInfoAt = this.ctx.clock.now();
    this.ctx.broadcaster.table(this.code, { type: 'table', table: this.info() });
  }

  /** Runs lobby changes and host commands one after another. */
  private serial<T>(run: () => Promise<T>): Promise<T> {
    const p = this.serialChain.then(run, run);
    this.serialChain = p.catch(() => {});
    return p;
  }

  /** Commits `writes` after everything before them; false (the room has paused if it plays) when it cannot. */
  private async commit(writes: readonly LedgerWrite[]): Promise<boolean> {
    try {
      await this.journal.append(writes);
      this.pausesInARow = 0;
      return true;
    } catch (error) {
      this.writeFailed(error);
      return false;
    }
  }

  /**
   * The spectator count changed: told with the next table message, at most one a period, so that
   * sockets coming and going (hundreds of spectators) cannot flood everybody at the table.
   */
  private emitInfoSoon(): void {
    const period = this.ctx.spectatorInfoMs ?? 0;
    const wait = this.lastInfoAt + period - this.ctx.clock.now();
    if (wait <= 0) {
      this.emitInfo();
      return;
    }
    if (this.infoTimer.pending || this.closed) return;
    this.infoTimer.set(() => {
      if (!this.closed) this.emitInfo();
    }, wait);
  }

  /**
   * A seat for `name` (and the player, when the request came with a player key): a seat reserved
   * for that player (a rematch) first, else the one asked for, else the first free one.
   */
  join(
    name: string,
    wanted: Seat | undefined,
    playerId: string | null = null,
  ): Promise<
    Result<
      { seat: Seat; token: string },
      | 'table/seat_taken'
      | 'table/seat_vacant'
      | 'table/full'
      | 'table/already_started'
      | 'table/over'
      | 'server/unavailable'
    >
  > {
    return this.serial(async () => {
      // A player holds one seat of a table: asking again (another device, a page that lost its
      // token) gives that seat a new token, never a second seat (each would count in the league).
      // Also once play has begun: a rematch starts by itself when its last seat is taken, and a
      // player whose answer was lost (a dropped link, a server killed after the commit) was told
      // "the match has started" and kept out of their own seat.
      const held = playerId === null ? undefined : this.record.seats.find((s) => isHeldBy(s, playerId));
      if (held && lobbyRefusal(this.stage) !== 'table/over') return this.rejoin(held, name);
      const notLobby = this.lobbyClosed();
      if (notLobby) return notLobby;
      const free = (s: SeatRecord) => s.name === null && !s.bot && !this.vacant(s.seat);
      let seat: SeatRecord | undefined =
        playerId === null ? undefined : this.record.seats.find((s) => isReservedFor(s, playerId));
      if (seat) {
        // A reserved seat keeps its player; asking for another one is not how a rematch works.
      } else if (wanted !== undefined) {
        if (this.vacant(wanted))
          return fail('table/seat_vacant', `seat ${wanted + 1} is not played at this table`, { n: wanted + 1 });
        seat = this.record.seats[wanted];
        if (!seat || !free(seat)) return fail('table/seat_taken', `seat ${wanted + 1} is taken`, { n: wanted + 1 });
      } else {
        seat = this.record.seats.find(free);
        if (!seat) return fail('table/full', 'every seat is taken');
      }
      const next: SeatRecord = { seat: seat.seat, name, bot: false, nonce: newNonce(), playerId };
      if (!(await this.commit([{ kind: 'seat', matchId: this.record.id, seat: next }]))) return UNAVAILABLE;
      this.setSeat(next);
      this.emitInfo();
      this.startIfFullRematch();
      return ok({
        seat: next.seat,
        token: signToken(this.ctx.secret, { code: this.code, subject: next.seat, nonce: next.nonce! }),
      });
    });
  }

  /** A player's seat to a new page of theirs: a new token, the old page told it was replaced. */
  private async rejoin(
    held: SeatRecord,
    name: string,
  ): Promise<Result<{ seat: Seat; token: string }, 'server/unavailable'>> {
    // Once play has begun the seat keeps the name the others have seen it play under.
    const next: SeatRecord = { ...held, name: this.stage.kind === 'lobby' ? name : held.name, nonce: newNonce() };
    if (!(await this.commit([{ kind: 'seat', matchId: this.record.id, seat: next }]))) return UNAVAILABLE;
    this.setSeat(next);
    this.replaced(next.seat);
    this.emitInfo();
    return ok({
      seat: next.seat,
      token: signToken(this.ctx.secret, { code: this.code, subject: next.seat, nonce: next.nonce! }),
    });
  }

  /** Why seats can no longer be taken nor the match started (null: they can). */
  private lobbyClosed() {
    const refusal = lobbyRefusal(this.stage);
    if (refusal === null) return null;
    return refusal === 'table/already_started'
      ? fail(refusal, 'the match has started')
      : fail(refusal, 'the table is closed');
  }

  /** The address that created the table (this process's count of its lobbies and bot tables). */
  creator: string | null = null;

  /**
   * A start of a table of bots only is being committed: it counts as playing for the caps from its
   * check on, so that starts of several such tables at once cannot all pass the check.
   */
  starting = false;

  /** No seat has a human holder: the table is (or would start as) bots only. */
  get botsOnly(): boolean {
    return this.record.seats.every((s) => s.bot || s.nonce === null);
  }

  /** Every seat played has a bot or a holder (none free, none still reserved). */
  private everySeatTaken(): boolean {
    return this.record.seats.every((s) => s.bot || s.nonce !== null || this.vacant(s.seat));
  }

  /** Nobody plays the seat: a three-player table's fourth (the ruleset's descriptor says how many play). */
  private vacant(seat: Seat): boolean {
    return isVacantSeat(this.record.ruleset, seat);
  }

  /** A rematch starts by itself once its last reserved seat is taken: one click each. */
  /**
   * A rematch starts by itself once its last seat is taken: after that join, and when its lobby
   * comes back after a restart (the seat was committed, the start was not yet).
   */
  startIfFullRematch(): void {
    if (this.record.rematchOf !== null && this.stage.kind === 'lobby' && this.everySeatTaken()) {
      void this.startRematch();
    }
  }

  private async startRematch(): Promise<void> {
    const r = await this.start();
    if (!r.ok && r.error.code !== 'table/already_started') {
      this.log.warn({ error: r.error }, 'a full rematch table did not start');
    }
  }

  /** A bot takes the seat: the built-in one, or `ai`, an outside AI of the server's list (riichi tables). */
  setBot(
    seat: Seat,
    ai?: string,
  ): Promise<
    Result<
      TableInfo,
      'table/already_started' | 'table/over' | 'server/unavailable' | 'http/invalid' | 'table/seat_vacant'
    >
  > {
    return this.serial(async () => {
      const notLobby = this.lobbyClosed();
      if (notLobby) return notLobby;
      if (this.vacant(seat))
        return fail('table/seat_vacant', `seat ${seat + 1} is not played at this table`, { n: seat + 1 });
      if (ai !== undefined) {
        if (!this.ctx.mjaiBots?.some((b) => b.name === ai)) return fail('http/invalid', 'no such AI on this server');
        if (!isRiichiFamily(this.record.ruleset)) return fail('http/invalid', 'outside AIs play riichi tables only');
      }
      const next: SeatRecord = {
        seat,
        name: ai ?? BOT_NAMES[seat],
        bot: true,
        nonce: null,
        playerId: null,
        ...(ai === undefined ? {} : { ai }),
      };
      const replaced = (this.record.seats[seat]?.nonce ?? null) !== null;
      if (!(await this.commit([{ kind: 'seat', matchId: this.record.id, seat: next }]))) return UNAVAILABLE;
      this.setSeat(next);
      if (replaced) this.replaced(seat);
      this.emitInfo();
      return ok(this.info());
    });
  }

  /**
   * A new token for a seat a player holds (in the lobby or in play): the old one stops holding
   * it at once (its page is told `replaced`), the new one goes to the host to pass on.
   */
  reissue(
    seat: Seat,
  ): Promise<Result<{ seat: Seat; token: string }, 'table/over' | 'http/invalid' | 'server/unavailable'>> {
    return this.serial(async () => {
      if (!seatsHeld(this.stage)) return fail('table/over', 'the table is closed');
      const held = this.record.seats[seat];
      if (!held || held.bot || held.nonce === null)
        return fail('http/invalid', `seat ${seat + 1} has no player to give a token to`);
      // The host's new link may reach anyone: from now on the seat is a guest's, and its result
      // no longer counts as its player's in the league and statistics.
      const next: SeatRecord = { ...held, nonce: newNonce(), playerId: null };
      if (!(await this.commit([{ kind: 'seat', matchId: this.record.id, seat: next }]))) return UNAVAILABLE;
      this.setSeat(next);
      this.replaced(seat);
      return ok({ seat, token: signToken(this.ctx.secret, { code: this.code, subject: seat, nonce: next.nonce! }) });
    });
  }

  start(): Promise<
    Result<
      TableInfo,
      'table/already_started' | 'table/over' | 'table/not_ready' | 'server/unavailable' | 'http/rate_limited'
    >
  > {
    return this.serial(async () => {
      const notLobby = this.lobbyClosed();
      if (notLobby) return notLobby;
      if (this.botsOnly) {
        const refusal = this.ctx.botTableRefusal?.(this) ?? null;
        if (refusal !== null) return fail('http/rate_limited', refusal);
      }
      this.starting = true;
      try {
        return await this.startChecked();
      } finally {
        this.starting = false;
      }
    });
  }

  /** `start` past the caps' check. */
  private async startChecked(): Promise<Result<TableInfo, 'table/not_ready' | 'server/unavailable'>> {
    // A seat still reserved for a player who has not come (a rematch) counts as empty.
    const empty = this.record.seats.filter((s) => !s.bot && s.nonce === null && !this.vacant(s.seat));
    if (empty.length > 0 && !this.record.fillWithBots) {
      const seats = empty.map((s) => s.seat + 1).join(', ');
      return fail('table/not_ready', `seats ${seats} are empty`, { name: seats });
    }
    const writes: LedgerWrite[] = [];
    const seats = this.record.seats.map((s): SeatRecord => {
      if (s.bot || s.nonce !== null || this.vacant(s.seat)) return s;
      const bot: SeatRecord = { seat: s.seat, name: BOT_NAMES[s.seat], bot: true, nonce: null, playerId: null };
      writes.push({ kind: 'seat', matchId: this.record.id, seat: bot });
      return bot;
    });
    const now = this.ctx.clock.now();
    const patch: MatchPatch = { status: 'playing', startedAt: new Date(now), startClock: now };
    writes.push({ kind: 'updateMatch', matchId: this.record.id, patch });
    if (!(await this.commit(writes))) return UNAVAILABLE;
    this.record = { ...this.record, ...patch, seats };
    if (!this.closed) this.move({ kind: 'dealing' });
    this.emitInfo();
    // The deal (the logged start event, so replays stay the same) waits for the players' pages.
    if (this.everyHumanHere()) this.deal();
    else this.dealTimer.set(() => this.deal(), this.ctx.startWaitMs ?? START_WAIT_MS);
    await this.outbox;
    return ok(this.info());
  }

  private everyHumanHere(): boolean {
    return this.record.seats.every((s) => s.bot || this.vacant(s.seat) || this.audience.count(s.seat) > 0);
  }

  /** Started and not dealt yet. */
  private get waitingToDeal(): boolean {
    return this.stage.kind === 'dealing';
  }

  /** Deals the first hand: the engine's start event is logged and every page gets its view. */
  private deal(): void {
    this.dealTimer.clear();
    if (!this.waitingToDeal) return;
    this.offset = 0;
    const engine = createEngine(this.config(), this.ctx.clock.now(), this.ctx.engineInternals);
    this.engine = engine;
    this.move({ kind: 'playing' });
    this.startAi();
    this.afterEvent(
      engine.log.map((entry) => this.actionWrite(entry)),
      true,
    );
  }

  /** The host stops the table: it is kept in the ledger as ended, with the scores so far. */
  end(): Promise<Result<TableInfo, 'table/over' | 'server/unavailable'>> {
    return this.serial(async () => {
      const from = this.stage.kind;
      if (from === 'finished' || from === 'closed' || from === 'ending' || this.engine?.isOver()) {
        return fail('table/over', 'already closed');
      }
      if (from === 'paused') return UNAVAILABLE;
      // No more events: the end follows everything already accepted into the ledger.
      this.move({ kind: 'ending', from });
      this.scheduler.clear();
      this.dealTimer.clear();
      const now = this.ctx.clock.now();
      const patch: MatchPatch = {
        status: 'ended',
        endedAt: new Date(now),
        finalScores: this.engine ? [...this.engine.scores()] : null,
      };
      const done = await this.commit([{ kind: 'updateMatch', matchId: this.record.id, patch }]);
      if (!done) {
        // Back where it was (unless the failure paused the table, or it closed meanwhile: read again after the await).
        if ((this.stage as Stage).kind === 'ending') this.move({ kind: from });
        this.schedule();
        return UNAVAILABLE;
      }
      this.patch(patch);
      await this.outbox;
      this.emitInfo();
      // Nothing is hidden any more: delayed spectators get the unfinished hand too.
      if (this.record.spectatorDelay) this.feed.release(this.feed.takeHeld());
      this.finished();
      return ok(this.info());
    });
  }

  /** The match is over or ended, committed: told once (a closed room is told, and stays closed). */
  private finished(): void {
    this.showMarks();
    this.mjai?.close();
    const s = this.stage;
    if (s.kind === 'finished' || (s.kind === 'closed' && s.from === 'finished')) return;
    if (s.kind !== 'closed') this.move({ kind: 'finished' });
    this.ctx.onFinished?.(this);
  }

  config(r: MatchRecord = this.record): MatchConfig {
    return {
      seed: r.seed,
      ruleset: r.ruleset,
      options: r.options,
      players: r.seats.map((s) => ({
        name: s.name ?? BOT_NAMES[s.seat],
        bot: s.bot,
      })) as unknown as MatchConfig['players'],
      rounds: r.rounds,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Recovery

  /**
   * Rebuilds a started match from its log after a restart (or after a failed write); timers
   * restart from now, as if no time had passed since the last logged event.
   */
  restore(log: readonly ActionRow[], handsWritten: number): void {
    if (log.length === 0) {
      // Started but never dealt (a restart while waiting for the pages): deal now.
      this.deal();
      return;
    }
    this.handMeta = null;
    const entries: LogEntry[] = log.map((r) => ({ seq: r.seq, at: r.at, event: r.event as TableEvent }));
    const engine = replayEngine(this.config(), entries, this.ctx.engineInternals);
    this.engine = engine;
    this.startAi();
    const lastAt = entries[entries.length - 1]?.at ?? this.ctx.clock.now();
    this.offset = this.ctx.clock.now() - lastAt;
    this.handsWritten = handsWritten;
    if (this.record.spectatorDelay) {
      // Frames of the hand in play, so that spectators still get the whole hand when it ends, and
      // the playback of the hand before taken up where it stood (as if no time had passed).
      const { frames, handStarts } = replayFrames(this.record, entries, { internals: this.ctx.engineInternals });
      const current = engine.viewFor('spectator').handNumber;
      const from = handStarts[current] ?? frames.length;
      this.feed.holdFrom(frames.slice(from));
      const ended = frames.slice(handStarts[current - 1] ?? from, from);
      const endedAt = ended[ended.length - 1]?.at;
      if (endedAt !== undefined) this.feed.resume(ended, lastAt - endedAt);
    }
    this.restartViewCounters();
    const views = this.computeViews();
    this.latest = views;
    this.committed = views;
    this.trackLegal(views, true);
    // (A table rebuilt after a pause may turn out finished in the ledger: the caller says so.)
    if (this.record.status === 'playing') {
      this.move({ kind: 'playing' });
      this.schedule();
    }
  }

  /**
   * Counters restart above anything the previous process can have sent (at most one step per
   * event, far fewer than one event per millisecond), without telling how many events there were;
   * after a failed write in this process they only move on, whatever the clock says.
   */
  private restartViewCounters(): void {
    this.lastViews.fill(null);
    this.viewSeqs.fill(Math.max(Math.floor(this.ctx.clock.now()), ...this.viewSeqs.map((n) => n + 1)));
  }

  /**
   * A finished match brought back read-only after a restart: its final view for late sockets, and
   * at a table with delayed spectators the playback of its last hand (`lastHand`, its frames),
   * taken up where it stands now, time since the match ended included.
   */
  restoreFinished(engine: TableEngine | null, lastHand: readonly ReplayFrame[] = []): void {
    this.engine = engine;
    // (Built from a finished record, the room is finished already: nobody is told again.)
    if (!engine) return;
    if (this.record.spectatorDelay) {
      const endedAt = this.record.endedAt?.getTime() ?? this.ctx.clock.now();
      this.feed.resume(lastHand, this.ctx.clock.now() - endedAt);
    }
    this.restartViewCounters();
    const views = this.computeViews();
    this.latest = views;
    this.committed = views;
  }

  // -------------------------------------------------------------------------------------------
  // Failure: pause, then rebuild from the ledger

  /** A write of this room was not committed (and nothing queued behind it was). */
  private writeFailed(error: unknown): void {
    const s = this.stage;
    if (s.kind === 'paused' || s.kind === 'closed') return;
    if (!this.engine) {
      // In the lobby nothing was applied before its write: the request answers 503, that is all.
      this.journal.reopen();
      return;
    }
    const reason = error instanceof Error ? error.message : String(error);
    if (!this.move({ kind: 'paused', since: this.ctx.clock.now(), reason: reason.slice(0, 300) })) {
      this.journal.reopen();
      return;
    }
    this.pausesInARow += 1;
    this.scheduler.clear();
    const retryMs = Math.max(recoveryDelay(this.recoveryAttempts), repauseDelay(this.pausesInARow));
    this.log.error(
      { err: error, pausesInARow: this.pausesInARow, retryMs },
      'ledger write failed: table paused until rebuilt from the ledger',
    );
    this.ctx.broadcaster.table(this.code, {
      type: 'notice',
      code: 'ledger/paused',
      message: 'Server trouble: your table resumes shortly. No timer runs meanwhile.',
    });
    this.recoverLater(retryMs);
  }

  private recoverLater(ms = recoveryDelay(this.recoveryAttempts)): void {
    if (this.recoveryTimer.pending || this.closed) return;
    this.recoveryTimer.set(() => void this.recover(), ms);
  }

  /** Reloads the table from the ledger (if this process still owns it) and resumes play. */
  private async recover(): Promise<void> {
    const paused = this.stage;
    if (paused.kind !== 'paused') return;
    const store = this.ctx.ledger.store;
    const id = this.record.id;
    let loaded: [MatchRecord | null, ActionRow[], number];
    try {
      // A write that seemed to fail may have committed (the connection dropped after COMMIT):
      // the ledger says what happened, the memory of this room does not.
      if (!this.journal.idle) throw new Error('a write is still in flight');
      const mine = await store.claim([id]);
      if (mine.length === 0) {
        this.log.warn('another server process holds this table now; letting it go');
        this.close();
        this.ctx.onLost?.(this);
        return;
      }
      const [record, log, hands] = await Promise.all([store.loadMatch(id), store.loadLog(id), store.loadHands(id)]);
      loaded = [record, log, hands.length];
    } catch (error) {
      this.recoveryAttempts += 1;
      // Said once per pause; the later attempts (every 2 s) only at debug level.
      const level = this.recoveryAttempts === 1 ? 'warn' : 'debug';
      this.log[level]({ err: error, attempt: this.recoveryAttempts }, 'table still paused');
      this.recoverLater();
      return;
    }
    const [record, log, handsWritten] = loaded;
    if (!record) {
      this.log.error('a paused table is gone from the ledger; letting it go');
      this.close();
      this.ctx.onLost?.(this);
      return;
    }
    this.recoveryAttempts = 0;
    this.record = record;
    this.journal.reopen();
    const dealAgain = log.length === 0;
    try {
      if (dealAgain) {
        if (record.status !== 'playing') throw new Error('the log has no start entry');
        // The start was stored but not the first deal: nothing was played or shown, so the
        // table goes back to dealing and deals again (the same wall: the seed is the record's).
        this.engine = null;
        this.mjai?.close();
        this.mjai = null;
        this.handMeta = null;
        this.move({ kind: 'dealing' });
      }
      this.restore(log, handsWritten);
    } catch (error) {
      // Not a log this server writes; keep the table paused (and readable) rather than guess.
      if (this.stage.kind !== 'paused') this.move(paused);
      this.recoveryAttempts += 1;
      this.log.error({ err: error }, 'a paused table does not replay from its log');
      this.recoverLater();
      return;
    }
    if (dealAgain) {
      // The deal's entries are being written: play has resumed only once they are stored (a
      // failure pauses the table again and the next rebuild deals again).
      await this.outbox;
      if (this.stage.kind !== 'playing') return;
    }
    this.log.info(
      { seq: this.engine?.seq, pausedMs: this.ctx.clock.now() - paused.since },
      'table resumed from the ledger',
    );
    const b = this.ctx.broadcaster;
    b.table(this.code, { type: 'notice', code: 'ledger/resumed', message: 'Back to normal: play resumes.' });
    // Everyone starts again from what the ledger holds (the deadlines moved with the pause).
    for (const seat of SEATS) {
      const holder = this.holderOf(seat);
      if (holder !== null && this.audience.count(seat) > 0) b.seat(this.code, seat, holder, this.welcome(seat));
    }
    if (this.audience.count('spectator') > 0) b.spectators(this.code, this.welcome('spectator'));
    if (record.status === 'over' || record.status === 'ended') this.finished();
  }

  // -------------------------------------------------------------------------------------------
  // Play

  private engineNow(): number {
    return this.ctx.clock.now() - this.offset;
  }

  /** A seat's action from a socket. Refused => nothing changes. */
  act(seat: Seat, seq: number, action: PlayerAction): Result<LogEntry, RefusalCode> {
    switch (this.stage.kind) {
      case 'lobby':
        return fail('table/not_started', 'the match has not started');
      case 'dealing':
        return fail('table/not_started', 'the first hand is about to be dealt');
      case 'paused':
        return fail('table/paused', 'server trouble: your table resumes shortly');
      case 'ending':
        return fail('table/over', 'the host is ending the match');
      case 'finished':
      case 'closed':
        return fail('table/over', 'the match is over');
      case 'playing':
        break;
    }
    if (!this.engine) return fail('table/over', 'the match is over');
    if (seq > this.viewSeqs[seat]! || seq < this.legalSince[seat]!) {
      return fail('act/stale_seq', `view ${seq} is stale; your latest view is ${this.viewSeqs[seat]}`);
    }
    const r = this.engine.act(seat, action, this.engineNow());
    if (!r.ok) return fail(ENGINE_REFUSAL[r.error.code], r.error.message);
    this.afterEvent([this.actionWrite(r.value)]);
    return ok(r.value);
  }

  private actionWrite(entry: LogEntry): LedgerWrite {
    return { kind: 'action', matchId: this.record.id, row: { seq: entry.seq, at: entry.at, event: entry.event } };
  }

  private connectedFlags(): boolean[] {
    return SEATS.map((s) => this.record.seats[s]!.bot || this.audience.count(s) > 0);
  }

  /** Adds what the engine cannot know: connections, and deadlines on the server's wall clock (a new object). */
  private dress(view: TableView, connected: readonly boolean[]): { -readonly [K in keyof TableView]: TableView[K] } {
    const off = this.offset;
    return {
      ...view,
      deadlines:
        off === 0
          ? view.deadlines
          : {
              turn: view.deadlines.turn === null ? null : view.deadlines.turn + off,
              claim: view.deadlines.claim === null ? null : view.deadlines.claim + off,
            },
      seats: this.presenceSeats.of(view.seats, connected),
    };
  }

  private computeViews(): Views {
    const engine = this.engine!;
    const connected = this.connectedFlags();
    const changed = [false, false, false, false, false];
    const seats = SEATS.map((s) => this.number(s, this.dress(engine.viewFor(s), connected), changed));
    return {
      seq: engine.seq,
      seats: seats as unknown as BySeat<TableView>,
      spectator: this.number(SPECTATORS, this.dress(engine.viewFor('spectator'), connected), changed),
      changed,
    };
  }

  /** Gives a slot's view that slot's own counter, stepped when anything else in it (but presence) changed. */
  private number(
    slot: number,
    view: { -readonly [K in keyof TableView]: TableView[K] },
    changed: boolean[],
  ): TableView {
    // Who is connected is told by the lobby info at once; in a view it changes nothing by
    // itself, or an answer that leaves a window open would send a view whenever somebody
    // (dis)connected since the last one (and show that a seat could claim): `sameView` skips it.
    const last = this.lastViews[slot];
    // Unchanged but for presence: the view numbered so stays the one its recipients were sent, so
    // that the next patch, made against it, carries the presence that changed meanwhile.
    if (last !== null && last !== undefined && sameView(last, view)) return last;
    this.viewSeqs[slot] = this.viewSeqs[slot]! + 1;
    changed[slot] = true;
    // (The view is `dress`'s new object, nobody else's yet.)
    view.seq = this.viewSeqs[slot]!;
    this.lastViews[slot] = view;
    return view;
  }

  /** The view counter of a viewer as last committed (what its sockets have been sent). */
  viewSeq(viewer: Viewer): number {
    const views = this.committed;
    if (!views) return 0;
    return viewer === 'spectator' ? views.spectator.seq : views.seats[viewer].seq;
  }

  private trackLegal(views: Views, reset: boolean): void {
    // Pauses count from the stamp of the event that set them (on the clock), not from when this
    // runs: a bot's thinking or a late timer before it must not move the next bot's move.
    const last = this.engine!.log[this.engine!.log.length - 1];
    const since = last === undefined ? this.ctx.clock.now() : last.at + this.offset;
    // A bot answers a claim window by its uniform minimum (the close every other seat is shown),
    // so that a window where a bot could claim closes no later than one where nobody could. A
    // human seat is waited for whether its page is open or not (a reload keeps the offer for
    // what is left of the window): nothing anybody is sent depends on the page being open.
    const claimMin = views.spectator.deadlines.claim;
    for (const seat of SEATS) {
      const view = views.seats[seat];
      const legal = view.legalActions;
      const last = this.lastLegal[seat];
      if (reset || last === null || last === undefined || !sameData(last, legal)) {
        this.lastLegal[seat] = legal;
        this.legalSince[seat] = view.seq;
        let due: number | null = null;
        if (legal.length > 0 && this.botControls(seat)) {
          due = claimMin === null ? since + this.ctx.botDelayMs : Math.min(since + this.ctx.botDelayMs, claimMin);
          if (this.playsAi(seat)) this.mjai?.ask(seat, view, this.ctx.clock.now());
        }
        this.scheduler.setDue(seat, due);
        this.aiDue[seat] = due;
      }
    }
  }

  /** The outside AI plays the seat (not the built-in bot covering an away player). */
  private playsAi(seat: Seat): boolean {
    return this.mjai?.has(seat) === true && !this.covering[seat]!;
  }

  /** Starts the outside AI seats' processes (a deal, or a table brought back from the ledger). */
  private startAi(): void {
    this.mjai?.close();
    this.mjai = null;
    const outside = this.record.seats.flatMap((s) => {
      const spec = s.ai ? this.ctx.mjaiBots?.find((b) => b.name === s.ai) : undefined;
      return spec === undefined ? [] : [{ seat: s.seat, spec }];
    });
    const engine = this.engine;
    if (outside.length === 0 || engine === null || engine.isOver()) return;
    this.mjai = new MjaiTable(this.config(), this.ctx.engineInternals ?? {}, engine.log, outside, {
      log: this.log,
      onAnswer: (seat) => {
        if (this.closed || this.scheduler.due(seat) === null) return;
        this.scheduler.setDue(seat, Math.max(this.ctx.clock.now(), this.aiDue[seat] ?? 0));
        this.scheduler.schedule();
      },
      onMark: () => {
        if (this.closed) return;
        this.marksHeld = true;
        if (this.committed?.spectator.phase !== 'playing') this.showMarks();
      },
    });
  }

  /** The marks made so far go into the table's record, and its followers are told. */
  private showMarks(): void {
    if (!this.marksHeld) return;
    this.marksHeld = false;
    this.shownMarks = this.mjai?.marks() ?? this.shownMarks;
    this.emitInfo();
  }

  private botControls(seat: Seat): boolean {
    return this.record.seats[seat]!.bot || this.covering[seat]!;
  }

  /** A human seat with no page open (and no bot covering it yet). */
  private away(seat: Seat): boolean {
    return !this.record.seats[seat]!.bot && !this.covering[seat]! && this.audience.count(seat) === 0;
  }

  /** A claim or robbing window is open (its answers are all due at its minimum at the latest). */
  private windowOpen(): boolean {
    const stage = this.latest?.spectator.stage;
    return this.latest?.spectator.phase === 'playing' && (stage === 'claims' || stage === 'robbing');
  }

  /** After an accepted event: write it (and any finished hand or match), then broadcast in order. */
  private afterEvent(writes: LedgerWrite[], reset = false): void {
    const engine = this.engine!;
    const views = this.computeViews();
    const results = engine.results();
    while (this.handsWritten < results.length) {
      const result = results[this.handsWritten] as HandResultView;
      const shown = views.spectator;
      const meta =
        this.handMeta?.handNumber === result.handNumber
          ? this.handMeta
          : shown.handNumber === result.handNumber
            ? { dealer: shown.dealer, prevailingWind: shown.prevailingWind }
            : null;
      writes.push({
        kind: 'hand',
        matchId: this.record.id,
        hand: {
          handNumber: result.handNumber,
          dealer: meta?.dealer ?? 0,
          prevailingWind: meta?.prevailingWind ?? 1,
          result,
        },
      });
      this.handsWritten += 1;
    }
    const over = engine.isOver();
    // The engine refuses every further event by itself; the record (what /api/tables shows)
    // says "over" only once that is committed.
    const patch: MatchPatch | null = over
      ? { status: 'over', endedAt: new Date(this.ctx.clock.now()), finalScores: [...engine.scores()] }
      : null;
    if (patch) {
      writes.push({ kind: 'updateMatch', matchId: this.record.id, patch });
      this.scheduler.clear();
    }
    this.latest = views;
    if (views.spectator.phase === 'playing') {
      this.handMeta = {
        handNumber: views.spectator.handNumber,
        dealer: views.spectator.dealer,
        prevailingWind: views.spectator.prevailingWind,
      };
    }
    this.mjai?.sync(engine.log);
    this.trackLegal(views, reset);
    const handEnded = writes.some((w) => w.kind === 'hand') || over;
    // The frames of a hand that ends here are set aside now: by the time its end is committed the
    // table may have dealt on, and the next hand's frames must stay held (they carry every seat's
    // tiles).
    if (this.record.spectatorDelay) this.hold(views, writes);
    const ended = this.record.spectatorDelay && handEnded ? this.feed.takeHeld() : null;
    // The journal resolves in order, so these broadcasts go out in the order of the events.
    this.outbox = this.journal.append(writes).then(
      () => {
        this.pausesInARow = 0;
        if (patch) this.patch(patch);
        const before = this.committed;
        this.committed = views;
        this.broadcast(views, before);
        if (views.spectator.phase !== 'playing') this.showMarks();
        if (ended) this.feed.release(ended);
        if (reset || over) this.emitInfo();
        if (over) this.finished();
      },
      (error: unknown) => this.writeFailed(error),
    );
    if (!over) this.schedule();
  }

  /** The seat has a new holder: the old one's sockets leave it, and a session of theirs that recovers is sent nothing more. */
  private replaced(seat: Seat): void {
    this.audience.replaced(seat);
    this.ctx.broadcaster.seatReplaced(this.code, seat);
  }

  /** The nonce of the token that holds `seat` now (null: a bot's seat, or nobody's yet: no socket holds it). */
  private holderOf(seat: Seat): string | null {
    return this.record.seats[seat]?.nonce ?? null;
  }

  /**
   * Sends each seat (and the spectators) its new view, but only when something in it changed
   * (its own counter stepped). A claim answer that leaves the window open changes nothing another
   * seat may see; sending them a view anyway, or numbering views by the table's events, would
   * tell them that someone could claim the discard. A seat that is not sent a view keeps acting
   * on its older seq, which stays valid while its legal actions are unchanged.
   *
   * A view goes as its changes from the one committed before (`before`): that is the view every
   * socket of the recipient holds, whether it was sent it or welcomed with it since.
   */
  private broadcast(views: Views, before: Views | null): void {
    const b = this.ctx.broadcaster;
    const shared: SharedDiffs = new Map();
    for (const seat of SEATS) {
      const holder = this.holderOf(seat);
      if (holder !== null && views.changed[seat] && this.audience.reachable(seat))
        b.seat(this.code, seat, holder, viewMessage(views.seats[seat], before?.seats[seat], shared));
    }
    if (views.changed[SPECTATORS] && !this.record.spectatorDelay && this.audience.reachable('spectator')) {
      b.spectators(this.code, viewMessage(views.spectator, before?.spectator, shared));
    }
  }

  // -------------------------------------------------------------------------------------------
  // Spectators one whole hand behind, every hand visible (host option spectatorDelay)

  private hold(views: Views, writes: readonly LedgerWrite[]): void {
    const action = writes.find((w) => w.kind === 'action');
    const at = action?.kind === 'action' ? action.row.at : this.engineNow();
    this.feed.hold({
      seq: views.seq,
      at,
      event: action?.kind === 'action' ? action.row.event : null,
      // Delayed spectators see a finished hand: numbered by the table's events, as replays are.
      view: { ...views.spectator, seq: views.seq },
      ...seatHands(views.seats),
    });
  }

  /** What a (re)joining spectator of a delayed table sees: the last frame played. */
  delayedFrame(): ReplayFrame | null {
    return this.feed.lastShown();
  }

  /** The welcome for a viewer: the committed view (or, for delayed spectators, the last frame shown). */
  welcome(viewer: Viewer): ServerMessage {
    if (viewer === 'spectator' && this.record.spectatorDelay) {
      const frame = this.feed.lastShown();
      return {
        type: 'welcome',
        v: PROTOCOL_VERSION,
        role: viewer,
        table: this.info(),
        view: frame?.view ?? null,
        ...(frame ? { hands: frame.hands, ...(frame.handsRed ? { handsRed: frame.handsRed } : {}) } : {}),
      };
    }
    return { type: 'welcome', v: PROTOCOL_VERSION, role: viewer, table: this.info(), view: this.viewOf(viewer) };
  }

  /** The committed view for a viewer (welcome, sync); null in the lobby. */
  viewOf(viewer: Viewer): TableView | null {
    const views = this.committed;
    if (!views) return null;
    const view = viewer === 'spectator' ? views.spectator : views.seats[viewer];
    const connected = this.connectedFlags();
    return {
      ...view,
      seats: view.seats.map((s) => ({ ...s, connected: connected[s.seat]! })) as unknown as TableView['seats'],
    };
  }

  /** Resolves when everything accepted so far is committed and broadcast. */
  settled(): Promise<void> {
    return this.outbox;
  }

  // -------------------------------------------------------------------------------------------
  // Scheduler: deadlines and bots

  private schedule(): void {
    this.scheduler.schedule();
  }

  /**
   * A deadline ran out (stamped `at`, engine time). An away player's turn timer: a bot takes over
   * the seat until they come back. A window's end is no such turn: an away seat passes there as a
   * silent present one does. Otherwise the engine plays its default.
   */
  private deadlinePassed(at: number, inWindow: boolean): boolean {
    const latest = this.latest!;
    let took = false;
    for (const seat of SEATS) {
      if (!inWindow && this.away(seat)) {
        if (latest.seats[seat].legalActions.length > 0) {
          this.covering[seat] = true;
          took = true;
          this.log.info({ seat }, 'bot covers an away player');
        }
      }
    }
    if (took) {
      for (const seat of SEATS) {
        if (this.covering[seat] && latest.seats[seat].legalActions.length > 0) {
          if (this.botAct(seat, at)) return true;
        }
      }
    }
    const r = this.engine!.timeout(at);
    if (!r.ok) return false;
    this.afterEvent([this.actionWrite(r.value)]);
    return true;
  }

  /**
   * The bot for `seat` acts, stamped
   * `at` (engine time; the engine never stamps before its last event); false when it had nothing
   * acceptable (then it waits for the deadline).
   */
  private botAct(seat: Seat, at: number): boolean {
    const engine = this.engine!;
    const view = this.latest!.seats[seat];
    this.scheduler.setDue(seat, null);
    const candidates: PlayerAction[] = [];
    if (this.playsAi(seat)) {
      const d = this.mjai!.decide(seat, view, this.ctx.clock.now());
      if (d.kind === 'wait') {
        this.scheduler.setDue(seat, d.until);
        return false;
      }
      if (d.kind === 'act') {
        const r = engine.act(seat, d.action, at);
        if (r.ok) {
          this.afterEvent([this.actionWrite(r.value)]);
          return true;
        }
        this.mjai!.refused(seat, d.action, r.error.code);
      }
    }
    const choice = chooseBotAction(view);
    if (choice) candidates.push(choice);
    const pass = view.legalActions.find((a) => a.type === 'pass');
    if (pass) candidates.push({ type: 'pass' });
    for (const action of candidates) {
      const r = engine.act(seat, action, at);
      if (r.ok) {
        this.afterEvent([this.actionWrite(r.value)]);
        return true;
      }
      this.log.warn({ seat, action, refusal: r.error.code }, 'bot action refused');
    }
    return false;
  }

  // -------------------------------------------------------------------------------------------
  // Connections

  attach(viewer: Viewer): void {
    const sockets = this.audience.join(viewer);
    if (viewer === 'spectator') {
      this.emitInfoSoon();
      return;
    }
    if (this.waitingToDeal && this.everyHumanHere()) this.deal();
    if (sockets === 1) {
      // Back: the player answers for themselves again.
      if (this.covering[viewer] || this.scheduler.due(viewer) !== null) {
        this.covering[viewer] = false;
        this.scheduler.setDue(viewer, null);
        this.schedule();
      }
      this.emitInfo();
    }
  }

  detach(viewer: Viewer): void {
    const sockets = this.audience.leave(viewer);
    if (viewer === 'spectator') {
      this.emitInfoSoon();
      return;
    }
    // Gone while a window waits for their answer: nothing is answered for them. A reload gets the
    // offer back for what is left of the window; a seat that stays away passes at its end.
    if (sockets === 0) this.emitInfo();
  }

  isCovered(seat: Seat): boolean {
    return this.covering[seat]!;
  }

  /** Stops timers (shutdown); the state stays in the ledger. */
  close(): void {
    const s = this.stage;
    if (s.kind !== 'closed') this.move({ kind: 'closed', from: s.kind });
    this.mjai?.close();
    this.scheduler.clear();
    this.recoveryTimer.clear();
    this.infoTimer.clear();
    this.dealTimer.clear();
    this.feed.stop();
  }
}

/**
 * A recipient's next view as a patch on its last one (`@mahjong/shared`'s `view-patch.ts`), or
 * whole when there is no last one to patch (the first deal, counters restarted after a pause).
 */
function viewMessage(view: TableView, last: TableView | undefined, shared: SharedDiffs): ServerMessage {
  if (last === undefined || last.seq !== view.seq - 1) return { type: 'view', seq: view.seq, view };
  return { type: 'patch', seq: view.seq, base: last.seq, patch: diffViews(last, view, shared) };
}
