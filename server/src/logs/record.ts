/**
 * A finished match as the riichi log formats tell it: its hands, each with where it started
 * (round, dealer, honba, sticks, scores), the deal, every draw, discard, call, kong, dora
 * indicator and riichi stick in order, and the result. Read off the table engine while the
 * match's log is replayed (the state before and after each entry), so the exporters describe
 * exactly what the engine played and need nothing of their own about the rules.
 */
import {
  type BySeat,
  doraIndicatorIndex,
  SANMA_REPLACEMENT_TILES,
  SANMA_TILES,
  type HandResultView,
  type PlayerAction,
  type Seat,
  SEATS,
  type TileId,
  uraIndicatorIndex,
} from '@mahjong/shared';
import type { EngineInternals, TableEngineImpl } from '../table/engine.js';
import { createEngine, type EngineRulesetId, type LogEntry, type MatchConfig } from '../table/index.js';
import { redFivesOf as redFiveCount } from '../table/counts.js';
import type { HandState, TableState } from '../table/state.js';
import { type LogTile, logTileOf } from './tiles.js';

export type HandEvent =
  /** A live draw, or a replacement after a kong (the dealer's 14th tile is its first draw). */
  | { readonly type: 'draw'; readonly seat: Seat; readonly tile: LogTile; readonly replacement: boolean }
  /** A discard; `riichi` when it declares; `tsumogiri` when it is the tile just drawn. */
  | {
      readonly type: 'discard';
      readonly seat: Seat;
      readonly tile: LogTile;
      readonly tsumogiri: boolean;
      readonly riichi: boolean;
    }
  /** A claimed meld: the claimed tile and the two (three for a kong) from the hand. */
  | {
      readonly type: 'chow' | 'pung' | 'kong';
      readonly seat: Seat;
      readonly from: Seat;
      readonly tile: LogTile;
      readonly own: readonly LogTile[];
    }
  | { readonly type: 'concealedKong'; readonly seat: Seat; readonly tiles: readonly LogTile[] }
  /** The tile added to the pung (claimed from `from`, `claimed` its claimed tile, `own` the other two). */
  | {
      readonly type: 'addedKong';
      readonly seat: Seat;
      readonly tile: LogTile;
      readonly from: Seat;
      readonly claimed: LogTile;
      readonly own: readonly LogTile[];
    }
  /**
   * Three-player riichi: a North set aside (kita), told as it is declared, as an added kong is
   * (another seat may still win on it); its replacement follows as a `draw` with `replacement`.
   */
  | { readonly type: 'north'; readonly seat: Seat; readonly tile: LogTile }
  /** A dora indicator turned after a kong. */
  | { readonly type: 'dora'; readonly tile: LogTile }
  /** The declaration stands: its 1,000 stick goes on the table. */
  | { readonly type: 'riichiStick'; readonly seat: Seat }
  | { readonly type: 'win'; readonly seat: Seat }
  | { readonly type: 'nineTerminals'; readonly seat: Seat };

export interface HandRecord {
  readonly number: number;
  /** Prevailing wind (0 East) and dealer: tenhou's kyoku is `round * 4 + dealer`. */
  readonly round: number;
  readonly dealer: Seat;
  readonly honba: number;
  readonly sticks: number;
  readonly scores: BySeat<number>;
  /** 13 tiles each (the dealer's 14th is its first `draw`). */
  readonly deal: BySeat<readonly LogTile[]>;
  /** Every indicator turned by the hand's end, and the ura-dora indicators beneath them. */
  readonly doraIndicators: readonly LogTile[];
  readonly uraIndicators: readonly LogTile[];
  readonly events: readonly HandEvent[];
  readonly result: HandResultView;
}

export interface MatchRecording {
  /** Four, or three (three-player riichi: seat 3 is vacant, its slots in every array empty or 0). */
  readonly seats: 3 | 4;
  readonly names: BySeat<string>;
  readonly redFives: boolean;
  /** All simples counts with open melds (the scorer's `openTanyao`). */
  readonly openTanyao: boolean;
  /** 1 east only, 2 east and south. */
  readonly rounds: number;
  readonly hands: readonly HandRecord[];
}

interface Open {
  number: number;
  round: number;
  dealer: Seat;
  honba: number;
  sticks: number;
  scores: BySeat<number>;
  deal: BySeat<readonly LogTile[]>;
  events: HandEvent[];
}

/** The pungs made so far in a hand: which tile was claimed from whom (an added kong names them). */
type PungKey = `${Seat}:${number}`;

const redFivesOf = (s: TableState): boolean => s.setup.riichi !== null && redFiveCount(s.setup) === 3;

/** Records a match by replaying `log` (a riichi match; `internals` as the engine was built with). */
export function recordMatch(
  config: MatchConfig<EngineRulesetId>,
  log: readonly LogEntry[],
  internals: EngineInternals = {},
): MatchRecording {
  const first = log[0];
  if (first === undefined) throw new Error('an empty log');
  const engine = createEngine(config, first.at, internals);
  const hands = recordEngine(engine, log.slice(1));
  const s = engine.state;
  return {
    seats: s.setup.family.seats === 3 ? 3 : 4,
    // the vacant North seat of a three-player table has no name
    names: SEATS.map((seat) =>
      seat < s.setup.family.seats ? (s.setup.players[seat]?.name ?? '') : '',
    ) as unknown as BySeat<string>,
    redFives: redFivesOf(s),
    openTanyao: (s.setup.rules.options as { openTanyao?: boolean }).openTanyao !== false,
    rounds: s.setup.rounds,
    hands,
  };
}

