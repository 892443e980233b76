import { describe, expect, it } from 'vitest';
import { Audience } from './audience.js';

function audience(recoveryMs: number) {
  let t = 1000;
  return { a: new Audience(recoveryMs, () => t), advance: (ms: number) => (t += ms) };
}

describe('Audience', () => {
  it('counts the sockets of each seat and of the spectators apart, never below none', () => {
    const { a } = audience(10_000);
    expect(a.join(2)).toBe(1);
    expect(a.join(2)).toBe(2);
    expect(a.join('spectator')).toBe(1);
    expect([a.count(0), a.count(1), a.count(2), a.count(3), a.count('spectator')]).toEqual([0, 0, 2, 0, 1]);
    expect(a.leave(2)).toBe(1);
    expect(a.leave(0)).toBe(0);
    expect(a.count(0)).toBe(0);
    expect(a.leave('spectator')).toBe(0);
    expect(a.leave('spectator')).toBe(0);
    expect(a.count('spectator')).toBe(0);
  });

  it('a slot never joined is sent nothing; one whose last socket left is sent to for the recovery window only', () => {
    const { a, advance } = audience(10_000);
    expect(a.reachable(1)).toBe(false);
    expect(a.reachable('spectator')).toBe(false);
    a.join(1);
    a.join(1);
    a.leave(1);
    advance(60_000);
    // One socket is still there, however long ago the other left.
    expect(a.reachable(1)).toBe(true);
    a.leave(1);
    advance(9_999);
    expect(a.reachable(1)).toBe(true);
    advance(1);
    expect(a.reachable(1)).toBe(false);
    // The spectators' window is their own.
    a.join('spectator');
    a.leave('spectator');
    advance(5_000);
    expect(a.reachable('spectator')).toBe(true);
    expect(a.reachable(1)).toBe(false);
  });

  it('without recovery, a slot is sent to only while it has a socket', () => {
    const { a } = audience(0);
    a.join(3);
    expect(a.reachable(3)).toBe(true);
    a.leave(3);
    expect(a.reachable(3)).toBe(false);
  });

  it('a seat given to a new holder ends the old holder’s window at once, and only that seat’s', () => {
    const { a, advance } = audience(10_000);
    for (const seat of [0, 1] as const) {
      a.join(seat);
      a.leave(seat);
    }
    advance(100);
    a.replaced(0);
    expect(a.reachable(0)).toBe(false);
    expect(a.reachable(1)).toBe(true);
    // The new holder's sockets are reached as any holder's.
    a.join(0);
    expect(a.reachable(0)).toBe(true);
  });
});
