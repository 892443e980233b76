/**
 * One table online: its lobby record, the engine once started, who is connected, the scheduler
 * (timers and bots on the injected clock) and the path of every accepted event: engine -> ledger
 * (group commit) -> broadcast, in order. A room knows no socket: it talks to a Broadcaster.
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
  type TileKind,
} from '@mahjong/shared';
import type { Logger } from 'pino';
import type { Clock } from './clock.js';
import { replayFrames } from './replay.js';
import type { Ledger } from './store/ledger.js';
import type { ActionRow, LedgerWrite, MatchPatch, MatchRecord, SeatRecord } from './store/types.js';
import {
  type ActionRefusal,
  chooseBotAction,
  createEngine,
  type LogEntry,
  type MatchConfig,
  replayEngine,
  type TableEngine,
  type TableEvent,
} from './table/index.js';
import { newNonce, signToken } from './tokens.js';

/** Version of the logged event format; stored with every match so old logs stay readable. */
export const LOG_FORMAT_VERSION = 1;
export const rulesetVersion = (ruleset: string): string => `${ruleset}@1`;

export type Viewer = Seat | 'spectator';

export interface Broadcaster {
  /** Every socket holding `seat` at table `code`. */
  seat(code: string, seat: Seat, msg: ServerMessage): void;
  spectators(code: string, msg: ServerMessage): void;
  /** Every socket at the table, seats and spectators. */
  table(code: string, msg: ServerMessage): void;
}

export interface RoomContext {
  readonly ledger: Ledger;
  readonly clock: Clock;
  readonly broadcaster: Broadcaster;
  readonly log: Logger;
  readonly secret: Buffer;
  /** Pause before a bot acts, so that play looks human (ms). */
  readonly botDelayMs: number;
  /** Told when the match is over or ended (after its last broadcast). */
  readonly onFinished?: (room: Room) => void;
}

const ENGINE_REFUSAL: Record<ActionRefusal, RefusalCode> = {
  'action/malformed': 'msg/invalid',
  'action/match_over': 'act/match_over',
  'action/not_your_turn': 'act/not_your_turn',
  'action/already_answered': 'act/already_answered',
  'action/no_such_tile': 'act/no_such_tile',
  'action/illegal': 'act/illegal',
};

interface Views {
  readonly seq: number;
  readonly seats: BySeat<TableView>;
  readonly spectator: TableView;
}

export const BOT_NAMES: BySeat<string> = ['Bot East', 'Bot South', 'Bot West', 'Bot North'];

export class Room {
  record: MatchRecord;
  engine: TableEngine | null = null;
  /** Engine time = clock time - offset (after a restart the engine's clock resumes where the log stopped). */
  private offset = 0;
  private readonly connections = [0, 0, 0, 0];
  spectatorCount = 0;
  /** A bot plays for an away human until they come back. */
  private readonly covering = [false, false, false, false];
  /** The seq since which each seat's legal actions are what they are now (stale-seq check). */
  private readonly legalSince = [0, 0, 0, 0];
  private readonly legalKey = ['', '', '', ''];
  private readonly botDue: (number | null)[] = [null, null, null, null];
  private timer: unknown = null;
  private handsWritten = 0;
  private handMeta: { handNumber: number; dealer: Seat; prevailingWind: number } | null = null;
  /** Latest computed views (may not be committed yet). */
  private latest: Views | null = null;
  /** Views as last broadcast (committed): what a (re)joining socket gets. */
  private committed: Views | null = null;
  private outbox: Promise<void> = Promise.resolve();
  private closed = false;
  /** spectatorDelay: frames of the hand in play, held back until it ends. */
  private held: ReplayFrame[] = [];
  /** spectatorDelay: frames released for playback, each due at `due` on the clock. */
  private playback: { frame: ReplayFrame; due: number }[] = [];
  private playbackTimer: unknown = null;
  private playbackEnd = 0;
  /** spectatorDelay: the last frame shown to spectators (for a joining spectator). */
  private shown: ReplayFrame | null = null;

