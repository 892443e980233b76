/**
 * The one message contract between the client and the server: the HTTP bodies of the lobby API
 * and every socket.io message in both directions, as discriminated unions on `type`. Reason codes
 * are `as const` lists so that a client can switch over them and a new code breaks the typecheck
 * where it matters. No zod here: the pages import this module, and the schemas the server parses
 * everything it receives with are `protocol-schemas.ts` (about 26 KB of zod a page need not load).
 *
 * Transport: the client emits `CLIENT_EVENT` ('c2s') with a `ClientMessage`; the server emits
 * `SERVER_EVENT` ('s2c') with a `ServerMessage`. Any other event name, or a payload that does not
 * parse, is refused with `msg/invalid` (or `msg/unknown_type`) and changes nothing.
 */
import type { RulesetId } from './rulesets/ids.js';
import type { RulesetOptions } from './rulesets/index.js';
import type { ObjectPatch } from './view-patch.js';
import type { BySeat, HandResultView, LegalAction, PlayerAction, Seat, TableView } from './table-types.js';
import type { TileKind } from './tiles.js';

/** Bumped whenever a message changes shape. A `hello` with another version is refused. */
export const PROTOCOL_VERSION = 2;

export const CLIENT_EVENT = 'c2s';
export const SERVER_EVENT = 's2c';

// The rulesets are the descriptors' (shared/src/rulesets/); the wire names them by id.
export { RULESET_IDS, type RulesetId } from './rulesets/ids.js';

