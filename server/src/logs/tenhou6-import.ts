/**
 * A tenhou.net/6 log played again on the table engine, hand by hand. An imported match has no
 * seed: each hand's wall is the one its log implies (the deal, every live draw in order, the
 * replacement tiles after kongs, the dora and ura-dora indicators where the engine turns them,
 * the tiles nobody saw in between), and each hand starts from the position the file states
 * (round, dealer, honba, sticks, scores), so one hand's difference never moves the next. The
 * engine scores every hand itself; the file's stated score changes are compared, not copied.
 */
import { SLICE_MS } from '../replay-cache.js';
import {
  type BySeat,
  type ImportCheck,
  type ImportDifference,
  type HandResultView,
  type PlayerAction,
  type Seat,
  SEATS,
  type TileId,
  type TileKind,
  wallFromOrder,
  RULESET_OF_FORMAT,
  doraIndicatorIndex,
  REPLACEMENT_TILES,
  SANMA_REPLACEMENT_TILES,
  uraIndicatorIndex,
} from '@mahjong/shared';
import { createEngine, type TableEngineImpl } from '../table/engine.js';
import type { EngineRulesetId, LogEntry, MatchConfig } from '../table/index.js';
import { hasActions, refusal } from '../table/legal.js';
import type { HandPosition } from '../table/state.js';
import type { WallState } from '../table/core.js';
import type { HandEvent } from './record.js';
import type { LogPlace, LogProblem, ParsedHand, ParsedLog } from './tenhou6-read.js';
import { isFiveKind, type LogTile, redIdOf } from './tiles.js';

/** The engine's view of one imported hand. */
export interface ImportedHand {
  readonly index: number;
  readonly name: string;
  readonly wall: WallState;
  readonly firstHand: HandPosition;
  /** The engine's log of the hand (its first entry the start). */
  readonly log: readonly LogEntry[];
  /** The engine's result; null when the hand could not be played to its end (`stopped`). */
  readonly result: HandResultView | null;
  readonly computed: BySeat<number> | null;
  /** Every seat's points after the hand as the engine played it (null with `result`). */
  readonly scoresAfter: BySeat<number> | null;
  /** The file's score changes of the hand (all wins together). */
  readonly stated: BySeat<number>;
  readonly statedEnd: string;
  readonly computedEnd: string | null;
  readonly agree: boolean;
  /** The step where the engine's play parted from the file's (a win it does not count as one). */
  readonly stopped?: { readonly step: number; readonly reason: string };
}

/**
 * The config every imported hand is played with (Tenhou's rules are the defaults of riichi-modern
 * among four and of riichi-sanma among three, whose red fives are the 5p and 5s).
 */
export function importConfig(log: ParsedLog): MatchConfig {
  const three = log.seats === 3;
  return {
    seed: '00',
    ruleset: three ? RULESET_OF_FORMAT.tenhou6Three : RULESET_OF_FORMAT.tenhou6,
    options: { redFives: log.redFives ? (three ? 2 : 3) : 0, openTanyao: log.openTanyao },
    players: log.names.map((name) => ({ name, bot: false })) as unknown as MatchConfig['players'],
    rounds: log.rounds,
  };
}

/** The file and the table part at `step`: a move the table refuses. `difference` when the rules
 * part (a win or a riichi the table does not count, a hand the table ends earlier): stored and
 * shown; anything else (a tile not held, a call that does not fit) is a bad file. */
export class CallProblem extends Error {
  constructor(
    readonly step: number,
    message: string,
    readonly difference = false,
  ) {
    super(message);
  }
}

/** Assigns tile ids: a red five its suit's red copy, any other tile the first copy not yet used. */
function idAssigner(red: boolean): (t: LogTile) => TileId {
  const used = new Set<number>();
  return (t) => {
    if (t.red && red) {
      const id = redIdOf(t.kind);
      if (used.has(id)) throw new CallProblem(0, 'two red fives of one suit');
      used.add(id);
      return id;
    }
    for (let c = 0; c < 4; c++) {
      const id = t.kind * 4 + c;
      // With red fives in play the red copy is only ever the file's red five.
      if (red && c === 0 && isFiveKind(t.kind)) continue;
      if (!used.has(id)) {
        used.add(id);
        return id as TileId;
      }
    }
    throw new CallProblem(0, `a fifth copy of tile kind ${t.kind} (counting the red five apart)`);
  };
}