  constructor(
    record: MatchRecord,
    private readonly ctx: RoomContext,
  ) {
    this.record = record;
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
          connected: s.bot || this.connections[s.seat]! > 0,
        }),
      ) as unknown as BySeat<LobbySeat>,
      spectatorsAllowed: r.spectatorsAllowed,
      spectatorDelay: r.spectatorDelay,
      fillWithBots: r.fillWithBots,
      spectators: this.spectatorCount,
      seedHash: r.seedHash,
      createdAt: r.createdAt.toISOString(),
      startedAt: r.startedAt?.toISOString() ?? null,
      endedAt: r.endedAt?.toISOString() ?? null,
    };
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

  private emitInfo(): void {
    this.ctx.broadcaster.table(this.code, { type: 'table', table: this.info() });
  }

  async join(
    name: string,
    wanted: Seat | undefined,
  ): Promise<
    Result<{ seat: Seat; token: string }, 'table/seat_taken' | 'table/full' | 'table/already_started' | 'table/over'>
  > {
    if (this.record.status === 'playing') return fail('table/already_started', 'the match has started');
    if (this.record.status !== 'lobby') return fail('table/over', 'the table is closed');
    const free = (s: SeatRecord) => s.name === null && !s.bot;
    let seat: SeatRecord | undefined;
    if (wanted !== undefined) {
      seat = this.record.seats[wanted];
      if (!seat || !free(seat)) return fail('table/seat_taken', `seat ${wanted} is taken`);
    } else {
      seat = this.record.seats.find(free);
      if (!seat) return fail('table/full', 'every seat is taken');
    }
    const next: SeatRecord = { seat: seat.seat, name, bot: false, nonce: newNonce() };
    this.setSeat(next);
    await this.ctx.ledger.write([{ kind: 'seat', matchId: this.record.id, seat: next }]);
    this.emitInfo();
    return ok({
      seat: next.seat,
      token: signToken(this.ctx.secret, { code: this.code, subject: next.seat, nonce: next.nonce! }),
    });
  }

  async setBot(seat: Seat): Promise<Result<TableInfo, 'table/already_started' | 'table/over'>> {
    if (this.record.status === 'playing') return fail('table/already_started', 'the match has started');
    if (this.record.status !== 'lobby') return fail('table/over', 'the table is closed');
    const next: SeatRecord = { seat, name: BOT_NAMES[seat], bot: true, nonce: null };
    this.setSeat(next);
    await this.ctx.ledger.write([{ kind: 'seat', matchId: this.record.id, seat: next }]);
    this.emitInfo();
    return ok(this.info());
  }

  async start(): Promise<Result<TableInfo, 'table/already_started' | 'table/over' | 'table/not_ready'>> {
    if (this.record.status === 'playing') return fail('table/already_started', 'the match has started');
    if (this.record.status !== 'lobby') return fail('table/over', 'the table is closed');
    const empty = this.record.seats.filter((s) => s.name === null && !s.bot);
    if (empty.length > 0 && !this.record.fillWithBots) {
      return fail('table/not_ready', `seats ${empty.map((s) => s.seat).join(', ')} are empty`);
    }
    const writes: LedgerWrite[] = [];
    for (const s of empty) {
      const bot: SeatRecord = { seat: s.seat, name: BOT_NAMES[s.seat], bot: true, nonce: null };
      this.setSeat(bot);
      writes.push({ kind: 'seat', matchId: this.record.id, seat: bot });
    }
    const now = this.ctx.clock.now();
    this.offset = 0;
    const engine = createEngine(this.config(), now);
    this.engine = engine;
    const patch: MatchPatch = { status: 'playing', startedAt: new Date(now), startClock: now };
    this.patch(patch);
    writes.push({ kind: 'updateMatch', matchId: this.record.id, patch });
    for (const entry of engine.log) writes.push(this.actionWrite(entry));
    this.afterEvent(writes, true);
    await this.outbox;
    return ok(this.info());
  }

  /** The host stops the table: it is kept in the ledger as ended, with the scores so far. */
  async end(): Promise<Result<TableInfo, 'table/over'>> {
    if (this.record.status === 'over' || this.record.status === 'ended') return fail('table/over', 'already closed');
    this.clearTimer();
    const now = this.ctx.clock.now();
    const patch: MatchPatch = {
      status: 'ended',
      endedAt: new Date(now),
      finalScores: this.engine ? [...this.engine.scores()] : null,
    };
    this.patch(patch);
    const p = this.ctx.ledger.write([{ kind: 'updateMatch', matchId: this.record.id, patch }]);
    this.outbox = this.outbox
      .then(() => p)
      .then(() => {
        this.emitInfo();
        // Nothing is hidden any more: delayed spectators get the unfinished hand too.
        if (this.record.spectatorDelay) this.release();
        this.ctx.onFinished?.(this);
      });
    await this.outbox;
    return ok(this.info());
  }

  config(): MatchConfig {
    const r = this.record;
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

  /** Rebuilds a started match from its log after a restart; timers restart from now. */
  restore(log: readonly ActionRow[], handsWritten: number): void {
    const entries: LogEntry[] = log.map((r) => ({ seq: r.seq, at: r.at, event: r.event as TableEvent }));
    const engine = replayEngine(this.config(), entries);
    this.engine = engine;
    const lastAt = entries[entries.length - 1]?.at ?? this.ctx.clock.now();
    this.offset = this.ctx.clock.now() - lastAt;
    this.handsWritten = handsWritten;
    if (this.record.spectatorDelay) {
      // Frames of the hand in play, so that spectators still get the whole hand when it ends.
      const { frames, handStarts } = replayFrames(this.record, entries);
      const current = engine.viewFor('spectator').handNumber;
      this.held = frames.slice(handStarts[current] ?? frames.length);
    }
    const views = this.computeViews();
    this.latest = views;
    this.committed = views;
    this.trackLegal(views, true);
    this.schedule();
  }

  // -------------------------------------------------------------------------------------------
  // Play

  private engineNow(): number {
    return this.ctx.clock.now() - this.offset;
  }

  /** A seat's action from a socket. Refused => nothing changes. */
  act(seat: Seat, seq: number, action: PlayerAction): Result<LogEntry, RefusalCode> {
    const status = this.record.status;
    if (status === 'lobby') return fail('table/not_started', 'the match has not started');
    if (status !== 'playing' || !this.engine) return fail('table/over', 'the match is over');
    if (seq > this.engine.seq || seq < this.legalSince[seat]!) {
      return fail('act/stale_seq', `state ${seq} is stale; the table is at ${this.engine.seq}`);
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
    return SEATS.map((s) => this.record.seats[s]!.bot || this.connections[s]! > 0);
  }

  /** Adds what the engine cannot know: connections, and deadlines on the server's wall clock. */
  private dress(view: TableView, connected: readonly boolean[]): TableView {
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
      seats: view.seats.map((s) => ({ ...s, connected: connected[s.seat]! })) as unknown as TableView['seats'],
    };
  }

  private computeViews(): Views {
    const engine = this.engine!;
    const connected = this.connectedFlags();
    return {
      seq: engine.seq,
      seats: SEATS.map((s) => this.dress(engine.viewFor(s), connected)) as unknown as BySeat<TableView>,
      spectator: this.dress(engine.viewFor('spectator'), connected),
    };
  }

  private trackLegal(views: Views, reset: boolean): void {
    const now = this.ctx.clock.now();
    for (const seat of SEATS) {
      const legal = views.seats[seat].legalActions;
      const key = JSON.stringify(legal);
      if (reset || key !== this.legalKey[seat]) {
        this.legalKey[seat] = key;
        this.legalSince[seat] = views.seq;
        this.botDue[seat] = legal.length > 0 && this.botControls(seat) ? now + this.ctx.botDelayMs : null;
      }
    }
  }

  private botControls(seat: Seat): boolean {
    return this.record.seats[seat]!.bot || this.covering[seat]!;
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
    if (over) {
      const patch: MatchPatch = {
        status: 'over',
        endedAt: new Date(this.ctx.clock.now()),
        finalScores: [...engine.scores()],
      };
      this.patch(patch);
      writes.push({ kind: 'updateMatch', matchId: this.record.id, patch });
      this.clearTimer();
    }
    this.latest = views;
    if (views.spectator.phase === 'playing') {
      this.handMeta = {
        handNumber: views.spectator.handNumber,
        dealer: views.spectator.dealer,
        prevailingWind: views.spectator.prevailingWind,
      };
    }
    this.trackLegal(views, reset);
    const handEnded = writes.some((w) => w.kind === 'hand') || over;
    if (this.record.spectatorDelay) this.hold(views, writes);
    const committed = this.ctx.ledger.write(writes);
    const withInfo = reset || over;
    this.outbox = this.outbox
      .then(() => committed)
      .then(
        () => {
          this.committed = views;
          this.broadcast(views);
          if (handEnded && this.record.spectatorDelay) this.release();
          if (withInfo) this.emitInfo();
          if (over) this.ctx.onFinished?.(this);
        },
        (error: unknown) => {
          this.ctx.log.error({ err: error, code: this.code, seq: views.seq }, 'ledger write failed; not broadcast');
        },
      );
    if (!over) this.schedule();
  }

  /**
   * Sends each seat (and the spectators) its new view, but only when something in it other than
   * `seq` changed. A claim answer that leaves the window open changes nothing another seat may
   * see; sending them a view anyway would tell them that someone could claim the discard. A seat
   * that is not sent a view keeps acting on its older seq, which stays valid while its legal
   * actions are unchanged.
   */
  private broadcast(views: Views): void {
    const b = this.ctx.broadcaster;
    for (const seat of SEATS) {
      if (this.connections[seat]! > 0 && this.changedFor(seat, views.seats[seat]))
        b.seat(this.code, seat, { type: 'view', seq: views.seq, view: views.seats[seat] });
    }
    if (this.spectatorCount > 0 && !this.record.spectatorDelay && this.changedFor(4, views.spectator)) {
      b.spectators(this.code, { type: 'view', seq: views.seq, view: views.spectator });
    }
  }

  /** What was last broadcast to each seat (0-3) and to the spectators (4), without its seq. */
  private readonly sentKeys: (string | null)[] = [null, null, null, null, null];

  private changedFor(slot: number, view: TableView): boolean {
    const key = JSON.stringify({ ...view, seq: 0 });
    if (this.sentKeys[slot] === key) return false;
    this.sentKeys[slot] = key;
    return true;
  }

  // -------------------------------------------------------------------------------------------
  // Spectators one whole hand behind, every hand visible (host option spectatorDelay)

  private hold(views: Views, writes: readonly LedgerWrite[]): void {
    const action = writes.find((w) => w.kind === 'action');
    const at = action?.kind === 'action' ? action.row.at : this.engineNow();
    this.held.push({
      seq: views.seq,
      at,
      event: action?.kind === 'action' ? action.row.event : null,
      view: views.spectator,
      hands: views.seats.map((v) => v.hand?.concealed ?? []) as unknown as BySeat<readonly TileKind[]>,
    });
  }

  /** A hand ended: its frames play for spectators at their own pace, after any hand still playing. */
  private release(): void {
    const frames = this.held;
    this.held = [];
    if (frames.length === 0) return;
    const start = Math.max(this.ctx.clock.now(), this.playbackEnd);
    const first = frames[0]!.at;
    for (const frame of frames) this.playback.push({ frame, due: start + (frame.at - first) });
    this.playbackEnd = this.playback[this.playback.length - 1]!.due + 1;
    this.pump();
  }

  private pump(): void {
    if (this.playbackTimer !== null || this.closed) return;
    const now = this.ctx.clock.now();
    while (this.playback.length > 0 && this.playback[0]!.due <= now) {
      const { frame } = this.playback.shift()!;
      this.shown = frame;
      if (this.spectatorCount > 0) {
        this.ctx.broadcaster.spectators(this.code, {
          type: 'view',
          seq: frame.seq,
          view: frame.view,
          hands: frame.hands,
        });
      }
    }
    const next = this.playback[0];
    if (!next) return;
    this.playbackTimer = this.ctx.clock.setTimer(() => {
      this.playbackTimer = null;
      this.pump();
    }, next.due - now);
  }

  /** What a (re)joining spectator of a delayed table sees: the last frame played. */
  delayedFrame(): ReplayFrame | null {
    return this.shown;
  }

  /** The welcome for a viewer: the committed view (or, for delayed spectators, the last frame shown). */
  welcome(viewer: Viewer): ServerMessage {
    if (viewer === 'spectator' && this.record.spectatorDelay) {
      const frame = this.shown;
      return {
        type: 'welcome',
        v: PROTOCOL_VERSION,
        role: viewer,
        table: this.info(),
        view: frame?.view ?? null,
        ...(frame ? { hands: frame.hands } : {}),
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

  private clearTimer(): void {
    if (this.timer !== null) this.ctx.clock.clearTimer(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    this.clearTimer();
    if (this.closed || this.record.status !== 'playing' || !this.engine) return;
    let next: number | null = null;
    const deadline = this.engine.nextDeadline();
    if (deadline !== null) next = deadline + this.offset;
    for (const due of this.botDue) if (due !== null && (next === null || due < next)) next = due;
    if (next === null) return;
    const delay = Math.max(0, next - this.ctx.clock.now());
    this.timer = this.ctx.clock.setTimer(() => {
      this.timer = null;
      this.tick();
    }, delay);
  }

  private tick(): void {
    if (this.closed || this.record.status !== 'playing' || !this.engine || !this.latest) return;
    const now = this.ctx.clock.now();
    // Bots whose pause is over act first, one at a time (each action changes the state).
    for (const seat of SEATS) {
      const due = this.botDue[seat];
      if (due !== null && due !== undefined && due <= now && this.botControls(seat)) {
        if (this.botAct(seat)) return;
      }
    }
    const deadline = this.engine.nextDeadline();
    if (deadline !== null && this.engineNow() >= deadline) {
      // An away player's timer ran out: a bot takes over the seat until they come back.
      let took = false;
      for (const seat of SEATS) {
        if (!this.record.seats[seat]!.bot && this.connections[seat] === 0 && !this.covering[seat]) {
          if (this.latest.seats[seat].legalActions.length > 0) {
            this.covering[seat] = true;
            took = true;
            this.ctx.log.info({ code: this.code, seat }, 'bot covers an away player');
          }
        }
      }
      if (took) {
        for (const seat of SEATS) {
          if (this.covering[seat] && this.latest.seats[seat].legalActions.length > 0) {
            if (this.botAct(seat)) return;
          }
        }
      }
      const r = this.engine.timeout(this.engineNow());
      if (r.ok) {
        this.afterEvent([this.actionWrite(r.value)]);
        return;
      }
    }
    this.schedule();
  }

  /** The bot for `seat` acts; false when it had nothing acceptable (then it waits for the deadline). */
  private botAct(seat: Seat): boolean {
    const engine = this.engine!;
    const view = this.latest!.seats[seat];
    this.botDue[seat] = null;
    const choice = chooseBotAction(view);
    const candidates: PlayerAction[] = choice ? [choice] : [];
    const pass = view.legalActions.find((a) => a.type === 'pass');
    if (pass) candidates.push({ type: 'pass' });
    for (const action of candidates) {
      const r = engine.act(seat, action, this.engineNow());
      if (r.ok) {
        this.afterEvent([this.actionWrite(r.value)]);
        return true;
      }
      this.ctx.log.warn({ code: this.code, seat, action, refusal: r.error.code }, 'bot action refused');
    }
    return false;
  }

  // -------------------------------------------------------------------------------------------
  // Connections

  attach(viewer: Viewer): void {
    if (viewer === 'spectator') {
      this.spectatorCount += 1;
      this.emitInfo();
      return;
    }
    this.connections[viewer] = this.connections[viewer]! + 1;
    if (this.connections[viewer] === 1) {
      if (this.covering[viewer]) {
        this.covering[viewer] = false;
        this.botDue[viewer] = null;
        this.schedule();
      }
      this.emitInfo();
    }
  }

  detach(viewer: Viewer): void {
    if (viewer === 'spectator') {
      this.spectatorCount = Math.max(0, this.spectatorCount - 1);
      this.emitInfo();
      return;
    }
    this.connections[viewer] = Math.max(0, this.connections[viewer]! - 1);
    if (this.connections[viewer] === 0) this.emitInfo();
  }

  isCovered(seat: Seat): boolean {
    return this.covering[seat]!;
  }

  /** Stops timers (shutdown); the state stays in the ledger. */
  close(): void {
    this.closed = true;
    this.clearTimer();
    if (this.playbackTimer !== null) this.ctx.clock.clearTimer(this.playbackTimer);
    this.playbackTimer = null;
  }
}
