/**
 * Stored matches and the log formats: a finished match exported (tenhou.net/6 or mjai for
 * riichi, the project's own JSON for Hong Kong), a tenhou.net/6 file turned into an imported
 * match (its record and hands for the ledger), and an imported match's replay frames. Used by
 * the HTTP API (`server/src/http.ts`) and the `log` command (`server/src/logs/cli.ts`).
 */
import { randomUUID } from 'node:crypto';
import {
  type BySeat,
  type ExportFormat,
  type LegalAction,
  type ImportCheck,
  isVacantSeat,
  type ReplayFrame,
  SEATS,
  type TableView,
} from '@mahjong/shared';
import { seatHands } from '../replay.js';
import { LOG_FORMAT_VERSION, rulesetVersion } from '../room.js';
import type { ActionRow, HandRow, MatchRecord } from '../store/types.js';
import { createEngine } from '../table/engine.js';
import { isRiichiTable, type LogEntry, type MatchConfig, type TableEvent } from '../table/index.js';
import { type HandRecord, type MatchRecording, recordEngine, recordMatch } from './record.js';
import { mjaiLines, toMjai } from './mjai.js';
import { toTenhou6 } from './tenhou6.js';
import { checkHands, type ImportedHand, importConfig, replayLog, replayLogInSlices } from './tenhou6-import.js';
import { type LogProblem, type ParsedLog, checkTenhou6 } from './tenhou6-read.js';

export const isFinished = (m: MatchRecord): boolean => m.status === 'over' || m.status === 'ended';

/** The engine config of a stored (played) match. */
export function configOf(m: MatchRecord): MatchConfig {
  return {
    seed: m.seed,
    ruleset: m.ruleset,
    options: m.options,
    players: m.seats.map((s) => ({
      name: s.name ?? `Seat ${s.seat + 1}`,
      bot: s.bot,
    })) as unknown as MatchConfig['players'],
    rounds: m.rounds,
  };
}

const logOf = (rows: readonly ActionRow[]): LogEntry[] =>
  rows.map((r) => ({ seq: r.seq, at: r.at, event: r.event as TableEvent }));

export interface ExportFile {
  readonly body: string;
  readonly contentType: string;
  readonly filename: string;
}

export type ExportRefusal =
  | { readonly code: 'match/in_progress'; readonly message: string }
  | { readonly code: 'match/format'; readonly message: string };

/** The documented JSON of a Hong Kong match (`server/src/logs/README.md`, "Hong Kong matches"). */
export const HK_FORMAT = 'mahjong-table/hk-match';

/** A finished match in one format; a match in play, or a format of the other family, is refused. */
export function exportMatch(
  m: MatchRecord,
  rows: readonly ActionRow[],
  hands: readonly HandRow[],
  format: ExportFormat,
): { ok: true; value: ExportFile } | { ok: false; error: ExportRefusal } {
  if (!isFinished(m))
    return { ok: false, error: { code: 'match/in_progress', message: 'a match is exported once it is over' } };
  const riichi = isRiichiTable(m.ruleset as MatchConfig['ruleset']);
  if (riichi !== (format !== 'hk')) {
    const message = riichi ? 'a riichi match exports as tenhou6 or mjai' : 'a Hong Kong match exports as hk';
    return { ok: false, error: { code: 'match/format', message } };
  }
  const name = `match-${m.id.slice(0, 8)}`;
  if (format === 'hk') {
    const body = JSON.stringify({
      format: HK_FORMAT,
      version: 1,
      id: m.id,
      ruleset: m.ruleset,
      rulesetVersion: m.rulesetVersion,
      options: m.options,
      rounds: m.rounds,
      seed: m.seed,
      seedHash: m.seedHash,
      players: m.seats.map((s) => ({ seat: s.seat, name: s.name, bot: s.bot })),
      startedAt: m.startedAt?.toISOString() ?? null,
      endedAt: m.endedAt?.toISOString() ?? null,
      finalScores: m.finalScores,
      log: logOf(rows),
      hands: hands.map((h) => h.result),
    });
    return { ok: true, value: { body, contentType: 'application/json; charset=utf-8', filename: `${name}.hk.json` } };
  }
  if (format === 'tenhou6') {
    // An import goes back out as its file (what of it was kept): every hand, also those the
    // engine could not play to the file's end, which a file written from the engine would lose.
    const kept = m.imported as Record<string, unknown> | null | undefined;
    const body = JSON.stringify(kept ? fileOfImport(kept) : toTenhou6(recordingOf(m, rows), m.id));
    return {
      ok: true,
      value: { body, contentType: 'application/json; charset=utf-8', filename: `${name}.tenhou6.json` },
    };
  }
  return {
    ok: true,
    value: {
      body: mjaiLines(toMjai(recordingOf(m, rows))),
      contentType: 'application/x-ndjson; charset=utf-8',
      filename: `${name}.mjai.jsonl`,
    },
  };
}

