/** The table engine: one authoritative XState machine per table, its log, views and bots. */
export { chooseBotAction } from './bot.js';
export { checkConfig, createEngine, type EngineInternals, replayEngine } from './engine.js';
export { DEFAULT_TIMING, type TableTiming } from './options.js';
export * from './types.js';