/**
 * The wall a hand's log implies (the layout of `server/src/table/deal.ts`): the deal, the dealer's
 * 14th tile and every live draw from the front; the replacement draws from the back; each dora
 * and ura-dora indicator where the engine turns it (`doraIndicatorIndex`); the tiles nobody saw
 * in the places left, in order.
 */
export function impliedWall(hand: ParsedHand, red: boolean, seatCount: 3 | 4 = 4): WallState {
  // Three players: 108 tiles without 2m-8m, dealt to three seats, 8 replacement tiles at the
  // back (Norths set aside are replaced too), so the third and later kongs' indicators lie
  // before the 14 tiles that start as the dead wall: the boundary has moved back by then.
  const three = seatCount === 3;
  const size = three ? 108 : 136;
  const back = three ? SANMA_REPLACEMENT_TILES : REPLACEMENT_TILES;
  const idOf = idAssigner(red);
  const draws = hand.events.filter((e): e is Extract<HandEvent, { type: 'draw' }> => e.type === 'draw');
  const first = draws[0];
  if (first === undefined || first.seat !== hand.dealer)
    throw new CallProblem(1, "the dealer's first take is its 14th tile");
  const dealt = hand.deal.map((d) => d.map(idOf));
  const fourteenth = idOf(first.tile);
  const live = draws
    .slice(1)
    .filter((d) => !d.replacement)
    .map((d) => idOf(d.tile));
  const replacements = draws.filter((d) => d.replacement).map((d) => idOf(d.tile));
  if (replacements.length > back) throw new CallProblem(0, `more than ${back} replacement draws`);
  const dora = hand.doraIndicators.map(idOf);
  const ura = hand.uraIndicators.map(idOf);
  const front: TileId[] = [];
  const seats = Array.from({ length: seatCount }, (_, k) => ((hand.dealer + k) % seatCount) as Seat);
  for (let r = 0; r < 3; r++) for (const s of seats) front.push(...(dealt[s] as TileId[]).slice(4 * r, 4 * r + 4));
  for (const s of seats) front.push((dealt[s] as TileId[])[12] as TileId);
  front.push(fourteenth, ...live);
  // (More live draws than the engine's wall gives, its live wall ending 14 tiles before the dead
  // wall's boundary, which each replacement moves back, are a rule of the file's that the table
  // does not play: it ends the hand earlier, a difference. Only tiles in one place are refused.)
  if (front.length > size) throw new CallProblem(0, 'more draws than a wall holds');
  const slots: (TileId | undefined)[] = [...front, ...Array.from({ length: size - front.length }, () => undefined)];
  const put = (at: number, id: TileId) => {
    if (slots[at] !== undefined) throw new CallProblem(0, 'more draws than a wall holds');
    slots[at] = id;
  };
  for (const [i, id] of replacements.entries()) put(size - 1 - i, id);
  for (const [n, id] of dora.entries()) put(doraIndicatorIndex(size, n, back), id);
  for (const [n, id] of ura.entries()) put(uraIndicatorIndex(size, n, back), id);
  // The tiles nobody saw fill the places left: the rest of the live wall, then the dead wall's.
  const taken = new Set<number>(slots.filter((x) => x !== undefined));
  const inSet = (id: number) => !three || id < 4 || id >= 32;
  const unseen: TileId[] = [];
  for (let id = 0; id < 136; id++) if (!taken.has(id) && inSet(id)) unseen.push(id as TileId);
  if (unseen.length !== slots.filter((x) => x === undefined).length)
    throw new CallProblem(0, 'the tiles shown do not fit one wall');
  return wallFromOrder(slots.map((x) => x ?? (unseen.shift() as TileId)));
}

const PASS: PlayerAction = { type: 'pass' };

/** A discard or call of a five says which copy (red fives only); the field is left out otherwise. */
function copyOf(t: LogTile, red: boolean): { red?: boolean } {
  return red && isFiveKind(t.kind) ? { red: t.red } : {};
}

