/**
 * The legal-action objects, built once and shared by every legal list of every family (legal
 * lists and views are read-only): a list is then a few pointers, not fresh objects per state.
 */
import type { LegalAction, Meld, TileKind } from '@mahjong/shared';

// The discard and concealed-kong actions of each kind, built once and shared by every legal list
// (legal lists and views are read-only).
export const DISCARD: readonly LegalAction[] = Array.from({ length: 34 }, (_, k) =>
  Object.freeze({ type: 'discard' as const, tile: k as TileKind }),
);
export const CONCEALED_KONG: readonly LegalAction[] = Array.from({ length: 34 }, (_, k) =>
  Object.freeze({ type: 'concealedKong' as const, tile: k as TileKind }),
);
export const ADDED_KONG: readonly LegalAction[] = Array.from({ length: 34 }, (_, k) =>
  Object.freeze({ type: 'addedKong' as const, tile: k as TileKind }),
);

export const PUNG: LegalAction = Object.freeze({ type: 'pung' });
export const KONG: LegalAction = Object.freeze({ type: 'kong' });
export const PASS: LegalAction = Object.freeze({ type: 'pass' });
/** The chow starting at each kind (suited kinds whose run fits in the suit). */
export const CHOW: readonly (LegalAction | undefined)[] = Array.from({ length: 27 }, (_, k) =>
  k % 9 <= 6
    ? Object.freeze({
        type: 'chow' as const,
        tiles: Object.freeze([k as TileKind, (k + 1) as TileKind, (k + 2) as TileKind]) as unknown as readonly [
          TileKind,
          TileKind,
          TileKind,
        ],
      })
    : undefined,
);

// The same with the copy named, at tables with red fives (`red`: the hand's red five goes in).
export const PUNG_RED: readonly LegalAction[] = [true, false].map((red) =>
  Object.freeze({ type: 'pung' as const, red }),
);
export const CHOW_RED: readonly (readonly LegalAction[] | undefined)[] = CHOW.map((c) =>
  c === undefined ? undefined : [true, false].map((red) => Object.freeze({ ...c, red })),
);

export const RIICHI: readonly LegalAction[] = Array.from({ length: 34 }, (_, k) =>
  Object.freeze({ type: 'riichi' as const, tile: k as TileKind }),
);
export const NINE_TERMINALS: LegalAction = Object.freeze({ type: 'nineTerminals' });

/** A pung of each kind as it would be claimed (for the swap-call check). */
export const PUNG_OF: readonly Meld[] = Array.from({ length: 34 }, (_, k) =>
  Object.freeze({ kind: 'pung' as const, tiles: [k, k, k] as TileKind[], concealed: false, claimed: k as TileKind }),
);

/** Three-player riichi: set a North aside (kita). */
export const DECLARE_NORTH: LegalAction = Object.freeze({ type: 'north' });