/** Every reason the server gives for refusing a message or a request. */
export const REFUSAL_CODES = [
  'msg/invalid', // payload failed its schema
  'msg/unknown_type', // a `type` (or a socket event) the server does not know
  'msg/version', // hello with another PROTOCOL_VERSION
  'msg/rate_limited', // too many messages from this socket
  'table/not_found',
  'table/spectators_not_allowed',
  'table/not_started', // acting before the host started the match
  'table/over', // the match is over or was ended by the host
  'table/paused', // the server cannot record moves right now; the table resumes on its own
  'auth/bad_token', // a seat token that does not verify (or was superseded)
  'auth/not_joined', // acting before a successful hello
  'auth/already_joined', // a second hello on the same socket
  'auth/seat_held', // the seat changed pages too often: the page holding it was asked to hand it over
  'socket/too_many', // the address holds as many sockets as the server allows: the connection is refused (ConnectRefusal)
  'act/spectator', // a spectator tried to act
  'act/wrong_seat', // acting for a seat that is not the token's seat
  'act/stale_seq', // the action was based on an older (or future) state
  'act/not_your_turn',
  'act/already_answered', // this seat already answered the claim window
  'act/illegal',
  'act/no_such_tile',
  'act/not_this_ruleset', // an action the table's ruleset does not play (a North set aside among four)
  'act/match_over',
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

/**
 * A socket refused as it connects: socket.io's `connect_error` on the client, with this as the
 * error's `data` (its `message` is the same English). No `refused` message can carry it, since the
 * socket never opens; socket.io does not reconnect a socket so refused by itself.
 */
export interface ConnectRefusal {
  readonly code: RefusalCode;
  readonly message: string;
  readonly values?: RefusalValues;
}

/** Reason codes of the HTTP API (answered as `{ error: { code, message, values? } }` with a 4xx status). */
export const HTTP_ERROR_CODES = [
  'http/invalid', // body or query failed its schema
  'http/not_found', // no such route
  'http/internal', // a bug: logged on the server
  'server/unavailable', // 503: the ledger cannot be written right now; nothing changed, try again
  'http/rate_limited', // too many requests of this kind: 429 with Retry-After (seconds)
  'http/origin', // a browser request from an origin the server does not serve
  'http/too_large', // 413: a body over the route's limit (values: `kb`, the limit); nothing was read or done
  'http/media_type', // 415: a body of a content type the route does not read
  'http/header_too_large', // 431: headers (Node counts the URL with them) over the server's limit (values: `kb`)
  'http/uri_too_long', // 414: a part of the path longer than any the routes take
  'http/timeout', // 408: the request did not arrive in time; nothing was done
  'table/not_found',
  'table/seat_taken',
  'table/seat_vacant', // the fourth seat of a three-player table: nobody plays it, nobody takes it
  'table/full',
  'table/already_started',
  'table/not_ready', // start with an empty seat and no bot filling
  'table/over',
  'auth/not_host',
  'match/not_found',
  'match/in_progress', // replays, details and exports only for finished matches
  // players, circles and rematches (shared/src/community.ts)
  'player/no_key', // 401: no player key in this browser yet (create one with POST /api/players)
  'player/bad_key', // 401: a key that does not verify (forged or altered)
  'player/expired_key', // 401: a key older than its lifetime
  'player/device_forgotten', // 401: the key's device was forgotten by its player
  'player/not_found', // 404
  'device/not_found', // 404: no such device of this player
  'transfer/not_found', // 404: no such transfer code
  'transfer/used', // 410: the code was used already
  'transfer/expired', // 410: the code is older than its few minutes
  'circle/not_found', // 404: no such circle, or not a member (the two are not told apart)
  'circle/not_owner', // 403: only the circle's owner may do this
  'circle/invite_invalid', // 410: an invite that was revoked, rotated or never issued
  'match/not_seated', // 403: a rematch asked by someone who did not play the match
  'match/no_rematch', // 409: a match not played to its end, or a table nobody can rematch
  'match/format', // an export format the match's ruleset has no use for (tenhou6 or mjai of a Hong Kong match)
  'log/invalid', // an uploaded log that is not a four-player tenhou.net/6 file that plays (the message names the hand and step; the values its reason, hand and step: LOG_PROBLEMS)
] as const;
export type HttpErrorCode = (typeof HTTP_ERROR_CODES)[number];

/**
 * Why an uploaded tenhou.net/6 log is refused (`log/invalid`): the `reason` of its values, beside
 * `hand` and `step` (both from 1) where one hand holds the problem, and `kb` (the limit) for a file
 * too large; a page words the refusal from these, the English `message` names the detail for logs.
 */
export const LOG_PROBLEMS = [
  'log/too_large', // more bytes than any real match needs
  'log/malformed', // not JSON
  'log/shape', // JSON, but not a tenhou.net/6 log of four players
  'log/three_player',
  'log/tile', // an unknown tile code, or a fifth copy
  'log/call', // a call, kong or discard that does not fit the hand
] as const;
export type LogProblemCode = (typeof LOG_PROBLEMS)[number];

/**
 * The values a refusal's words name (a seat number, a table code), so a page can say it in its
 * language by the code's message id; the English `message` beside it stays for API users and logs.
 */
export type RefusalValues = Readonly<Record<string, string | number>>;

/** What the server tells a whole table outside play (`notice` messages). */
export const NOTICE_CODES = [
  'ledger/paused', // moves cannot be recorded: the table waits (no timer runs) until they can
  'ledger/resumed', // recorded again: a fresh `welcome` follows
] as const;
export type NoticeCode = (typeof NOTICE_CODES)[number];

// ---------------------------------------------------------------------------------------------
// Join codes

/** Join codes: 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 6;
const JOIN_CODE_PATTERN = new RegExp(`^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$`);

/** A join code as typed: trimmed and upper-cased; null when it is not one. */
export function parseJoinCode(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  return JOIN_CODE_PATTERN.test(code) ? code : null;
}

// ---------------------------------------------------------------------------------------------
// Socket: client to server

export type ClientMessage =
  /** First message on a socket: take a seat (with its token) or watch (no token). */
  | { readonly type: 'hello'; readonly v: number; readonly code: string; readonly token?: string }
  /**
   * Act for `seat`, based on the state `seq` the client saw: refused as `act/stale_seq` when the
   * seat's legal actions have changed since that seq (or the seq is in the future), so another
   * seat's unrelated action in between does not make it stale. `id` is echoed in a refusal so
   * the client can tell which of its messages was refused; an accepted action shows in the next
   * `view`.
   */
  | {
      readonly type: 'act';
      readonly seat: Seat;
      readonly seq: number;
      readonly action: PlayerAction;
      readonly id?: number;
    }
  /** Ask for the full current view again (after a gap in seq, say). */
  | { readonly type: 'sync' }
  | { readonly type: 'ping'; readonly t: number }
  /** The page holding a seat lets the next page that opens it take it (after `takeover-asked`). */
  | { readonly type: 'hand-over' }
  /**
   * Follow one table's lobby record (who sits where) without taking a seat or watching: the
   * `table` message now and at every change (a socket follows one table at a time). Public
   * information only, as GET /api/tables/:code gives it.
   */
  | { readonly type: 'lobby'; readonly code: string };

export const CLIENT_MESSAGE_TYPES = ['hello', 'act', 'sync', 'ping', 'hand-over', 'lobby'] as const;
export type ClientMessageType = (typeof CLIENT_MESSAGE_TYPES)[number];

// ---------------------------------------------------------------------------------------------
// Lobby state (HTTP and socket)

export const TABLE_STATUSES = ['lobby', 'playing', 'over', 'ended'] as const;
/** lobby: waiting for the host to start; over: played to the end; ended: stopped by the host. */
export type TableStatus = (typeof TABLE_STATUSES)[number];

export interface LobbySeat {
  readonly seat: Seat;
  readonly name: string | null;
  readonly bot: boolean;
  readonly connected: boolean;
  /** Kept for the player named (a rematch) until they take it; a bot if they have not by the start. */
  readonly reserved?: true;
  /** An outside AI (mjai) of the server's list plays the seat: its name. */
  readonly ai?: string;
  /** Decisions of that AI the built-in bot made instead (a timeout, a bad answer, the process
   * gone): shown as "AI fallback". */
  readonly aiFallbacks?: number;
  /** Nobody plays this seat: a three-player table's fourth (North) seat, which cannot be taken. */
  readonly vacant?: true;
}

export interface TableInfo {
  readonly code: string;
  readonly matchId: string;
  readonly ruleset: RulesetId;
  readonly options: Record<string, unknown>;
  readonly status: TableStatus;
  readonly seats: BySeat<LobbySeat>;
  readonly spectatorsAllowed: boolean;
  readonly spectatorDelay: boolean;
  /** Empty seats become bots when the host starts. */
  readonly fillWithBots: boolean;
  readonly spectators: number;
  readonly seedHash: string;
  readonly createdAt: string;
  readonly startedAt: string | null;
  readonly endedAt: string | null;
  /**
   * Opened for this circle: on the circle's page only (its members'). A table's public record
   * never says its circle.
   */
  readonly circleId?: string;
  /** The match this table is the rematch of. */
  readonly rematchOf?: string;
}

// ---------------------------------------------------------------------------------------------
// Socket: server to client

/**
 * Why a socket stopped holding its seat (`seat-lost`): the same seat was opened on another
 * socket (another tab or device; a fresh `hello` from this socket takes it back), or the host put
 * a bot or another player in the seat (the token no longer holds it).
 */
export const SEAT_LOST_REASONS = ['opened_elsewhere', 'replaced'] as const;
export type SeatLostReason = (typeof SEAT_LOST_REASONS)[number];

export type ServerMessage =
  /** Answer to a good hello: who you are at this table and everything to draw it. */
  | {
      readonly type: 'welcome';
      readonly v: number;
      readonly role: Seat | 'spectator';
      readonly table: TableInfo;
      /** Null while the table is still in the lobby (or, with `spectatorDelay`, before the first hand ended). */
      readonly view: TableView | null;
      /** With `spectatorDelay`: every seat's concealed tiles in the (delayed) view, and their red fives. */
      readonly hands?: BySeat<readonly TileKind[]>;
      readonly handsRed?: BySeat<readonly TileKind[]>;
    }
  /** The table after an accepted event, as this socket's viewer may see it. `seq` === view.seq. */
  | {
      readonly type: 'view';
      readonly seq: number;
      readonly view: TableView;
      /**
       * Only for spectators of a table with `spectatorDelay`: they watch the previous hand, one
       * whole hand behind, with every seat's concealed tiles.
       */
      readonly hands?: BySeat<readonly TileKind[]>;
      readonly handsRed?: BySeat<readonly TileKind[]>;
    }
  /**
   * The table after an accepted event as `view` says, sent as its changes from the view numbered
   * `base` (`view-patch.ts`): applied to that view, it gives the view numbered `seq`. A recipient
   * holding another view asks for the full one (`sync`).
   */
  | { readonly type: 'patch'; readonly seq: number; readonly base: number; readonly patch: ObjectPatch }
  /** Lobby changes: a seat taken, a bot seated, a player (dis)connected, started, ended. */
  | { readonly type: 'table'; readonly table: TableInfo }
  | {
      readonly type: 'refused';
      readonly code: RefusalCode;
      readonly message: string;
      /** What the message names, for pages that say it in another language. */
      readonly values?: RefusalValues;
      /** The `id` of the refused act, when it had one. */
      readonly id?: number;
    }
  | { readonly type: 'pong'; readonly t: number; readonly serverTime: number }
  /** Server trouble and its end, for the whole table (see `NOTICE_CODES`). */
  | { readonly type: 'notice'; readonly code: NoticeCode; readonly message: string }
  /**
   * This socket no longer holds its seat: it gets no more views and its acts are refused
   * (`auth/not_joined`). One socket holds a seat at a time: the newest `hello` with the seat's
   * current token.
   */
  | { readonly type: 'seat-lost'; readonly reason: SeatLostReason }
  /**
   * To the page holding a seat that has changed pages too often of late: another page with the
   * seat's token wants it, and gets it only once this page answers `hand-over` (a page that
   * does not know why should leave it: the host can give the seat a new token).
   */
  | { readonly type: 'takeover-asked' };

export type ServerMessageType = ServerMessage['type'];

// ---------------------------------------------------------------------------------------------
// HTTP API

/**
 * POST /api/tables: the options are the ruleset's own (its descriptor's keys and value types,
 * `shared/src/rulesets/`), checked against the descriptor when the table is created.
 */
export type CreateTableRequest = {
  readonly [Id in RulesetId]: CreateTableFields & {
    readonly ruleset?: Id;
    readonly options?: RulesetOptions<Id>;
  };
}[RulesetId];

/** What a table request says besides its ruleset and options. */
export interface CreateTableFields {
  /** Seats held by bots from the start. */
  readonly bots?: readonly Seat[];
  /** Seats still empty when the host starts become bots (default true). */
  readonly fillWithBots?: boolean;
  readonly spectatorsAllowed?: boolean;
  /** Spectators see every hand, delayed by one whole hand. */
  readonly spectatorDelay?: boolean;
  /** Prevailing winds to play, 1-4 (default 4); riichi tables 1 (east only) or 2 (east and south, the default). */
  readonly rounds?: number;
  /** A table for this circle (the creator must be a member): it shows on the circle's page. */
  readonly circleId?: string;
  /** The creator's display name, refused up front when the join would refuse it (not stored). */
  readonly hostName?: string;
}

export interface CreateTableResponse {
  readonly code: string;
  /** Path of the table page for this code, e.g. `/#/table/ABC234`. */
  readonly link: string;
  /** Bearer token for the host endpoints (start, bot, end). */
  readonly hostToken: string;
  readonly table: TableInfo;
}

/** POST /api/tables/:code/join */
export interface JoinRequest {
  readonly name: string;
  /** A particular seat; the first free one otherwise. */
  readonly seat?: Seat;
}

export interface JoinResponse {
  readonly seat: Seat;
  /** Secret: send it in `hello` to act for this seat (also after a reconnect or a restart). */
  readonly token: string;
  readonly table: TableInfo;
}

export interface MatchSummary {
  readonly id: string;
  readonly code: string;
  readonly ruleset: RulesetId;
  readonly status: TableStatus;
  readonly players: BySeat<{ readonly name: string | null; readonly bot: boolean }>;
  readonly finalScores: BySeat<number> | null;
  readonly hands: number;
  readonly startedAt: string | null;
  readonly endedAt: string | null;
  /** Imported from a tenhou.net/6 log (no seed; the walls are the ones its log implies). */
  readonly imported?: true;
}

/** GET /api/matches?page=&limit= */
export interface MatchListResponse {
  readonly matches: readonly MatchSummary[];
  readonly page: number;
  readonly limit: number;
  readonly total: number;
}

export interface HandRecord {
  readonly handNumber: number;
  readonly dealer: Seat;
  readonly prevailingWind: number;
  readonly result: HandResultView;
}

/** GET /api/matches/:id */
export interface MatchDetail extends MatchSummary {
  readonly options: Record<string, unknown>;
  readonly seedHash: string;
  /** Revealed once the match is over. */
  readonly seed: string;
  readonly rulesetVersion: string;
  readonly logFormatVersion: number;
  readonly handRecords: readonly HandRecord[];
}

/** One step of a replay: the event and the table after it, every hand visible. */
export interface ReplayFrame {
  readonly seq: number;
  readonly at: number;
  /** The logged event (`act` with seat and action, or `timeout`); null for the deal. */
  readonly event: unknown;
  /** The spectator's view after the event. */
  readonly view: TableView;
  /** Every seat's concealed tiles after the event. */
  readonly hands: BySeat<readonly TileKind[]>;
  /** Riichi tables with red fives: the red fives among each seat's `hands`. */
  readonly handsRed?: BySeat<readonly TileKind[]>;
  /** Stored replays of finished matches: each seat's legal actions after the event, as its own
   * view offered them (the replay analysis asks the bot with them). Never in live frames. */
  readonly legal?: BySeat<readonly LegalAction[]>;
}

/** GET /api/matches/:id/replay[?hand=N] */
export interface ReplayResponse {
  readonly match: MatchDetail;
  /** Frames of the whole match, or of hand N when asked. */
  readonly frames: readonly ReplayFrame[];
  /** For each hand number, the index in the whole match's frames where it starts. */
  readonly handStarts: readonly number[];
  /** An imported match: the results the table engine computed against the file's. */
  readonly imported?: ImportCheck;
}

/** Export formats: `GET /api/matches/:id/export?format=...` (riichi: tenhou6, mjai; Hong Kong: hk). */
export const EXPORT_FORMATS = ['tenhou6', 'mjai', 'hk'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** One hand of an imported log whose computed result is not the one the file states. */
export interface ImportDifference {
  /** Hand index in the match, and its name (`East 1, 0 honba`). */
  readonly hand: number;
  readonly name: string;
  /** Score changes per seat: the file's (all wins together) and the engine's (null: it could
   * not play the hand to its end, `reason` says where). */
  readonly stated: BySeat<number>;
  readonly computed: BySeat<number> | null;
  readonly statedEnd: string;
  readonly computedEnd: string | null;
  readonly reason?: string;
}

/** How an imported log's hands came out on the engine: `agree` of `hands` as the file states. */
export interface ImportCheck {
  readonly hands: number;
  readonly agree: number;
  readonly differences: readonly ImportDifference[];
}

/** POST /api/matches/import (body: a tenhou.net/6 JSON file): the stored match. */
export interface ImportResponse {
  readonly id: string;
  readonly check: ImportCheck;
}

export interface HttpError {
  readonly error: { readonly code: HttpErrorCode; readonly message: string; readonly values?: RefusalValues };
}