function callAction(e: Extract<HandEvent, { type: 'chow' | 'pung' | 'kong' }>, red: boolean): PlayerAction {
  // Which copies a chow or pung takes from the hand: its red five, or only plain ones.
  const fives = e.own.filter((t) => isFiveKind(t.kind));
  const which = red && fives.length > 0 ? { red: fives.some((t) => t.red) } : {};
  if (e.type === 'chow') {
    const tiles = [e.tile.kind, ...e.own.map((t) => t.kind)].sort((a, b) => a - b) as [TileKind, TileKind, TileKind];
    return { type: 'chow', tiles, ...which };
  }
  return e.type === 'pung' ? { type: 'pung', ...which } : { type: 'kong' };
}

const tileName = (t: LogTile): string =>
  `${t.red ? 'red ' : ''}${t.kind < 27 ? `${(t.kind % 9) + 1}${'mps'[Math.floor(t.kind / 9)]}` : `${t.kind - 26}z`}`;

/**
 * The file's discard as a move. One written by its tile, not `60`, of the drawn tile's kind came
 * from the hand (`fromHand`), and the table shows it so, when the hand may discard such a copy
 * (not in riichi; another copy held); otherwise it is the drawn tile (a converter that never
 * writes `60` has its discards of the drawn kind shown from the hand where the hand allows).
 */
function discardOf(
  engine: TableEngineImpl<EngineRulesetId>,
  e: Extract<HandEvent, { type: 'discard' }>,
  red: boolean,
): PlayerAction {
  const move: Extract<PlayerAction, { type: 'discard' | 'riichi' }> = {
    type: e.riichi ? 'riichi' : 'discard',
    tile: e.tile.kind,
    ...copyOf(e.tile, red),
  };
  const drawn = engine.state.hand.seats[e.seat].drawn;
  if (e.tsumogiri || drawn === null || Math.floor(drawn / 4) !== e.tile.kind) return move;
  const fromHand: PlayerAction = { ...move, fromHand: true };
  return refusal(engine.state, e.seat, fromHand) === null ? fromHand : move;
}

/** Plays one hand of the file on the engine; a problem of the file (not of scoring) throws a LogProblem. */
export function replayHand(log: ParsedLog, hand: ParsedHand): ImportedHand {
  const place = (step?: number): LogPlace => ({
    hand: hand.index,
    handName: hand.name,
    ...(step === undefined ? {} : { step }),
  });
  const problem = (step: number, message: string): LogProblem => ({
    code: 'log/call',
    message: `hand ${hand.index + 1} (${hand.name}), step ${step}: ${message}`,
    at: place(step),
  });
  let wall: WallState;
  try {
    wall = impliedWall(hand, log.redFives, log.seats);
  } catch (error) {
    if (error instanceof CallProblem)
      throw { ...problem(error.step, error.message), code: 'log/tile' } satisfies LogProblem;
    throw error;
  }
  const firstHand: HandPosition = {
    round: hand.round,
    dealer: hand.dealer,
    scores: hand.scores,
    honba: hand.honba,
    sticks: hand.sticks,
  };
  const engine = createEngine(importConfig(log), 0, { walls: [wall], firstHand });
  const stated = statedDeltas(hand);
  const statedEnd =
    hand.end.kind === 'win' ? `和了 ${hand.end.wins.map((w) => `${w.seat}←${w.from}`).join(' ')}` : hand.end.name;
  let stopped: ImportedHand['stopped'];
  try {
    play(engine, hand, log.redFives);
  } catch (error) {
    if (!(error instanceof CallProblem)) throw error;
    if (!error.difference) throw problem(error.step, error.message);
    stopped = { step: error.step, reason: error.message };
  }
  const result = engine.results()[0] ?? null;
  if (result === null && stopped === undefined) {
    stopped = { step: hand.events.length, reason: 'the file ends the hand here; the table plays on' };
  }
  const computed = result?.deltas ?? null;
  return {
    index: hand.index,
    name: hand.name,
    wall,
    firstHand,
    log: engine.log,
    result,
    computed,
    scoresAfter: result === null ? null : engine.scores(),
    stated,
    statedEnd,
    computedEnd: result === null ? null : endName(result),
    agree: computed?.every((d, i) => d === stated[i]) === true && sameEnd(result, hand),
    ...(stopped === undefined ? {} : { stopped }),
  };
}

