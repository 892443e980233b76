/**
 * Test helpers: walls in a chosen order (so that a test decides every hand and every draw) and
 * engines built on them. Used by the table's tests only.
 */
import {
  type BySeat,
  inSanmaSet,
  isBonus,
  kindOfId,
  PLAYING_TILES,
  type PlayerAction,
  type Seat,
  type TileId,
  type TileKind,
  tile,
  DEFAULT_RULESET,
} from '@mahjong/shared';
import { wallFromOrder } from '@mahjong/shared';
import type { WallState } from './core.js';
import { createEngine, type TableEngineImpl } from './engine.js';
import type { EngineRulesetId, MatchConfig, TableRuleset } from './types.js';

/**
 * Tiles of a script in notation; `0m`, `0p`, `0s` are the red five of the suit (the copy with
 * tile id 16, 52 or 88, as the score command writes it), a `5` is then one of the others.
 */
export interface WallScript {
  /** The seat that deals (and gets 14 tiles). Default 0. */
  readonly dealer?: Seat;
  /** Each seat's dealt tiles in notation: 13, the dealer 14 (bonus tiles allowed, replaced at once). */
  readonly hands: BySeat<string>;
  /** Live-wall draws after the deal, in order. */
  readonly draws?: string;
  /** The last tiles of the live wall (the very last one is the hand's last draw). */
  readonly last?: string;
  /** Dead-wall replacements, in the order they are drawn. */
  readonly replacements?: string;
  /** A 144-tile wall (default) or 136 without bonus tiles. */
  readonly bonus?: boolean;
  /** Three-player riichi: the 108-tile wall (no 2m-8m), seat 3's hand empty, 8 replacement tiles at the back. */
  readonly three?: boolean;
  /** Riichi: the dora indicators in the order they are turned (the first at the deal). */
  readonly dora?: string;
  /** Riichi: the ura-dora indicators beneath them. */
  readonly ura?: string;
}

/** A script's tiles in order, each a kind and whether it is written as the red five (`0`). */
function scriptTiles(text: string): { kind: TileKind; red: boolean }[] {
  const out: { kind: TileKind; red: boolean }[] = [];
  let digits = '';
  for (const ch of text.replace(/\s/g, '')) {
    if (ch >= '0' && ch <= '9') {
      digits += ch;
      continue;
    }
    for (const d of digits) out.push({ kind: tile(`${d === '0' ? 5 : d}${ch}`), red: d === '0' });
    digits = '';
  }
  return out;
}

