/** Riichi table rules around the scorer: dora, riichi and furiten, abortive draws, settlement. */
export * from './aborts.js';
export * from './calls.js';
export * from './declare.js';
export * from './dora.js';
export * from './liability.js';
export * from './settle.js';
export * from './table-rules.js';
export * from './defense.js';
export * from './sanma/index.js';
