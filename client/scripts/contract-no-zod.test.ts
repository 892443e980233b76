import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The pages import the shared contract (`shared/src/protocol.ts`, `shared/src/community.ts`) for
 * its codes and types; zod is about 23 KB (brotli) of a table page that has no use for it, so the
 * schemas live in `*-schemas.ts` and nothing the contract loads at run time may import zod.
 * Type-only imports are erased by the build and not followed.
 */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map(
    (m) => m[1] as string,
  );
  return specs;
}

function loads(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const spec of runtimeImports(file)) {
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      else packages.add(spec);
    }
  };
  visit(resolve(import.meta.dirname, '../../shared/src', entry));
  return { files, packages };
}

describe('the contract loads no zod', () => {
  it.each(['protocol.ts', 'community.ts'])('%s', (entry) => {
    expect([...loads(entry).packages]).not.toContain('zod');
  });
  it('the schema modules do (the check sees an import of zod)', () => {
    expect([...loads('protocol-schemas.ts').packages]).toContain('zod');
    expect([...loads('community-schemas.ts').files].some((f) => f.endsWith('protocol-schemas.ts'))).toBe(true);
  });
});
