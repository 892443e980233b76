/**
 * The shared vocabulary of table play: seats, melds, what a player may send, and what each
 * viewer is shown. The server's machine produces these, the protocol carries them, the client
 * renders them. Everything here is plain data (JSON-safe), so it can be logged and replayed.
 */
import type { TileKind, Wind } from './tiles.js';

/** Seats are fixed places at the table, 0-3 in turn order (counter-clockwise). */
export const SEATS = [0, 1, 2, 3] as const;
export type Seat = (typeof SEATS)[number];
export type BySeat<T> = readonly [T, T, T, T];

export const nextSeat = (seat: Seat): Seat => ((seat + 1) % 4) as Seat;
/** The seat wind of `seat` when `dealer` is East: 1 East ... 4 North. */
export const seatWind = (seat: Seat, dealer: Seat): Wind => (((seat - dealer + 4) % 4) + 1) as Wind;
/** The seat that sits on the player's left, i.e. who discards just before them (chows come only from there). */
export const leftOf = (seat: Seat): Seat => ((seat + 3) % 4) as Seat;

export const MELD_KINDS = ['chow', 'pung', 'kong'] as const;
export type MeldKind = (typeof MELD_KINDS)[number];

/** A declared meld. `concealed` is true only for a concealed kong. */
export interface Meld {
  readonly kind: MeldKind;
  /** Sorted kinds: 3 for chow and pung, 4 for kong. */
  readonly tiles: readonly TileKind[];
  readonly concealed: boolean;
  /** The seat whose discard made it, when it was claimed. */
  readonly from?: Seat;
  /** The claimed tile (for drawing it turned sideways). */
  readonly claimed?: TileKind;
  /** A pung promoted to a kong with a drawn tile. */
  readonly added?: boolean;
  /** Riichi tables with red fives: one of its fives is the red one (a suit has one). */
  readonly red?: true;
}

/**
 * What a seat may send to the table. Tiles are kinds: which physical copy is the server's
 * business, but for the choices a player makes at a table with red fives:
 * - a discard (or a riichi discard) of a five may say which copy goes, `red: true` the red one,
 *   `red: false` a plain one. Without `red` the server takes the tile just drawn when it is of
 *   that kind, else the last of that kind to come into the hand.
 * - a chow or a pung may say which copies of the hand it takes: `red: true` the hand's red five
 *   goes into the meld, `red: false` only plain copies do (the claimed discard is whatever copy
 *   was discarded). Without `red` the server takes, for a chow, the first copy of each kind dealt
 *   into the hand and, for a pung, the last ones (the rule every action logged before `red`
 *   existed keeps).
 * - a discard (or a riichi discard) of the drawn tile's kind may say that a copy from the hand
 *   goes (`fromHand: true`), not the tile just drawn: at a real table the others see which (a
 *   tile thrown straight from the draw, tsumogiri, or from the hand), and every view shows it.
 *   Refused in riichi, where only the drawn tile may go.
 * A copy named that the hand does not hold is refused (`action/no_such_tile`). Kongs take every
 * copy of their kind (a suit has one red five), so they name none.
 */
export type PlayerAction =
  | { readonly type: 'discard'; readonly tile: TileKind; readonly red?: boolean; readonly fromHand?: true }
  /** Claim the last discard as a chow; `tiles` is the whole chow, sorted, including the discard. */
  | { readonly type: 'chow'; readonly tiles: readonly [TileKind, TileKind, TileKind]; readonly red?: boolean }
  | { readonly type: 'pung'; readonly red?: boolean }
  /** Claim the last discard as a kong (three concealed copies in hand). */
  | { readonly type: 'kong' }
  | { readonly type: 'concealedKong'; readonly tile: TileKind }
  | { readonly type: 'addedKong'; readonly tile: TileKind }
  /** Self-drawn win in one's own turn, or a win on the discard / the robbed kong in a claim window. */
  | { readonly type: 'win' }
  | { readonly type: 'pass' }
  /** Riichi tables: declare riichi and discard `tile` (laid sideways) in one move. */
  | { readonly type: 'riichi'; readonly tile: TileKind; readonly red?: boolean; readonly fromHand?: true }
  /** Riichi tables: call an abortive draw on one's first draw with nine or more kinds of terminals
   * and honours (kyuushu kyuuhai), when the table's option allows it. */
  | { readonly type: 'nineTerminals' }
  /** Three-player riichi tables: set a North aside (kita) in one's own turn; a replacement tile
   * is drawn from the dead wall once the others had their chance to win on it. */
  | { readonly type: 'north' };

export type PlayerActionType = PlayerAction['type'];

/**
 * Whether two actions are the same move (the fields that make a move; nothing else compared).
 * `red` is not compared: an action without it is the same move as either offer, and whether the
 * copy it names is held is checked apart.
 */
