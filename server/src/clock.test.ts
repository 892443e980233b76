import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.js';

describe('ManualClock', () => {
  it('runs due timers in time order, including ones set by timers, and skips cleared ones', () => {
    const clock = new ManualClock(1000);
    const ran: string[] = [];
    clock.setTimer(() => ran.push(`b@${clock.now()}`), 20);
    const cleared = clock.setTimer(() => ran.push('never'), 5);
    clock.setTimer(() => {
      ran.push(`a@${clock.now()}`);
      clock.setTimer(() => ran.push(`c@${clock.now()}`), 5);
    }, 10);
    clock.clearTimer(cleared);
    clock.advance(12);
    expect(ran).toEqual(['a@1010']);
    expect(clock.now()).toBe(1012);
    expect(clock.nextAt()).toBe(1015);
    clock.advance(100);
    expect(ran).toEqual(['a@1010', 'c@1015', 'b@1020']);
    expect(clock.now()).toBe(1112);
    expect(clock.nextAt()).toBeNull();
  });
});
