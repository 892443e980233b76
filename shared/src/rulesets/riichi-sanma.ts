/**
 * Three-player riichi as Tenhou and Mahjong Soul play it (docs/rules/riichi-sanma.md). `seats: 3`
 * is what the lobby, the room and the views read: the fourth seat (North) is vacant
 * (`isVacantSeat`, index.ts).
 */
import { RIICHI_SANMA } from '../scoring/rulesets.js';
import type { RulesetDescriptor } from './descriptor.js';
import { RIICHI_SANMA_OPTION_SCHEMA } from './riichi-sanma-options.js';

export const RIICHI_SANMA_RULESET = {
  id: 'riichi-sanma',
  playable: true,
  family: 'riichi',
  label: { en: 'Japanese riichi, three players', 'zh-HK': '日本立直麻雀（三人）' },
  shortLabel: { en: 'Riichi, three players', 'zh-HK': '三人立直麻雀' },
  tiles: 108,
  seats: 3,
  // east and south (hanchan); 1 is east only
  rounds: { default: 2, max: 2 },
  options: RIICHI_SANMA_OPTION_SCHEMA,
  values: RIICHI_SANMA,
} as const satisfies RulesetDescriptor<'riichi-sanma'> & { values: unknown };
