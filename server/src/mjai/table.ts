/**
 * The outside AI seats of one riichi table. A shadow engine replays the table's log entry by
 * entry (`HandRecorder`, the recorder the mjai export uses), so each entry's events are exactly
 * the ones the export would write; each AI is sent them as its seat may see them: the other
 * seats' dealt tiles and draws are `?` (`maskFor`). An AI is asked for a move only when its seat
 * has one to make, and the room takes the answer through `decide`.
 *
 * When the built-in bot (`shared/src/bot.ts`) plays a decision instead: no answer within the
 * timeout (three in a row and the process is killed), a line that is not an mjai reaction, an
 * answer for another seat, a move not offered, or a move the table refuses. Each one is a log
 * line and counts on the seat's mark (the lobby shows "AI fallback"). A process that exits, is
 * killed for a flood or for its memory, is not restarted: the built-in bot plays the seat to the
 * end of the match (a restarted bot would have missed the hand so far, and a crashing one would
 * crash again).
 *
 * A declaration is two lines in mjai: `reach`, which the AI is sent back as an event (only to
 * it), then its `dahai`; the table gets one riichi move, and the `reach` is not sent twice.
 */
import type { PlayerAction, Seat, TableView } from '@mahjong/shared';
import type { Logger } from 'pino';
import { type MjaiEvent, mjaiEndOf, mjaiEventsOf, mjaiStartGame, mjaiStartKyoku } from '../logs/mjai.js';
import { HandRecorder, type HandStart, type RecordedStep } from '../logs/record.js';
import { createEngine, type EngineInternals } from '../table/engine.js';
import { redFivesOf } from '../table/counts.js';
import type { EngineRulesetId, LogEntry, MatchConfig } from '../table/index.js';
import { MjaiChild } from './child.js';
import type { MjaiBotSpec } from './config.js';
import { readReaction } from './reaction.js';

/** What the room does for a seat's decision. */
export type Decision =
  | { readonly kind: 'act'; readonly action: PlayerAction }
  /** The answer is not in: look again at `until` (or when `onAnswer` says it came). */
  | { readonly kind: 'wait'; readonly until: number }
  /** The built-in bot plays it (`fallback`: instead of the AI, counted and logged; `builtin`: a
   * move mjai has no word for, such as being ready for the next hand). */
  | { readonly kind: 'fallback' | 'builtin' };

export interface MjaiTableContext {
  /** The room's logger: its lines carry the table's code already. */
  readonly log: Logger;
  /** An answer came in for `seat`: the room looks at its decision again. */
  readonly onAnswer: (seat: Seat) => void;
  /** The seat's mark changed (a fallback, the process gone). */
  readonly onMark: (seat: Seat) => void;
}

/** Timeouts in a row after which a process that never answers is killed. */
export const MAX_SILENT_DECISIONS = 3;

interface Pending {
  readonly askedAt: number;
  answer: string | null;
  /** Its `reach` was sent back: the line awaited is the discard. */
  readonly riichi: boolean;
}

class OutsideSeat {
  readonly child: MjaiChild;
  pending: Pending | null = null;
  /** Answers still to come for decisions that timed out (dropped when they come). */
  late = 0;
  silent = 0;
  fallbacks = 0;
  gone: string | null = null;
  reachSent = false;
  closing = false;
  /** It has written a line: started, no more startup allowance. */
  started = false;

  constructor(
    readonly seat: Seat,
    readonly spec: MjaiBotSpec,
    private readonly ctx: MjaiTableContext,
  ) {
    this.child = new MjaiChild(spec, seat, {
      line: (line) => this.line(line),
      gone: (reason) => {
        if (this.closing) return;
        const waiting = this.pending !== null;
        this.gone = reason;
        this.pending = null;
        this.say(
          'warn',
          { reason, stderr: this.child.stderr.slice(0, 500) },
          'mjai: the AI process is gone; the built-in bot plays the seat to the end',
        );
        ctx.onMark(seat);
        // A decision it was asked is the built-in bot's now, not after the timeout runs out.
        if (waiting) ctx.onAnswer(seat);
      },
    });
  }

