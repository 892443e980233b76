import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { findCycles } from './check-cycles.mjs';

const root = mkdtempSync(join(tmpdir(), 'check-cycles-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(root, 't-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('check-cycles', () => {
  test('a cycle through a type-only import is found, with every file in it', () => {
    const dir = tree({
      'server/src/a.ts': "import { b } from './b.js';\nexport const a = b;",
      'server/src/b.ts': "import { c } from './sub/c.js';\nexport const b = c;",
      'server/src/sub/c.ts': "import type { A } from '../a.js';\nexport const c = 1 as unknown as A;",
      'server/src/d.ts': "import { a } from './a.js';\nexport const d = a;",
    });
    expect(findCycles(dir)).toEqual([['server/src/a.ts', 'server/src/b.ts', 'server/src/sub/c.ts']]);
  });

  test('re-exports and index files count; packages and tests do not', () => {
    const dir = tree({
      'shared/src/index.ts': "export * from './x.js';",
      'shared/src/x.ts': "import { y } from './index.js';\nimport z from 'zod';\nexport const x = [y, z];",
      'shared/src/x.test.ts': "import { x } from './x.js';\nimport './x.test.js';",
    });
    expect(findCycles(dir)).toEqual([['shared/src/index.ts', 'shared/src/x.ts']]);
  });

  test('a tree without cycles passes', () => {
    const dir = tree({
      'client/src/a.ts': "import { b } from './b.js';\nexport const a = b;",
      'client/src/b.ts': 'export const b = 1;',
    });
    expect(findCycles(dir)).toEqual([]);
  });
});
