import { describe, expect, test } from 'vitest';
import { type Known, longestFirst } from './test-order.js';

const file = (facts: Partial<Known>): Known => ({ group: 0, failed: false, seconds: undefined, bytes: 0, ...facts });

describe('the order of the test files', () => {
  test('groups first, then last failures, then the longest, then unknown files, the larger first', () => {
    const files = {
      short: file({ seconds: 2 }),
      long: file({ seconds: 90 }),
      failedShort: file({ seconds: 1, failed: true }),
      unknownSmall: file({ bytes: 300 }),
      unknownLarge: file({ bytes: 9000 }),
      laterGroupLong: file({ group: 2, seconds: 500 }),
      earlierGroupUnknown: file({ group: -1, bytes: 1 }),
    };
    const order = Object.entries(files)
      .sort(([, a], [, b]) => longestFirst(a, b))
      .map(([name]) => name);
    expect(order).toEqual([
      'earlierGroupUnknown',
      'failedShort',
      'long',
      'short',
      'unknownLarge',
      'unknownSmall',
      'laterGroupLong',
    ]);
  });
});
