/**
 * The table's sounds as data: each one a few synthesised notes (oscillator type, pitch and an
 * optional glide, start, length, loudness). Nothing is downloaded: audio/player.ts plays these
 * through Web Audio. The claim calls differ in pitch contour and rhythm, not only in pitch:
 * chow a quick rising pair, pung one firm knock, kong a double knock, win a rising triad.
 */
export const SOUND_IDS = ['discard', 'draw', 'chow', 'pung', 'kong', 'flower', 'win', 'fanfare', 'tick'] as const;
export type SoundId = (typeof SOUND_IDS)[number];

export interface Note {
  readonly type: OscillatorType;
  /** Hz at the start, and at the end when it glides. */
  readonly freq: number;
  readonly to?: number;
  /** Seconds after the sound starts. */
  readonly at: number;
  readonly dur: number;
  /** 0..1 before the player's volume. */
  readonly gain: number;
}

const n = (type: OscillatorType, freq: number, at: number, dur: number, gain: number, to?: number): Note => ({
  type,
  freq,
  at,
  dur,
  gain,
  ...(to === undefined ? {} : { to }),
});

export const RECIPES: Readonly<Record<SoundId, readonly Note[]>> = {
  // a tile laid on the felt: a short low knock with a click on top
  discard: [n('triangle', 220, 0, 0.07, 0.5, 140), n('square', 1800, 0, 0.015, 0.08)],
  draw: [n('sine', 520, 0, 0.06, 0.25, 660)],
  chow: [n('triangle', 440, 0, 0.09, 0.45), n('triangle', 587, 0.09, 0.12, 0.45)],
  pung: [n('square', 330, 0, 0.16, 0.3, 300), n('triangle', 165, 0, 0.16, 0.4)],
  kong: [n('square', 262, 0, 0.1, 0.3), n('square', 262, 0.13, 0.16, 0.3, 240), n('triangle', 131, 0, 0.3, 0.35)],
  flower: [n('sine', 880, 0, 0.08, 0.3), n('sine', 1175, 0.07, 0.12, 0.25)],
  win: [n('triangle', 523, 0, 0.1, 0.4), n('triangle', 659, 0.1, 0.1, 0.4), n('triangle', 784, 0.2, 0.22, 0.45)],
  fanfare: [
    n('square', 523, 0.35, 0.12, 0.18),
    n('square', 659, 0.47, 0.12, 0.18),
    n('square', 784, 0.59, 0.12, 0.18),
    n('square', 1047, 0.71, 0.45, 0.2),
    n('triangle', 262, 0.71, 0.45, 0.3),
  ],
  tick: [n('square', 1320, 0, 0.025, 0.12)],
};

/** How long a sound lasts, in seconds. */
export const soundLength = (id: SoundId): number => Math.max(...RECIPES[id].map((x) => x.at + x.dur));