export function sameAction(a: PlayerAction, b: PlayerAction): boolean {
  if (a.type !== b.type) return false;
  switch (a.type) {
    case 'discard':
    case 'concealedKong':
    case 'addedKong':
    case 'riichi':
      return a.tile === (b as typeof a).tile;
    case 'chow': {
      const t = (b as typeof a).tiles;
      return a.tiles[0] === t[0] && a.tiles[1] === t[1] && a.tiles[2] === t[2];
    }
    case 'pung':
    case 'kong':
    case 'win':
    case 'pass':
    case 'nineTerminals':
    case 'north':
      return true;
  }
}

/**
 * A legal action as offered to a seat: the exact action to send, with a preview where it helps.
 * At a table with red fives a chow or pung that takes a five from the hand says which copy
 * (`red`), one offer per choice the hand has: two where a red and a plain five both fit.
 */
export type LegalAction = PlayerAction & {
  /** For `win`: the faan (or han) the hand would score. */
  readonly faan?: number;
};

export interface DiscardView {
  readonly tile: TileKind;
  /** Claimed by another seat (drawn greyed out or removed by the client). */
  readonly claimed: boolean;
  /** The red five of its suit (riichi tables with red fives). */
  readonly red?: true;
  /** The tile just drawn, discarded as it came; pages draw it a shade darker. */
  readonly tsumogiri?: true;
}

/** What everybody may see of a seat. */
export interface SeatPublicView {
  readonly seat: Seat;
  readonly name: string | null;
  readonly wind: Wind;
  readonly isDealer: boolean;
  readonly isBot: boolean;
  readonly connected: boolean;
  readonly score: number;
  /** Number of concealed tiles (never which ones), including a drawn tile. */
  readonly concealedCount: number;
  readonly hasDrawn: boolean;
  readonly melds: readonly Meld[];
  readonly bonus: readonly TileKind[];
  readonly discards: readonly DiscardView[];
  /** Nobody plays this seat (a three-player table's fourth, North): no name, tiles or score;
   * drawn as vacant, never as a player. */
  readonly vacant?: true;
  /** Riichi tables, once this seat has declared: the index in `discards` of the tile laid
   * sideways (the declaring discard, or the next one if that was claimed), whether its ippatsu
   * chance is still open, and each seat's discard count at the declaration (every later discard
   * the declarer did not win on is one it can no longer win on). */
  readonly riichi?: {
    readonly discard: number;
    readonly ippatsu: boolean;
    readonly double: boolean;
    readonly discardsBefore: BySeat<number>;
  };
}

/** What everybody sees of a riichi table's hand beyond the seats. */
export interface RiichiTableView {
  /** Dora indicators turned so far (the first at the deal, one more per kong). */
  readonly doraIndicators: readonly TileKind[];
  /** Repeat counters (honba): +300 on a win (+100 from each on a self-draw). */
  readonly honba: number;
  /** 1,000-point riichi sticks on the table, taken by the next winner. */
  readonly sticks: number;
  /** Match length: `east` (tonpuusen) or `east-south` (hanchan). */
  readonly length: 'east' | 'east-south';
  /** Points each seat starts with (25,000). */
  readonly startPoints: number;
  /** Red fives in the set: 3 (one per suit, ids 16, 52, 88) or 0. Tiles shown carry `red`. */
  readonly redFives: 0 | 3;
  /** The standing as the match would end now (final once it is over): places, points (the
   * sticks on the table to the first) and scores with uma and the top prize. */
  readonly ranking?: readonly {
    readonly seat: Seat;
    readonly place: number;
    readonly points: number;
    readonly score: number;
  }[];
}

/** Why a riichi hand ended without a win (or with nagashi mangan). */
export const RIICHI_DRAW_KINDS = [
  'exhaustive', // the live wall ran out: ready/not-ready payments
  'nagashi', // the wall ran out and a seat's discards were all terminals and honours, none claimed
  'nineTerminals', // kyuushu kyuuhai, declared on a first draw
  'fourWinds', // the same wind discarded by all four on the first go-around
  'fourKongs', // four kongs by more than one seat
  'fourRiichi', // all four seats in riichi
  'tripleRon', // three seats claim a win on one discard (when the table aborts it)
] as const;
export type RiichiDrawKind = (typeof RIICHI_DRAW_KINDS)[number];

export interface PatternView {
  readonly name: string;
  readonly value: number;
  /** `faan`, `han` or `fu` (riichi fu items). */
  readonly unit?: 'faan' | 'han' | 'fu';
}

export interface PaymentView {
  readonly from: Seat;
  readonly to: Seat;
  readonly amount: number;
}

