#!/usr/bin/env node
/**
 * `npm run check-cycles` (part of `npm run check`): no import cycle between the project's source
 * modules (`shared/src`, `server/src`, `client/src`, tests left out). A cycle makes the load order
 * decide what a module sees at start and ties two files that should be read apart; a type-only
 * import counts too, since the files still cannot be understood one without the other. Prints
 * each cycle's files and exits 1 if there is any.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const SOURCE_ROOTS = ['shared/src', 'server/src', 'client/src'];
const SKIP_DIRS = new Set(['node_modules', 'generated', 'dist']);

/** The source files under `dir` (tests left out). */
function sources(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (!SKIP_DIRS.has(name)) sources(p, out);
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The project files a module imports or re-exports statically (relative specifiers only). */
export function importsOf(file, text) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out = [];
  for (const st of sf.statements) {
    const spec =
      (ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier
        ? st.moduleSpecifier.text
        : undefined;
    if (!spec?.startsWith('.')) continue;
    const base = resolve(dirname(file), spec);
    const candidates = [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base, join(base, 'index.ts')];
    const hit = candidates.find((c) => existsSync(c) && statSync(c).isFile());
    if (hit) out.push(hit);
  }
  return out;
}

/** Every cycle (a strongly connected group of two or more files, or a file importing itself). */
export function findCycles(root, roots = SOURCE_ROOTS) {
  const graph = new Map();
  for (const r of roots) {
    for (const f of sources(join(root, r))) graph.set(f, importsOf(f, readFileSync(f, 'utf8')));
  }
  // Tarjan's strongly connected components, iteratively (no recursion limit on long chains).
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [v, i] = frame;
      const deps = (graph.get(v) ?? []).filter((d) => graph.has(d));
      if (i < deps.length) {
        frame[1] = i + 1;
        const w = deps[i];
        if (!index.has(w)) {
          index.set(w, next);
          low.set(w, next++);
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(v)));
      }
      if (low.get(v) === index.get(v)) {
        const group = [];
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          group.push(relative(root, w));
        } while (w !== v);
        if (group.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(group.sort());
      }
    }
  }
  return cycles;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const cycles = findCycles(root);
  for (const c of cycles) console.error(`import cycle: ${c.join(' <-> ')}`);
  if (cycles.length > 0) process.exit(1);
  console.log('check-cycles: no import cycle');
}
