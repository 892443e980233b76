/**
 * The contract of what surrounds a match: players (known by a signed key their browser keeps,
 * no password), circles of friends, rematches, the league and the statistics, as plain types
 * and codes. The zod schemas the server parses every request body with are
 * `community-schemas.ts` (kept apart so that the pages do not load zod). The figures are defined
 * in `server/src/community/README.md`.
 */
import type { MatchSummary, RulesetId, TableInfo } from './protocol.js';
import { rulesetFamily } from './rulesets/ids.js';
import type { BySeat, Seat } from './table-types.js';

/** The colours a player may pick (their line in charts, their dot in lists). */
export const PLAYER_COLOURS = [
  '#d64545',
  '#e08a1e',
  '#c9b21a',
  '#3f9e4d',
  '#1f9bb4',
  '#3b6fd6',
  '#8454c9',
  '#c2459a',
] as const;
export type PlayerColour = (typeof PLAYER_COLOURS)[number];

/** Ruleset families: the league and statistics keep Hong Kong and riichi apart. */
export const FAMILIES = ['hk', 'riichi'] as const;
export type Family = (typeof FAMILIES)[number];
export const familyOf = (ruleset: RulesetId): Family => rulesetFamily(ruleset);

// ---------------------------------------------------------------------------------------------
// Players

export interface PlayerView {
  readonly id: string;
  readonly name: string;
  readonly colour: PlayerColour;
}

export interface DeviceView {
  readonly id: string;
  readonly label: string;
  readonly createdAt: string;
  readonly lastSeenAt: string;
  /** The device this request came from. */
  readonly current: boolean;
}

export interface CircleSummary {
  readonly id: string;
  readonly name: string;
  readonly members: number;
  readonly owner: boolean;
}

/** GET /api/me, POST /api/players, POST /api/me, POST /api/players/transfer */
export interface MeResponse {
  readonly player: PlayerView;
  readonly devices: readonly DeviceView[];
  readonly circles: readonly CircleSummary[];
}

/**
 * POST /api/players: the player made, or the one the browser's key already names. `keyRefused`
 * says why a key the browser sent was not taken (a new player was made instead): a page that
 * went straight to this request (its first visit, as far as it knows) tells the player once.
 */
export interface CreatePlayerResponse extends MeResponse {
  readonly keyRefused?: 'player/bad_key' | 'player/expired_key' | 'player/device_forgotten';
}

/** POST /api/me/transfer: a code for another device, single use. */
export interface TransferResponse {
  /** Short, to type on the other device. */
  readonly code: string;
  /** The same as a link (the code in the fragment, which no server log sees). */
  readonly link: string;
  readonly expiresAt: string;
}

export const TRANSFER_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const TRANSFER_CODE_LENGTH = 8;

// ---------------------------------------------------------------------------------------------
// Circles

export interface CircleView {
  readonly id: string;
  readonly name: string;
  readonly ownerId: string;
  /** Members by name, the owner first. */
  readonly members: readonly PlayerView[];
  /** The invite (only its owner sees it; null when revoked). */
  readonly invite?: string | null;
  readonly stakePerPoint: number | null;
  readonly currency: string | null;
  /** Tables opened for the circle that have not finished. */
  readonly tables: readonly TableInfo[];
}

/**
 * POST /api/circles/:id/leave: what became of the circle (`handed`: its owner left and the member
 * who joined first after it owns it now; `ended`: its last member left).
 */
export interface LeaveCircleResponse {
  readonly circle: 'left' | 'handed' | 'ended';
}

// ---------------------------------------------------------------------------------------------
// Rematch

/** POST /api/matches/:id/rematch: the next match of the same players (seats rotated, new seed). */
export interface RematchResponse {
  readonly code: string;
  readonly link: string;
  /** This player's seat at the rematch, and its token. */
  readonly seat: Seat;
  readonly token: string;
  /** Only to the player whose click opened the rematch table. */
  readonly hostToken?: string;
  readonly table: TableInfo;
}

// ---------------------------------------------------------------------------------------------
// League and statistics

/** One player's figures over a set of matches (definitions: server/src/community/README.md). */
export interface PlayerStats {
  readonly matches: number;
  readonly hands: number;
  /** Sum of results: Hong Kong net points, riichi placement points (uma and oka included). */
  readonly total: number;
  /** Hong Kong: total times the circle's stake (null without a stake). */
  readonly money: number | null;
  readonly averagePlace: number | null;
  /** Rates of 1st, 2nd, 3rd and 4th place. */
  readonly placeRates: readonly [number, number, number, number];
  readonly wins: number;
  readonly selfDraws: number;
  readonly dealIns: number;
  readonly winRate: number | null;
  readonly selfDrawRate: number | null;
  readonly dealInRate: number | null;
  readonly riichiRate: number | null;
  readonly callRate: number | null;
  readonly averageWin: number | null;
  readonly averageDealIn: number | null;
  readonly readyAtDrawRate: number | null;
  readonly averageFaan: number | null;
  readonly maxFaan: number | null;
}

export interface Standing {
  readonly player: PlayerView;
  readonly stats: PlayerStats;
}

/** One match of the league, as its players' results. */
export interface LeagueMatch {
  readonly id: string;
  readonly ruleset: RulesetId;
  readonly endedAt: string;
  /** Player id per seat (null: a guest or a bot). */
  readonly players: BySeat<string | null>;
  readonly names: BySeat<string | null>;
  readonly results: BySeat<number>;
  readonly places: BySeat<number>;
}

/** GET /api/circles/:id/league */
export interface LeagueResponse {
  readonly circle: { readonly id: string; readonly name: string };
  readonly family: Family;
  readonly from: string | null;
  readonly to: string | null;
  readonly stakePerPoint: number | null;
  readonly currency: string | null;
  /** Best total first; members without a match in the range are left out. */
  readonly standings: readonly Standing[];
  /** Every counted match, oldest first: the chart draws each player's running total over them. */
  readonly matches: readonly LeagueMatch[];
}

/** GET /api/me/stats?family= : a player over every match they played (in a circle or not). */
export interface MyStatsResponse {
  readonly player: PlayerView;
  readonly family: Family;
  readonly stats: PlayerStats;
  /** Newest first, at most 50, with links to their replays. */
  readonly matches: readonly (MatchSummary & {
    readonly seat: Seat;
    readonly result: number;
    readonly place: number;
  })[];
}
