/**
 * The log formats over HTTP: `GET /api/matches/:id/export?format=tenhou6|mjai|hk` (a finished
 * match as a file to download; 409 `match/in_progress` while it is played) and
 * `POST /api/matches/import` (a tenhou.net/6 file as the body: checked, stored as an imported
 * match, 201 with its id and how its hands compare; 422 `log/invalid` naming the hand and step,
 * in its message and as values beside its reason, nothing stored; 429 past the address's table
 * creations).
 */
import {
  EXPORT_FORMATS,
  type ExportFormat,
  type HttpErrorCode,
  type ImportResponse,
  LOG_PROBLEMS,
  type RefusalValues,
} from '@mahjong/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../store/types.js';
import { exportMatch, importMatch } from './match.js';
import { type LogProblem, logProblemValues, MAX_LOG_BYTES, readTenhou6 } from './tenhou6-read.js';

/** The most bytes the import route reads: twice the checker's limit, so most files too large get its words. */
const IMPORT_BODY_LIMIT = 2 * MAX_LOG_BYTES;
/** The import route's options: a body over its limit is told the checker's (the error handler says `sayBodyLimit`). */
const IMPORT_ROUTE = { bodyLimit: IMPORT_BODY_LIMIT, config: { sayBodyLimit: MAX_LOG_BYTES } };

const isProblem = (e: unknown): e is LogProblem =>
  typeof e === 'object' && e !== null && (LOG_PROBLEMS as readonly unknown[]).includes((e as LogProblem).code);

export function registerLogRoutes(
  app: FastifyInstance,
  deps: {
    readonly store: Store;
    readonly reply: (res: FastifyReply, code: HttpErrorCode, message: string, values?: RefusalValues) => FastifyReply;
    readonly now: () => Date;
    /**
     * Whether the request's address may store one more match now (false: refused and answered).
     * An import is a match created, and a costly one to check: it spends the address's table
     * creations before its file is read.
     */
    readonly mayCreate: (req: FastifyRequest, res: FastifyReply) => Promise<boolean>;
  },
): void {
  const { store, reply } = deps;

  app.get<{ Params: { id: string }; Querystring: { format?: string } }>('/api/matches/:id/export', async (req, res) => {
    const format = req.query.format ?? 'tenhou6';
    if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
      return reply(res, 'http/invalid', `format is one of ${EXPORT_FORMATS.join(', ')}`);
    }
    const m = /^[0-9a-f-]{36}$/.test(req.params.id) ? await store.loadMatch(req.params.id) : null;
    if (!m) return reply(res, 'match/not_found', 'no such match');
    const [rows, hands] = await Promise.all([store.loadLog(m.id), store.loadHands(m.id)]);
    const file = exportMatch(m, rows, hands, format as ExportFormat);
    if (!file.ok) return reply(res, file.error.code, file.error.message);
    return res
      .type(file.value.contentType)
      .header('content-disposition', `attachment; filename="${file.value.filename}"`)
      .send(file.value.body);
  });

  // The body is read as text here, so that a bad file gets the log checker's own words (the
  // API's JSON parser is put aside in this scope). A file over the checker's limit but within the
  // route's is refused by the checker (422 `log/too_large`); a larger one is not read (413
  // `http/too_large`, with the checker's limit in its values, not the route's: a file cut to just
  // under the route's would be refused again).
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post('/api/matches/import', IMPORT_ROUTE, async (req, res) => {
      if (!(await deps.mayCreate(req, res))) return res;
      const text = typeof req.body === 'string' ? req.body : '';
      const parsed = readTenhou6(text);
      if (!parsed.ok) return reply(res, 'log/invalid', parsed.error.message, logProblemValues(parsed.error));
      let imported: Awaited<ReturnType<typeof importMatch>>;
      try {
        imported = await importMatch(JSON.parse(text), deps.now());
      } catch (error) {
        if (isProblem(error)) return reply(res, 'log/invalid', error.message, logProblemValues(error));
        throw error;
      }
      await store.writeBatch([
        { kind: 'createMatch', match: imported.record },
        ...imported.hands.map((hand) => ({ kind: 'hand' as const, matchId: imported.record.id, hand })),
      ]);
      const out: ImportResponse = { id: imported.record.id, check: imported.check };
      return res.status(201).send(out);
    });
  });
}
