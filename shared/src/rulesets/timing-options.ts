/**
 * The table's clocks, the same keys at every ruleset: how long a turn and a claim window last and
 * how long the results stay up. Every descriptor's schema takes them (`layer: 'timing'`), so the
 * lobby's fields, the server's check (`server/src/table/options.ts`, which also turns seconds
 * into the milliseconds its timers count), the request's type and the docs' option tables are
 * read from here. None is a rule of play: the sources say nothing of clocks, so each value is the
 * project's.
 */
import type { NumberOption } from './schema.js';

const PROJECT = 'the project (online play; a table at home sets its own)';

export const TIMING_OPTIONS = {
  turnSeconds: {
    key: 'turnSeconds',
    layer: 'timing',
    type: 'number',
    min: 1,
    max: 600,
    default: 20,
    label: { en: 'Turn time (s)', 'zh-HK': '出牌時限（秒）' },
    doc: 'a turn’s time; when it runs out the drawn tile is discarded for the player',
    source: PROJECT,
    lobby: true,
    calculator: false,
  } satisfies NumberOption<'turnSeconds'>,
  claimSeconds: {
    key: 'claimSeconds',
    layer: 'timing',
    type: 'number',
    min: 0.5,
    max: 120,
    default: 8,
    label: { en: 'Claim time (s)', 'zh-HK': '吃碰時限（秒）' },
    doc: 'the longest a claim window on a discard stays open',
    source: PROJECT,
    lobby: true,
    calculator: false,
  } satisfies NumberOption<'claimSeconds'>,
  claimMinMs: {
    key: 'claimMinMs',
    layer: 'timing',
    type: 'number',
    min: 0,
    max: 10_000,
    default: 800,
    label: { en: 'Shortest claim window (ms)', 'zh-HK': '最短吃碰時限（毫秒）' },
    doc: 'every claim window lasts at least this long, whoever can claim (so a window does not tell who could); unset, the whole window when the claim time is shorter; a server refuses less than its floor, 500 ms unless its operator says',
    source: PROJECT,
    calculator: false,
  } satisfies NumberOption<'claimMinMs'>,
  resultsSeconds: {
    key: 'resultsSeconds',
    layer: 'timing',
    type: 'number',
    min: 0,
    max: 600,
    default: 10,
    label: { en: 'Results shown (s)', 'zh-HK': '結果顯示時間（秒）' },
    doc: 'the pause on the results between hands, cut short when every seat is ready',
    source: PROJECT,
    calculator: false,
  } satisfies NumberOption<'resultsSeconds'>,
} as const;

/** Every ruleset's schema ends with the clocks (the form's, the check's and the docs' order). */
export type TimingOptions = typeof TIMING_OPTIONS;