/** A stored riichi match recorded hand by hand: a played one from its log, an imported one from its file. */
export function recordingOf(m: MatchRecord, rows: readonly ActionRow[]): MatchRecording {
  if (m.imported !== undefined && m.imported !== null) {
    const parsed = storedImport(m);
    return recordingOfImport(parsed, replayLog(parsed));
  }
  return recordMatch(configOf(m), logOf(rows));
}

/**
 * A stored import's file read again, played with the rules it was imported with (its options):
 * what the reader makes of a file's `disp` may change between versions (open all-simples in a
 * room name that is not Tenhou's), and the stored hands and scores were scored by the first
 * reading.
 */
function storedImport(m: MatchRecord): ParsedLog {
  const parsed = checkTenhou6(m.imported);
  if (!parsed.ok) throw new Error(`stored import ${m.id} no longer reads: ${(parsed.error as LogProblem).message}`);
  const { openTanyao, redFives } = m.options as { openTanyao?: unknown; redFives?: unknown };
  return {
    ...parsed.value,
    ...(typeof openTanyao === 'boolean' ? { openTanyao } : {}),
    ...(typeof redFives === 'number' ? { redFives: redFives > 0 } : {}),
  };
}

/** An imported log recorded as the engine played it (hands it could not finish are left out). */
export function recordingOfImport(parsed: ParsedLog, hands: readonly ImportedHand[]): MatchRecording {
  const out: HandRecord[] = [];
  for (const h of hands) {
    if (h.result === null) continue;
    const engine = createEngine(importConfig(parsed), 0, { walls: [h.wall], firstHand: h.firstHand });
    const [hand] = recordEngine(engine, h.log.slice(1));
    if (hand !== undefined) out.push({ ...hand, number: h.index, result: { ...hand.result, handNumber: h.index } });
  }
  return {
    seats: parsed.seats,
    names: parsed.names,
    redFives: parsed.redFives,
    openTanyao: parsed.openTanyao,
    rounds: parsed.rounds,
    hands: out,
  };
}

export interface ImportedMatch {
  readonly record: MatchRecord;
  readonly hands: readonly HandRow[];
  readonly check: ImportCheck;
}

/**
 * A checked tenhou.net/6 file as a match for the ledger: finished, no seed, its hands as the
 * engine scored them. Throws a LogProblem (nothing to store) when the file does not play.
 */
