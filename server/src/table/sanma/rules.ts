/**
 * Three-player riichi (`riichi-sanma`) as a variant of the riichi
 * family: the riichi rules of `../riichi/` with three seats (seat 3, North, vacant), the 108-tile
 * wall, a North set aside by the player's choice (`north.ts`), the three-player options, scorer
 * and settlement of shared/src/riichi/sanma/. The riichi files ask
 * `seats` where the two differ (winds, dora, payments, the draw, the dealer's move, the ranking);
 * the shared table code skips the vacant seat and offers no chow (legal.ts).
 */
import {
  buildSanmaWall,
  fail,
  ok,
  RIICHI_ANALYSIS,
  type RiichiTableRules,
  type ScoringOptions,
  resolveSanmaOptions,
  sanmaTableRules,
} from '@mahjong/shared';
import { RIICHI_RULES } from '../riichi/rules.js';
import type { FamilyRules } from '../rules.js';
import { sanmaTurnActions } from './north.js';

export const SANMA_RULES: FamilyRules = {
  ...RIICHI_RULES,
  seats: 3,
  configure(_ruleset, scoring, timing, rounds) {
    if (timing.bankruptcyPoints !== 0) {
      return fail('config/bad_options', 'riichi tables end on a negative score with the bustEnds option');
    }
    const o = resolveSanmaOptions(scoring);
    if (!o.ok) return fail('config/bad_options', o.error.message);
    const rules = sanmaTableRules(o.value, rounds === 1 ? 'east' : 'east-south');
    // The match's rules in the riichi slot: the riichi files read the three-player ones back (`sanmaRulesOf`).
    return ok({ scoring, riichi: rules as unknown as RiichiTableRules });
  },
  tableRules(scoring) {
    const o = resolveSanmaOptions(scoring);
    if (!o.ok) return o;
    // 108 tiles, no bonus tiles, seven different pairs; a win needs a yaku (the scorer's minimum).
    const options = o.value as unknown as ScoringOptions;
    return ok({ options, bonus: false, sevenPairs: true, analysis: RIICHI_ANALYSIS, minFaan: 1, falseWin: false });
  },
  wall: buildSanmaWall,
  turnActions: sanmaTurnActions,
};
