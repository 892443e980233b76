/**
 * The HTTP API: lobby (create, join, host commands), history and replays, health. Bodies and
 * queries are checked against the protocol's zod schemas; errors are `{ error: { code, message } }`.
 */
import {
  botRequestSchema,
  type BySeat,
  type CreateTableResponse,
  createTableRequestSchema,
  type HandRecord,
  type HttpError,
  type HttpErrorCode,
  type JoinResponse,
  joinCodeSchema,
  joinRequestSchema,
  type MatchDetail,
  type MatchListResponse,
  type MatchSummary,
  matchListQuerySchema,
  type ReplayResponse,
} from '@mahjong/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Room } from './room.js';
import type { HandRow, MatchRecord, Store } from './store/types.js';
import { replayFrames } from './replay.js';
import type { LogEntry, TableEvent } from './table/index.js';
import type { Tables } from './tables.js';
import { verifyToken } from './tokens.js';

const STATUS: Record<HttpErrorCode, number> = {
  'http/invalid': 400,
  'http/not_found': 404,
  'http/internal': 500,
  'table/not_found': 404,
  'table/seat_taken': 409,
  'table/full': 409,
  'table/already_started': 409,
  'table/not_ready': 409,
  'table/over': 409,
  'auth/not_host': 403,
  'match/not_found': 404,
  'match/in_progress': 409,
};

function reply(res: FastifyReply, code: HttpErrorCode, message: string): FastifyReply {
  const body: HttpError = { error: { code, message } };
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

function hostOf(req: FastifyRequest, room: Room, secret: Buffer): boolean {
  const header = req.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const claims = verifyToken(secret, token);
  return (
    claims !== null && claims.code === room.code && claims.subject === 'host' && room.tokenCurrent('host', claims.nonce)
  );
}

export function registerRoutes(
  app: FastifyInstance,
  deps: { tables: Tables; store: Store; secret: Buffer; health: () => Record<string, unknown> },
): void {
  const { tables, store, secret } = deps;

  const findRoom = (raw: unknown): Room | undefined => {
    const code = joinCodeSchema.safeParse(raw);
    return code.success ? tables.get(code.data) : undefined;
  };

  // Bodies fastify cannot parse (bad JSON, wrong content type) answer in the API's error shape.
  app.setErrorHandler((error: { statusCode?: number; message: string }, _req, res) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply(res, 'http/invalid', error.message);
    app.log.error({ err: error }, 'request failed');
    return reply(res, 'http/internal', 'internal error');
  });

  app.get('/healthz', async () => ({ ok: true, ...deps.health() }));

  app.post('/api/tables', async (req, res) => {
    const body = createTableRequestSchema.safeParse(req.body ?? {});
    if (!body.success) return reply(res, 'http/invalid', body.error.issues.map((i) => i.message).join('; '));
    const created = await tables.create(body.data);
    if (!created.ok) return reply(res, 'http/invalid', created.error.message);
    const room = created.value;
    const out: CreateTableResponse = {
      code: room.code,
      link: tableLink(room.code),
      hostToken: room.hostToken(),
      table: room.info(),
    };
    return res.status(201).send(out);
  });

  app.get<{ Params: { code: string } }>('/api/tables/:code', async (req, res) => {
    const code = joinCodeSchema.safeParse(req.params.code);
    const info = code.success ? await tables.info(code.data) : null;
    if (!info) return reply(res, 'table/not_found', 'no such table');
    return info;
  });

  app.post<{ Params: { code: string } }>('/api/tables/:code/join', async (req, res) => {
    const room = findRoom(req.params.code);
    if (!room) return reply(res, 'table/not_found', 'no such table');
    const body = joinRequestSchema.safeParse(req.body ?? {});
    if (!body.success) return reply(res, 'http/invalid', body.error.issues.map((i) => i.message).join('; '));
    const r = await room.join(body.data.name, body.data.seat);
    if (!r.ok) return reply(res, r.error.code, r.error.message);
    const out: JoinResponse = { seat: r.value.seat, token: r.value.token, table: room.info() };
    return out;
  });

  app.post<{ Params: { code: string } }>('/api/tables/:code/bot', async (req, res) => {
    const room = findRoom(req.params.code);
    if (!room) return reply(res, 'table/not_found', 'no such table');
    if (!hostOf(req, room, secret)) return reply(res, 'auth/not_host', 'only the host may do this');
    const body = botRequestSchema.safeParse(req.body ?? {});
    if (!body.success) return reply(res, 'http/invalid', 'seat must be 0-3');
    const r = await room.setBot(body.data.seat);
    return r.ok ? r.value : reply(res, r.error.code, r.error.message);
  });

  app.post<{ Params: { code: string } }>('/api/tables/:code/start', async (req, res) => {
    const room = findRoom(req.params.code);
    if (!room) return reply(res, 'table/not_found', 'no such table');
    if (!hostOf(req, room, secret)) return reply(res, 'auth/not_host', 'only the host may do this');
    const r = await room.start();
    return r.ok ? r.value : reply(res, r.error.code, r.error.message);
  });

  app.post<{ Params: { code: string } }>('/api/tables/:code/end', async (req, res) => {
    const room = findRoom(req.params.code);
    if (!room) return reply(res, 'table/not_found', 'no such table');
    if (!hostOf(req, room, secret)) return reply(res, 'auth/not_host', 'only the host may do this');
    const r = await room.end();
    return r.ok ? r.value : reply(res, r.error.code, r.error.message);
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
    const [hands, rows] = await Promise.all([store.loadHands(m.id), store.loadLog(m.id)]);
    const log: LogEntry[] = rows.map((r) => ({ seq: r.seq, at: r.at, event: r.event as TableEvent }));
    const { frames, handStarts } = replayFrames(m, log);
    let shown = frames;
    if (req.query.hand !== undefined) {
      const n = Number(req.query.hand);
      const from = handStarts[n];
      if (!Number.isInteger(n) || from === undefined) return reply(res, 'http/invalid', 'no such hand');
      shown = frames.slice(from, handStarts[n + 1] ?? frames.length);
    }
    const out: ReplayResponse = { match: detail(m, hands), frames: shown, handStarts };
    return out;
  });
}
