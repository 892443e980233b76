import { describe, expect, test } from 'vitest';
import {
  describeEvent,
  delayAfter,
  handAt,
  indexOfMove,
  initialReplay,
  jumpToHand,
  moveOf,
  seek,
  step,
  tick,
  togglePlay,
} from './model.js';

const frames = [0, 100, 1100, 5000, 5200, 5300].map((at) => ({ at }));
const handStarts = [0, 3];

describe('replay stepping', () => {
  test('step forward and back stays inside the match and pauses', () => {
    let s = togglePlay(initialReplay(), frames.length);
    s = step(s, frames.length, -1);
    expect(s).toMatchObject({ index: 0, playing: false });
    s = step(step(s, frames.length, 1), frames.length, 1);
    expect(s.index).toBe(2);
    expect(step(seek(s, frames.length, 5), frames.length, 1).index).toBe(5);
  });

  test('jump to a hand and tell which hand a frame is in', () => {
    const s = jumpToHand(initialReplay(), frames.length, handStarts, 1);
    expect(s.index).toBe(3);
    expect(handAt(handStarts, 2)).toBe(0);
    expect(handAt(handStarts, 4)).toBe(1);
    expect(jumpToHand(s, frames.length, handStarts, 9).index).toBe(3);
  });

  test('delays follow the real gaps, clamped, divided by the speed', () => {
    expect(delayAfter(frames, 0, 1)).toBe(120);
    expect(delayAfter(frames, 1, 1)).toBe(1000);
    expect(delayAfter(frames, 2, 2)).toBe(750);
    expect(delayAfter(frames, 5, 1)).toBe(Number.POSITIVE_INFINITY);
  });

  test('playing advances by elapsed time and stops at the end', () => {
    let s = togglePlay(initialReplay(), frames.length);
    s = tick(s, frames, 100);
    expect(s.index).toBe(0);
    s = tick(s, frames, 30); // 130 >= 120: next frame, 10 ms carried
    expect(s).toMatchObject({ index: 1, waited: 10 });
    s = tick(s, frames, 10_000);
    expect(s).toMatchObject({ index: 5, playing: false });
    expect(togglePlay(s, frames.length)).toMatchObject({ index: 0, playing: true });
    expect(tick({ ...s, playing: false }, frames, 5000)).toEqual({ ...s, playing: false });
  });
});

describe('event captions', () => {
  const names = ['Ann', 'Bo', 'Cy', 'Di'];
  test.each([
    [{ type: 'start' }, 'The match starts: the deal'],
    [{ type: 'timeout' }, 'Time ran out'],
    [{ type: 'act', seat: 1, action: { type: 'discard', tile: 13 } }, 'Bo discards 5 Dots'],
    [{ type: 'act', seat: 1, action: { type: 'discard', tile: 13, red: true } }, 'Bo discards Red 5 Dots'],
    [{ type: 'act', seat: 1, action: { type: 'discard', tile: 13, red: false } }, 'Bo discards 5 Dots'],
    [
      { type: 'act', seat: 2, action: { type: 'chow', tiles: [0, 1, 2] } },
      'Cy chows 1 Characters, 2 Characters, 3 Characters',
    ],
    [
      { type: 'act', seat: 2, action: { type: 'chow', tiles: [12, 13, 14], red: true } },
      'Cy chows 4 Dots, Red 5 Dots, 6 Dots',
    ],
    [
      { type: 'act', seat: 2, action: { type: 'chow', tiles: [12, 13, 14], red: false } },
      'Cy chows 4 Dots, 5 Dots, 6 Dots',
    ],
    [{ type: 'act', seat: 1, action: { type: 'pung', red: true } }, 'Bo pungs with the red five'],
    [{ type: 'act', seat: 1, action: { type: 'pung', red: false } }, 'Bo pungs'],
    [
      { type: 'act', seat: 3, action: { type: 'concealedKong', tile: 33 } },
      'Di declares a concealed kong of Red Dragon',
    ],
    [{ type: 'act', seat: 0, action: { type: 'win' } }, 'Ann wins'],
    [{ type: 'act', seat: 2, action: { type: 'north' } }, 'Cy sets a North aside'],
    [null, 'The deal'],
    [{ type: 'act', seat: 0, action: { type: 'dance' } }, ''],
  ])('%j', (event, caption) => {
    expect(describeEvent(event, names)).toBe(caption);
  });
});

describe('timeouts say what they ended', () => {
  const names = ['Ann', 'Bo', 'Cy', 'Di'];
  const timeout = { type: 'timeout' };
  test.each([
    [{ phase: 'playing', stage: 'claims', turn: 1 }, 'No claim: play goes on'],
    [{ phase: 'playing', stage: 'robbing', turn: 1 }, 'No claim: play goes on'],
    [{ phase: 'playing', stage: 'discard', turn: 2 }, "Cy's time ran out: the drawn tile is discarded"],
    [{ phase: 'handOver', stage: 'none', turn: null }, 'The next hand is dealt'],
  ] as const)('%j', (before, caption) => {
    expect(describeEvent(timeout, names, before)).toBe(caption);
  });
  test('a pass between hands is a seat saying it is ready', () => {
    const pass = { type: 'act', seat: 3, action: { type: 'pass' } };
    expect(describeEvent(pass, names, { phase: 'handOver', stage: 'none', turn: null })).toBe(
      'Di is ready for the next hand',
    );
    expect(describeEvent(pass, names, { phase: 'playing', stage: 'claims', turn: 1 })).toBe('Di passes');
  });
});

describe('links to a move', () => {
  // Hands start at frames 0 and 3 of six.
  test('a frame as hand (from 1) and step (0 is the deal), and back', () => {
    for (let i = 0; i < frames.length; i++) {
      const m = moveOf(handStarts, i);
      expect(indexOfMove(handStarts, frames.length, String(m.hand), String(m.step))).toBe(i);
    }
    expect(moveOf(handStarts, 4)).toEqual({ hand: 2, step: 1 });
  });
  test('bad or out-of-range parts are clamped, never thrown', () => {
    expect(indexOfMove(handStarts, frames.length, '1', '99')).toBe(2);
    expect(indexOfMove(handStarts, frames.length, '9', '0')).toBe(3);
    expect(indexOfMove(handStarts, frames.length, 'x', '2')).toBe(2);
    expect(indexOfMove(handStarts, frames.length, null, null)).toBe(0);
    expect(indexOfMove(handStarts, frames.length, '2', '-1')).toBe(3);
  });
});
