/** Move analysis for replays (rules only): see `README.md`. */
export * from './danger.js';
export * from './efficiency.js';
export * from './faan-reach.js';
export * from './match.js';
export * from './seat-view.js';
export * from './turn.js';