export async function importMatch(raw: unknown, now: Date): Promise<ImportedMatch> {
  const parsed = checkTenhou6(raw);
  if (!parsed.ok) throw parsed.error;
  const played = await replayLogInSlices(parsed.value);
  const check = checkHands(played);
  const hands: HandRow[] = played.flatMap((h) =>
    h.result === null
      ? []
      : [
          {
            handNumber: h.index,
            dealer: h.firstHand.dealer,
            prevailingWind: h.firstHand.round + 1,
            result: { ...h.result, handNumber: h.index },
          },
        ],
  );
  const last = played[played.length - 1];
  const id = randomUUID();
  const config = importConfig(parsed.value);
  const record: MatchRecord = {
    id,
    // Never a join code (those are letters only): the replay page finds it by id.
    code: `import-${id.slice(0, 8)}`,
    ruleset: config.ruleset,
    options: config.options as Record<string, unknown>,
    rounds: parsed.value.rounds,
    seed: '',
    seedHash: '',
    status: 'over',
    spectatorsAllowed: false,
    spectatorDelay: false,
    fillWithBots: false,
    hostNonce: '',
    rulesetVersion: rulesetVersion(config.ruleset),
    logFormatVersion: LOG_FORMAT_VERSION,
    createdAt: now,
    startedAt: now,
    endedAt: now,
    startClock: 0,
    finalScores: last?.scoresAfter ?? null,
    circleId: null,
    rematchOf: null,
    // (A three-player file's fourth seat is the table's vacant one: no name, as at a played table.)
    seats: SEATS.map((seat) => ({
      seat,
      name: isVacantSeat(config.ruleset, seat) ? null : parsed.value.names[seat],
      bot: false,
      nonce: null,
      playerId: null,
    })),
    imported: keptOf(raw as Record<string, unknown>),
  };
  return { record, hands, check };
}

/**
 * A stored import as a tenhou.net/6 file, its fields in the format's order (the database may
 * keep a JSON object's keys in another).
 */
function fileOfImport(kept: Record<string, unknown>): Record<string, unknown> {
  return { title: kept.title ?? ['', ''], name: kept.name, rule: kept.rule, log: kept.log };
}

/**
 * What of a checked file is stored: what reading it again takes (`checkTenhou6`), no other field
 * of the upload, whatever it holds.
 */
function keptOf(raw: Record<string, unknown>): Record<string, unknown> {
  const rule = (typeof raw.rule === 'object' && raw.rule !== null ? raw.rule : {}) as Record<string, unknown>;
  const kept = ['disp', 'aka', 'aka51', 'aka52', 'aka53'].filter((k) => rule[k] !== undefined);
  return {
    ...(Array.isArray(raw.title) ? { title: raw.title.filter((t) => typeof t === 'string') } : {}),
    name: raw.name,
    rule: Object.fromEntries(kept.map((k) => [k, rule[k]])),
    log: raw.log,
  };
}

/**
 * An imported match's replay: how its hands compare (each played again from the file, in slices
 * of work), and its frames, made one at a time as they are taken (each hand from its own engine),
 * so that a replay's build, which yields between frames, never holds the event loop for long.
 */
export async function importedReplay(m: MatchRecord): Promise<{
  readonly check: ImportCheck;
  readonly frames: Iterable<{ readonly hand: number; readonly frame: ReplayFrame }>;
}> {
  const parsed = storedImport(m);
  const played = await replayLogInSlices(parsed);
  return { check: checkHands(played), frames: importedSteps(played, importConfig(parsed)) };
}

function* importedSteps(
  played: readonly ImportedHand[],
  config: ReturnType<typeof importConfig>,
): Generator<{ hand: number; frame: ReplayFrame }> {
  let seq = 0;
  for (const h of played) {
    const engine = createEngine(config, 0, { walls: [h.wall], firstHand: h.firstHand });
    const frame = (entry: LogEntry | null) => {
      const seats = SEATS.map((s) => engine.viewFor(s));
      const spectator = engine.viewFor('spectator');
      // Each hand is its own engine: the view is renumbered as the file's hand.
      const view: TableView = { ...spectator, handNumber: h.index };
      seq += 1;
      return {
        hand: h.index,
        frame: {
          seq,
          at: entry?.at ?? 0,
          event: entry?.event ?? null,
          view,
          ...seatHands(seats),
          // Every seat's choices, as a played match's replay has them: the analysis reviews each
          // discard of the file's players against them (without, it found no decision at all).
          legal: seats.map((v) => v.legalActions) as unknown as BySeat<readonly LegalAction[]>,
        },
      };
    };
    yield frame(null);
    for (const entry of h.log.slice(1)) {
      engine.apply(entry);
      yield frame(entry);
    }
  }
}
