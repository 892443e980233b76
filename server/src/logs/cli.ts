/**
 * `npm run --silent log -- <command>`: the log formats from the command line.
 *
 *   check FILE [--json]                      a tenhou.net/6 file played hand by hand on the table
 *                                            engine: per hand, whether its score changes equal
 *                                            the file's; with --json the last line is
 *                                            {"hands": N, "agree": M, "differences": [...]}
 *   export MATCH_ID --format tenhou6|mjai|hk a finished match of the ledger (DATA_DIR or
 *                                            DATABASE_URL, as the server reads them), to stdout
 *   convert FILE --to mjai                   a tenhou.net/6 file as mjai events, to stdout
 *
 * Exit status: 0 done, 1 a bad file or a match that cannot be exported, 2 a wrong command line.
 */
import { readFileSync, statSync } from 'node:fs';
import { EXPORT_FORMATS, type ExportFormat } from '@mahjong/shared';
import { openStore } from '../store/open.js';
import { exportMatch, recordingOfImport } from './match.js';
import { mjaiLines, toMjai } from './mjai.js';
import { checkHands, replayLog } from './tenhou6-import.js';
import { type LogProblem, MAX_LOG_BYTES, type ParsedLog, readTenhou6 } from './tenhou6-read.js';

const USAGE =
  'usage: npm run --silent log -- check FILE [--json] | export MATCH_ID --format tenhou6|mjai|hk | convert FILE --to mjai';

class Exit extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function readLog(file: string): ParsedLog {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new Exit(1, `${file}: no such file`);
  }
  // Never read a huge file into memory only to refuse it.
  if (size > MAX_LOG_BYTES)
    throw new Exit(1, `${file}: over ${MAX_LOG_BYTES / 1024} KB; one match's log is far smaller`);
  const parsed = readTenhou6(readFileSync(file, 'utf8'));
  if (!parsed.ok) throw new Exit(1, `${file}: ${parsed.error.message}`);
  return parsed.value;
}

/** Plays a file's hands; a file that does not play is a bad file. */
function played(file: string, log: ParsedLog): ReturnType<typeof replayLog> {
  try {
    return replayLog(log);
  } catch (error) {
    const p = error as LogProblem;
    if (typeof p?.code === 'string' && p.code.startsWith('log/')) throw new Exit(1, `${file}: ${p.message}`);
    throw error;
  }
}

const seats = (d: readonly number[] | null): string => (d === null ? 'none' : `[${d.join(', ')}]`);

function check(args: string[]): void {
  const file = args.find((a) => !a.startsWith('--'));
  if (file === undefined) throw new Exit(2, USAGE);
  const log = readLog(file);
  const hands = played(file, log);
  for (const h of hands) {
    const line = h.agree
      ? `hand ${h.index + 1} ${h.name}: agrees ${seats(h.stated)}`
      : `hand ${h.index + 1} ${h.name}: DIFFERS: file ${h.statedEnd} ${seats(h.stated)}, engine ${h.computedEnd ?? 'no result'} ${seats(h.computed)}${h.stopped ? ` (step ${h.stopped.step}: ${h.stopped.reason})` : ''}`;
    process.stdout.write(`${line}\n`);
  }
  const summary = checkHands(hands);
  if (args.includes('--json')) process.stdout.write(`${JSON.stringify(summary)}\n`);
  else process.stdout.write(`${summary.agree} of ${summary.hands} hands agree\n`);
}

function convert(args: string[]): void {
  const file = args.find((a) => !a.startsWith('--'));
  const to = args[args.indexOf('--to') + 1];
  if (file === undefined || !args.includes('--to') || to !== 'mjai') throw new Exit(2, USAGE);
  const log = readLog(file);
  const hands = played(file, log);
  const summary = checkHands(hands);
  for (const d of summary.differences) {
    process.stderr.write(
      `hand ${d.hand + 1} ${d.name}: the engine's result differs from the file's; written as the engine plays it\n`,
    );
  }
  process.stdout.write(mjaiLines(toMjai(recordingOfImport(log, hands))));
}

async function exportCommand(args: string[]): Promise<void> {
  const id = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--format');
  const format = args[args.indexOf('--format') + 1];
  if (id === undefined || !args.includes('--format') || !(EXPORT_FORMATS as readonly string[]).includes(format ?? '')) {
    throw new Exit(2, USAGE);
  }
  const store = await openStore(
    process.env.DATABASE_URL
      ? { kind: 'postgres', url: process.env.DATABASE_URL }
      : { kind: 'pglite', dataDir: process.env.DATA_DIR ?? './data' },
  );
  try {
    const m = await store.loadMatch(id);
    if (m === null) throw new Exit(1, `no match ${id}`);
    const [rows, hands] = await Promise.all([store.loadLog(id), store.loadHands(id)]);
    const file = exportMatch(m, rows, hands, format as ExportFormat);
    if (!file.ok) throw new Exit(1, `${file.error.code}: ${file.error.message}`);
    process.stdout.write(file.value.body.endsWith('\n') ? file.value.body : `${file.value.body}\n`);
  } finally {
    await store.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'check') check(rest);
  else if (command === 'convert') convert(rest);
  else if (command === 'export') await exportCommand(rest);
  else throw new Exit(2, USAGE);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof Exit) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = error.status;
    return;
  }
  throw error;
});