  say(level: 'warn' | 'info', fields: Record<string, unknown>, msg: string): void {
    this.ctx.log[level]({ seat: this.seat, ai: this.spec.name, ...fields }, msg);
  }

  private line(line: string): void {
    this.started = true;
    if (this.late > 0) {
      this.late -= 1;
      return;
    }
    if (this.pending === null || this.pending.answer !== null) {
      this.say('info', { line: line.slice(0, 200) }, 'mjai: a line nobody asked for, dropped');
      return;
    }
    this.pending.answer = line;
    this.ctx.onAnswer(this.seat);
  }

  ask(now: number, riichi = false): void {
    if (this.gone !== null) return;
    // An answer still owed to an earlier decision comes first and is dropped.
    if (this.pending !== null && this.pending.answer === null) this.late += 1;
    this.pending = { askedAt: now, answer: null, riichi };
    this.child.owe();
  }

  fellBack(reason: string, action?: unknown): Decision {
    this.fallbacks += 1;
    this.say(
      'warn',
      { reason, ...(action === undefined ? {} : { action }), fallbacks: this.fallbacks },
      'mjai: the built-in bot plays this decision',
    );
    this.ctx.onMark(this.seat);
    return { kind: 'fallback' };
  }

  private get timeoutMs(): number {
    return this.spec.timeoutMs + (this.started ? 0 : this.spec.startupMs);
  }

  decide(view: TableView, now: number): Decision {
    if (view.phase !== 'playing') return { kind: 'builtin' };
    if (this.gone !== null) {
      this.fallbacks += 1;
      return { kind: 'fallback' };
    }
    const p = this.pending;
    if (p === null) {
      this.ask(now);
      return { kind: 'wait', until: now + this.timeoutMs };
    }
    if (p.answer === null) {
      const until = p.askedAt + this.timeoutMs;
      if (now < until) return { kind: 'wait', until };
      this.pending = null;
      this.late += 1;
      this.silent += 1;
      const d = this.fellBack(`no answer in ${this.spec.timeoutMs} ms`);
      if (this.silent >= MAX_SILENT_DECISIONS) this.child.kill(`never answers (${this.silent} decisions in a row)`);
      return d;
    }
    this.silent = 0;
    this.pending = null;
    const r = readReaction(p.answer, this.seat, view, p.riichi);
    if (!r.ok) return this.fellBack(r.reason, p.answer.slice(0, 200));
    if ('reach' in r) {
      if (!view.legalActions.some((a) => a.type === 'riichi')) return this.fellBack('reach not offered now');
      this.child.send([{ type: 'reach', actor: this.seat }]);
      this.reachSent = true;
      this.ask(now, true);
      return { kind: 'wait', until: now + this.timeoutMs };
    }
    return { kind: 'act', action: r.action };
  }

  /** Sends the events of the table as this seat may see them. */
  tell(events: readonly MjaiEvent[]): void {
    const out: MjaiEvent[] = [];
    for (const e of events) {
      // Its own `reach` was sent back when it declared.
      if (e.type === 'reach' && e.actor === this.seat && this.reachSent) {
        this.reachSent = false;
        continue;
      }
      out.push(maskFor(e, this.seat));
    }
    this.child.send(out);
  }
}

/** An event as `seat` may see it: the other seats' dealt tiles and draws are `?`. */
export function maskFor(e: MjaiEvent, seat: Seat): MjaiEvent {
  if (e.type === 'start_kyoku') {
    const tehais = e.tehais as string[][];
    return { ...e, tehais: tehais.map((t, i) => (i === seat ? t : t.map(() => '?'))) };
  }
  if (e.type === 'tsumo' && e.actor !== seat) return { ...e, pai: '?' };
  return e;
}

