/**
 * Reading a tenhou.net/6 file: its shape checked, and each hand's takes and discards put back
 * into the order they were played (the format lists them per seat). Every problem names the
 * hand (by its number in the file and as `East 1, 0 honba`) and the step where it is found.
 */
import {
  type BySeat,
  checkDisplayName,
  type LogProblemCode,
  type RefusalValues,
  type Seat,
  type TileKind,
} from '@mahjong/shared';
import type { HandEvent } from './record.js';
import { fromTenhouCode, type LogTile } from './tiles.js';

/** Where a problem is: the hand's index in `log`, and the step (1-based) in its play order. */
export interface LogPlace {
  readonly hand: number;
  readonly handName: string;
  readonly step?: number;
}

export interface LogProblem {
  readonly code: LogProblemCode;
  readonly message: string;
  readonly at?: LogPlace;
}

export type LogResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: LogProblem };
const ok = <T>(value: T): LogResult<T> => ({ ok: true, value });
const fail = (code: LogProblemCode, message: string): LogResult<never> => ({ ok: false, error: { code, message } });

/** A log of one match is tens of kilobytes; a megabyte is far more than any needs. */
export const MAX_LOG_BYTES = 1024 * 1024;

/**
 * The most hands a file may hold. A game runs to a few dozen (a south game with many repeats and a
 * west extension stays well under); each hand is replayed when the file is read, so the bound is
 * also the bound on the work one upload costs.
 */
export const MAX_LOG_HANDS = 100;
/** The most takes (or discards) of one seat in a hand: every draw of the live wall (70) and the dead wall (4), and 4 calls. */
const MAX_SEAT_STEPS = 80;
/** The most for a hand's repeat counter and for the riichi sticks on the table. */
const MAX_COUNTER = 99;

/** Half of a UTF-16 pair without its other half: no text in UTF-8 holds one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether any text in `value` is one no database text can store: a NUL character, or a lone
 * surrogate (`"\ud800"` in the file's JSON, which PostgreSQL's jsonb refuses: the import was
 * answered as if the database were down).
 */
function unstorable(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000') || LONE_SURROGATE.test(v)) return true;
    } else if (Array.isArray(v)) {
      // (One by one: spreading an array of a million items would overflow the call stack.)
      for (const x of v) stack.push(x);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) stack.push(k, x);
    }
  }
  return false;
}

/**
 * A problem as the values of its `log/invalid` refusal (see LOG_PROBLEMS in the protocol): the
 * reason, and where it is (hand and step counted from 1), so a page can say it in its language.
 */
export function logProblemValues(p: LogProblem): RefusalValues {
  return {
    reason: p.code,
    ...(p.code === 'log/too_large' ? { kb: MAX_LOG_BYTES / 1024 } : {}),
    ...(p.at === undefined ? {} : { hand: p.at.hand + 1 }),
    ...(p.at?.step === undefined ? {} : { step: p.at.step }),
  };
}

/** How a hand ended, as the file states it. */
export type StatedEnd =
  | {
      readonly kind: 'win';
      readonly wins: readonly {
        readonly seat: Seat;
        readonly from: Seat;
        readonly pao: Seat;
        readonly deltas: BySeat<number>;
        readonly text: readonly string[];
      }[];
    }
  | { readonly kind: 'draw'; readonly name: string; readonly deltas: BySeat<number> };

export interface ParsedHand {
  readonly index: number;
  readonly name: string;
  readonly round: number;
  readonly dealer: Seat;
  readonly honba: number;
  readonly sticks: number;
  readonly scores: BySeat<number>;
  readonly deal: BySeat<readonly LogTile[]>;
  readonly doraIndicators: readonly LogTile[];
  readonly uraIndicators: readonly LogTile[];
  /** In play order; draws say whether they are replacements after a kong. */
  readonly events: readonly HandEvent[];
  readonly end: StatedEnd;
}

