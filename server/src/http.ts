/**
 * The HTTP API: lobby (create, join, host commands), history and replays, health. Bodies and
 * queries are checked against the protocol's zod schemas; errors are `{ error: { code, message } }`.
 */
import {
  type BySeat,
  type CreateTableResponse,
  createTableRequestSchema,
  type HandRecord,
  type HttpError,
  type HttpErrorCode,
  type RefusalValues,
  joinCodeSchema,
  type MatchDetail,
  type MatchListResponse,
  type MatchSummary,
  matchListQuerySchema,
} from '@mahjong/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Limiter, type Limits, payForLookup } from './limits.js';
import { openTable, spendCreation } from './table-gate.js';
import { type ReplayCache, type ReplaySource, unzipStream } from './replay-cache.js';
import type { Room } from './room.js';
import { type HandRow, LedgerError, type MatchRecord, type Store } from './store/types.js';
import { importedReplay } from './logs/match.js';
import { registerLogRoutes } from './logs/routes.js';
import { replaySteps } from './replay.js';
import type { EngineInternals, LogEntry, TableEvent } from './table/index.js';
import { requestRefusal } from './app/request-refusals.js';
import { routedPath } from './app/routed-path.js';
import type { Peers } from './socket.js';
import { type OpAnswer, runTableOp, STATUS, TABLE_OPS } from './table-ops.js';
import { bearerToken, verifyToken } from './tokens.js';
import type { Tables } from './tables.js';

function send(res: FastifyReply, answer: OpAnswer): FastifyReply {
  if (answer.status === 503) void res.header('retry-after', '2');
  return res.status(answer.status).send(answer.body);
}

function reply(res: FastifyReply, code: HttpErrorCode, message: string, values?: RefusalValues): FastifyReply {
  const body: HttpError = { error: { code, message, ...(values === undefined ? {} : { values }) } };
  if (code === 'server/unavailable') void res.header('retry-after', '2');
  return res.status(STATUS[code]).send(body);
}

export function tableLink(code: string): string {
  return `/#/table/${code}`;
}

function summary(m: MatchRecord, hands: number): MatchSummary {
  return {
    id: m.id,
    code: m.code,
    ruleset: m.ruleset,
    status: m.status,
    players: m.seats.map((s) => ({ name: s.name, bot: s.bot })) as unknown as MatchSummary['players'],
    finalScores: (m.finalScores as BySeat<number> | null) ?? null,
    hands,
    startedAt: m.startedAt?.toISOString() ?? null,
    endedAt: m.endedAt?.toISOString() ?? null,
    ...(m.imported === undefined || m.imported === null ? {} : { imported: true as const }),
  };
}

function detail(m: MatchRecord, hands: readonly HandRow[]): MatchDetail {
  return {
    ...summary(m, hands.length),
    options: m.options,
    seedHash: m.seedHash,
    seed: m.seed,
    rulesetVersion: m.rulesetVersion,
    logFormatVersion: m.logFormatVersion,
    handRecords: hands.map((h): HandRecord => ({ ...h })),
  };
}

/** The limiters the HTTP API and the sockets share (lookups that miss count on both). */
export interface Guards {
  readonly limits: Limits;
  readonly createPerClient: Limiter;
  readonly createTotal: Limiter;
  readonly lookupMisses: Limiter;
  readonly matches: Limiter;
  readonly replays: ReplayCache;
}

function limited(res: FastifyReply, retryAfterSeconds: number, message: string): FastifyReply {
  res.header('retry-after', String(retryAfterSeconds));
  return reply(res, 'http/rate_limited', `${message}; try again in ${retryAfterSeconds} s`, { n: retryAfterSeconds });
}