function endName(r: HandResultView): string {
  if (r.kind === 'win') {
    const wins = [r, ...(r.otherWins ?? [])];
    return `和了 ${wins.map((w) => `${w.winner}←${w.selfDrawn ? w.winner : w.discarder}`).join(' ')}`;
  }
  return r.drawKind ?? 'exhaustive';
}

function sameEnd(r: HandResultView | null, hand: ParsedHand): boolean {
  if (r === null) return false;
  if (hand.end.kind === 'win') {
    const winners = [r, ...(r.otherWins ?? [])].map((w) => w.winner);
    return (
      r.kind === 'win' &&
      winners.length === hand.end.wins.length &&
      hand.end.wins.every((w, i) => winners[i] === w.seat)
    );
  }
  return r.kind === 'draw';
}

function statedDeltas(hand: ParsedHand): BySeat<number> {
  if (hand.end.kind === 'draw') return hand.end.deltas;
  const sum = [0, 0, 0, 0];
  for (const w of hand.end.wins) for (const s of SEATS) sum[s] = (sum[s] as number) + (w.deltas[s] as number);
  return sum as unknown as BySeat<number>;
}

/** A refused win, or a riichi refused although its tile is held: the rules part, not the file. */
const rulesPart = (action: PlayerAction, code: string): boolean =>
  action.type === 'win' || (action.type === 'riichi' && code === 'action/illegal');

/**
 * Sends the file's moves to the engine in play order (answers in every claim window). `open`: the
 * hand is still being played (an outside AI's own picture of it): the window the last move opens
 * is left open and nothing ends the hand.
 */