export interface ParsedLog {
  /**
   * Seats played: 4, or 3 (a three-player log, which keeps the four-seat arrays with the fourth
   * empty: its name "", its score and deltas 0, no deal, takes or discards).
   */
  readonly seats: 3 | 4;
  readonly names: BySeat<string>;
  readonly redFives: boolean;
  /** 1 east only, 2 east and south (from `rule.disp`). */
  readonly rounds: 1 | 2;
  /** All simples with open melds: Tenhou's `disp` says 喰 when it counts (a `disp` of other
   * words, such as Mahjong Soul's room names (金の間), says nothing: it counts there too). */
  readonly openTanyao: boolean;
  readonly title: string;
  readonly hands: readonly ParsedHand[];
}

const WINDS = ['East', 'South', 'West', 'North'];
export const handName = (kyoku: number, honba: number): string =>
  `${WINDS[Math.floor(kyoku / 4) % 4]} ${(kyoku % 4) + 1}, ${honba} honba`;

class Problem extends Error {
  constructor(
    readonly code: LogProblemCode,
    message: string,
    readonly step?: number,
  ) {
    super(message);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

function seatArray(v: unknown, what: string): BySeat<number> {
  if (!Array.isArray(v) || v.length !== 4 || !v.every(isInt))
    throw new Problem('log/shape', `${what}: four whole numbers`);
  return v as unknown as BySeat<number>;
}

function tileOf(v: unknown, what: string, step?: number): LogTile {
  const t = fromTenhouCode(v);
  if (t === null) throw new Problem('log/tile', `${what}: ${JSON.stringify(v)} is not a tile code`, step);
  return t;
}

/** Parses and checks a whole file. Nothing of the file is used when anything is wrong. */
export function readTenhou6(text: string): LogResult<ParsedLog> {
  if (Buffer.byteLength(text) > MAX_LOG_BYTES) {
    return fail('log/too_large', `the file is over ${MAX_LOG_BYTES / 1024} KB; one match's log is far smaller`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return fail('log/malformed', `not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return checkTenhou6(raw);
}

/** Whether a parsed value holds a red five anywhere (a tile of the deal, an event, an indicator). */
const holdsRed = (v: unknown): boolean =>
  Array.isArray(v) ? v.some(holdsRed) : isObject(v) && (v.red === true || Object.values(v).some(holdsRed));

/** Checks an already parsed file (see `readTenhou6`). */
export function checkTenhou6(raw: unknown): LogResult<ParsedLog> {
  if (!isObject(raw) || !Array.isArray(raw.log))
    return fail('log/shape', 'a tenhou.net/6 log is an object with a `log` array');
  const rule = isObject(raw.rule) ? raw.rule : {};
  const disp = typeof rule.disp === 'string' ? rule.disp : '';
  if (!Array.isArray(raw.name) || raw.name.length !== 4 || !raw.name.every((n) => typeof n === 'string')) {
    return fail(
      Array.isArray(raw.name) && raw.name.length === 3 ? 'log/three_player' : 'log/shape',
      Array.isArray(raw.name) && raw.name.length === 3
        ? '`name`: three names; a three-player tenhou.net/6 log keeps four seats, the fourth ""'
        : '`name`: four player names',
    );
  }
  if (raw.log.length === 0) return fail('log/shape', 'the log has no hands');
  if (raw.log.length > MAX_LOG_HANDS) return fail('log/shape', `a log holds at most ${MAX_LOG_HANDS} hands`);
  const seats = seatsPlayed(raw.log[0]);
  if (seats === 4 && saysThreePlayers(disp))
    return fail('log/shape', `\`rule.disp\` "${disp}" is a three-player rule, and four seats are dealt`);
  const names: string[] = [];
  for (const [i, n] of (raw.name as string[]).entries()) {
    // Logs made anonymous leave names empty: the seat is then shown by its wind.
    if (n.trim() === '') {
      names.push('');
      continue;
    }
    const name = checkDisplayName(n);
    if (!name.ok) return fail('log/shape', `\`name\` ${i + 1}: ${name.error.message}`);
    names.push(name.value);
  }
  if (unstorable(raw)) return fail('log/shape', 'the file holds a NUL character or half of a UTF-16 pair');
  const aka = [rule.aka, rule.aka51, rule.aka52, rule.aka53].some((x) => isInt(x) && x > 0);
  const hands: ParsedHand[] = [];
  for (const [index, h] of raw.log.entries()) {
    const place: LogPlace = { hand: index, handName: headerName(h) };
    try {
      hands.push(parseHand(h, index, place.handName, seats));
    } catch (error) {
      if (!(error instanceof Problem)) throw error;
      const at: LogPlace = error.step === undefined ? place : { ...place, step: error.step };
      return {
        ok: false,
        error: { code: error.code, message: `hand ${index + 1} (${place.handName}): ${error.message}`, at },
      };
    }
  }
  return ok({
    seats,
    names: names as unknown as BySeat<string>,
    // A red five in the file says red fives are played, whatever its `rule` says or lacks (a
    // tournament lobby's file has `rule` as an array, with no `aka`).
    redFives: aka || hands.some(holdsRed),
    rounds: disp.includes('東') || /east/i.test(disp) ? 1 : 2,
    openTanyao: disp.includes('喰') || !isTenhouLobby(disp),
    title: Array.isArray(raw.title)
      ? raw.title
          .filter((t) => typeof t === 'string')
          .join(' ')
          .trim()
      : '',
    hands,
  });
}

/** Whether a `disp` names three players: Tenhou's 三 lobbies (三鳳南喰赤), "3-player" in other words (not any 三: 第三回). */
const saysThreePlayers = (disp: string): boolean =>
  /^三[般上特鳳若銀琥孔技]?[東南]/u.test(disp) || /3-?player/i.test(disp);

/**
 * Whether a `disp` is one of Tenhou's lobby names (三鳳南喰赤, 般東喰赤速): an optional 三, a lobby,
 * 東 or 南, then 喰 when open all-simples count. Other words (Mahjong Soul's 金の間, a converter's
 * English) say nothing of open all-simples.
 */
const isTenhouLobby = (disp: string): boolean => /^三?[般上特鳳若銀琥孔技]?[東南]/u.test(disp);

/**
 * 3 when the first hand deals nothing to the fourth seat (its deal, at index 13, empty), as a
 * three-player file writes it; else 4. Each hand is then checked against it.
 */
function seatsPlayed(h: unknown): 3 | 4 {
  return Array.isArray(h) && h.length === 17 && Array.isArray(h[13]) && h[13].length === 0 ? 3 : 4;
}

function headerName(h: unknown): string {
  const head = Array.isArray(h) ? h[0] : null;
  return Array.isArray(head) && isInt(head[0]) && isInt(head[1]) ? handName(head[0], head[1]) : 'no header';
}

type Item = number | string;

function parseHand(h: unknown, index: number, name: string, seats: 3 | 4): ParsedHand {
  if (!Array.isArray(h)) throw new Problem('log/shape', 'a hand is an array');
  if (h.length === 14)
    throw new Problem(
      'log/three_player',
      'three seats of deals, takes and discards: a three-player tenhou.net/6 log keeps four, the fourth empty',
    );
  if (h.length !== 17)
    throw new Problem(
      'log/shape',
      `a hand has 17 parts (header, scores, indicators, 4 x deal/takes/discards, result), not ${h.length}`,
    );
  const head = h[0];
  if (!Array.isArray(head) || head.length !== 3 || !head.every(isInt)) {
    throw new Problem('log/shape', 'the header is [kyoku 0-15, honba, sticks]');
  }
  const [kyoku, honba, sticks] = head as [number, number, number];
  if (kyoku < 0 || kyoku > 15 || honba < 0 || sticks < 0 || honba > MAX_COUNTER || sticks > MAX_COUNTER)
    throw new Problem('log/shape', `the header is [kyoku 0-15, honba 0-${MAX_COUNTER}, sticks 0-${MAX_COUNTER}]`);
  const scores = seatArray(h[1], 'the scores');
  if (seats === 3 && kyoku % 4 === 3) throw new Problem('log/shape', 'a three-player hand is dealt by seat 1, 2 or 3');
  const list = (v: unknown, what: string): Item[] => {
    if (!Array.isArray(v) || !v.every((x) => isInt(x) || typeof x === 'string'))
      throw new Problem('log/shape', `${what}: a list of tile codes and call strings`);
    return v as Item[];
  };
  const dora = list(h[2], 'the dora indicators').map((c) => tileOf(c, 'a dora indicator'));
  const ura = list(h[3], 'the ura-dora indicators').map((c) => tileOf(c, 'an ura-dora indicator'));
  if (dora.length < 1 || dora.length > 5 || ura.length > dora.length)
    throw new Problem('log/shape', '1 to 5 dora indicators, as many ura-dora or none');
  const deal: LogTile[][] = [];
  const takes: Item[][] = [];
  const discards: Item[][] = [];
  for (let seat = 0; seat < 4; seat++) {
    const d = list(h[4 + seat * 3], `seat ${seat}'s deal`);
    if (seat >= seats) {
      // The three-player file's fourth seat: nothing dealt, taken or discarded.
      if (d.length > 0 || list(h[5 + seat * 3], '').length > 0 || list(h[6 + seat * 3], '').length > 0)
        throw new Problem('log/shape', 'a three-player log deals nothing to the fourth seat');
      deal.push([]);
      takes.push([]);
      discards.push([]);
      continue;
    }
    if (d.length !== 13) throw new Problem('log/shape', `seat ${seat} is dealt ${d.length} tiles, not 13`);
    deal.push(d.map((c) => tileOf(c, `seat ${seat}'s deal`)));
    takes.push(list(h[5 + seat * 3], `seat ${seat}'s takes`));
    discards.push(list(h[6 + seat * 3], `seat ${seat}'s discards`));
    if (takes[seat]!.length > MAX_SEAT_STEPS || discards[seat]!.length > MAX_SEAT_STEPS)
      throw new Problem('log/shape', `a seat takes and discards at most ${MAX_SEAT_STEPS} times in a hand`);
  }
  const dealer = (kyoku % 4) as Seat;
  const events = playOrder(dealer, takes, discards, seats);
  checkCopies(deal, dora, ura, events, seats);
  const end = statedEnd(h[16], seats);
  if (seats === 3 && (scores[3] !== 0 || deltasOf(end).some((d) => d[3] !== 0)))
    throw new Problem('log/shape', "a three-player log's fourth seat has no points (0)");
  return {
    index,
    name,
    round: Math.floor(kyoku / 4),
    dealer,
    honba,
    sticks,
    scores,
    deal: deal as unknown as BySeat<LogTile[]>,
    doraIndicators: dora,
    uraIndicators: ura,
    events,
    end,
  };
}

const deltasOf = (end: StatedEnd): BySeat<number>[] =>
  end.kind === 'win' ? end.wins.map((w) => w.deltas) : [end.deltas];

/**
 * The longest result a hand may state: "和了" and three wins (deltas and description each); a draw
 * is its name and deltas. A description holds its three seats, its points text and the yaku. The
 * file is stored as read, so these bound what an upload can make the server store and parse
 * (a result padded with 50,000 deltas was 0.5 MB, one write that held the event loop for seconds).
 */
const MAX_RESULT_PARTS = 7;
const MAX_WIN_WORDS = 40;

function statedEnd(r: unknown, seats: 3 | 4): StatedEnd {
  if (!Array.isArray(r) || typeof r[0] !== 'string')
    throw new Problem('log/shape', 'the result is ["和了" or a draw\'s name, ...]');
  if (r.length > (r[0] === '和了' ? MAX_RESULT_PARTS : 2))
    throw new Problem('log/shape', `a result has at most ${MAX_RESULT_PARTS} parts (a draw 2)`);
  if (r[0] !== '和了') {
    return {
      kind: 'draw',
      name: r[0],
      deltas: r.length > 1 ? seatArray(r[1], "the draw's score changes") : [0, 0, 0, 0],
    };
  }
  const wins: Extract<StatedEnd, { kind: 'win' }>['wins'][number][] = [];
  if (r.length < 3 || (r.length - 1) % 2 !== 0)
    throw new Problem('log/shape', 'a win result is ["和了", deltas, [who, from, pao, text...], ...]');
  for (let i = 1; i < r.length; i += 2) {
    const deltas = seatArray(r[i], "a win's score changes");
    const info = r[i + 1];
    if (
      !Array.isArray(info) ||
      info.length < 3 ||
      info.length > MAX_WIN_WORDS ||
      !info.slice(0, 3).every((x) => isInt(x) && x >= 0 && x < seats)
    ) {
      throw new Problem('log/shape', 'a win is described as [who, from, pao, text...]');
    }
    wins.push({
      seat: info[0] as Seat,
      from: info[1] as Seat,
      pao: info[2] as Seat,
      deltas,
      text: info.slice(3).filter((x): x is string => typeof x === 'string'),
    });
  }
  return { kind: 'win', wins };
}

/**
 * No kind more than four times, and each suit's red five at most once, over everything the file
 * shows; among three players, no 2m-8m (the set has only 1m and 9m of characters).
 */
function checkCopies(
  deal: LogTile[][],
  dora: LogTile[],
  ura: LogTile[],
  events: readonly HandEvent[],
  seats: 3 | 4,
): void {
  const seen: LogTile[] = [...deal.flat(), ...dora, ...ura];
  for (const e of events) if (e.type === 'draw') seen.push(e.tile);
  const counts = new Map<number, number>();
  const reds = new Set<number>();
  for (const t of seen) {
    if (seats === 3 && t.kind >= 1 && t.kind <= 7)
      throw new Problem('log/tile', `${t.kind + 1}m in a three-player log (its set has only 1m and 9m)`);
    counts.set(t.kind, (counts.get(t.kind) ?? 0) + 1);
    if (t.red) {
      if (reds.has(t.kind))
        throw new Problem('log/tile', `two red fives of one suit (code ${51 + [4, 13, 22].indexOf(t.kind)})`);
      reds.add(t.kind);
    }
  }
  for (const [kind, n] of counts)
    if (n > 4) throw new Problem('log/tile', `${n} copies of one tile (kind ${kind}): a fifth copy`);
}

/** A call string of a take list. */
function parseCall(
  s: string,
  step: number,
): { type: 'chow' | 'pung' | 'kong'; tile: LogTile; own: LogTile[]; rel: number } {
  const bad = () => new Problem('log/call', `"${s}" is not a call`, step);
  const marker = /[cpm]/.exec(s);
  if (marker === null) throw bad();
  const at = marker.index;
  const digits = s.slice(0, at) + s.slice(at + 1);
  if (!/^\d+$/.test(digits) || digits.length % 2 !== 0) throw bad();
  const tiles = (digits.match(/\d\d/g) ?? []).map((c) => tileOf(Number(c), `the call "${s}"`, step));
  const pos = at / 2;
  const type = marker[0] === 'c' ? 'chow' : marker[0] === 'p' ? 'pung' : 'kong';
  if (tiles.length !== (type === 'kong' ? 4 : 3) || !Number.isInteger(pos)) throw bad();
  if (type === 'chow' && pos !== 0) throw bad();
  // Where the marker stands says who discarded: first the left (3), in the middle across (2), last the right (1).
  const rel = pos === 0 ? 3 : pos === 1 ? 2 : pos === tiles.length - 1 ? 1 : -1;
  if (rel < 0) throw bad();
  const tile = tiles[pos] as LogTile;
  return { type, tile, own: tiles.filter((_, i) => i !== pos), rel };
}

const sameTile = (a: LogTile, b: LogTile): boolean => a.kind === b.kind && a.red === b.red;

/** The North a three-player seat sets aside (`f44`). */
const NORTH: LogTile = { kind: 30 as TileKind, red: false };

/**
 * The takes and discards of the seats in the order they were played: the dealer takes first;
 * after a discard the seat whose next take claims it plays next (a pung or kong before a chow),
 * else the next seat; a kong, and among three a North set aside (`f44` in the discards), is
 * followed by its maker's replacement draw.
 */
function playOrder(dealer: Seat, takes: Item[][], discards: Item[][], seats: 3 | 4): HandEvent[] {
  // A call may claim an earlier discard of the same tile than the one it took (the format does
  // not say which): on a dead end, the latest claim taken is tried as a later one, depth first.
  let first: Problem | null = null;
  const tries: number[][] = [[]];
  for (let attempt = 0; attempt < 256; attempt++) {
    const skip = tries.pop();
    if (skip === undefined) break;
    const claims: number[] = [];
    try {
      return playOnce(dealer, takes, discards, seats, new Set(skip), claims);
    } catch (error) {
      if (!(error instanceof Problem) || error.code !== 'log/call') throw error;
      first ??= error;
      for (const c of claims) if (!skip.includes(c)) tries.push([...skip.filter((x) => x < c), c]);
    }
  }
  throw first ?? new Problem('log/call', 'the takes and discards do not fit together');
}

function playOnce(
  dealer: Seat,
  takes: Item[][],
  discards: Item[][],
  seats: 3 | 4,
  skip: ReadonlySet<number>,
  claims: number[],
): HandEvent[] {
  const out: HandEvent[] = [];
  const ti = [0, 0, 0, 0];
  const di = [0, 0, 0, 0];
  const lastDrawn: (LogTile | null)[] = [null, null, null, null];
  // (The fourth seat of a three-player file has no takes: it counts as all taken.)
  let actor: Seat = dealer;
  let replacement = false;
  let last: { seat: Seat; tile: LogTile } | null = null;
  const allTaken = () => ti.every((n, s) => n >= (takes[s] as Item[]).length);
  const step = () => out.length + 1;
  for (let guard = 0; guard < 1000; guard++) {
    const take = (takes[actor] as Item[])[ti[actor] as number];
    if (take === undefined) throw new Problem('log/call', `seat ${actor} plays next but has no take left`, step());
    ti[actor] = (ti[actor] as number) + 1;
    let mustDiscard = true;
    if (typeof take === 'string') {
      const c = parseCall(take, step());
      // Among three too the marker says where the discarder sits as four would: across is the
      // seat two on (seat 2 claiming seat 0's tile marks it across), and the fourth seat is empty.
      const from = ((actor + c.rel) % 4) as Seat;
      if (from >= seats)
        throw new Problem('log/call', `seat ${actor}'s call "${take}" claims from the empty seat`, step());
      if (c.type === 'chow' && seats === 3)
        throw new Problem('log/call', `a chow ("${take}") among three players`, step());
      if (last === null || last.seat !== from || !sameTile(last.tile, c.tile)) {
        throw new Problem('log/call', `seat ${actor}'s call "${take}" does not claim the last discard`, step());
      }
      out.push({ type: c.type, seat: actor, from, tile: c.tile, own: c.own });
      lastDrawn[actor] = null;
      last = null;
      if (c.type === 'kong') {
        const zero = (discards[actor] as Item[])[di[actor] as number];
        if (zero !== 0)
          throw new Problem('log/call', `seat ${actor}'s open kong is not followed by 0 in its discards`, step());
        di[actor] = (di[actor] as number) + 1;
        replacement = true;
        continue;
      }
    } else {
      const tile = tileOf(take, `seat ${actor}'s take`, step());
      out.push({ type: 'draw', seat: actor, tile, replacement });
      lastDrawn[actor] = tile;
      replacement = false;
      mustDiscard = false;
    }
    const d = (discards[actor] as Item[])[di[actor] as number];
    if (d === undefined) {
      if (mustDiscard) throw new Problem('log/call', `seat ${actor} called but has no discard left`, step());
      return out; // a self-drawn win or nine terminals: the result says which
    }
    di[actor] = (di[actor] as number) + 1;
    if (d === 'f44') {
      if (seats !== 3) throw new Problem('log/call', `"f44" (a North set aside) in a four-player log`, step());
      out.push({ type: 'north', seat: actor, tile: NORTH });
      lastDrawn[actor] = null;
      replacement = true;
      if (allTaken()) return out; // a win on the North set aside
      continue;
    }
    if (typeof d === 'string' && /[ak]/.test(d)) {
      out.push(kongOf(actor, d, step()));
      lastDrawn[actor] = null;
      replacement = true;
      if (allTaken()) return out; // the added kong was robbed
      continue;
    }
    const riichi = typeof d === 'string';
    if (riichi && !/^r\d\d$/.test(d)) throw new Problem('log/call', `"${d}" is not a discard`, step());
    const code = riichi ? Number(d.slice(1)) : d;
    const tsumogiri = code === 60;
    const drawn = lastDrawn[actor];
    if (tsumogiri && drawn === null)
      throw new Problem('log/call', `seat ${actor} discards the tile just drawn (60) after a call`, step());
    const tile = tsumogiri ? (drawn as LogTile) : tileOf(code, `seat ${actor}'s discard`, step());
    out.push({ type: 'discard', seat: actor, tile, tsumogiri, riichi });
    lastDrawn[actor] = null;
    last = { seat: actor, tile };
    if (allTaken()) return out;
    const at = out.length;
    const claimer = skip.has(at) ? null : claimerOf(actor, tile, takes, ti, seats);
    if (claimer !== null) claims.push(at);
    actor = claimer ?? (((actor + 1) % seats) as Seat);
  }
  throw new Problem('log/shape', 'the hand does not end');
}

/** A seat whose next take claims `seat`'s discard `tile` (a pung or kong before a chow), or null. */
function claimerOf(seat: Seat, tile: LogTile, takes: Item[][], ti: number[], seats: 3 | 4): Seat | null {
  let chow: Seat | null = null;
  for (let k = 1; k < seats; k++) {
    const s = ((seat + k) % seats) as Seat;
    const take = (takes[s] as Item[])[ti[s] as number];
    if (typeof take !== 'string') continue;
    let c: ReturnType<typeof parseCall>;
    try {
      c = parseCall(take, 0);
    } catch {
      continue;
    }
    if ((s + c.rel) % 4 !== seat || !sameTile(c.tile, tile)) continue;
    if (c.type !== 'chow') return s;
    chow = s;
  }
  return chow;
}

/** A concealed (`121212a12`) or added (`3737k3737`, `31k313131`, `k16161616`) kong of the discards. */
function kongOf(seat: Seat, s: string, step: number): HandEvent {
  const bad = () => new Problem('log/call', `"${s}" is not a kong`, step);
  const m = /[ak]/.exec(s);
  if (m === null) throw bad();
  const digits = s.slice(0, m.index) + s.slice(m.index + 1);
  if (!/^\d{8}$/.test(digits) || m.index % 2 !== 0) throw bad();
  const tiles = (digits.match(/\d\d/g) ?? []).map((c) => tileOf(Number(c), `the kong "${s}"`, step));
  const kinds = new Set(tiles.map((t) => t.kind));
  if (kinds.size !== 1) throw bad();
  if (m[0] === 'a') {
    if (m.index !== 6) throw bad();
    return { type: 'concealedKong', seat, tiles };
  }
  // The added tile follows `k`, which stands where the pung's `p` stood; the claimed tile follows it.
  const pos = m.index / 2;
  const rel = pos === 0 ? 3 : pos === 1 ? 2 : pos === 2 ? 1 : -1;
  if (rel < 0) throw bad();
  const added = tiles[pos] as LogTile;
  const claimed = tiles[pos + 1] as LogTile;
  const own = tiles.filter((_, i) => i !== pos && i !== pos + 1);
  return { type: 'addedKong', seat, tile: added, from: ((seat + rel) % 4) as Seat, claimed, own };
}
