/**
 * The page's audio layer: plays audio/recipes.ts through one Web Audio context. No context is
 * made before the first user gesture (browsers' autoplay rules; the page stays silent until the
 * player has clicked or pressed a key), volume and mute come from the settings, and every sound
 * scheduled is counted (`scheduled`) for tests and the settings panel's preview.
 */
import { settings } from '../settings/settings.js';
import { RECIPES, type SoundId } from './recipes.js';

export interface Scheduled {
  readonly id: SoundId;
  /** AudioContext time it starts at. */
  readonly at: number;
}

export class AudioLayer {
  private ctx: AudioContext | null = null;
  private master: GainNode | null = null;
  /** Every sound scheduled so far (muted or silent pages schedule none). */
  readonly scheduled: Scheduled[] = [];

  constructor(target: Pick<Window, 'addEventListener' | 'removeEventListener'> | null) {
    if (!target) return;
    const unlock = () => {
      this.unlock();
      for (const ev of GESTURES) target.removeEventListener(ev, unlock, true);
    };
    for (const ev of GESTURES) target.addEventListener(ev, unlock, true);
    settings.subscribe((now) => this.applyVolume(now.muted ? 0 : now.volume));
  }

  /** Whether sounds can play (a gesture has happened and the browser has Web Audio). */
  get ready(): boolean {
    return this.ctx !== null;
  }

  /** Makes the context (call from a user gesture). */
  unlock(): void {
    if (this.ctx || typeof AudioContext === 'undefined') return;
    this.ctx = new AudioContext();
    this.master = this.ctx.createGain();
    this.master.connect(this.ctx.destination);
    const s = settings.get();
    this.applyVolume(s.muted ? 0 : s.volume);
    if (this.ctx.state === 'suspended') void this.ctx.resume();
  }

  private applyVolume(v: number): void {
    if (this.master && this.ctx) this.master.gain.setValueAtTime(v, this.ctx.currentTime);
  }

  /** Schedules sound `id` now (after `delay` s); returns whether it was scheduled. */
  play(id: SoundId, delay = 0): boolean {
    const s = settings.get();
    if (!this.ctx || !this.master || s.muted || s.volume <= 0) return false;
    const t0 = this.ctx.currentTime + 0.01 + delay;
    for (const note of RECIPES[id]) {
      const osc = this.ctx.createOscillator();
      const env = this.ctx.createGain();
      osc.type = note.type;
      osc.frequency.setValueAtTime(note.freq, t0 + note.at);
      if (note.to !== undefined) osc.frequency.exponentialRampToValueAtTime(note.to, t0 + note.at + note.dur);
      // A quick attack and an exponential fall: no clicks at either end.
      env.gain.setValueAtTime(0.0001, t0 + note.at);
      env.gain.exponentialRampToValueAtTime(note.gain, t0 + note.at + 0.005);
      env.gain.exponentialRampToValueAtTime(0.0001, t0 + note.at + note.dur);
      osc.connect(env).connect(this.master);
      osc.start(t0 + note.at);
      osc.stop(t0 + note.at + note.dur + 0.02);
    }
    this.scheduled.push({ id, at: t0 });
    return true;
  }
}

const GESTURES = ['pointerdown', 'keydown', 'touchend'] as const;

/** The page's one audio layer. */
export const audio = new AudioLayer(typeof window === 'undefined' ? null : window);
