import { describe, expect, test } from 'vitest';
import { RECIPES, SOUND_IDS, soundLength } from './recipes.js';

describe('sound recipes', () => {
  test('every sound is a few short notes in the audible range', () => {
    for (const id of SOUND_IDS) {
      const notes = RECIPES[id];
      expect(notes.length, id).toBeGreaterThan(0);
      for (const n of notes) {
        expect(n.freq).toBeGreaterThan(60);
        expect(n.freq).toBeLessThan(5000);
        expect(n.gain).toBeGreaterThan(0);
        expect(n.gain).toBeLessThanOrEqual(1);
      }
      expect(soundLength(id), id).toBeLessThan(1.5);
    }
  });

  test('the claim calls differ: no two sounds share their notes', () => {
    const shapes = SOUND_IDS.map((id) => JSON.stringify(RECIPES[id]));
    expect(new Set(shapes).size).toBe(SOUND_IDS.length);
    // Distinct by rhythm too, not only pitch: chow, pung, kong and win differ in note count or timing.
    const rhythm = (['chow', 'pung', 'kong', 'win'] as const).map((id) => RECIPES[id].map((n) => n.at).join(','));
    expect(new Set(rhythm).size).toBe(4);
  });
});
