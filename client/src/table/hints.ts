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
  isHkFamily,
  isRulesetId,
} from '@mahjong/shared';

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
  const hk = isRulesetId(view.ruleset) && isHkFamily(view.ruleset);
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

/** What the layout draws of the hints (`UiState.hints`): in the waits corner, where it has its room. */
export interface HintUi {
  /** Copies left of each wait, drawn under its tile. */
  readonly left: ReadonlyMap<TileKind, number>;
  /** One line: the shanten when not ready, "not enough faan" (a warning) when ready but short. */
  readonly line: { readonly text: string; readonly warn: boolean } | null;
}

export function hintUi(hints: HandHints): HintUi {
  const left = new Map(hints.waits.map((w) => [w.tile, w.left]));
  const text =
    hints.waits.length > 0
      ? hints.notEnough
        ? `not enough faan: waits score at most ${hints.bestFaan ?? 0}`
        : null
      : hints.shanten > 0
        ? `${hints.shanten} from ready`
        : null;
  return { left, line: text === null ? null : { text, warn: hints.notEnough } };
}
