/**
 * Replay stepping as plain data: where the viewer is in a stored match's frames, playing or
 * paused, at what speed, and whether every hand is shown. The page feeds it elapsed time and
 * button presses and draws `frames[index]`.
 */
import type { TableView } from '@mahjong/shared';
import type { TileKind } from '@mahjong/shared';
import type { MessageId } from '../i18n/messages.js';
import { message, tileLabel, translator } from '../i18n/translate.js';
import type { Lang } from '../settings/settings.js';
import { isFive } from '../table/red-fives.js';

export interface ReplayState {
  /** Index of the frame shown. */
  readonly index: number;
  readonly playing: boolean;
  /** 0.5, 1, 2, 4... */
  readonly speed: number;
  readonly showAll: boolean;
  /** Time spent on the current frame while playing (ms). */
  readonly waited: number;
}

export interface FrameTiming {
  /** Server time of the frame's event (ms). */
  readonly at: number;
}

export const SPEEDS = [0.5, 1, 2, 4, 8] as const;

export const initialReplay = (): ReplayState => ({ index: 0, playing: false, speed: 1, showAll: true, waited: 0 });

const clamp = (i: number, n: number) => Math.max(0, Math.min(n - 1, i));

/** One action forward or back; stepping pauses play. */
export function step(s: ReplayState, frames: number, by: number): ReplayState {
  return { ...s, index: clamp(s.index + by, frames), playing: false, waited: 0 };
}

export function seek(s: ReplayState, frames: number, index: number): ReplayState {
  return { ...s, index: clamp(index, frames), waited: 0 };
}

/** Which hand (0-based) frame `index` belongs to, given each hand's first frame. */
export function handAt(handStarts: readonly number[], index: number): number {
  let hand = 0;
  handStarts.forEach((start, h) => {
    if (start <= index) hand = h;
  });
  return hand;
}

export function jumpToHand(s: ReplayState, frames: number, handStarts: readonly number[], hand: number): ReplayState {
  const h = Math.max(0, Math.min(handStarts.length - 1, hand));
  return seek(s, frames, handStarts[h] ?? 0);
}

/** The pause before showing the frame after `index`: the real gap, kept between 120 ms and 1.5 s. */
export function delayAfter(frames: readonly FrameTiming[], index: number, speed: number): number {
  const a = frames[index];
  const b = frames[index + 1];
  if (!a || !b) return Number.POSITIVE_INFINITY;
  return Math.max(120, Math.min(1500, b.at - a.at)) / speed;
}

/** Advances by elapsed time while playing; stops at the last frame. */
export function tick(s: ReplayState, frames: readonly FrameTiming[], elapsedMs: number): ReplayState {
  if (!s.playing) return s;
  let index = s.index;
  let waited = s.waited + elapsedMs;
  for (;;) {
    const d = delayAfter(frames, index, s.speed);
    if (waited < d) break;
    waited -= d;
    index++;
  }
  const atEnd = index >= frames.length - 1;
  return { ...s, index: clamp(index, frames.length), waited: atEnd ? 0 : waited, playing: !atEnd };
}

export function togglePlay(s: ReplayState, frames: number): ReplayState {
  if (s.playing) return { ...s, playing: false };
  // Playing from the last frame starts over.
  return { ...s, playing: true, index: s.index >= frames - 1 ? 0 : s.index, waited: 0 };
}

/** The table just before an event, as far as a caption needs it. */
export type Before = Pick<TableView, 'phase' | 'stage' | 'turn'>;

/**
 * A caption for a logged event, for people: "Bo discards 5 Dots", "Cy pungs", "No claim". The
 * log format is the server's (`start`, `act` with seat and action, `timeout`); anything else is
 * shown as nothing rather than guessed at. A timeout is told by what it ended (`before`): a claim
 * window closing with nobody claiming, a turn that ran out, the pause between hands.
 */