/** The result of one hand as everybody sees it once the hand is over. */
export interface HandResultView {
  readonly handNumber: number;
  /** The dealer and prevailing wind of that hand (the table has moved on when it is shown). */
  readonly dealer?: Seat;
  readonly prevailingWind?: Wind;
  readonly kind: 'win' | 'draw';
  readonly winner?: Seat;
  readonly discarder?: Seat;
  readonly selfDrawn?: boolean;
  readonly winTile?: TileKind;
  readonly faan?: number;
  readonly limit?: boolean;
  readonly patterns?: readonly PatternView[];
  readonly payments: readonly PaymentView[];
  /** Score change per seat this hand (sums to zero). */
  readonly deltas: BySeat<number>;
  /** Every seat's concealed tiles, revealed at the end of the hand. */
  readonly hands: BySeat<readonly TileKind[]>;
  /** The winner's hand as read by the scorer (melds and pair in notation). */
  readonly arrangement?: readonly string[];
  /** Riichi tables: han and fu of the win (`faan` is unused there); a yakuman counts its
   * multiple in `yakuman` (1, 2...). */
  readonly han?: number;
  readonly fu?: number;
  readonly yakuman?: number;
  /** Riichi tables: the base points before honba and sticks, and what those added. */
  readonly points?: number;
  readonly honba?: number;
  readonly sticks?: number;
  /** Riichi tables with red fives: the red fives among each revealed hand (`hands`), and
   * whether the winning tile was one. */
  readonly redFives?: BySeat<readonly TileKind[]>;
  readonly winTileRed?: true;
  /** Riichi tables: indicators at the end of the hand; ura only when a riichi seat won. */
  readonly doraIndicators?: readonly TileKind[];
  readonly uraIndicators?: readonly TileKind[];
  /** Riichi tables: the seats whose declaration stood this hand (each put a 1,000 stick on the
   * table: that is not in `deltas`). */
  readonly riichiDeclared?: BySeat<boolean>;
  /** Liability (包, pao): the seat that paid because it was liable, and the rule that made it
   * so: riichi `big-three-dragons` or `big-four-winds` (it fed the last set); Hong Kong under
   * discarder-pays-half `nine-pieces`, `twelve-pieces` or `fifth-tile` (`payments` are then
   * what was paid). */
  readonly liable?: { readonly seat: Seat; readonly rule: string };
  /** Riichi draws: which one, and for an exhaustive draw which seats were ready. */
  readonly drawKind?: RiichiDrawKind;
  readonly ready?: BySeat<boolean>;
  /** Double ron: the other win(s) on the same discard, each with its own payments (the
   * top-level fields are the first winner's, in turn order from the discarder; `deltas` is
   * the whole hand's). */
  readonly otherWins?: readonly HandResultView[];
}

export type TablePhase = 'waiting' | 'playing' | 'handOver' | 'matchOver';

/** What the table is waiting for. */
export type TurnStage =
  | 'discard' // `turn` must draw-then-discard (or declare a kong / self-drawn win)
  | 'claims' // a claim window is open on the last discard
  | 'robbing' // a claim window is open on an added kong or a North set aside (only wins)
  | 'none';

/** The table as one viewer (a seat or a spectator) may see it. Built by the server's `viewFor`. */
export interface TableView {
  readonly seq: number;
  readonly viewer: Seat | 'spectator';
  readonly phase: TablePhase;
  readonly ruleset: string;
  /** The table's minimum faan to win (a win below it is not offered). */
  readonly minFaan?: number;
  readonly prevailingWind: Wind;
  /** 0-based index of the hand in the match. */
  readonly handNumber: number;
  readonly dealer: Seat;
  readonly wallCount: number;
  readonly deadWallCount: number;
  /** The two dice thrown for this hand's wall break (public, as at a real table). */
  readonly dice?: readonly [number, number];
  readonly turn: Seat | null;
  readonly stage: TurnStage;
  readonly lastDiscard: { readonly seat: Seat; readonly tile: TileKind; readonly red?: true } | null;
  /** In a `robbing` window: the seat adding to its pung (or setting a North aside: `tile` North)
   * and the tile being added or set aside (robbable). */
  readonly robbing?: { readonly seat: Seat; readonly tile: TileKind; readonly red?: true };
  /** Deadlines as milliseconds since the epoch of the server's clock. */
  readonly deadlines: { readonly turn: number | null; readonly claim: number | null };
  readonly seats: BySeat<SeatPublicView>;
  /** The viewer's own hand; absent for spectators. */
  readonly hand?: {
    readonly concealed: readonly TileKind[];
    /** The tile just drawn (also counted in `concealed`), set apart by the client. */
    readonly drawn: TileKind | null;
    /** Riichi tables with red fives: the kinds of the red fives among `concealed` (a suit has
     * one), and whether the drawn tile is one of them. */
    readonly red?: readonly TileKind[];
    readonly drawnRed?: boolean;
    /** The tiles that would complete the hand, when it is ready. */
    readonly waits: readonly TileKind[];
    /** Under the missed-win rule: cannot win on a discard until the next own draw. */
    readonly missedWin: boolean;
    /** Riichi tables: furiten (a wait in one's own discards, a passed win, or a passed win
     * after riichi): no win on a discard, self-draw still allowed. */
    readonly furiten?: boolean;
  };
  readonly legalActions: readonly LegalAction[];
  /** Riichi tables only. Scores (`seats[].score`) are then points, starting at 25,000. */
  readonly riichi?: RiichiTableView;
  readonly lastResult: HandResultView | null;
  readonly results: readonly HandResultView[];
  /** sha256 of the match seed, published at the start. */
  readonly seedHash: string;
  /** The seed itself, only once the match is over. */
  readonly seed?: string;
}