export function play(engine: TableEngineImpl<EngineRulesetId>, hand: ParsedHand, red: boolean, open = false): void {
  let now = 0;
  const events = hand.events;
  const rons = hand.end.kind === 'win' ? hand.end.wins.filter((w) => w.from !== w.seat).map((w) => w.seat) : [];
  // A triple ron names no winner: every seat that may win on the tile does.
  const ronSeats = (): Seat[] =>
    hand.end.kind === 'draw' && hand.end.name === '三家和了'
      ? SEATS.filter((s) => engine.state.hand.window?.options[s].some((a) => a.type === 'win'))
      : rons;
  const act = (seat: Seat, action: PlayerAction, step: number, what: string) => {
    now += 1000;
    const r = engine.act(seat, action, now);
    if (!r.ok)
      throw new CallProblem(step, `${what}: seat ${seat} may not (${r.error.code})`, rulesPart(action, r.error.code));
  };
  /** Answers the open window: `answers` from the file, a pass from every other seat that may answer. */
  const answerWindow = (answers: ReadonlyMap<Seat, PlayerAction>, step: number) => {
    const opened = engine.state.hand.window;
    if (opened === null) return;
    // Each answer makes a new window object: the same window is the one opened at the same time.
    const same = () => engine.state.hand.window?.openedAt === opened.openedAt && engine.state.results.length === 0;
    for (const [seat, action] of answers) {
      if (!same()) break;
      if (!hasActions(engine.state, seat)) {
        throw new CallProblem(step, `seat ${seat} may not ${action.type} here`, action.type === 'win');
      }
      act(seat, action, step, action.type);
    }
    for (const seat of SEATS) {
      if (!same()) break;
      if (hasActions(engine.state, seat)) act(seat, PASS, step, 'pass');
    }
    if (same()) {
      const due = engine.nextDeadline();
      if (due !== null) {
        now = Math.max(now, due);
        engine.timeout(now);
      }
    }
  };
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as HandEvent;
    const step = i + 1;
    const next = events[i + 1];
    const lastOne = i === events.length - 1;
    switch (e.type) {
      case 'draw': {
        const h = engine.state.hand;
        const drawn = h.seats[e.seat].drawn;
        if (engine.state.results.length > 0)
          throw new CallProblem(step, `the table ended the hand before seat ${e.seat}'s draw`, true);
        if (h.turn !== e.seat || drawn === null || Math.floor(drawn / 4) !== e.tile.kind) {
          throw new CallProblem(
            step,
            `seat ${e.seat} draws ${tileName(e.tile)} in the file; the table is at seat ${h.turn}'s turn`,
          );
        }
        break;
      }
      case 'discard': {
        act(e.seat, discardOf(engine, e, red), step, `discard ${tileName(e.tile)}`);
        const answers = new Map<Seat, PlayerAction>();
        if (
          next !== undefined &&
          (next.type === 'chow' || next.type === 'pung' || next.type === 'kong') &&
          next.from === e.seat
        ) {
          answers.set(next.seat, callAction(next, red));
        }
        if (lastOne) for (const s of ronSeats()) answers.set(s, { type: 'win' });
        if (!(open && lastOne)) answerWindow(answers, step + 1);
        break;
      }
      case 'chow':
      case 'pung':
      case 'kong': {
        const melds = engine.state.hand.seats[e.seat].melds;
        const m = melds[melds.length - 1];
        if (m === undefined || m.meld.kind !== e.type || engine.state.hand.turn !== e.seat) {
          throw new CallProblem(step, `seat ${e.seat}'s ${e.type} of ${tileName(e.tile)} did not happen at the table`);
        }
        break;
      }
      case 'concealedKong':
        act(e.seat, { type: 'concealedKong', tile: (e.tiles[0] as LogTile).kind }, step, 'concealed kong');
        break;
      case 'north': {
        // three-player riichi (the mjai bot's picture): another seat may win on the North
        act(e.seat, { type: 'north' }, step, 'North set aside');
        const answers = new Map<Seat, PlayerAction>();
        if (lastOne) for (const s of ronSeats()) answers.set(s, { type: 'win' });
        if (!(open && lastOne)) answerWindow(answers, step);
        break;
      }
      case 'addedKong': {
        act(e.seat, { type: 'addedKong', tile: e.tile.kind }, step, 'added kong');
        const answers = new Map<Seat, PlayerAction>();
        if (lastOne) for (const s of ronSeats()) answers.set(s, { type: 'win' });
        if (!(open && lastOne)) answerWindow(answers, step);
        break;
      }
      default:
        throw new CallProblem(step, `a ${e.type} is not part of a tenhou.net/6 hand`);
    }
  }
  const step = events.length;
  if (open) return;
  if (hand.end.kind === 'win') {
    for (const w of hand.end.wins) {
      if (w.from === w.seat && engine.state.results.length === 0) act(w.seat, { type: 'win' }, step, 'self-drawn win');
    }
  } else if (hand.end.name === '九種九牌') {
    act(engine.state.hand.turn, { type: 'nineTerminals' }, step, 'nine terminals');
  }
}

/** Every hand of a file played on the engine (throws a LogProblem on a file that cannot be). */
export function replayLog(log: ParsedLog): ImportedHand[] {
  return log.hands.map((h) => replayHand(log, h));
}

/**
 * `replayLog` on a server: between hands, once a slice of work is done, everything else runs (a
 * file of a hundred hands is most of a second of work, which no table should wait for).
 */
export async function replayLogInSlices(log: ParsedLog): Promise<ImportedHand[]> {
  const out: ImportedHand[] = [];
  let sliceStart = performance.now();
  for (const h of log.hands) {
    out.push(replayHand(log, h));
    // (The slice of a replay's build: the same share of the loop for either kind of work.)
    if (performance.now() - sliceStart >= SLICE_MS) {
      await new Promise<void>((r) => setImmediate(r));
      sliceStart = performance.now();
    }
  }
  return out;
}

/** The comparison of computed and stated score changes, hand by hand. */
export function checkHands(hands: readonly ImportedHand[]): ImportCheck {
  const differences: ImportDifference[] = hands
    .filter((h) => !h.agree)
    .map((h) => ({
      hand: h.index,
      name: h.name,
      stated: h.stated,
      computed: h.computed,
      statedEnd: h.statedEnd,
      computedEnd: h.computedEnd,
      ...(h.stopped === undefined ? {} : { reason: `step ${h.stopped.step}: ${h.stopped.reason}` }),
    }));
  return { hands: hands.length, agree: hands.length - differences.length, differences };
}