export function describeEvent(event: unknown, names: readonly string[], before?: Before, lang: Lang = 'en'): string {
  const say = (id: MessageId, values?: Readonly<Record<string, string | number>>) => message(id, lang, values);
  if (typeof event !== 'object' || event === null) return say('replay.deal');
  const e = event as {
    type?: unknown;
    seat?: unknown;
    action?: { type?: unknown; tile?: unknown; tiles?: unknown; red?: unknown };
  };
  const nameOf = (s: number) => names[s] ?? say('replay.seat', { n: s + 1 });
  // Tile names in the language ("Red 5 Dots" / 赤五筒 for a red five).
  const tileText = (k: TileKind, red: boolean) => translator(lang)(tileLabel(k, red));
  if (e.type === 'start') return say('replay.start');
  if (e.type === 'timeout') {
    if (before?.phase === 'handOver') return say('replay.nextDealt');
    if (before?.stage === 'claims' || before?.stage === 'robbing') return say('replay.noClaim');
    if (before?.stage === 'discard' && typeof before.turn === 'number')
      return say('replay.timeRanOut', { name: nameOf(before.turn) });
    return say('replay.timeout');
  }
  if (e.type !== 'act' || typeof e.seat !== 'number' || !e.action) return '';
  const name = nameOf(e.seat);
  // A discard that named the red five says so ("Red 5 Dots").
  const tile = typeof e.action.tile === 'number' ? tileText(e.action.tile as TileKind, e.action.red === true) : '';
  switch (e.action.type) {
    case 'discard':
      return say('replay.discards', { name, tile });
    case 'chow': {
      // A chow that named the hand's red five says which tile it was ("Red 5 Dots").
      const tiles = Array.isArray(e.action.tiles) ? (e.action.tiles as TileKind[]) : [];
      const [a, b, c] = tiles.map((t) => tileText(t, e.action?.red === true && isFive(t)));
      return a !== undefined && b !== undefined && c !== undefined
        ? say('replay.chows', { name, tile: a, tile2: b, tile3: c })
        : say('replay.chowsPlain', { name });
    }
    case 'pung':
      return say(e.action.red === true ? 'replay.pungsRed' : 'replay.pungs', { name });
    case 'kong':
      return say('replay.kongs', { name });
    case 'concealedKong':
      return say('replay.concealedKong', { name, tile });
    case 'addedKong':
      return say('replay.addsKong', { name, tile });
    case 'north':
      // three-player riichi: the North goes aside (the frame shows it with the seat's bonus tiles)
      return say('replay.north', { name });
    case 'win':
      return say('replay.wins', { name });
    case 'riichi':
      return say('replay.riichi', { name, tile });
    case 'nineTerminals':
      return say('replay.nineTerminals', { name });
    case 'pass':
      // Between hands a pass says the seat is ready for the next one.
      return say(before?.phase === 'handOver' ? 'replay.readyNext' : 'replay.passes', { name });
    default:
      return '';
  }
}

/**
 * A move's place for people and links: hand number as shown (from 1) and the step within that
 * hand (0 is its deal). `replay.html?match=ID&hand=N&step=M` opens there.
 */
export function moveOf(handStarts: readonly number[], index: number): { hand: number; step: number } {
  const h = handAt(handStarts, index);
  return { hand: h + 1, step: index - (handStarts[h] ?? 0) };
}

/** The frame index a link names; out-of-range parts are clamped, missing or malformed ones give 0. */
export function indexOfMove(
  handStarts: readonly number[],
  frames: number,
  hand: string | null,
  stepIn: string | null,
): number {
  const n = (x: string | null) => (x !== null && /^\d{1,6}$/.test(x) ? Number(x) : null);
  const h = n(hand);
  const st = n(stepIn) ?? 0;
  if (h === null || handStarts.length === 0) return clamp(st, frames);
  const hi = Math.max(0, Math.min(handStarts.length - 1, h - 1));
  const start = handStarts[hi] ?? 0;
  const end = hi + 1 < handStarts.length ? (handStarts[hi + 1] as number) - 1 : frames - 1;
  return clamp(Math.min(start + st, end), frames);
}