/** The public events of one recorded step (what the export writes for it), unmasked. */
export function stepEvents(step: RecordedStep): MjaiEvent[] {
  const out = step.events.flatMap(mjaiEventsOf);
  if (step.ended !== null) out.push(...mjaiEndOf(step.ended), { type: 'end_kyoku' });
  if (step.started !== null) out.push(...startEvents(step.started));
  return out;
}

export const startEvents = (h: HandStart): MjaiEvent[] => [mjaiStartKyoku(h), ...h.events.flatMap(mjaiEventsOf)];

export class MjaiTable {
  private readonly recorder: HandRecorder;
  private readonly seats = new Map<Seat, OutsideSeat>();
  /** Entries of the table's log applied to the shadow engine (the start is the first). */
  private applied = 1;
  private over = false;

  constructor(
    config: MatchConfig<EngineRulesetId>,
    internals: EngineInternals,
    log: readonly LogEntry[],
    outside: readonly { readonly seat: Seat; readonly spec: MjaiBotSpec }[],
    ctx: MjaiTableContext,
  ) {
    const first = log[0];
    if (first === undefined) throw new Error('an empty log');
    const engine = createEngine(config, first.at, internals);
    this.recorder = new HandRecorder(engine);
    // A table brought back from the ledger: the AI starts with the hand in play so far.
    let hand: MjaiEvent[] = [];
    const current = this.recorder.current();
    if (current !== null) hand = startEvents(current);
    for (const entry of log.slice(1)) {
      const step = this.recorder.apply(entry);
      if (step.ended !== null) hand = [];
      if (step.started !== null) hand = startEvents(step.started);
      else if (step.ended === null) hand.push(...step.events.flatMap(mjaiEventsOf));
    }
    this.applied = log.length;
    const s = engine.state;
    const start = mjaiStartGame(
      // the vacant North seat of a three-player table has no name
      s.setup.players.map((p, seat) => (seat < s.setup.family.seats ? p.name : '')),
      s.setup.rounds,
      redFivesOf(s.setup) === 3,
    );
    for (const { seat, spec } of outside) {
      const o = new OutsideSeat(seat, spec, ctx);
      this.seats.set(seat, o);
      o.tell([start, ...hand]);
    }
  }

  has(seat: Seat): boolean {
    return this.seats.has(seat);
  }

  /** The seats it plays, with their AI's name, decisions the built-in bot made, and whether the process is gone. */
  marks(): { seat: Seat; name: string; fallbacks: number; gone: boolean }[] {
    return [...this.seats.values()].map((o) => ({
      seat: o.seat,
      name: o.spec.name,
      fallbacks: o.fallbacks,
      gone: o.gone !== null,
    }));
  }

  /** Applies the table's log entries not applied yet and tells every AI what they did. */
  sync(log: readonly LogEntry[]): void {
    if (this.applied >= log.length) return;
    const events: MjaiEvent[] = [];
    for (const entry of log.slice(this.applied)) events.push(...stepEvents(this.recorder.apply(entry)));
    this.applied = log.length;
    if (this.recorder.engine.isOver() && !this.over) {
      this.over = true;
      events.push({ type: 'end_game' });
    }
    for (const o of this.seats.values()) o.tell(events);
    if (this.over) this.close();
  }

  /** The seat has a new decision to make (its legal moves changed). */
  ask(seat: Seat, view: TableView, now: number): void {
    if (view.phase === 'playing' && view.legalActions.length > 0) this.seats.get(seat)?.ask(now);
  }

  decide(seat: Seat, view: TableView, now: number): Decision {
    const o = this.seats.get(seat);
    return o === undefined ? { kind: 'builtin' } : o.decide(view, now);
  }

  /** The table refused the AI's move: the built-in bot plays the decision. */
  refused(seat: Seat, action: PlayerAction, code: string): void {
    this.seats.get(seat)?.fellBack(`the table refused it (${code})`, action);
  }

  close(): void {
    for (const o of this.seats.values()) {
      o.closing = true;
      o.child.close();
    }
  }
}
