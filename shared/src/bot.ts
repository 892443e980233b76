/**
 * Bots that play from their own view only (never the wall or other hands): the legal actions,
 * their own tiles and what is on the table. Deterministic: the same view gives the same action.
 *
 * - easy: discards by shanten alone, never claims (wins when it can).
 * - normal: shanten, then tile value (neighbours, pairs, honours it can pung, the suit it is
 *   building towards a flush); claims a meld when it brings the hand closer and the hand keeps a
 *   way to the minimum faan (a dragon or own-wind pung, a one-suit hand, all pungs).
 * - hard (the default, for tables): as normal, and near ready the discard with the most live
 *   tiles that improve the hand (ukeire over the tiles it has not seen); once ready, the wait with
 *   the most live tiles that win with the table's minimum. About three times the work of normal,
 *   which the simulation and the benchmark use by default.
 * - at a three-player riichi table, every level sets a North aside unless it holds two or more.
 *
 * Pure (a view in, an action out), so the server's tables and the replay viewer's analysis ask
 * the same code.
 */
import { shanten, waits } from './analysis.js';
import { foldDiscard } from './riichi/defense.js';
import { NORTH } from './riichi/sanma/tiles.js';
import { isHkFamily, isRulesetId } from './rulesets/ids.js';
import { type HkOptions, resolveOptions, scoreWin } from './scoring/index.js';
import { type LegalAction, type Meld, type PlayerAction, SEATS, sameAction, type TableView } from './table-types.js';
import { countKinds, isHonour, type TileKind, windKind } from './tiles.js';

