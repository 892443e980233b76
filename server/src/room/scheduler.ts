/**
 * A room's timers on the injected clock: when bots move and when the engine's deadlines (turns,
 * claim windows, the pause between hands) run out. The room says what the table looks like and
 * makes the events (`SchedulerHost`); this file decides when, and in which order, they are due.
 */
import { SEATS, type Seat } from '@mahjong/shared';
import type { Clock } from '../clock.js';

/**
 * A timer event (a bot's move, a timeout) is stamped at the time it was due, not when its timer
 * ran, unless it ran more than this late (a stalled process): then at the time less this, so
 * that a stall does not eat the next player's time.
 */
export const MAX_STAMP_LAG_MS = 1000;

/** One timer that is either set or not (setting it again replaces it). */
export class OneShot {
  private handle: unknown = null;
  constructor(private readonly clock: Clock) {}

  get pending(): boolean {
    return this.handle !== null;
  }

  set(run: () => void, ms: number): void {
    this.clear();
    this.handle = this.clock.setTimer(() => {
      this.handle = null;
      run();
    }, ms);
  }

  clear(): void {
    if (this.handle !== null) this.clock.clearTimer(this.handle);
    this.handle = null;
  }
}

/** What the scheduler asks of its room. */
export interface SchedulerHost {
  /** Events may be made now (the room plays, its engine and views exist). */
  inPlay(): boolean;
  /** The engine's next deadline, on the clock (null: none). */
  deadline(): number | null;
  /** Engine time = clock time - offset. */
  offset(): number;
  /** A claim or robbing window is open. */
  windowOpen(): boolean;
  /** A bot answers for the seat (its own, or one covering an away player). */
  botControls(seat: Seat): boolean;
  /** The bot for `seat` acts, stamped `at` (engine time); false when it had nothing acceptable. */
  botAct(seat: Seat, at: number): boolean;
  /** The deadline ran out (stamped `at`, engine time): true when that made an event. */
  deadlinePassed(at: number, inWindow: boolean): boolean;
}

export class Scheduler {
  private readonly timer: OneShot;
  /** When each seat's bot is due to move (clock time; null: not its move). */
  private readonly botDue: (number | null)[] = [null, null, null, null];

  constructor(
    private readonly clock: Clock,
    private readonly host: SchedulerHost,
  ) {
    this.timer = new OneShot(clock);
  }

  due(seat: Seat): number | null {
    return this.botDue[seat] ?? null;
  }

  /** Sets (or, with null, clears) when the seat's bot moves; the timer is set again by `schedule`. */
  setDue(seat: Seat, at: number | null): void {
    this.botDue[seat] = at;
  }

  clear(): void {
    this.timer.clear();
  }

  /** Sets the timer for whatever is due first: a bot's move or the engine's deadline. */
  schedule(): void {
    this.timer.clear();
    if (!this.host.inPlay()) return;
    let next = this.host.deadline();
    for (const due of this.botDue) if (due !== null && (next === null || due < next)) next = due;
    if (next === null) return;
    this.timer.set(() => this.tick(), Math.max(0, next - this.clock.now()));
  }

  /**
   * Runs what is due. Every event it makes is stamped at the time it was due (see
   * MAX_STAMP_LAG_MS), read before any bot thinks: how late this timer ran, how long a bot
   * thought and how many seats answered tell nobody anything.
   */
  private tick(): void {
    if (!this.host.inPlay()) return;
    const now = this.clock.now();
    const stamp = (due: number): number => Math.max(due, now - MAX_STAMP_LAG_MS) - this.host.offset();
    // Bots whose pause is over act first, earliest due first, one
    // at a time (each action changes the state). The answers to the window open now are all
    // given in this pass, each seat once: a window that two bots answer closes at the same stamp
    // (and in the same pass) as one that nobody could answer, not one timer later. Any other
    // move is one per pass, so that a window opened here is answered on a timer of its own, as
    // one that nobody can answer closes on its own.
    const inWindow = this.host.windowOpen();
    const done = [false, false, false, false];
    let acted = false;
    for (;;) {
      let next: Seat | null = null;
      for (const seat of SEATS) {
        const due = this.botDue[seat];
        if (due === null || due === undefined || due > now || done[seat]) continue;
        if (!this.host.botControls(seat)) continue;
        if (next === null || due < this.botDue[next]!) next = seat;
      }
      if (next === null) break;
      done[next] = true;
      if (this.host.botAct(next, stamp(this.botDue[next]!))) {
        acted = true;
        if (!inWindow || !this.host.windowOpen()) break;
      }
    }
    if (acted) return;
    const deadline = this.host.deadline();
    if (deadline !== null && this.clock.now() >= deadline && this.host.deadlinePassed(stamp(deadline), inWindow))
      return;
    this.schedule();
  }
}
