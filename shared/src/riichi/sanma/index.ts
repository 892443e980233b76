/** Three-player riichi's rules layer: tiles and wall, dora, payments, scoring, settlement, options. */
export * from './options.js';
export * from './payments.js';
export * from './rules.js';
export * from './score.js';
export * from './settle.js';
export * from './tiles.js';
export * from './wall.js';