export function registerRoutes(
  app: FastifyInstance,
  deps: {
    tables: Tables;
    store: Store;
    secret: Buffer;
    guards: Guards;
    health: () => Record<string, unknown>;
    /** In a cluster: the other processes, which run commands on the tables they hold. */
    peers?: Peers | null;
    /** The server's test hook (scripted walls), so that replays deal as the tables did. */
    engineInternals?: EngineInternals;
    /** Players and circles (absent on a store without them): who sent a request, whether they are in a circle. */
    community?: {
      playerOf(req: FastifyRequest): Promise<string | null>;
      isMember(playerId: string, circleId: string): Promise<boolean>;
    } | null;
  },
): void {
  const { tables, store, secret, guards } = deps;

  const findRoom = (raw: unknown): Room | undefined => {
    const code = joinCodeSchema.safeParse(raw);
    return code.success ? tables.get(code.data) : undefined;
  };

  /**
   * Join codes are secrets of a sort: an address whose lookups keep missing (probing codes) is
   * refused for a while (`false`: refused and answered). Hits cost nothing, so players are never
   * held up. A code no table here has is paid for before it is looked up further (in the ledger,
   * at the peers) and given back when found: lookups that arrive together cannot all pass the
   * check before any of them has missed. (Not the reply itself: a reply is a thenable, which an
   * await would unwrap.)
   */
  const vouched = (authorization: string | undefined, code: unknown): boolean => {
    const token = bearerToken(authorization);
    const claims = token === '' ? null : verifyToken(secret, token);
    return claims !== null && typeof code === 'string' && claims.code === code.toUpperCase();
  };
  const lookup = async (
    req: FastifyRequest,
    res: FastifyReply,
  ): Promise<{ room: Room | undefined; hit: () => Promise<void> } | false> => {
    const code = (req.params as { code?: unknown }).code;
    // A token signed for this very code (the host's, a seat's) proves the code was given, not
    // guessed: its holder is never refused for other clients' misses at the same address, as a
    // seat's hello is not (socket/hello.ts).
    if (vouched(req.headers.authorization, code)) return { room: findRoom(code), hit: async () => {} };
    const blocked = await guards.lookupMisses.check(req.ip);
    if (!blocked.ok) {
      limited(res, blocked.retryAfterSeconds, 'too many unknown table codes from this address');
      return false;
    }
    const room = findRoom(code);
    if (room) return { room, hit: async () => {} };
    const paid = await payForLookup(guards.lookupMisses, req.ip);
    if (paid.ok) return { room: undefined, hit: paid.hit };
    limited(res, paid.retryAfterSeconds, 'too many unknown table codes from this address');
    return false;
  };

  // Bodies fastify cannot parse (bad JSON, wrong content type, too large) answer in the API's
  // error shape, with their own status (app/request-refusals.ts).
  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, req, res) => {
    // The database did not answer (or refused): nothing changed; the client may try again.
    if (error instanceof LedgerError) {
      // Said in the log too: a value the database refused looked like an outage and left no trace.
      app.log.warn({ err: error }, 'a request failed on the database');
      return reply(res, 'server/unavailable', 'the server cannot reach its database; try again shortly');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const refusal = requestRefusal(error, req);
      return reply(res, refusal.code, refusal.message, refusal.values);
    }
    app.log.error({ err: error }, 'request failed');
    return reply(res, 'http/internal', 'internal error');
  });

  app.get('/healthz', async () => ({ ok: true, ...deps.health() }));

  // The outside AIs a host may give a riichi seat to: their names only (the commands stay here).
  app.get('/api/ai', async () => ({ ai: (tables.ctx.mjaiBots ?? []).map((b) => b.name) }));

  app.post('/api/tables', async (req, res) => {
    // No body is the defaults; a body of `null` is a body, and not a request.
    const body = createTableRequestSchema.safeParse(req.body === undefined ? {} : req.body);
    if (!body.success) return reply(res, 'http/invalid', body.error.issues.map((i) => i.message).join('; '));
    const opening = await openTable(tables, guards, req.ip);
    if (!opening.ok) return limited(res, opening.retryAfterSeconds, opening.message);
    try {
      const { circleId, ...request } = body.data;
      if (circleId !== undefined) {
        // Only a member opens a table for a circle (a circle of others is not told apart from none).
        const playerId = deps.community ? await deps.community.playerOf(req) : null;
        if (playerId === null || !(await deps.community!.isMember(playerId, circleId))) {
          return reply(res, 'circle/not_found', 'no such circle');
        }
      }
      const created = await tables.create(request, {
        circleId: circleId ?? null,
        creator: req.ip,
        held: opening.release,
      });
      if (!created.ok) return reply(res, created.error.code, created.error.message);
      const room = created.value;
      const out: CreateTableResponse = {
        code: room.code,
        link: tableLink(room.code),
        hostToken: room.hostToken(),
        table: room.info(),
      };
      return res.status(201).send(out);
    } finally {
      opening.release();
    }
  });

  app.get<{ Params: { code: string } }>('/api/tables/:code', async (req, res) => {
    const found = await lookup(req, res);
    if (!found) return res;
    if (found.room) return found.room.info();
    // A table of the ledger that no process holds (a finished match's lobby record).
    const code = joinCodeSchema.safeParse(req.params.code);
    const info = code.success ? await tables.info(code.data) : null;
    if (!info) return reply(res, 'table/not_found', 'no such table');
    await found.hit();
    return info;
  });

  /**
   * Lobby and host commands on a table: run here when this process holds the table; in a
   * cluster, taken over when its process is gone, else run by the peer that holds it.
   */
  for (const op of TABLE_OPS) {
    app.post<{ Params: { code: string } }>(`/api/tables/:code/${op}`, async (req, res) => {
      const found = await lookup(req, res);
      if (!found) return res;
      let room = found.room;
      const code = joinCodeSchema.safeParse(req.params.code);
      const authorization = req.headers.authorization ?? '';
      // A join by a player (a valid key) seats them as that player; any other request as before.
      const playerId = op === 'join' && deps.community ? await deps.community.playerOf(req) : null;
      if (!room && code.success && deps.peers) {
        room = await tables.adopt(code.data).catch(() => undefined);
        if (!room) {
          const remote = await deps.peers.http(code.data, op, req.body ?? null, authorization, playerId);
          if (remote) {
            // A table held by a peer is a hit too.
            await found.hit();
            return send(res, remote);
          }
        }
      }
      // A miss only when no process holds the table: its cost, paid ahead, stays taken.
      if (!room) return reply(res, 'table/not_found', 'no such table');
      await found.hit();
      return send(res, await runTableOp(room, op, req.body, authorization, secret, playerId));
    });
  }

  // History, details and replays: one budget per address.
  app.addHook('onRequest', async (req, res) => {
    if (!routedPath(req).startsWith('/api/matches')) return;
    const r = await guards.matches.take(req.ip);
    if (!r.ok) return limited(res, r.retryAfterSeconds, 'too many history and replay requests from this address');
  });

  registerLogRoutes(app, {
    store,
    reply,
    now: () => new Date(),
    mayCreate: async (req, res) => {
      const spent = await spendCreation(guards, req.ip);
      if (!spent.ok) limited(res, spent.retryAfterSeconds, spent.message);
      return spent.ok;
    },
  });

  app.get('/api/matches', async (req, res) => {
    const q = matchListQuerySchema.safeParse(req.query ?? {});
    if (!q.success) return reply(res, 'http/invalid', 'page and limit must be positive whole numbers (limit <= 100)');
    const page = await store.listFinished(q.data.page, q.data.limit);
    const out: MatchListResponse = {
      matches: page.rows.map((m) => summary(m, page.handCounts.get(m.id) ?? 0)),
      page: q.data.page,
      limit: q.data.limit,
      total: page.total,
    };
    return out;
  });

  const finished = async (id: string, res: FastifyReply): Promise<MatchRecord | null> => {
    const m = /^[0-9a-f-]{36}$/.test(id) ? await store.loadMatch(id) : null;
    if (!m) {
      reply(res, 'match/not_found', 'no such match');
      return null;
    }
    if (m.status !== 'over' && m.status !== 'ended') {
      reply(res, 'match/in_progress', 'the match is not over yet');
      return null;
    }
    return m;
  };

  app.get<{ Params: { id: string } }>('/api/matches/:id', async (req, res) => {
    const m = await finished(req.params.id, res);
    if (!m) return res;
    return detail(m, await store.loadHands(m.id));
  });

  app.get<{ Params: { id: string }; Querystring: { hand?: string } }>('/api/matches/:id/replay', async (req, res) => {
    const m = await finished(req.params.id, res);
    if (!m) return res;
    // Built once per finished match (frames, JSON, gzip, a slice at a time), then served from memory.
    const pages = await guards.replays.get(m.id, async (): Promise<ReplaySource> => {
      const [hands, rows] = await Promise.all([store.loadHands(m.id), store.loadLog(m.id)]);
      if (m.imported !== undefined && m.imported !== null) {
        // An imported match: each hand played again from its file, with how it compares.
        const { frames, check } = await importedReplay(m);
        return { head: { match: detail(m, hands), imported: check }, frames };
      }
      const log: LogEntry[] = rows.map((r) => ({ seq: r.seq, at: r.at, event: r.event as TableEvent }));
      return {
        head: { match: detail(m, hands) },
        frames: replaySteps(m, log, { legal: true, internals: deps.engineInternals }),
      };
    });
    let page = pages.all;
    if (req.query.hand !== undefined) {
      const n = Number(req.query.hand);
      const one = Number.isInteger(n) ? pages.hands[n] : undefined;
      if (!one) return reply(res, 'http/invalid', 'no such hand');
      page = one;
    }
    res.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    // Sent as stored to a client that takes gzip; otherwise decompressed as it streams out.
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      return res.header('content-encoding', 'gzip').send(page);
    }
    return res.send(unzipStream(page));
  });
}
