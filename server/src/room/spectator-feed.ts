/**
 * Spectators one whole hand behind, every hand visible (the host's option `spectatorDelay`): the
 * frames of the hand in play are held (they carry every seat's tiles), and once the hand's end is
 * committed they play for spectators at their own pace, after any hand still playing.
 */
import type { ReplayFrame } from '@mahjong/shared';
import type { Clock } from '../clock.js';
import { OneShot } from './scheduler.js';

export class DelayedSpectatorFeed {
  /** Frames of the hand in play, held back until it ends. */
  private held: ReplayFrame[] = [];
  /** Frames released for playback, each due at `due` on the clock. */
  private readonly playback: { frame: ReplayFrame; due: number }[] = [];
  private readonly timer: OneShot;
  private playbackEnd = 0;
  /** The last frame shown to spectators (for a joining spectator). */
  private shown: ReplayFrame | null = null;
  private stopped = false;

  constructor(
    private readonly clock: Clock,
    /** Shows a frame to the spectators (those at the table now). */
    private readonly show: (frame: ReplayFrame) => void,
  ) {
    this.timer = new OneShot(clock);
  }

  /** A frame of the hand in play. */
  hold(frame: ReplayFrame): void {
    this.held.push(frame);
  }

  /** The hand in play after a rebuild from the ledger: its frames so far. */
  holdFrom(frames: ReplayFrame[]): void {
    this.held = frames;
  }

  /**
   * After a rebuild from the ledger: the playback of the last hand that ended, taken up where it
   * stood `elapsedMs` after that hand's end (its playback began then). Its frames up to there count
   * as shown (a spectator who comes back sees the last of them), the rest play on: nothing of that
   * hand is skipped, and nothing of the hand in play is shown.
   */
  resume(ended: readonly ReplayFrame[], elapsedMs: number): void {
    const first = ended[0];
    if (!first) return;
    const now = this.clock.now();
    const at = (frame: ReplayFrame) => frame.at - first.at;
    let shown = 0;
    while (shown + 1 < ended.length && at(ended[shown + 1]!) <= elapsedMs) shown += 1;
    this.shown = ended[shown]!;
    for (const frame of ended.slice(shown + 1)) this.playback.push({ frame, due: now + at(frame) - elapsedMs });
    const last = this.playback[this.playback.length - 1];
    if (last) this.playbackEnd = last.due + 1;
    this.pump();
  }

  /** The frames held so far (a hand's, once it has ended), no longer held. */
  takeHeld(): ReplayFrame[] {
    const frames = this.held;
    this.held = [];
    return frames;
  }

  /** A hand ended and its end is committed: its frames play at their own pace, after any still playing. */
  release(frames: readonly ReplayFrame[]): void {
    if (frames.length === 0) return;
    const start = Math.max(this.clock.now(), this.playbackEnd);
    const first = frames[0]!.at;
    for (const frame of frames) this.playback.push({ frame, due: start + (frame.at - first) });
    this.playbackEnd = this.playback[this.playback.length - 1]!.due + 1;
    this.pump();
  }

  /** What a (re)joining spectator sees: the last frame played. */
  lastShown(): ReplayFrame | null {
    return this.shown;
  }

  /** Stops the playback for good (the room closed). */
  stop(): void {
    this.stopped = true;
    this.timer.clear();
  }

  private pump(): void {
    if (this.timer.pending || this.stopped) return;
    const now = this.clock.now();
    while (this.playback.length > 0 && this.playback[0]!.due <= now) {
      const { frame } = this.playback.shift()!;
      this.shown = frame;
      this.show(frame);
    }
    const next = this.playback[0];
    if (!next) return;
    this.timer.set(() => this.pump(), next.due - now);
  }
}