/** Applies `entries` to `engine`, recording every hand that ends meanwhile. */
export function recordEngine(engine: TableEngineImpl<EngineRulesetId>, entries: readonly LogEntry[]): HandRecord[] {
  const recorder = new HandRecorder(engine);
  const out: HandRecord[] = [];
  for (const entry of entries) {
    const step = recorder.apply(entry);
    if (step.ended !== null) out.push(step.ended);
  }
  return out;
}

/** What one log entry did to the hands, as `HandRecorder.apply` tells it. */
export interface RecordedStep {
  /** The events of the hand in play that this entry made (none when it only ended the hand). */
  readonly events: readonly HandEvent[];
  /** The hand this entry ended, whole. */
  readonly ended: HandRecord | null;
  /** The hand this entry dealt (its deal and the dealer's first draw in `started.events`). */
  readonly started: HandStart | null;
}

/** A hand as it starts: where it stands, the deal, its first dora indicator, the dealer's draw. */
export type HandStart = Omit<HandRecord, 'doraIndicators' | 'uraIndicators' | 'result'> & {
  readonly doraIndicator: LogTile;
};

/**
 * Records a riichi match as it is played, one log entry at a time (the exports replay a whole
 * log through it; an outside AI seat is told each entry's events as they happen).
 */
export class HandRecorder {
  private readonly tileOf: (id: TileId) => LogTile;
  private readonly pungs = new Map<PungKey, { from: Seat; claimed: TileId; own: TileId[] }>();
  private open: Open | null = null;
  private lastEnded: number | null = null;

  constructor(readonly engine: TableEngineImpl<EngineRulesetId>) {
    if (engine.state.setup.riichi === null) throw new Error('the riichi log formats describe riichi matches only');
    const red = redFivesOf(engine.state);
    this.tileOf = (id) => logTileOf(id, red);
  }

  /** The hand in play now (started before any entry was applied): its start, as `apply` tells one. */
  current(): HandStart | null {
    if (this.open === null && this.engine.state.phase === 'playing') this.open = this.start(this.engine.state);
    return this.open === null ? null : this.startOf(this.open);
  }

  /** Applies `entry` to the engine (throws when it does not fit) and says what it did. */
  apply(entry: LogEntry): RecordedStep {
    if (this.open === null && this.lastEnded === null && this.engine.state.phase === 'playing')
      this.open = this.start(this.engine.state);
    const b = this.engine.state;
    this.engine.apply(entry);
    const a = this.engine.state;
    const event = entry.event;
    let events: HandEvent[] = [];
    let ended: HandRecord | null = null;
    let started: HandStart | null = null;
    const open = this.open;
    if (open !== null && a.hand.number === open.number) {
      const action = event.type === 'act' ? event.action : null;
      const actor = event.type === 'act' ? event.seat : null;
      events = entryEvents(b, a, action, actor, this.tileOf, this.pungs);
      open.events.push(...events);
      if (a.results.length > b.results.length) {
        const result = a.results[a.results.length - 1] as HandResultView;
        ended = closeHand(open, a.hand, result, this.tileOf);
        this.lastEnded = open.number;
        this.open = null;
      }
    }
    if (this.open === null && a.phase === 'playing' && a.hand.number !== this.lastEnded) {
      this.open = this.start(a);
      started = this.startOf(this.open);
    }
    return { events, ended, started };
  }

  private start(s: TableState): Open {
    this.pungs.clear();
    const h = s.hand;
    const pot = s.pot as NonNullable<TableState['pot']>;
    const dealt = h.seats[h.dealer].drawn as TileId;
    const tileOf = this.tileOf;
    return {
      number: h.number,
      round: h.round,
      dealer: h.dealer,
      honba: pot.honba,
      sticks: pot.sticks,
      scores: s.scores,
      deal: h.seats.map((st) => st.concealed.filter((id) => id !== dealt).map(tileOf)) as unknown as BySeat<LogTile[]>,
      events: [{ type: 'draw', seat: h.dealer, tile: tileOf(dealt), replacement: false }],
    };
  }

  private startOf(open: Open): HandStart {
    const order = this.engine.state.hand.wall.order;
    const doraIndicator = this.tileOf(order[doraIndicatorIndex(order.length, 0, backOf(order.length))] as TileId);
    return { ...open, events: open.events.slice(0, 1), doraIndicator };
  }
}

function closeHand(open: Open, h: HandState, result: HandResultView, tileOf: (id: TileId) => LogTile): HandRecord {
  const turned = h.riichi?.indicators ?? 1;
  const size = h.wall.order.length;
  const back = backOf(size);
  const at = (i: number) => tileOf(h.wall.order[i] as TileId);
  const dora = Array.from({ length: turned }, (_, n) => at(doraIndicatorIndex(size, n, back)));
  const ura = Array.from({ length: turned }, (_, n) => at(uraIndicatorIndex(size, n, back)));
  return { ...open, doraIndicators: dora, uraIndicators: ura, result };
}

