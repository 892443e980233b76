/**
 * The benchmark figures file (`docs/benchmarks.md`): one section per benchmark file, written by
 * `npm run bench` from what the benchmark printed. A run of some benchmarks replaces their
 * sections and keeps the others, so each figure says when and on what it was measured.
 */

const HEADER = `# Benchmark figures

Written by \`npm run bench\` (do not edit by hand): each section is what one benchmark printed on
its last run, with the machine, the date and the load average when it started. The READMEs say
what each benchmark measures and its targets; the figures live here only. Figures move with the
machine's load: compare runs on one machine, old and new alternated.
`;

const open = (file) => `<!-- bench: ${file} -->`;
const close = (file) => `<!-- /bench: ${file} -->`;

/** Terminal colour codes, which some benchmarks print. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what is matched
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * One benchmark's section.
 * @param {{ file: string, date: string, machine: string, load: string, output: string }} run
 */
export function renderSection(run) {
  const body = run.output.replace(ANSI, '').replace(/\s+$/, '').replace(/```/g, "'''");
  return [
    open(run.file),
    `## \`${run.file}\``,
    '',
    `${run.date} UTC · ${run.machine} · load average ${run.load}`,
    '',
    '```text',
    body,
    '```',
    close(run.file),
  ].join('\n');
}

/** The sections of a figures file, by benchmark file. */
export function parseSections(text) {
  const found = new Map();
  const re = /<!-- bench: (\S+) -->[\s\S]*?<!-- \/bench: \1 -->/g;
  for (const m of text.matchAll(re)) found.set(m[1], m[0]);
  return found;
}

/** The figures file with `sections` replacing those of the same benchmark, in file order. */
export function mergeSections(before, sections) {
  const all = parseSections(before);
  for (const s of sections) {
    const file = /<!-- bench: (\S+) -->/.exec(s)?.[1];
    if (file) all.set(file, s);
  }
  const ordered = [...all.keys()].sort().map((k) => all.get(k));
  return `${HEADER}\n${ordered.join('\n\n')}\n`;
}