/** Builds a wall whose deal, draws and replacements are exactly the script's; the rest fills the middle. */
export function scriptedWall(script: WallScript): WallState {
  const three = script.three ?? false;
  const bonus = !three && (script.bonus ?? true);
  const inSet = (id: number) => !three || inSanmaSet(kindOfId(id as TileId));
  const used = new Set<number>();
  // The red copies written as `0` anywhere in the script are theirs alone.
  const texts = [...script.hands, script.draws, script.last, script.replacements, script.dora, script.ura];
  const reserved = new Set(texts.flatMap((t) => scriptTiles(t ?? '').flatMap((x) => (x.red ? [x.kind * 4] : []))));
  const idOf = ({ kind: k, red }: { kind: TileKind; red: boolean }): TileId => {
    if (isBonus(k)) {
      const id = PLAYING_TILES + (k - 34);
      if (used.has(id)) throw new Error(`bonus tile ${k} used twice`);
      used.add(id);
      return id as TileId;
    }
    if (red) {
      if (used.has(k * 4)) throw new Error(`the red five of kind ${k} used twice`);
      used.add(k * 4);
      return (k * 4) as TileId;
    }
    for (let c = 0; c < 4; c++) {
      const id = k * 4 + c;
      if (!used.has(id) && !reserved.has(id)) {
        used.add(id);
        return id as TileId;
      }
    }
    throw new Error(`a fifth copy of kind ${k}`);
  };
  const dealer = script.dealer ?? 0;
  const hands = script.hands.map((h) => scriptTiles(h).map(idOf));
  hands.forEach((h, seat) => {
    const want = three && seat === 3 ? 0 : seat === dealer ? 14 : 13;
    if (h.length !== want) throw new Error(`seat ${seat} is dealt ${h.length} tiles, not ${want}`);
  });
  const order: TileId[] = [];
  const seats = three
    ? [0, 1, 2].map((i) => ((dealer + i) % 3) as Seat)
    : [0, 1, 2, 3].map((i) => ((dealer + i) % 4) as Seat);
  for (let r = 0; r < 3; r++) for (const s of seats) order.push(...(hands[s] as TileId[]).slice(4 * r, 4 * r + 4));
  for (const s of seats) order.push((hands[s] as TileId[])[12] as TileId);
  order.push((hands[dealer] as TileId[])[13] as TileId);
  order.push(...scriptTiles(script.draws ?? '').map(idOf));
  const last = scriptTiles(script.last ?? '').map(idOf);
  const replacements = scriptTiles(script.replacements ?? '').map(idOf);
  if (replacements.length > 14) throw new Error('at most 14 replacements');
  // The indicators start after the replacement tiles at the back: 4 among four, 8 among three.
  const back = three ? 8 : 4;
  const dora = scriptTiles(script.dora ?? '').map(idOf);
  const ura = scriptTiles(script.ura ?? '').map(idOf);
  if ((dora.length > 0 || ura.length > 0) && replacements.length > back)
    throw new Error(`indicators with at most ${back} replacements`);
  if (![...used].every(inSet)) throw new Error('a tile of 2m-8m on a three-player wall');
  const total = three ? 136 : bonus ? 144 : 136;
  const filler: TileId[] = [];
  for (let id = 0; id < total; id++) if (!used.has(id) && inSet(id)) filler.push(id as TileId);
  // Filler: the middle of the live wall, then the dead wall's free places (so that the dead wall
  // is 14 tiles): replacements at its end, indicators where riichi turns them (dora.ts).
  const dead: (TileId | undefined)[] = Array.from({ length: 14 }, () => undefined);
  replacements.forEach((id, i) => {
    dead[13 - i] = id;
  });
  dora.forEach((id, n) => {
    dead[13 - back - 2 * n] = id;
  });
  ura.forEach((id, n) => {
    dead[12 - back - 2 * n] = id;
  });
  const deadFill = filler.splice(filler.length - dead.filter((x) => x === undefined).length);
  order.push(...filler, ...last, ...dead.map((x) => x ?? (deadFill.shift() as TileId)));
  if (order.length !== (three ? 108 : total)) throw new Error(`wall of ${order.length} tiles`);
  return wallFromOrder(order);
}

export const HUMANS: MatchConfig['players'] = [
  { name: 'Ann', bot: false },
  { name: 'Bob', bot: false },
  { name: 'Cy', bot: false },
  { name: 'Di', bot: false },
];

export function scriptedEngine<R extends EngineRulesetId = TableRuleset>(
  walls: readonly WallScript[],
  opts: { options?: Record<string, unknown>; rounds?: number; now?: number; ruleset?: R } = {},
): TableEngineImpl<R> {
  return createEngine(
    {
      seed: '5eed',
      ruleset: opts.ruleset ?? (DEFAULT_RULESET as R),
      players: HUMANS,
      options: opts.options ?? {},
      ...(opts.rounds === undefined ? {} : { rounds: opts.rounds }),
    },
    opts.now ?? 0,
    { walls: walls.map(scriptedWall) },
  );
}

/** Acts and throws on a refusal (scripted moves must be legal). */
export function must(e: TableEngineImpl<EngineRulesetId>, seat: Seat, action: PlayerAction, now = e.state.at): void {
  const r = e.act(seat, action, now);
  if (!r.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)} refused: ${r.error.code}`);
}

export const discard = (t: string): PlayerAction => ({ type: 'discard', tile: tile(t) });
export const PASS: PlayerAction = { type: 'pass' };

/** Fires the pending deadline (throws if none). */
export function fire(e: TableEngineImpl<EngineRulesetId>): number {
  const d = e.nextDeadline();
  if (d === null) throw new Error('no deadline');
  const r = e.timeout(d);
  if (!r.ok) throw new Error('timeout refused');
  return d;
}