/** Replacement tiles at the back of a wall of `size`: a three-player wall keeps 8 (4 for kongs, 4 for Norths). */
const backOf = (size: number): number | undefined => (size === SANMA_TILES ? SANMA_REPLACEMENT_TILES : undefined);

/** What one log entry did, read from the state before (`b`) and after (`a`) it. */
function entryEvents(
  b: TableState,
  a: TableState,
  action: PlayerAction | null,
  actor: Seat | null,
  tileOf: (id: TileId) => LogTile,
  pungs: Map<PungKey, { from: Seat; claimed: TileId; own: TileId[] }>,
): HandEvent[] {
  const out: HandEvent[] = [];
  const bh = b.hand;
  const ah = a.hand;
  for (const seat of SEATS) {
    const was = bh.riichi?.seats[seat].declared;
    const now = ah.riichi?.seats[seat].declared;
    if (now?.paid === true && was?.paid !== true) out.push({ type: 'riichiStick', seat });
  }
  for (const seat of SEATS) {
    const before = bh.seats[seat].melds;
    const after = ah.seats[seat].melds;
    if (after.length <= before.length) continue;
    const m = after[after.length - 1] as (typeof after)[number];
    if (m.meld.concealed) {
      out.push({ type: 'concealedKong', seat, tiles: m.ids.map(tileOf) });
      continue;
    }
    const claimed = bh.lastDiscard?.id;
    const from = m.meld.from;
    if (claimed === undefined || from === undefined) throw new Error('a claimed meld without its discard');
    const own = m.ids.filter((id) => id !== claimed).sort((x, y) => x - y);
    if (m.meld.kind === 'pung') pungs.set(`${seat}:${Math.floor(claimed / 4)}`, { from, claimed, own });
    out.push({ type: m.meld.kind, seat, from, tile: tileOf(claimed), own: own.map(tileOf) });
  }
  if (action?.type === 'north' && actor !== null) {
    const id = ah.window?.tile;
    if (id === undefined || ah.window?.north !== true) throw new Error('a North set aside without its window');
    out.push({ type: 'north', seat: actor, tile: tileOf(id) });
  }
  if (action?.type === 'addedKong' && actor !== null) {
    const added =
      ah.window?.tile ?? ah.seats[actor].melds.find((m) => m.meld.added && m.meld.tiles[0] === action.tile)?.ids;
    const addedId = typeof added === 'number' ? added : undefined;
    const pung = pungs.get(`${actor}:${action.tile}`);
    if (addedId === undefined || pung === undefined) throw new Error('an added kong without its pung');
    out.push({
      type: 'addedKong',
      seat: actor,
      tile: tileOf(addedId),
      from: pung.from,
      claimed: tileOf(pung.claimed),
      own: pung.own.map(tileOf),
    });
  }
  const discarding = action?.type === 'discard' || action?.type === 'riichi';
  const dora: HandEvent[] = [];
  const turnedBefore = bh.riichi?.indicators ?? 0;
  for (let n = turnedBefore; n < (ah.riichi?.indicators ?? 0); n++) {
    const size = ah.wall.order.length;
    dora.push({ type: 'dora', tile: tileOf(ah.wall.order[doraIndicatorIndex(size, n, backOf(size))] as TileId) });
  }
  if (!discarding) out.push(...dora);
  const ended = a.results.length > b.results.length;
  if (!ended) {
    for (const seat of SEATS) {
      const d = ah.seats[seat].drawn;
      if (d === null || d === bh.seats[seat].drawn || ah.source === 'claim') continue;
      out.push({ type: 'draw', seat, tile: tileOf(d), replacement: ah.source === 'replacement' });
    }
  }
  if (discarding && actor !== null) {
    out.push(...dora);
    const pond = ah.seats[actor].discards;
    const id = (pond[pond.length - 1] as (typeof pond)[number]).id;
    out.push({
      type: 'discard',
      seat: actor,
      tile: tileOf(id),
      tsumogiri: id === bh.seats[actor].drawn,
      riichi: action?.type === 'riichi',
    });
  }
  if (action?.type === 'win' && actor !== null) out.push({ type: 'win', seat: actor });
  if (action?.type === 'nineTerminals' && actor !== null) out.push({ type: 'nineTerminals', seat: actor });
  return out;
}

/** One win's own score changes: its payments, and the sticks to the first winner (both formats
 * give each win of a double ron its own). */
export function winDeltas(r: HandResultView, winner: Seat, first: boolean): number[] {
  const d = [0, 0, 0, 0];
  for (const p of r.payments) {
    if (p.to !== winner) continue;
    d[p.from] = (d[p.from] as number) - p.amount;
    d[p.to] = (d[p.to] as number) + p.amount;
  }
  if (first) d[winner] = (d[winner] as number) + (r.sticks ?? 0) * 1000;
  return d;
}
