/**
 * The docs' option tables, written from the descriptors: `npm run option-tables` puts them between
 * the markers of docs/rules/hong-kong.md and docs/rules/riichi.md, and `-- --check` (part of
 * `npm run check`) fails when a page's copy differs from what the descriptors say.
 */
import { describedRuleset } from './index.js';
import { type DescribedRulesetId, HK_RULESET_IDS, RIICHI_RULESET_IDS } from './ids.js';
import { allowedText, defaultText, type OptionSpec } from './schema.js';

const cell = (s: string) => s.replace(/\|/g, '\\|');

/** One markdown table of the options of `ids`: a default column per ruleset ("—": not an option there). */
export function optionsTable(ids: readonly DescribedRulesetId[]): string {
  const specsOf = (id: DescribedRulesetId) => describedRuleset(id).options as Readonly<Record<string, OptionSpec>>;
  const keys: string[] = [];
  for (const id of ids) for (const k of Object.keys(specsOf(id))) if (!keys.includes(k)) keys.push(k);
  const head = `| option | ${ids.map((id) => `${id} default`).join(' | ')} | allowed | applied by | what | source |`;
  const rule = `|${' --- |'.repeat(ids.length + 5)}`;
  const rows = keys.map((key) => {
    const specs = ids.map((id) => (Object.hasOwn(specsOf(id), key) ? specsOf(id)[key] : undefined));
    const first = specs.find((s) => s !== undefined) as OptionSpec;
    const allowed = ids.flatMap((id, i) => {
      const s = specs[i];
      return s === undefined ? [] : [{ id, text: allowedText(s) }];
    });
    const allowedCell = allowed.every((a) => a.text === allowed[0]?.text)
      ? (allowed[0]?.text ?? '')
      : allowed.map((a) => `${a.id}: ${a.text}`).join('; ');
    const defaults = specs.map((s) => (s === undefined ? '—' : defaultText(s)));
    return `| \`${key}\` | ${defaults.join(' | ')} | ${cell(allowedCell)} | ${first.layer} | ${cell(first.doc)} | ${cell(first.source)} |`;
  });
  return [head, rule, ...rows].join('\n');
}

/** The pages and the rulesets each one's table covers. */
export const OPTION_TABLE_PAGES: readonly { readonly page: string; readonly ids: readonly DescribedRulesetId[] }[] = [
  { page: 'docs/rules/hong-kong.md', ids: HK_RULESET_IDS },
  // Four-player riichi; the three-player table's options have their own page.
  { page: 'docs/rules/riichi.md', ids: RIICHI_RULESET_IDS.filter((id) => describedRuleset(id).seats === 4) },
  { page: 'docs/rules/riichi-sanma.md', ids: ['riichi-sanma'] },
];
