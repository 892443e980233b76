/**
 * The HTTP API of players, circles, rematches, the league and statistics (the contract:
 * shared/src/community.ts; the figures: server/src/community/README.md). Requests name their
 * player by the key cookie alone (never an id in a body or a URL): a request about another
 * player's device, a circle the caller is not in, or a match they did not play is refused with
 * a code and changes nothing; a circle the caller is not in is answered as if it did not exist.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  circleSettingsSchema,
  type CircleSummary,
  type CircleView,
  createCircleSchema,
  createPlayerSchema,
  type HttpErrorCode,
  type RefusalValues,
  inviteActionSchema,
  isVacantSeat,
  joinCircleSchema,
  type LeaveCircleResponse,
  type LeagueMatch,
  type LeagueResponse,
  leagueQuerySchema,
  type CreatePlayerResponse,
  type MeResponse,
  type MyStatsResponse,
  PLAYER_COLOURS,
  type PlayerView,
  type RematchResponse,
  removeMemberSchema,
  RULESETS,
  type RulesetId,
  type Seat,
  type BySeat,
  type TableStatus,
  type TableInfo,
  TRANSFER_CODE_ALPHABET,
  TRANSFER_CODE_LENGTH,
  type TransferResponse,
  updatePlayerSchema,
  useTransferSchema,
} from '@mahjong/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../clock.js';
import { type Limiter, payForLookup } from '../limits.js';
import { openTable, type TableGuards } from '../table-gate.js';
import type { Peers } from '../socket.js';
import type { MatchRecord, Store } from '../store/types.js';
import { runTableOp, STATUS } from '../table-ops.js';
import type { PlannedSeat, Tables } from '../tables.js';
import { checkPlayerKey, KEY_RENEW_MS, keyCookie, PLAYER_COOKIE, readCookie, signPlayerKey } from './player-key.js';
import type { SeatResultKeeper } from './keeper.js';
import { playerStats, totalsOf } from './stats.js';
import type { CommunityStore } from './store.js';

/** How long a transfer code works. */
export const TRANSFER_MS = 10 * 60_000;
/** The most recent matches a league page lists (its chart samples every match of the season). */
const LEAGUE_MATCHES = 50;
/** Points per player on the league chart at most. */
const CHART_POINTS = 200;

export interface CommunityDeps {
  readonly store: CommunityStore;
  readonly ledger: Store;
  readonly tables: Tables;
  readonly keeper: SeatResultKeeper;
  readonly secret: Buffer;
  readonly clock: Clock;
  /** Creations (players, circles, transfer codes) per address, as tables are limited. */
  readonly creations: Limiter;
  /** Transfer codes and invites that name nothing, per address. */
  readonly misses: Limiter;
  /** The caps and budgets of opening a table (a rematch opens one). */
  readonly tableGuards: TableGuards;
  readonly peers?: Peers | null;
}

/** Who made a request: the player of a valid key, or why there is none. */
export type Caller =
  | { readonly ok: true; readonly player: PlayerView; readonly deviceId: string }
  | { readonly ok: false; readonly code: HttpErrorCode; readonly message: string };

const MESSAGES: Partial<Record<HttpErrorCode, string>> = {
  'player/no_key': 'this browser has no player yet',
  'player/bad_key': 'the player key does not verify',
  'player/expired_key': 'the player key has expired: make a new player or transfer from another device',
  'player/device_forgotten': 'this device was forgotten by its player',
};

const idSchema = z.string().uuid();
const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

function transferCode(): string {
  const bytes = randomBytes(TRANSFER_CODE_LENGTH);
  let code = '';
  for (const b of bytes) code += TRANSFER_CODE_ALPHABET[b % TRANSFER_CODE_ALPHABET.length];
  return code;
}

/** A name for a new player who gave none: "Player" and four letters (they rename later). */
const madeUpName = (): string => `Player ${randomBytes(3).toString('base64url').slice(0, 4)}`;

function fail(res: FastifyReply, code: HttpErrorCode, message: string, values?: RefusalValues): FastifyReply {
  return res.status(STATUS[code]).send({ error: { code, message, ...(values === undefined ? {} : { values }) } });
}

