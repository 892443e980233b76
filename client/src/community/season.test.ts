import { describe, expect, it } from 'vitest';
import { orderedSeason } from './season.js';

describe('orderedSeason', () => {
  it('keeps days in order and open bounds as they are', () => {
    expect(orderedSeason('2024-01-01', '2024-12-31')).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(orderedSeason('2024-05-05', '2024-05-05')).toEqual({ from: '2024-05-05', to: '2024-05-05' });
    expect(orderedSeason('2024-05-05', '')).toEqual({ from: '2024-05-05', to: '' });
    expect(orderedSeason('', '2023-01-01')).toEqual({ from: '', to: '2023-01-01' });
  });

  it('turns a season picked the wrong way round (which the server refuses) into the days between', () => {
    expect(orderedSeason('2024-12-31', '2024-01-01')).toEqual({ from: '2024-01-01', to: '2024-12-31' });
  });
});
