import type { ReplayFrame } from '@mahjong/shared';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { DelayedSpectatorFeed } from './spectator-feed.js';

const frame = (seq: number, at: number) => ({ seq, at, event: null, view: null }) as unknown as ReplayFrame;

describe('DelayedSpectatorFeed.resume (after a rebuild from the ledger)', () => {
  it('takes the playback up where it stood: the frames before count as shown, the rest play at their pace', () => {
    const clock = new ManualClock();
    const shown: number[] = [];
    const feed = new DelayedSpectatorFeed(clock, (f) => shown.push(f.seq));
    const hand = [frame(1, 1000), frame(2, 1100), frame(3, 1200), frame(4, 1300)];
    feed.resume(hand, 150);
    expect(feed.lastShown()?.seq).toBe(2);
    expect(shown).toEqual([]);
    clock.advance(49);
    expect(shown).toEqual([]);
    clock.advance(1);
    expect(shown).toEqual([3]);
    clock.advance(100);
    expect(shown).toEqual([3, 4]);
    expect(feed.lastShown()?.seq).toBe(4);
  });

  it('a playback that had ended shows the hand’s last frame; none is played again', () => {
    const clock = new ManualClock();
    const shown: number[] = [];
    const feed = new DelayedSpectatorFeed(clock, (f) => shown.push(f.seq));
    feed.resume([frame(1, 0), frame(2, 500)], 60_000);
    expect(feed.lastShown()?.seq).toBe(2);
    clock.advance(10_000);
    expect(shown).toEqual([]);
  });
});
