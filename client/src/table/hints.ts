/**
 * The optional hints (off by default, like the assist modes of the commercial apps), computed
 * from the viewer's own view only: how far the hand is from ready (shanten), how many copies of
 * each wait are still unseen (4 less the ones in the own hand, in any meld and in the discard
 * ponds), and whether a discard win on any wait reaches the table's minimum faan (the scorer of
 * `@mahjong/shared` prices each wait). The server's waits say "ready" whatever the faan; this
 * says when ready is not enough.
 */
import {
  countKinds,
  type Meld,
  type ScoringRulesetId,
  scoreWin,
  seatWind,
  shanten,
  type TableView,
  type TileKind,
} from '@mahjong/shared';
import type { SceneItem } from './layout.js';
import { TILE_ASPECT } from './layout.js';

export interface WaitHint {
  readonly tile: TileKind;
  /** Copies this viewer has not seen anywhere. */
  readonly left: number;
  /** Faan of a discard win on it (null: not a win that scores, e.g. no valid reading). */
  readonly faan: number | null;
}

export interface HandHints {
  /** Tiles away from ready: 0 ready, -1 complete (holding a winning hand). */
  readonly shanten: number;
  readonly waits: readonly WaitHint[];
  /** The best discard-win faan over the waits (null when not ready or riichi). */
  readonly bestFaan: number | null;
  /** Ready, but no wait reaches the table's minimum faan on a discard. */
  readonly notEnough: boolean;
  readonly minFaan: number;
}

const meldTileCount = (melds: readonly Meld[]) => melds.reduce((n, m) => n + m.tiles.length, 0);

/** Copies of `tile` this viewer can see: own concealed, every meld, every unclaimed discard. */
export function seenCopies(view: TableView, tile: TileKind): number {
  let n = (view.hand?.concealed ?? []).filter((t) => t === tile).length;
  for (const s of view.seats) {
    for (const m of s.melds) n += m.tiles.filter((t) => t === tile).length;
    // A claimed discard is already counted in its meld.
    for (const d of s.discards) if (!d.claimed && d.tile === tile) n++;
  }
  return n;
}

export function handHints(view: TableView): HandHints | null {
  const hand = view.hand;
  const me = view.viewer;
  if (!hand || typeof me !== 'number' || view.phase !== 'playing') return null;
  const mine = view.seats[me];
  const melds = mine.melds;
  const counts = countKinds(hand.concealed);
  const sh = shanten(counts, melds.length);
  const minFaan = view.minFaan ?? 3;
  const hk = view.ruleset === 'hk-new' || view.ruleset === 'hk-old';
  // Kongs count as three: the concealed part of a 13-tile hand.
  const waiting = hand.concealed.length + meldTileCount(melds) - melds.filter((m) => m.kind === 'kong').length === 13;
  const waits: WaitHint[] = (waiting ? hand.waits : []).map((tile) => {
    let faan: number | null = null;
    if (hk) {
      const r = scoreWin(
        {
          concealed: hand.concealed,
          melds,
          win: tile,
          bonus: mine.bonus,
          selfDrawn: false,
          seatWind: seatWind(me, view.dealer),
          roundWind: view.prevailingWind,
          dealer: me === view.dealer,
          conditions: [],
        },
        view.ruleset as ScoringRulesetId,
      );
      faan = r.valid ? r.faan : null;
    }
    return { tile, left: Math.max(0, 4 - seenCopies(view, tile)), faan };
  });
  const priced = waits.map((w) => w.faan).filter((f): f is number => f !== null);
  const bestFaan = hk && priced.length > 0 ? Math.max(...priced) : null;
  return {
    shanten: sh,
    waits,
    bestFaan,
    notEnough: hk && waits.length > 0 && (bestFaan === null || bestFaan < minFaan),
    minFaan,
  };
}

/**
 * Scene items for the hints: the count over each wait tile (`w:` items of layout.ts), and one
 * line above the hand: the shanten when not ready, "not enough faan" when ready but short.
 */
export function hintItems(items: readonly SceneItem[], hints: HandHints): SceneItem[] {
  const out: SceneItem[] = [];
  for (const w of hints.waits) {
    const tile = items.find((i) => i.type === 'tile' && i.key === `w:${w.tile}`);
    if (tile?.type !== 'tile') continue;
    const size = Math.max(10, tile.w * 0.45);
    out.push({
      type: 'text',
      key: `hint:left:${w.tile}`,
      text: `${w.left} left`,
      x: tile.x,
      y: tile.y - (tile.w * TILE_ASPECT) / 2 - size * 0.7,
      size,
      color: w.left === 0 ? '#ffb0a4' : '#f4f1e6',
      bold: true,
      anchorX: 0.5,
      anchorY: 0.5,
    });
  }
  const hand = items.filter((i) => i.type === 'tile' && i.handIndex !== undefined);
  const first = hand[0];
  if (first?.type !== 'tile') return out;
  const line =
    hints.waits.length > 0
      ? hints.notEnough
        ? `not enough faan: waits score at most ${hints.bestFaan ?? 0}`
        : null
      : hints.shanten > 0
        ? `${hints.shanten} from ready`
        : null;
  if (line) {
    const size = Math.max(11, first.w * 0.3);
    const waitTiles = items.filter((i) => i.type === 'tile' && i.key.startsWith('w:'));
    const lastWait = waitTiles[waitTiles.length - 1];
    out.push({
      type: 'text',
      key: 'hint:line',
      text: line,
      x: lastWait ? lastWait.x + (lastWait.type === 'tile' ? lastWait.w : 0) : first.x - first.w / 2,
      y: lastWait ? lastWait.y : first.y - first.w * TILE_ASPECT * 0.95,
      size,
      color: hints.notEnough ? '#ffb0a4' : '#f2b705',
      bold: true,
      anchorX: 0,
      anchorY: 0.5,
    });
  }
  return out;
}
