#!/usr/bin/env node
/**
 * `npm run check-paths` (part of `npm run check`): every repository path cited in the code and
 * the docs must exist, so that a reader who clones the repository can open what a comment or a
 * README points at. Prints each missing path with where it is cited, and exits 1 if there is any.
 *
 * What counts as a cited path (the rule, also in docs/README.md, "Cited paths"):
 * - Where: in Markdown, the inside of backticks (each word of it, so that a command such as
 *   `npx vitest run server/src/table` cites its path; fenced code blocks are not read) and the
 *   target of a link `[text](target)`; in TypeScript and JavaScript, the words of every comment
 *   and of every string literal without substitutions, except module specifiers
 *   (`import ... from '...'`, `import('...')`), which the compiler checks; in JSON (fixture
 *   rows' sources, package scripts), the words of every string value, read as strings in code.
 * - Shape: a word with a `/` that ends in a file extension (`shared/src/wall.ts`); outside
 *   strings also one that ends in `/` (`server/src/table/`) and a bare `.md` name
 *   (`README.md`). URLs (`https://...`), `#section` and `?query` tails and `:line` numbers are
 *   not part of the path.
 * - Resolution: the path exists relative to the citing file's folder or to any folder above it,
 *   up to the repository root (a file beside it, a path from its workspace's src folder, a path
 *   from the root). A `.js` path also matches the `.ts`/`.tsx` source beside it
 *   (TypeScript's ESM imports); a `*` is a glob that must match a file or folder.
 * - Not checked: paths inside a folder that .gitignore lists (node_modules/, dist/, data/: built,
 *   installed or written at run time), and the few shapes in `NOT_PATHS` below, which look like
 *   paths but are something else (the server's routes, placeholders, files of npm packages),
 *   and the files in `NOT_READ` (this check's own test and the cycle check's, whose strings are
 *   files written for the test).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

/**
 * Words with a path's shape that are not repository paths, each with why. Keep it short: a stale
 * citation is fixed, not listed here.
 */
