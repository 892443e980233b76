/**
 * The value tables of the rules pages (docs/rules/hong-kong.md, docs/rules/riichi.md) say what
 * the rulesets hold: every pattern of a ruleset is in its page's table once, with the value and
 * the limit the code gives it, and the points tables are what `tablePoints` pays. A value changed
 * in shared/src/scoring/rulesets.ts without its page fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  HK_NEW,
  HK_OLD,
  HK_PATTERNS,
  type HkRuleset,
  type HkValue,
  POINTS_TABLE_NAMES,
  RIICHI,
  RIICHI_MODERN,
  RIICHI_YAKU,
  type RiichiRuleset,
  type RiichiYaku,
  tablePoints,
} from '@mahjong/shared';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const page = (name: string) => readFileSync(join(root, 'docs/rules', name), 'utf8');

/** The text of a page's section, from its `## heading` to the next one. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** The cells of every Markdown table row of a text whose `idColumn` holds backticked ids. */
function rows(text: string, idColumn: number): { ids: string[][]; cells: string[] }[] {
  const out: { ids: string[][]; cells: string[] }[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('|') || line.startsWith('|---')) continue;
    const cells = line
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim());
    const idCell = cells[idColumn] ?? '';
    if (!/^`[a-z-]+`/.test(idCell)) continue;
    // `a`, `b` share one value; `a`; `b` take one value each, in order
    const ids = idCell.split(';').map((group) => [...group.matchAll(/`([a-z-]+)`/g)].map((m) => m[1] as string));
    out.push({ ids, cells });
  }
  return out;
}

/** An hk cell: `-` not played, `limit`, `13, limit`, `1 each`, `7`. */
function hkCell(cell: string): { value: HkValue; limit: boolean } {
  const c = cell.replace(/ each$/, '').trim();
  if (c === '-') return { value: null, limit: false };
  if (c === 'limit') return { value: 'limit', limit: true };
  const m = /^(\d+)(, limit)?$/.exec(c);
  if (!m) throw new Error(`cannot read the value "${cell}"`);
  return { value: Number(m[1]), limit: m[2] !== undefined };
}

/** A riichi cell: `-` (not a yaku), `1 / 2`, `- / 1 each`, `- (two iipeikou, 1 + 1)`. */
function riichiCell(cell: string): readonly [number, number] {
  const c = cell.replace(/ each$/, '').trim();
  const m = /^(-|\d+) \/ (\d+)$/.exec(c);
  if (m) return [m[1] === '-' ? 0 : Number(m[1]), Number(m[2])];
  if (c.startsWith('-')) return [0, 0];
  throw new Error(`cannot read the han "${cell}"`);
}

describe('docs/rules/hong-kong.md', () => {
  const text = page('hong-kong.md');
  const table = rows(section(text, 'Counting faan'), 2);

  it.each([
    ['hk-new', HK_NEW, 3],
    ['hk-old', HK_OLD, 4],
  ] as const)('the pattern table gives every %s value and limit of rulesets.ts', (_id, ruleset: HkRuleset, column) => {
    const seen: string[] = [];
    for (const { ids, cells } of table) {
      const values = (cells[column] ?? '').split(';');
      ids.forEach((group, i) => {
        const cell = hkCell((values.length === ids.length ? values[i] : values[0]) ?? '');
        for (const id of group) {
          seen.push(id);
          const pattern = id as (typeof HK_PATTERNS)[number];
          expect({ id, ...cell }).toEqual({
            id,
            value: ruleset.values[pattern],
            limit: ruleset.limits.includes(pattern),
          });
        }
      });
    }
    expect([...seen].sort()).toEqual([...HK_PATTERNS].sort());
  });

  it('the points tables are what tablePoints pays', () => {
    for (const name of POINTS_TABLE_NAMES) {
      const line = text.split('\n').find((l) => l.startsWith(`| \`${name}\``));
      expect(line, name).toBeDefined();
      const cells = (line as string).split('|').slice(2, -1);
      expect(cells.map((c) => Number(c.trim()))).toEqual(
        Array.from({ length: 14 }, (_, faan) => tablePoints(name, faan)),
      );
    }
  });
});

describe('docs/rules/riichi.md', () => {
  const table = rows(section(page('riichi.md'), 'Scoring'), 2);

  it.each([
    ['riichi', RIICHI, 3],
    ['riichi-modern', RIICHI_MODERN, 4],
  ] as const)('the yaku table gives every %s han of rulesets.ts', (_id, ruleset: RiichiRuleset, column) => {
    const seen: string[] = [];
    for (const { ids, cells } of table) {
      for (const id of ids.flat()) {
        if (!(RIICHI_YAKU as readonly string[]).includes(id)) continue; // dora and red fives are not yaku
        seen.push(id);
        expect({ id, han: riichiCell(cells[column] ?? '') }).toEqual({ id, han: ruleset.han[id as RiichiYaku] });
      }
    }
    expect([...seen].sort()).toEqual([...RIICHI_YAKU].sort());
  });
});
