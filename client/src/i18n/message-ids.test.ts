/**
 * The message catalogue against the pages' sources: every id has both languages, every id a
 * page names exists, every id is used (by its id, or by its English where a page still writes
 * English for the page's translator), and the modules that ask by id never fall back to English.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { LANGS } from '../settings/settings.js';
import { MELD_KINDS, TABLE_STATUSES } from '@mahjong/shared';
import { MESSAGES, type MessageId } from './messages.js';

const src = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The client's own sources (tests and the catalogue itself left out). */
function sources(dir = src): { file: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    if (!/\.ts$/.test(e.name) || /\.test\.ts$|\.d\.ts$/.test(e.name) || e.name === 'messages.ts') return [];
    return [{ file: relative(src, path), text: readFileSync(path, 'utf8') }];
  });
}

const files = sources();
/**
 * Other places a message's English is written: the pages' HTML (titles), and the server's and
 * the shared scorer's texts that pages show as they come (refusals, waits, prompts).
 */
const elsewhere = [
  ...readdirSync(join(src, '..'))
    .filter((f) => f.endsWith('.html'))
    .map((f) => readFileSync(join(src, '..', f), 'utf8')),
  ...['../../server/src', '../../shared/src'].flatMap((d) => sources(join(src, d)).map((f) => f.text)),
].join('\n');
const ids = Object.keys(MESSAGES) as MessageId[];
const prefixes = new Set(ids.map((id) => id.slice(0, id.indexOf('.'))));
/** Quoted literals shaped like an id of a known prefix ('result.wins'), not a file name. */
const idLiterals = (text: string): string[] =>
  [...text.matchAll(/'([a-z]+)\.([A-Za-z][\w.]*)'/g)]
    .filter((m) => prefixes.has(m[1] as string) && !/\.(html|js|ts|css|json|png|svg)$/.test(m[0].slice(1, -1)))
    .map((m) => `${m[1]}.${m[2]}`);
/** The English texts of the messages written as literals in `text` (placeholders as any text). */
const englishIn = (text: string, id: MessageId): boolean => {
  const en = MESSAGES[id].en;
  const parts = en.split(/\{\w+\}/).filter((p) => p.trim().length > 1);
  // A rule with no words of its own ("{wl}{name} · {n}") translates the parts of canvas labels.
  if (!/[A-Za-z]{2}/.test(en.replace(/\{\w+\}/g, ''))) return true;
  if (parts.length === 0) return false;
  return parts.every((p) => text.includes(p.replace(/’/g, '’')));
};

describe('message ids', () => {
  test('every id has both languages', () => {
    for (const id of ids) {
      for (const lang of LANGS) expect(MESSAGES[id][lang].trim(), `${id} ${lang}`).not.toBe('');
    }
  });

  test('every id a page names is in the catalogue', () => {
    const missing = files.flatMap(({ file, text }) =>
      idLiterals(text)
        .filter((id) => !(id in MESSAGES))
        .map((id) => `${file}: ${id}`),
    );
    expect(missing).toEqual([]);
  });

  test('every id is used: by its id, or by its English', () => {
    const all = `${files.map((f) => f.text).join('\n')}\n${elsewhere}`;
    const byId = new Set(files.flatMap((f) => idLiterals(f.text)));
    const unused = ids.filter((id) => !byId.has(id) && !englishIn(all, id));
    expect(unused).toEqual([]);
  });

  test('the result card, the summary, the replay, the table canvas and the table page ask by id only', () => {
    // Their words come from the catalogue in the language shown; none is written in English.
    const byIdOnly = ['table/results.ts', 'table/layout.ts', 'ui/dom.ts', 'replay/model.ts', 'pages/replay.ts'];
    for (const file of byIdOnly) {
      const text = files.find((f) => f.file === file)?.text ?? '';
      expect(text, file).not.toBe('');
      const literals = [...text.matchAll(/(['"`])((?:(?!\1).)*)\1/g)].map((m) => m[2] as string);
      const english = ids.filter((id) => {
        const en = MESSAGES[id].en;
        // Texts of a word or two ("Hand", "Bot") are too common to tell; sentences are not.
        return en.split(' ').length >= 3 && !/\{/.test(en) && literals.includes(en);
      });
      expect(english, file).toEqual([]);
    }
    const table = files.find((f) => f.file === 'pages/table.ts')?.text ?? '';
    const textBlock = table.slice(table.indexOf('const TEXT = {'), table.indexOf('const stage ='));
    expect(textBlock).toMatch(/t\('/);
    expect(textBlock).not.toMatch(/: '[A-Z][a-z]+ [a-z]/);
  });

  test('the lobby, table, calculator, player and circle pages, log files and analysis panel ask by id only', () => {
    // Their words come from the catalogue (or a ruleset descriptor's labels) in the language shown:
    // no literal of theirs is a catalogue text, of any length, nor a template with words of its own
    // around a value ("Seat ${n}").
    const byIdOnly = [
      'pages/lobby.ts',
      'pages/lobby-options.ts',
      'pages/player.ts',
      'pages/circle.ts',
      'community/league-view.ts',
      'community/figures.ts',
      'calculator/page.ts',
      'calculator/model.ts',
      'ui/name-check.ts',
      'ui/option-text.ts',
      'replay/analysis-model.ts',
      'replay/analysis-panel.ts',
      'pages/gallery.ts',
      'ui/page-chrome.ts',
      'replay/log-files.ts',
      'i18n/log-refusals.ts',
      'pages/table.ts',
      'table/lost-claim.ts',
    ];
    // Values of the protocol that are also words ('lobby', 'pung', the moves 'win' and 'pass'),
    // a style's value ('none') and a test id ('ready'): compared or set, never shown.
    const codes = new Set<string>([...TABLE_STATUSES, ...MELD_KINDS, 'win', 'pass', 'pair', 'none', 'ready']);
    const texts = new Set<string>(ids.map((id) => MESSAGES[id].en).filter((en) => !codes.has(en)));
    const found: Record<string, string[]> = {};
    for (const file of byIdOnly) {
      const text = files.find((f) => f.file === file)?.text ?? '';
      expect(text, file).not.toBe('');
      // Comments say why in English; only code is held to it.
      const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      const literals = [...code.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)].map((m) => m[2] as string);
      const english = literals.filter((l) => texts.has(l.trim()) && /[A-Za-z]{2}/.test(l));
      // A template's own words: a word beside a value, as "Seat ${n}" or "${n} members".
      const templates = literals.filter((l) => {
        // (nor is the scheme of an authorization header, "Bearer ${token}")
        if (!/\$\{/.test(l) || /^Bearer \$\{\w+\}$/.test(l)) return false;
        const words = l.replace(/\$\{[^}]*(\}|$)/g, '#');
        // (a class name beside a value, "calc-placed ${cls}", is not a word)
        return /(?<![\w-])[A-Za-z]{2,} #|# [A-Za-z]{2,}|(?<![\w-])[A-Za-z]{2,} [A-Za-z]{2,}/.test(words);
      });
      if (english.length + templates.length > 0) found[file] = [...english, ...templates];
    }
    expect(found).toEqual({});
  });
});