export const NOT_PATHS = [
  { pattern: /^\/api\//, why: "the server's HTTP routes (server/README.md)" },
  { pattern: /^\/socket\.io/, why: "socket.io's endpoint on the server" },
  {
    pattern: /^\/[\w-]+\.(?:html|js|css)$/,
    why: 'a page or file the server serves from the built client (client/*.html)',
  },
  { pattern: /^assets\//, why: "Vite's output names (client/dist/assets/), as the budget tests write them" },
  { pattern: /^[A-Z][A-Z0-9_]*\//, why: 'an environment variable or a placeholder folder (`DATA_DIR/secret.key`)' },
  { pattern: /^@[\w-]+\//, why: 'a file inside an npm package (`@fontsource/noto-sans-hk/400.css`)' },
];

/** Files whose citations are not read, each with why. */
export const NOT_READ = new Map([
  ['scripts/check-paths.test.ts', 'its strings are repositories written for the test, with planted missing paths'],
  ['scripts/check-cycles.test.ts', 'its strings are source trees written for the test, in a temporary folder'],
  ['package-lock.json', 'written by npm; its paths are inside the installed packages'],
]);

const CODE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;
const MARKDOWN = /\.md$/;
const JSON_FILE = /\.json$/;

/** Trims the punctuation prose puts around a word: quotes, brackets, a sentence's full stop. */
function trimWord(word) {
  return word.replace(/^[\s"'`([{<]+/, '').replace(/[\s"'`)\]}>,;:!?.]+$/, '');
}

/**
 * The path a word cites, or null when the word does not have a path's shape. Tails that name a
 * place inside a file (`#section`, `?query`, `:12`) are dropped.
 */
export function pathOfWord(raw) {
  const trimmed = trimWord(raw);
  if (trimmed.includes('://') || trimmed.startsWith('mailto:') || trimmed.includes('${')) return null;
  // a folder keeps its slash: `server/src/table/.` is `server/src/table/`
  const word = trimmed.replace(/[#?].*$/, '').replace(/(?::\d+)+$/, '');
  if (!/^[\w.@/*~[\]-]+$/.test(word)) return null;
  if (!word.includes('/')) return /^[\w.-]+\.md$/.test(word) ? word : null;
  if (word.endsWith('/')) return /[\w*]/.test(word) ? word : null;
  const last = word.slice(word.lastIndexOf('/') + 1);
  return /^[\w*@-][\w.*@-]*\.[A-Za-z][A-Za-z0-9]*$/.test(last) ? word : null;
}

/**
 * The paths among the words of a text, each with its offset. In a string (`inString`) only paths
 * with a folder and a file count: a string ending in `/` is mostly a prefix being matched (a
 * refusal code's), and a bare file name is mostly joined to a folder elsewhere.
 */
function pathsIn(text, inString = false) {
  const out = [];
  for (const m of text.matchAll(/\S+/g)) {
    const p = pathOfWord(m[0]);
    if (p !== null && !(inString && (p.endsWith('/') || !p.includes('/')))) out.push({ path: p, offset: m.index });
  }
  return out;
}

/** 1-based line of a character offset. */
function lineAt(text, offset) {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Paths cited in a Markdown text: inside backticks and in link targets. */
export function citationsInMarkdown(text) {
  const found = [];
  const noFences = text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '));
  for (const m of noFences.matchAll(/(`+)([^`]+?)\1/g)) {
    for (const p of pathsIn(m[2])) found.push({ path: p.path, line: lineAt(text, m.index) });
  }
  for (const m of noFences.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const p = pathOfWord(m[1]);
    if (p !== null) found.push({ path: p, line: lineAt(text, m.index) });
  }
  return found;
}

/** A string literal that names a module to load (the compiler resolves those). */
function isModuleSpecifier(node) {
  const parent = node.parent;
  if (parent === undefined) return false;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) return parent.moduleSpecifier === node;
  if (ts.isExternalModuleReference(parent)) return true;
  if (ts.isImportTypeNode(parent.parent ?? parent)) return true;
  if (ts.isCallExpression(parent) && parent.arguments[0] === node) {
    const callee = parent.expression;
    return callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require');
  }
  return false;
}

/** Paths cited in a TypeScript or JavaScript text: in comments and string literals. */
export function citationsInCode(text, fileName = 'file.ts') {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const seenComments = new Set();
  const addComments = (ranges) => {
    for (const r of ranges ?? []) {
      if (seenComments.has(r.pos)) continue;
      seenComments.add(r.pos);
      for (const p of pathsIn(text.slice(r.pos, r.end)))
        found.push({ path: p.path, line: lineAt(text, r.pos + p.offset) });
    }
  };
  const visit = (node) => {
    addComments(ts.getLeadingCommentRanges(text, node.getFullStart()));
    addComments(ts.getTrailingCommentRanges(text, node.getEnd()));
    // A template with substitutions builds its path at run time: only whole literals are read.
    const literal = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
    if (literal && !isModuleSpecifier(node)) {
      for (const p of pathsIn(node.text, true)) found.push({ path: p.path, line: lineAt(text, node.getStart(source)) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  addComments(ts.getLeadingCommentRanges(text, source.endOfFileToken.getFullStart()));
  return found;
}

/**
 * Paths cited in a JSON text (fixture rows' sources, package scripts): in its string values, read
 * as strings in code are. Comments are allowed (tsconfig files have them); the line is the
 * value's first appearance.
 */
export function citationsInJson(text, fileName = 'file.json') {
  let config;
  try {
    config = JSON.parse(text);
  } catch {
    config = ts.parseConfigFileTextToJson(fileName, text).config; // JSON with comments
  }
  const found = [];
  const visit = (value) => {
    if (typeof value === 'string') {
      const paths = pathsIn(value, true);
      if (paths.length === 0) return;
      const at = Math.max(0, text.indexOf(JSON.stringify(value).slice(1, -1)));
      for (const p of paths) found.push({ path: p.path, line: lineAt(text, at) });
    } else if (value !== null && typeof value === 'object') {
      for (const v of Object.values(value)) visit(v);
    }
  };
  visit(config);
  return found;
}

/** Folders .gitignore lists (`node_modules/`, `server/src/generated/`): generated, never cited. */
export function ignoredFolders(root) {
  let text = '';
  try {
    text = readFileSync(join(root, '.gitignore'), 'utf8');
  } catch {
    return ['.git/'];
  }
  const folders = ['.git/'];
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (t.endsWith('/') && !t.startsWith('#') && !t.startsWith('!') && !t.includes('*')) folders.push(t);
  }
  return folders;
}

/** Whether a repository-relative path lies in an ignored folder (`dist/` anywhere, `server/src/generated/` at the root). */
function isIgnored(rel, ignored) {
  const withSlash = rel.endsWith('/') ? rel : `${rel}/`;
  return ignored.some((folder) =>
    folder.slice(0, -1).includes('/')
      ? withSlash.startsWith(folder)
      : withSlash.startsWith(folder) || withSlash.includes(`/${folder}`),
  );
}

/** Every file and folder of the repository (relative, `/`-separated; folders end in `/`), ignored ones left out. */
export function listRepository(root, ignored = ignoredFolders(root)) {
  const entries = new Set();
  const walk = (dir) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const rel = dir === '' ? e.name : `${dir}/${e.name}`;
      if (e.isDirectory()) {
        if (isIgnored(`${rel}/`, ignored)) continue;
        entries.add(`${rel}/`);
        walk(rel);
      } else if (e.isFile() || (e.isSymbolicLink() && statSync(join(root, rel), { throwIfNoEntry: false })?.isFile())) {
        entries.add(rel);
      }
    }
  };
  walk('');
  return entries;
}

/** A glob (`*` within a segment, a double star and a slash for any folders) as a regular expression. */
function globToRegExp(glob) {
  const escapeRe = (t) => t.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const body = glob
    .split('**/')
    .map((part) => part.split('*').map(escapeRe).join('[^/]*'))
    .join('(?:.*/)?');
  return new RegExp(`^${body}$`);
}

/** Whether `candidate` (normalised, repository-relative) names an entry. */
function exists(candidate, entries) {
  if (candidate.startsWith('../') || candidate === '..') return false;
  if (candidate === '' || candidate === '.' || candidate === './') return true;
  const names = [candidate];
  if (/\.jsx?$/.test(candidate))
    names.push(candidate.replace(/\.js(x?)$/, '.ts$1'), candidate.replace(/\.jsx?$/, '.tsx'));
  if (candidate.endsWith('.mjs')) names.push(candidate.replace(/\.mjs$/, '.mts'));
  for (const name of names) {
    if (name.includes('*')) {
      const re = globToRegExp(name.replace(/\/$/, ''));
      for (const e of entries) if (re.test(e.replace(/\/$/, ''))) return true;
      continue;
    }
    if (entries.has(name) || entries.has(`${name.replace(/\/$/, '')}/`)) return true;
  }
  return false;
}

/** The folders a path in `file` may be relative to: its own and every folder above it, up to the root. */
function bases(file) {
  const out = [];
  for (let d = posix.dirname(file); d !== '.' && d !== ''; d = posix.dirname(d)) out.push(d);
  out.push('');
  return out;
}

/** Whether the path cited in `file` resolves (see the header), or is not checked. */
export function resolves(path, file, entries, ignored) {
  if (NOT_PATHS.some((n) => n.pattern.test(path))) return true;
  for (const base of bases(file)) {
    const joined = path.startsWith('/') ? path.slice(1) : posix.normalize(posix.join(base, path));
    const rel = path.endsWith('/') && !joined.endsWith('/') ? `${joined}/` : joined;
    if (!rel.startsWith('../') && isIgnored(rel, ignored)) return true;
    if (exists(rel, entries)) return true;
    if (path.startsWith('/')) break;
  }
  return false;
}

/** Every cited path of the repository at `root` that does not exist: `{ file, line, path }`. */
export function missingPaths(root) {
  const ignored = ignoredFolders(root);
  const entries = listRepository(root, ignored);
  const missing = [];
  for (const file of [...entries].sort()) {
    if (file.endsWith('/') || NOT_READ.has(file)) continue;
    const isCode = CODE.test(file) && !file.endsWith('.d.ts');
    const isJson = JSON_FILE.test(file);
    if (!isCode && !isJson && !MARKDOWN.test(file)) continue;
    const text = readFileSync(join(root, file), 'utf8');
    const cited = isCode
      ? citationsInCode(text, file)
      : isJson
        ? citationsInJson(text, file)
        : citationsInMarkdown(text);
    for (const c of cited) {
      if (!resolves(c.path, file, entries, ignored)) missing.push({ file, line: c.line, path: c.path });
    }
  }
  return missing;
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const missing = missingPaths(root);
  if (missing.length === 0) {
    console.log('check-paths: every cited path exists');
    return;
  }
  for (const m of missing) console.error(`${m.file}:${m.line}: ${m.path} does not exist`);
  console.error(`check-paths: ${missing.length} cited path(s) missing (rule: scripts/check-paths.mjs)`);
  process.exitCode = 1;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