export const BOT_LEVELS = ['easy', 'normal', 'hard'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

type Counts = Uint8Array;

/** Picks the bot's action for the viewer of `view`, or null when it has nothing to do. */
export function chooseBotAction(view: TableView, level: BotLevel = 'hard'): PlayerAction | null {
  const legal = view.legalActions;
  if (legal.length === 0) return null;
  const win = legal.find((a) => a.type === 'win');
  if (win !== undefined) return { type: 'win' };
  if (view.phase !== 'playing' || view.hand === undefined || view.viewer === 'spectator') return { type: 'pass' };
  const ctx = botContext(view);
  if (view.stage === 'discard') {
    if (view.riichi !== undefined) return keepRedFive(view, riichiTurnChoice(ctx, legal, level));
    return turnChoice(ctx, legal, level);
  }
  return meldsRedFive(legal, claimChoice(ctx, legal, level));
}

/**
 * With red fives, a chow or pung that may take the hand's red five or a plain one takes the red
 * one. The hand left is the same in kinds either way, so its shape and waits are too; the red five
 * in the meld is a dora the hand keeps for sure, while one kept in the hand is lost if that five
 * is ever discarded. Keeping it in the hand never scores more.
 */
function meldsRedFive(legal: readonly LegalAction[], choice: PlayerAction): PlayerAction {
  if (choice.type !== 'chow' && choice.type !== 'pung') return choice;
  const red = legal.some((a) => a.type === choice.type && a.red === true && sameAction(a, choice));
  return red ? { ...choice, red: true } : choice;
}

/**
 * With red fives: a five is discarded as a plain copy when the hand holds one besides its red
 * one (the red five is a dora worth keeping). In riichi the drawn tile goes, whichever it is.
 */
function keepRedFive(view: TableView, action: PlayerAction): PlayerAction {
  if (action.type !== 'discard' && action.type !== 'riichi') return action;
  const hand = view.hand as NonNullable<TableView['hand']>;
  if (hand.red === undefined || !hand.red.includes(action.tile)) return action;
  if (view.seats[view.viewer as number]?.riichi !== undefined) return action;
  const copies = hand.concealed.filter((k) => k === action.tile).length;
  return copies > 1 ? { ...action, red: false } : action;
}

/**
 * A riichi turn: call nine terminals when offered; fold (the safest discard against every
 * declarer) when another seat is in riichi and the hand is two or more tiles from ready;
 * otherwise the usual discard, declared as riichi whenever that discard (or another) leaves the
 * hand ready and concealed.
 */
function riichiTurnChoice(ctx: BotContext, legal: readonly LegalAction[], level: BotLevel): PlayerAction {
  if (legal.some((a) => a.type === 'nineTerminals')) return { type: 'nineTerminals' };
  const view = ctx.view;
  const me = view.viewer as number;
  const declarers = SEATS.filter((x) => x !== me && view.seats[x].riichi !== undefined);
  const inRiichi = view.seats[me]?.riichi !== undefined;
  // Three players: a North goes aside (a dora and a fresh tile) unless it is part of a pair or
  // pung the hand may use; in riichi only the drawn North is offered, and it changes no wait.
  if (legal.some((a) => a.type === 'north') && (inRiichi || ctx.counts[NORTH] === 1)) return { type: 'north' };
  if (level !== 'easy' && !inRiichi && declarers.length > 0 && shanten(ctx.counts, ctx.melds.length) >= 2) {
    const mine = legal.flatMap((a) => (a.type === 'discard' ? [a.tile] : []));
    const visible = new Uint8Array(34).fill(4);
    const unseen = unseenCounts(ctx);
    for (let k = 0; k < 34; k++) visible[k] = 4 - (unseen[k] as number);
    const threats = declarers.map((x) => {
      const ds = view.seats[x].discards.map((d) => d.tile);
      // What the others discarded after the declaration, the declarer let pass: it can no
      // longer win on those kinds (riichi furiten), so they are safe too.
      const before = (view.seats[x].riichi as NonNullable<TableView['seats'][number]['riichi']>).discardsBefore;
      const passedSince = SEATS.filter((y) => y !== x).flatMap((y) =>
        view.seats[y].discards.slice(before[y]).map((d) => d.tile),
      );
      return { discards: ds, passedSince };
    });
    const fold = foldDiscard(mine, threats, visible);
    if (fold !== null) return { type: 'discard', tile: fold };
  }
  const choice = turnChoice(ctx, legal, level);
  const riichi = legal.filter((a) => a.type === 'riichi');
  if (choice.type !== 'discard' || riichi.length === 0) return choice;
  const same = riichi.find((a) => a.type === 'riichi' && a.tile === choice.tile);
  return same ?? { type: 'riichi', tile: (riichi[0] as { tile: TileKind }).tile };
}

interface BotContext {
  readonly view: TableView;
  readonly counts: Counts;
  readonly melds: readonly Meld[];
  /** Honour kinds worth a faan as a pung: dragons, own wind, prevailing wind. */
  readonly valuable: Valuable;
  /** The suit (0, 1, 2) the hand leans to, when it could become a one-suit hand; else -1. */
  readonly flushSuit: number;
}

function botContext(view: TableView): BotContext {
  const hand = view.hand as NonNullable<TableView['hand']>;
  const me = view.seats[view.viewer as number] as TableView['seats'][number];
  const counts = countKinds(hand.concealed);
  const valuable = new Valuable(windKind(me.wind), windKind(view.prevailingWind));
  return { view, counts, melds: me.melds, valuable, flushSuit: flushSuitOf(counts, me.melds) };
}

/** The honour kinds worth a faan as a pung: the dragons, the seat wind and the prevailing wind. */
class Valuable {
  constructor(
    private readonly seatWind: number,
    private readonly roundWind: number,
  ) {}
  has(k: number): boolean {
    return k === 31 || k === 32 || k === 33 || k === this.seatWind || k === this.roundWind;
  }
}

/** A suit that (with honours) already holds nearly the whole hand, and no melds in other suits. */
function flushSuitOf(counts: Counts, melds: readonly Meld[]): number {
  const bySuit = [0, 0, 0];
  let total = 0;
  for (let k = 0; k < 34; k++) {
    const n = counts[k] as number;
    total += n;
    if (k < 27) bySuit[Math.floor(k / 9)] = (bySuit[Math.floor(k / 9)] as number) + n;
  }
  // The suits of the suited melds, as bits (no meld in two suits may become a one-suit hand).
  let meldSuits = 0;
  for (const m of melds) if ((m.tiles[0] as number) < 27) meldSuits |= 1 << Math.floor((m.tiles[0] as number) / 9);
  if (meldSuits !== 0 && (meldSuits & (meldSuits - 1)) !== 0) return -1;
  let best = 0;
  for (let s = 1; s < 3; s++) if ((bySuit[s] as number) > (bySuit[best] as number)) best = s;
  if (meldSuits !== 0 && meldSuits !== 1 << best) return -1;
  const off = total - (bySuit[best] as number) - honourCount(counts);
  return off <= 3 ? best : -1;
}

function honourCount(counts: Counts): number {
  let n = 0;
  for (let k = 27; k < 34; k++) n += counts[k] as number;
  return n;
}

/** How much a tile is worth keeping (higher: keep). Cheap, used to break shanten ties. */
function keepValue(ctx: BotContext, k: number): number {
  const c = ctx.counts;
  const n = c[k] as number;
  if (k >= 27) {
    const valuable = ctx.valuable.has(k);
    if (n >= 2) return valuable ? 9 : 5;
    return valuable ? 1.5 : 0;
  }
  const r = k % 9;
  let v = n >= 2 ? 4 : 0;
  if (r > 0) v += 2 * Math.min(1, c[k - 1] as number);
  if (r < 8) v += 2 * Math.min(1, c[k + 1] as number);
  if (r > 1) v += Math.min(1, c[k - 2] as number);
  if (r < 7) v += Math.min(1, c[k + 2] as number);
  if (r === 0 || r === 8) v -= 0.5;
  else if (r === 1 || r === 7) v -= 0.2;
  if (ctx.flushSuit >= 0) v += Math.floor(k / 9) === ctx.flushSuit ? 3 : -3;
  return v;
}

function turnChoice(ctx: BotContext, legal: readonly LegalAction[], level: BotLevel): PlayerAction {
  const m = ctx.melds.length;
  const c = ctx.counts;
  const discards: TileKind[] = [];
  for (const a of legal) if (a.type === 'discard') discards.push(a.tile);
  // A discard can keep the shanten of the 14 tiles, never lower it: the first discard that keeps it is best.
  const whole = shanten(c, m);
  if (level !== 'easy') {
    for (const a of legal) {
      if (a.type === 'addedKong') return { type: 'addedKong', tile: a.tile };
      if (a.type === 'concealedKong') {
        c[a.tile] = (c[a.tile] as number) - 4;
        const sh = shanten(c, m + 1);
        c[a.tile] = (c[a.tile] as number) + 4;
        if (sh <= whole) return { type: 'concealedKong', tile: a.tile };
      }
    }
  }
  if (level === 'easy') {
    for (const k of discards) if (shantenWithout(c, m, k) === whole) return { type: 'discard', tile: k };
    return { type: 'discard', tile: discards[0] as TileKind };
  }
  // Cheapest tiles first (by keep value); `normal` takes the first that keeps the shanten.
  const values = discards.map((k) => keepValue(ctx, k));
  if (level === 'normal' || whole > 2) {
    // Usually the cheapest tile keeps the shanten: pick minima one at a time instead of sorting.
    const tried = new Uint8Array(discards.length);
    let first = -1;
    for (let round = 0; round < discards.length; round++) {
      let best = -1;
      for (let i = 0; i < discards.length; i++) {
        if (tried[i] === 0 && (best < 0 || (values[i] as number) < (values[best] as number))) best = i;
      }
      tried[best] = 1;
      if (first < 0) first = best;
      const k = discards[best] as TileKind;
      if (shantenWithout(c, m, k) === whole) return { type: 'discard', tile: k };
    }
    return { type: 'discard', tile: discards[first] as TileKind };
  }
  const ranked = discards.map((k, i) => ({ k, v: values[i] as number })).sort((a, b) => a.v - b.v || a.k - b.k);
  // hard, close to ready: among the discards that keep the shanten, the most live tiles that improve
  // it; once ready, the most live tiles that win with at least the minimum faan.
  const unseen = unseenCounts(ctx);
  let pick = (ranked[0] as { k: TileKind }).k;
  let most = Number.NEGATIVE_INFINITY;
  for (const { k, v } of ranked) {
    if (shantenWithout(c, m, k) !== whole) continue;
    c[k] = (c[k] as number) - 1;
    const u = ukeire(c, m, whole, unseen);
    const winning = whole === 0 ? winningLive(ctx, c, unseen) : 0;
    c[k] = (c[k] as number) + 1;
    const score = winning * 10000 + u * 100 - v;
    if (score > most) {
      most = score;
      pick = k;
    }
  }
  return { type: 'discard', tile: pick };
}

/**
 * The shanten of the hand without one tile of kind `k`. A function of its own, not a closure per
 * decision: run through tsx (keepNames), each closure made is also named by a property definition.
 */
function shantenWithout(c: Counts, m: number, k: TileKind): number {
  c[k] = (c[k] as number) - 1;
  const sh = shanten(c, m);
  c[k] = (c[k] as number) + 1;
  return sh;
}

/**
 * Tiles the bot has not seen: 4 minus its own, every discard, every meld; among three (a seat
 * vacant) none of 2m-8m, which the set does not have (counted, they made a lone 1m or 9m look
 * like half a run worth keeping).
 */
function unseenCounts(ctx: BotContext): Counts {
  const u = new Uint8Array(34).fill(4);
  if (ctx.view.seats.some((s) => s.vacant)) u.fill(0, 1, 8);
  const see = (k: number) => {
    if (k < 34 && (u[k] as number) > 0) u[k] = (u[k] as number) - 1;
  };
  for (let k = 0; k < 34; k++) for (let i = 0; i < (ctx.counts[k] as number); i++) see(k);
  for (const seat of SEATS) {
    const s = ctx.view.seats[seat];
    for (const d of s.discards) see(d.tile);
    for (const m of s.melds) for (const t of m.tiles) see(t);
  }
  return u;
}

/** For a ready 3n+1 hand: live tiles that would complete it worth the table's minimum (as a self-draw). */
function winningLive(ctx: BotContext, c: Counts, unseen: Counts): number {
  const view = ctx.view;
  const me = view.seats[view.viewer as number] as TableView['seats'][number];
  const concealed: TileKind[] = [];
  for (let k = 0; k < 34; k++) for (let i = 0; i < (c[k] as number); i++) concealed.push(k as TileKind);
  const options = botOptions(view.ruleset);
  if (options === null) return 0;
  let n = 0;
  for (const w of waits(c, ctx.melds.length)) {
    const left = unseen[w] as number;
    if (left === 0) continue;
    const r = scoreWin(
      {
        concealed,
        melds: ctx.melds,
        win: w,
        bonus: me.bonus,
        selfDrawn: true,
        seatWind: me.wind,
        roundWind: view.prevailingWind,
        dealer: me.isDealer,
        conditions: [],
      },
      options.ruleset,
      options,
    );
    if (r.valid && (r.faan ?? 0) >= (view.minFaan ?? 3)) n += left;
  }
  return n;
}

const optionsByRuleset = new Map<string, HkOptions | null>();
function botOptions(ruleset: string): HkOptions | null {
  let o = optionsByRuleset.get(ruleset);
  if (o === undefined) {
    const r = isRulesetId(ruleset) && isHkFamily(ruleset) ? resolveOptions(ruleset, { minFaan: 0 }) : null;
    o = r?.ok ? (r.value as HkOptions) : null;
    optionsByRuleset.set(ruleset, o);
  }
  return o;
}

/** Live tiles that lower the shanten of a 3n+1 hand. */
function ukeire(c: Counts, m: number, sh: number, unseen: Counts): number {
  let n = 0;
  for (let k = 0; k < 34; k++) {
    const left = unseen[k] as number;
    if (left === 0 || (c[k] as number) >= 4) continue;
    c[k] = (c[k] as number) + 1;
    if (shanten(c, m) < sh) n += left;
    c[k] = (c[k] as number) - 1;
  }
  return n;
}

function claimChoice(ctx: BotContext, legal: readonly LegalAction[], level: BotLevel): PlayerAction {
  const pass: PlayerAction = { type: 'pass' };
  if (level === 'easy') return pass;
  const last = ctx.view.lastDiscard;
  if (last === null || ctx.view.stage !== 'claims') return pass;
  const t = last.tile;
  const c = ctx.counts;
  const m = ctx.melds.length;
  const before = shanten(c, m);
  let choice: PlayerAction = pass;
  let bestSh = before;
  for (const a of legal) {
    if (a.type === 'pung' || a.type === 'kong') {
      if (!meldFitsPlan(ctx, t)) continue;
      const take = a.type === 'kong' ? 3 : 2;
      c[t] = (c[t] as number) - take;
      // A 3n+2 hand's shanten is the best reachable by its discard.
      const sh = shanten(c, m + 1);
      c[t] = (c[t] as number) + take;
      // A pung of a valuable honour is worth a faan: taken when it does not set the hand back.
      const worth = sh < bestSh || (sh === before && ctx.valuable.has(t) && choice.type === 'pass');
      if (worth || (a.type === 'kong' && sh <= bestSh && choice.type === 'pung')) {
        bestSh = sh;
        choice = { type: a.type };
      }
    } else if (a.type === 'chow') {
      if (!chowFitsPlan(ctx, t)) continue;
      const used: TileKind[] = [];
      let skipped = false;
      for (const x of a.tiles) {
        if (x === t && !skipped) {
          skipped = true;
          continue;
        }
        used.push(x);
      }
      for (const x of used) c[x] = (c[x] as number) - 1;
      const sh = shanten(c, m + 1);
      for (const x of used) c[x] = (c[x] as number) + 1;
      if (sh < bestSh) {
        bestSh = sh;
        choice = { type: 'chow', tiles: a.tiles };
      }
    }
  }
  return choice;
}

/** Opening the hand must keep a way to the minimum: a valuable honour, a one-suit hand, all pungs. */
function meldFitsPlan(ctx: BotContext, t: TileKind): boolean {
  if (ctx.valuable.has(t)) return true;
  if (ctx.flushSuit >= 0 && (isHonour(t) || Math.floor(t / 9) === ctx.flushSuit)) return true;
  if (ctx.melds.some((m) => ctx.valuable.has(m.tiles[0] as number) && m.kind !== 'chow')) {
    return ctx.flushSuit >= 0 || pairsIn(ctx.counts) >= 3;
  }
  // All pungs: no chows yet and several pairs to build from.
  return ctx.melds.every((m) => m.kind !== 'chow') && pairsIn(ctx.counts) >= 4;
}

function chowFitsPlan(ctx: BotContext, t: TileKind): boolean {
  return ctx.flushSuit >= 0 && Math.floor(t / 9) === ctx.flushSuit;
}

function pairsIn(c: Counts): number {
  let n = 0;
  for (let k = 0; k < 34; k++) if ((c[k] as number) >= 2) n++;
  return n;
}
