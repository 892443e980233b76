/** The pure rules core: tiles, notation, wall, hand analysis and scoring. No I/O. */
export * from './result.js';
export * from './tiles.js';
export * from './notation.js';
export * from './table-types.js';
export * from './protocol.js';
export * from './protocol-schemas.js';
export * from './community.js';
export * from './community-schemas.js';
export * from './display-name.js';
export * from './analysis.js';
export * from './scoring/index.js';
export * from './rulesets/index.js';
export * from './wall.js';
export * from './random.js';
export * from './riichi/index.js';
export * from './bot.js';
export * from './review/index.js';
