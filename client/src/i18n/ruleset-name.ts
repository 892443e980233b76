/** A ruleset's short name as pages show it (lobby lines, past matches, circles and leagues). */
import { isRulesetId, RULESETS } from '@mahjong/shared';
import { sayLabel } from './live-text.js';

/** Its descriptor's short label in the language shown (kept in step with it); an unknown id as it is. */
export const rulesetName = (id: string): Node | string => (isRulesetId(id) ? sayLabel(RULESETS[id].shortLabel) : id);
