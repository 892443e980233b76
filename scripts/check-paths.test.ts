/**
 * The cited-paths check on small repositories written to a temporary folder: planted missing
 * paths must be listed (with file and line), existing ones and the kinds of words the rule leaves
 * out must not.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript script (run by node in `npm run check`), no type declarations
import { citationsInCode, citationsInMarkdown, missingPaths, pathOfWord } from './check-paths.mjs';

interface Missing {
  readonly file: string;
  readonly line: number;
  readonly path: string;
}

const roots: string[] = [];

/** Writes `files` (path → text) into a fresh folder and returns it. */
function repo(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'check-paths-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

const BASE = {
  '.gitignore': 'node_modules/\ndist/\n',
  'package.json': '{}',
  'docs/rules/hong-kong.md': '# Hong Kong\n',
  'shared/package.json': '{}',
  'shared/src/wall.ts': 'export const x = 1;\n',
  'shared/src/scoring/fixtures/hk.json': JSON.stringify(
    [
      { name: 'kept', source: 'docs/rules/hong-kong.md: the readings' },
      { name: 'stale', source: 'docs/rules/gone.md: a page no more' },
    ],
    null,
    1,
  ),
};

describe('check-paths', () => {
  it('lists every planted missing path with its file and line, and nothing that exists', () => {
    const root = repo({
      ...BASE,
      'README.md': [
        '# Project',
        'Rules: `docs/rules/hong-kong.md`, [the riichi rules](docs/rules/riichi.md#dora).',
        'Run `npx vitest run shared/src/wall.test.ts` and read `shared/src/scoring/fixtures/*.json`.',
        '```sh',
        'cat docs/inside/a/fence.md',
        '```',
        'The wall: [wall](shared/src/wall.ts), the old notes `RULES.md`.',
      ].join('\n'),
      'shared/src/scoring/README.md': 'Beside it: `fixtures/hk.json`, above it: `../wall.ts`, gone: `../tiles.ts`.\n',
      'shared/src/notation.ts': [
        "import { x } from './wall.js';",
        "import { y } from './missing-import.js';",
        '/** The notation of docs/rules/tiles.md and docs/rules/hong-kong.md. */',
        "export const file = 'shared/src/scoring/fixtures/hk.json';",
        "export const gone = 'shared/src/scoring/fixtures/riichi.json';",
        "export const built = 'node_modules/.cache/score.mjs';",
        "export const route = '/api/tables/x.json';",
        'export const code = `action/no_such_tile`; // see ./wall.js',
      ].join('\n'),
    });
    const missing = missingPaths(root) as Missing[];
    expect(missing.map((m) => `${m.file}:${m.line}: ${m.path}`).sort()).toEqual(
      [
        'README.md:2: docs/rules/riichi.md',
        'README.md:3: shared/src/wall.test.ts',
        'README.md:7: RULES.md',
        'shared/src/notation.ts:3: docs/rules/tiles.md',
        'shared/src/scoring/fixtures/hk.json:8: docs/rules/gone.md',
        'shared/src/notation.ts:5: shared/src/scoring/fixtures/riichi.json',
        'shared/src/scoring/README.md:1: ../tiles.ts',
      ].sort(),
    );
  });

  it('passes once the missing files exist', () => {
    const root = repo({
      ...BASE,
      'README.md': 'See `docs/rules/hong-kong.md` and `docs/rules/riichi.md`.\n',
    });
    expect(missingPaths(root)).toHaveLength(2);
    writeFileSync(join(root, 'docs/rules/gone.md'), '# Gone no more\n');
    writeFileSync(join(root, 'docs/rules/riichi.md'), '# Riichi\n');
    expect(missingPaths(root)).toEqual([]);
  });

  it('takes words of a path shape only', () => {
    expect(pathOfWord('`shared/src/wall.ts`,')).toBe('shared/src/wall.ts');
    expect(pathOfWord('server/src/table/.')).toBe('server/src/table/');
    expect(pathOfWord('(docs/rules/riichi.md#dora)')).toBe('docs/rules/riichi.md');
    expect(pathOfWord('shared/src/wall.ts:60')).toBe('shared/src/wall.ts');
    expect(pathOfWord('README.md')).toBe('README.md');
    for (const word of ['and/or', '0m/0p/0s', 'score/bad_options', 'https://tenhou.net/man/x.html', 'tenhou.net/man']) {
      expect(pathOfWord(word)).toBeNull();
    }
  });

  it('reads comments and strings in code, not module specifiers', () => {
    const cited = citationsInCode(
      [
        "import a from './a.js';",
        "const b = await import('./b.js');",
        '// line two: docs/two.md',
        "const c = 'docs/three.md';",
        `const d = \`docs/\${x}/four.md\`;`,
      ].join('\n'),
    ) as { path: string; line: number }[];
    expect(cited).toEqual([
      { path: 'docs/two.md', line: 3 },
      { path: 'docs/three.md', line: 4 },
    ]);
  });

  it('reads backticks and link targets in Markdown, not fenced blocks', () => {
    const cited = citationsInMarkdown('`a/b.md` [c](d/e.md)\n```\n`f/g.md`\n```\n') as { path: string }[];
    expect(cited.map((c) => c.path)).toEqual(['a/b.md', 'd/e.md']);
  });
});