function limited(res: FastifyReply, retryAfterSeconds: number, message: string): FastifyReply {
  res.header('retry-after', String(retryAfterSeconds));
  return fail(res, 'http/rate_limited', `${message}; try again in ${retryAfterSeconds} s`, { n: retryAfterSeconds });
}

const secure = (req: FastifyRequest): boolean => req.protocol === 'https';

export function registerCommunityRoutes(
  app: FastifyInstance,
  deps: CommunityDeps,
): {
  identify(req: FastifyRequest): Promise<Caller>;
} {
  const { store, secret, clock } = deps;
  const now = () => new Date(clock.now());

  const setKey = (req: FastifyRequest, res: FastifyReply, playerId: string, deviceId: string) =>
    res.header(
      'set-cookie',
      keyCookie(signPlayerKey(secret, { playerId, deviceId, issuedAt: clock.now() }), secure(req)),
    );

  /** The caller by their key; renews a key in use once a week. */
  const identify = async (req: FastifyRequest, res?: FastifyReply): Promise<Caller> => {
    const checked = checkPlayerKey(secret, readCookie(req.headers.cookie, PLAYER_COOKIE), clock.now());
    if (!checked.ok) return { ok: false, code: checked.code, message: MESSAGES[checked.code] ?? checked.code };
    const found = await store.device(checked.key.deviceId);
    if (!found || found.device.playerId !== checked.key.playerId) {
      return { ok: false, code: 'player/device_forgotten', message: MESSAGES['player/device_forgotten']! };
    }
    if (res && clock.now() - checked.key.issuedAt > KEY_RENEW_MS) {
      setKey(req, res, checked.key.playerId, checked.key.deviceId);
      await store.touchDevice(checked.key.deviceId, now());
    }
    return { ok: true, player: found.player, deviceId: checked.key.deviceId };
  };

  /** The caller, or the refusal already sent. */
  const caller = async (req: FastifyRequest, res: FastifyReply) => {
    const c = await identify(req, res);
    if (!c.ok) {
      fail(res, c.code, c.message);
      return null;
    }
    return c;
  };

  const me = async (playerId: string, deviceId: string, player: PlayerView): Promise<MeResponse> => {
    const [devices, circles] = await Promise.all([store.devices(playerId), store.circlesOf(playerId)]);
    return {
      player,
      devices: devices.map((d) => ({
        id: d.id,
        label: d.label,
        createdAt: d.createdAt.toISOString(),
        lastSeenAt: d.lastSeenAt.toISOString(),
        current: d.id === deviceId,
      })),
      circles: circles.map(
        ({ circle, members }): CircleSummary => ({
          id: circle.id,
          name: circle.name,
          members,
          owner: circle.ownerId === playerId,
        }),
      ),
    };
  };

  const parse = <T>(res: FastifyReply, schema: z.ZodType<T, unknown>, body: unknown): T | null => {
    const r = schema.safeParse(body === undefined ? {} : body);
    if (r.success) return r.data;
    fail(res, 'http/invalid', r.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
    return null;
  };

  // -- players

  app.post('/api/players', async (req, res) => {
    const body = parse(res, createPlayerSchema, req.body);
    if (!body) return res;
    // A browser that is a player already stays that player.
    const known = await identify(req, res);
    if (known.ok) return me(known.player.id, known.deviceId, known.player);
    const take = await deps.creations.take(req.ip);
    if (!take.ok) return limited(res, take.retryAfterSeconds, 'too many new players from this address');
    const colour = body.colour ?? PLAYER_COLOURS[randomBytes(1)[0]! % PLAYER_COLOURS.length]!;
    const { player, device } = await store.createPlayer(body.name ?? madeUpName(), colour, body.device ?? 'a browser');
    setKey(req, res, player.id, device.id);
    const made: CreatePlayerResponse = {
      ...(await me(player.id, device.id, player)),
      ...(known.code === 'player/bad_key' ||
      known.code === 'player/expired_key' ||
      known.code === 'player/device_forgotten'
        ? { keyRefused: known.code }
        : {}),
    };
    return res.status(201).send(made);
  });

  app.get('/api/me', async (req, res) => {
    const c = await caller(req, res);
    if (!c) return res;
    return me(c.player.id, c.deviceId, c.player);
  });

  app.post('/api/me', async (req, res) => {
    const c = await caller(req, res);
    if (!c) return res;
    const body = parse(res, updatePlayerSchema, req.body);
    if (!body) return res;
    const player = await store.updatePlayer(c.player.id, {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.colour === undefined ? {} : { colour: body.colour }),
    });
    return me(player.id, c.deviceId, player);
  });

  app.post<{ Params: { id: string } }>('/api/me/devices/:id/forget', async (req, res) => {
    const c = await caller(req, res);
    if (!c) return res;
    const id = idSchema.safeParse(req.params.id);
    if (!id.success || !(await store.forgetDevice(c.player.id, id.data))) {
      return fail(res, 'device/not_found', 'you have no such device');
    }
    // Forgetting this very device signs this browser out.
    if (id.data === c.deviceId) res.header('set-cookie', keyCookie(null, secure(req)));
    return res.status(204).send();
  });

  app.post('/api/me/transfer', async (req, res) => {
    const c = await caller(req, res);
    if (!c) return res;
    const take = await deps.creations.take(req.ip);
    if (!take.ok) return limited(res, take.retryAfterSeconds, 'too many transfer codes from this address');
    const code = transferCode();
    const expiresAt = new Date(clock.now() + TRANSFER_MS);
    await store.createTransfer(c.player.id, sha256(code), expiresAt);
    const out: TransferResponse = { code, link: `/player.html#transfer=${code}`, expiresAt: expiresAt.toISOString() };
    return res.status(201).send(out);
  });

  app.post('/api/players/transfer', async (req, res) => {
    const body = parse(res, useTransferSchema, req.body);
    if (!body) return res;
    const paid = await payForLookup(deps.misses, req.ip);
    if (!paid.ok) return limited(res, paid.retryAfterSeconds, 'too many unknown codes from this address');
    const deviceId = randomUUID();
    const used = await store.useTransfer(sha256(body.code), now(), deviceId, body.device ?? 'a browser');
    if (!used.ok) {
      // Used or expired codes cost a miss too: they are the ones a guesser would find.
      const why = {
        'transfer/not_found': 'no such transfer code',
        'transfer/used': 'this transfer code was used already: make a new one',
        'transfer/expired': 'this transfer code has expired: make a new one',
      }[used.code];
      return fail(res, used.code, why);
    }
    await paid.hit();
    const found = await store.device(deviceId);
    setKey(req, res, used.playerId, deviceId);
    return me(used.playerId, deviceId, found!.player);
  });

  app.get<{ Querystring: { family?: string } }>('/api/me/stats', async (req, res) => {
    const c = await caller(req, res);
    if (!c) return res;
    const q = parse(res, leagueQuerySchema.pick({ family: true }), req.query);
    if (!q) return res;
    await deps.keeper.catchUp();
    const [totals, rows] = await Promise.all([
      store.playerTotals(c.player.id, q.family),
      store.playerMatches(c.player.id, q.family, 50),
    ]);
    const records = new Map((await store.matchesById(rows.map((r) => r.matchId))).map((m) => [m.id, m]));
    const out: MyStatsResponse = {
      player: c.player,
      family: q.family,
      stats: playerStats(totals ?? totalsOf(c.player.id, []), null),
      matches: rows.flatMap((r) => {
        const m = records.get(r.matchId);
        if (!m) return [];
        return [
          {
            id: m.id,
            code: m.code,
            ruleset: m.ruleset as RulesetId,
            status: m.status as TableStatus,
            players: m.seats.map((s) => ({ name: s.name, bot: s.bot })) as never,
            finalScores: (m.finalScores as BySeat<number> | null) ?? null,
            hands: m._count.hands,
            startedAt: m.startedAt?.toISOString() ?? null,
            endedAt: m.endedAt?.toISOString() ?? null,
            seat: r.seat as Seat,
            result: r.result,
            place: r.place,
          },
        ];
      }),
    };
    return out;
  });

  // -- circles

  /** The circle if the caller is in it; otherwise 404 sent (a circle of others is not revealed). */
  const memberOf = async (req: FastifyRequest<{ Params: { id: string } }>, res: FastifyReply) => {
    const c = await caller(req, res);
    if (!c) return null;
    const id = idSchema.safeParse(req.params.id);
    const circle = id.success ? await store.circleFor(id.data, c.player.id) : null;
    if (!circle) {
      fail(res, 'circle/not_found', 'no such circle');
      return null;
    }
    return { caller: c, circle };
  };

  const newInvite = (): string => randomBytes(18).toString('base64url');

  app.post('/api/circles', async (req, res) => {
    const c = await caller(req, res);
    if (!c) return res;
    const body = parse(res, createCircleSchema, req.body);
    if (!body) return res;
    const take = await deps.creations.take(req.ip);
    if (!take.ok) return limited(res, take.retryAfterSeconds, 'too many circles created from this address');
    const circle = await store.createCircle(c.player.id, body.name, newInvite());
    const view = await circleView(res, circle.id, c.player.id);
    return res.sent ? res : res.status(201).send(view);
  });

  app.post('/api/circles/join', async (req, res) => {
    const c = await caller(req, res);
    if (!c) return res;
    const body = parse(res, joinCircleSchema, req.body);
    if (!body) return res;
    const paid = await payForLookup(deps.misses, req.ip);
    if (!paid.ok) return limited(res, paid.retryAfterSeconds, 'too many unknown invites from this address');
    const circle = await store.joinByInvite(body.invite, c.player.id);
    if (!circle) {
      return fail(
        res,
        'circle/invite_invalid',
        'this invite no longer works (revoked or replaced): ask for a new link',
      );
    }
    await paid.hit();
    return circleView(res, circle.id, c.player.id);
  });

  /**
   * The circle as its member sees it; 404 sent when the caller is no member any more (their own
   * "leave" sent at the same moment as this request ended the membership or the circle).
   */
  const circleView = async (
    res: FastifyReply,
    circleId: string,
    playerId: string,
  ): Promise<CircleView | FastifyReply> => {
    const circle = await store.circleFor(circleId, playerId);
    if (!circle) return fail(res, 'circle/not_found', 'no such circle');
    const [members, codes] = await Promise.all([store.members(circleId), store.openTables(circleId)]);
    const infos = await Promise.all(codes.map((code) => deps.tables.info(code)));
    members.sort((a, b) => (a.id === circle.ownerId ? -1 : b.id === circle.ownerId ? 1 : 0));
    return {
      id: circle.id,
      name: circle.name,
      ownerId: circle.ownerId,
      members,
      ...(circle.ownerId === playerId ? { invite: circle.invite } : {}),
      stakePerPoint: circle.stakePerPoint,
      currency: circle.currency,
      tables: infos
        .filter((t): t is TableInfo => t !== null && (t.status === 'lobby' || t.status === 'playing'))
        .map((t) => ({ ...t, circleId })),
    };
  };

  app.get<{ Params: { id: string } }>('/api/circles/:id', async (req, res) => {
    const m = await memberOf(req, res);
    if (!m) return res;
    return circleView(res, m.circle.id, m.caller.player.id);
  });

  app.post<{ Params: { id: string } }>('/api/circles/:id/invite', async (req, res) => {
    const m = await memberOf(req, res);
    if (!m) return res;
    if (m.circle.ownerId !== m.caller.player.id)
      return fail(res, 'circle/not_owner', 'only the owner manages the invite');
    const body = parse(res, inviteActionSchema, req.body);
    if (!body) return res;
    await store.setInvite(m.circle.id, body.action === 'rotate' ? newInvite() : null);
    return circleView(res, m.circle.id, m.caller.player.id);
  });

  app.post<{ Params: { id: string } }>('/api/circles/:id/settings', async (req, res) => {
    const m = await memberOf(req, res);
    if (!m) return res;
    if (m.circle.ownerId !== m.caller.player.id)
      return fail(res, 'circle/not_owner', 'only the owner changes the circle');
    const body = parse(res, circleSettingsSchema, req.body);
    if (!body) return res;
    await store.updateCircle(m.circle.id, {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.stakePerPoint === undefined ? {} : { stakePerPoint: body.stakePerPoint }),
      ...(body.currency === undefined ? {} : { currency: body.currency?.trim() || null }),
    });
    return circleView(res, m.circle.id, m.caller.player.id);
  });

  // A member leaves (the owner too: the circle goes to the member who joined first after it).
  app.post<{ Params: { id: string } }>('/api/circles/:id/leave', async (req, res) => {
    const m = await memberOf(req, res);
    if (!m) return res;
    const left = await store.leaveCircle(m.circle.id, m.caller.player.id);
    if (left === null) return fail(res, 'circle/not_found', 'no such circle');
    const out: LeaveCircleResponse = { circle: left };
    return out;
  });

  // The owner removes a member; the invite link they had stops working.
  app.post<{ Params: { id: string } }>('/api/circles/:id/remove', async (req, res) => {
    const m = await memberOf(req, res);
    if (!m) return res;
    if (m.circle.ownerId !== m.caller.player.id) return fail(res, 'circle/not_owner', 'only the owner removes members');
    const body = parse(res, removeMemberSchema, req.body);
    if (!body) return res;
    if (body.playerId === m.caller.player.id) return fail(res, 'http/invalid', 'the owner leaves, not removes itself');
    if (!(await store.removeMember(m.circle.id, body.playerId, newInvite()))) {
      return fail(res, 'http/invalid', 'this player is not a member of the circle');
    }
    return circleView(res, m.circle.id, m.caller.player.id);
  });

  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(
    '/api/circles/:id/league',
    async (req, res) => {
      const m = await memberOf(req, res);
      if (!m) return res;
      const q = parse(res, leagueQuerySchema, req.query);
      if (!q) return res;
      // Days as YYYY-MM-DD compare as text. A season that ends before it starts holds no match:
      // answered as the mistake it is, not as an empty table.
      if (q.from !== undefined && q.to !== undefined && q.from > q.to) {
        return fail(res, 'http/invalid', `from (${q.from}) must not be after to (${q.to})`);
      }
      await deps.keeper.catchUp();
      const season = { from: q.from ?? null, to: q.to ?? null };
      const [totals, matches, members] = await Promise.all([
        store.circleTotals(m.circle.id, q.family, season),
        store.circleMatches(m.circle.id, q.family, season, LEAGUE_MATCHES),
        store.members(m.circle.id),
      ]);
      const most = totals.reduce((n, t) => Math.max(n, t.matches), 0);
      const series = await store.circleSeries(m.circle.id, q.family, season, CHART_POINTS, most);
      const byId = new Map(members.map((p) => [p.id, p]));
      const stake = q.family === 'hk' ? m.circle.stakePerPoint : null;
      const standings = totals
        .filter((t) => byId.has(t.playerId))
        .map((t) => ({ player: byId.get(t.playerId)!, stats: playerStats(t, stake) }))
        .sort((a, b) => b.stats.total - a.stats.total || a.player.name.localeCompare(b.player.name));
      const out: LeagueResponse & { series: Record<string, { n: number; total: number }[]> } = {
        circle: { id: m.circle.id, name: m.circle.name },
        family: q.family,
        from: season.from,
        to: season.to,
        stakePerPoint: stake,
        currency: q.family === 'hk' ? m.circle.currency : null,
        standings,
        matches: matches.map(
          (x): LeagueMatch => ({
            id: x.matchId,
            ruleset: x.ruleset as LeagueMatch['ruleset'],
            endedAt: x.endedAt.toISOString(),
            players: x.seats.map((s) => (s?.playerId && byId.has(s.playerId) ? s.playerId : null)) as never,
            names: x.seats.map((s) => s?.name ?? null) as never,
            results: x.seats.map((s) => s?.result ?? 0) as never,
            places: x.seats.map((s) => s?.place ?? 0) as never,
          }),
        ),
        series: Object.fromEntries([...series].filter(([id]) => byId.has(id))),
      };
      return out;
    },
  );

  // -- rematch

  app.post<{ Params: { id: string } }>('/api/matches/:id/rematch', async (req, res) => {
    const c = await caller(req, res);
    if (!c) return res;
    const id = idSchema.safeParse(req.params.id);
    const m = id.success ? await deps.ledger.loadMatch(id.data) : null;
    if (!m) return fail(res, 'match/not_found', 'no such match');
    if (m.status !== 'over' && !(m.status === 'ended' && m.startedAt !== null)) {
      return fail(res, 'match/no_rematch', 'a rematch comes once the match is over');
    }
    if (!m.seats.some((s) => s.playerId === c.player.id)) {
      return fail(res, 'match/not_seated', 'only the players of a match can ask for its rematch');
    }
    let hostToken: string | undefined;
    let code = await rematchCode(m.id);
    // A click while another opens this match's rematch here waits for it, then joins what it made.
    for (let pending = rematchesOpening.get(m.id); code === null && pending; pending = rematchesOpening.get(m.id)) {
      await pending.catch(() => {});
      code = await rematchCode(m.id);
    }
    if (code === null) {
      let opened!: () => void;
      rematchesOpening.set(
        m.id,
        new Promise<void>((resolve) => {
          opened = resolve;
        }),
      );
      try {
        // Opening it is opening a table: the same caps and budgets (a chain of rematches is no way
        // around them), and only a member opens one for the circle (a guest's opens outside it).
        const opening = await openTable(deps.tables, deps.tableGuards, req.ip);
        if (!opening.ok) return limited(res, opening.retryAfterSeconds, opening.message);
        const member = m.circleId !== null && (await store.circleFor(m.circleId, c.player.id)) !== null;
        const created = await deps.tables
          .create(
            {
              ruleset: m.ruleset,
              // A match made before the server's claim floor (or under a lower one) plays again at it.
              options: deps.tables.raiseToClaimFloor(m.options),
              bots: [],
              fillWithBots: m.fillWithBots,
              spectatorsAllowed: m.spectatorsAllowed,
              spectatorDelay: m.spectatorDelay,
              rounds: m.rounds,
            },
            {
              circleId: member ? m.circleId : null,
              rematchOf: m.id,
              seats: rotatedSeats(m),
              creator: req.ip,
              held: opening.release,
            },
          )
          .finally(opening.release);
        if (created.ok) {
          code = created.value.code;
          hostToken = created.value.hostToken();
        } else {
          // Two players clicked at once on two processes: the other made it (one rematch per match).
          code = await rematchCode(m.id);
          if (code === null) return fail(res, created.error.code, created.error.message);
        }
      } finally {
        rematchesOpening.delete(m.id);
        opened();
      }
    }
    const joined = await joinRematch(code, c.player);
    if (joined.status !== 200) return res.status(joined.status).send(joined.body);
    const body = joined.body as { seat: Seat; token: string; table: TableInfo };
    const out: RematchResponse = {
      code,
      link: `/#/table/${code}`,
      seat: body.seat,
      token: body.token,
      ...(hostToken ? { hostToken } : {}),
      table: body.table,
    };
    return out;
  });

  const rematchCode = (matchId: string): Promise<string | null> => store.rematchCode(matchId);
  /**
   * Rematches being opened by this process, by match. Clicks at once each opened a table, and all
   * but one failed on the ledger's one-rematch-per-match key: a failed write logged as an error,
   * the ledger's failure counters raised, a table creation spent for nothing.
   */
  const rematchesOpening = new Map<string, Promise<void>>();

  /** Joins the rematch table wherever it is held (here, or by a peer in a cluster). */
  const joinRematch = async (code: string, player: PlayerView): Promise<{ status: number; body: unknown }> => {
    const room = deps.tables.get(code) ?? (deps.peers ? await deps.tables.adopt(code) : undefined);
    if (room) return runTableOp(room, 'join', { name: player.name }, '', secret, player.id);
    const remote = await deps.peers?.http(code, 'join', { name: player.name }, '', player.id);
    return (
      remote ?? { status: 404, body: { error: { code: 'table/not_found', message: 'the rematch table is gone' } } }
    );
  };

  return { identify: (req) => identify(req) };
}

/**
 * The rematch's seats: everybody moves one seat on (seat 0's player to seat 1, seat 3's to seat
 * 0, so another player deals first); a player's seat is kept for them, a bot stays a bot, a
 * guest's seat (a name without a player) is free for anyone with the link.
 */
export function rotatedSeats(m: MatchRecord): PlannedSeat[] {
  // Among the seats played: at a three-player table West's player moves to East, and the
  // fourth seat stays vacant.
  const played = RULESETS[m.ruleset].seats;
  return ([0, 1, 2, 3] as const).map((seat): PlannedSeat => {
    if (isVacantSeat(m.ruleset, seat)) return { kind: 'free' };
    const before = m.seats[(seat + played - 1) % played]!;
    if (before.bot) return { kind: 'bot' };
    if (before.playerId !== null && before.name !== null) {
      return { kind: 'reserved', playerId: before.playerId, name: before.name };
    }
    return { kind: 'free' };
  });
}
