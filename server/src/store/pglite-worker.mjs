/**
 * The embedded database's own thread (started by `pglite-thread.ts`). PGlite is PostgreSQL
 * compiled to WebAssembly: a query runs to its end without yielding, so on the server's thread
 * every ledger write stopped the tables' event loop for as long as it took. Here it runs beside
 * it. Plain JavaScript because a worker thread is started from a file as it is on disk (under
 * `tsx`, under vitest, and next to the server's bundle in `server/dist/`).
 *
 * Messages in: { id, op, ... } with op one of
 *   open { dataDir, template }  (once, first; template: see startingPoint)
 *   query { sql, params, rowMode, raw, tx }   raw: the type ids whose values go back as text
 *   exec { sql, tx }
 *   begin                       a transaction: answered once it has begun, with its id (the request's)
 *   rollback { tx }
 *   end { tx, failed }          commits, or (failed) rolls back; answered when it is over
 *   close
 * Messages out: { id, ok: true, value } or { id, ok: false, error } (an error taken apart into
 * plain fields, put back together on the other side).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { messages, PGlite } from '@electric-sql/pglite';

/** @type {PGlite | null} */
let db = null;
/** Open transactions by id: the transaction's handle, how to end it, and its operations under way. */
const transactions = new Map();

const identity = (text) => text;

/** An error as plain data (structured cloning keeps only an Error's message and stack). */
function takeApart(error, depth = 0) {
  if (error === null || typeof error !== 'object' || depth > 5) return { message: String(error), props: {} };
  const props = {};
  for (const key of Object.keys(error)) {
    const v = error[key];
    if (v === null || v === undefined || ['string', 'number', 'boolean'].includes(typeof v)) props[key] = v;
  }
  return {
    name: error.name,
    message: error.message,
    stack: error.stack,
    props,
    database: error instanceof messages.DatabaseError,
    cause: error.cause === undefined ? undefined : takeApart(error.cause, depth + 1),
  };
}

function answer(id, promise) {
  promise.then(
    (value) => parentPort.postMessage({ id, ok: true, value }),
    (error) => parentPort.postMessage({ id, ok: false, error: takeApart(error) }),
  );
}

/**
 * A database made from `template` (a tarball of an empty database, PGlite's `dumpDataDir`) when
 * one is given and the target holds no database yet: initdb, which PGlite otherwise runs for every
 * new database, takes 3-4 s of CPU; unpacking the tarball about one. A folder that holds a database
 * is opened as it is (PGlite refuses a tarball over one).
 */
function startingPoint(msg) {
  if (!msg.template) return {};
  if (msg.dataDir && existsSync(join(msg.dataDir, 'PG_VERSION'))) return {};
  return { loadDataDir: new Blob([readFileSync(msg.template)]) };
}

function queryOptions(msg) {
  if (!msg.rowMode && !msg.raw?.length) return undefined;
  const parsers = {};
  for (const oid of msg.raw ?? []) parsers[oid] = identity;
  return { ...(msg.rowMode ? { rowMode: msg.rowMode } : {}), parsers };
}

/** The connection a request runs on: an open transaction's, or the database's. */
function on(msg) {
  if (msg.tx === undefined) return db;
  const t = transactions.get(msg.tx);
  if (!t) throw new Error(`no open transaction ${msg.tx}`);
  return t;
}

/** Runs `op` on a transaction's connection, remembering it until it settles (its end waits for it). */
function within(msg, op) {
  if (msg.tx === undefined) return op(db);
  const t = on(msg);
  const running = op(t.tx);
  t.inFlight.add(running);
  running.finally(() => t.inFlight.delete(running)).catch(() => {});
  return running;
}

function begin(id) {
  return new Promise((begun, failedToBegin) => {
    const t = { tx: null, inFlight: new Set(), finish: null, endId: null };
    db.transaction(
      (tx) =>
        new Promise((resolve, reject) => {
          t.tx = tx;
          t.finish = { resolve, reject };
          transactions.set(id, t);
          begun(id);
        }),
    ).then(
      () => {
        transactions.delete(id);
        parentPort.postMessage({ id: t.endId, ok: true, value: null });
      },
      (error) => {
        transactions.delete(id);
        if (t.tx === null) failedToBegin(error);
        // Rolled back as asked: the caller throws its own error.
        else if (error === ROLLED_BACK) parentPort.postMessage({ id: t.endId, ok: true, value: null });
        else parentPort.postMessage({ id: t.endId, ok: false, error: takeApart(error) });
      },
    );
  });
}

const ROLLED_BACK = new Error('rolled back by the caller');

async function end(id, msg) {
  const t = on(msg);
  t.endId = id;
  // What the caller started in the transaction (an unawaited rollback) goes before its end.
  await Promise.allSettled([...t.inFlight]);
  if (msg.failed) t.finish.reject(ROLLED_BACK);
  else t.finish.resolve();
}

parentPort.on('message', (msg) => {
  const { id, op } = msg;
  try {
    switch (op) {
      case 'open':
        db = new PGlite({ ...(msg.dataDir ? { dataDir: msg.dataDir } : {}), ...startingPoint(msg) });
        answer(
          id,
          db.waitReady.then(() => null),
        );
        return;
      case 'query':
        answer(
          id,
          within(msg, (c) => c.query(msg.sql, msg.params, queryOptions(msg))),
        );
        return;
      case 'exec':
        answer(
          id,
          within(msg, (c) => c.exec(msg.sql)),
        );
        return;
      case 'begin':
        answer(id, begin(id));
        return;
      case 'rollback':
        answer(
          id,
          within(msg, (tx) => tx.rollback()).then(() => null),
        );
        return;
      case 'end':
        // Answered by the transaction itself when it is over (begin's handlers).
        end(id, msg).catch((error) => parentPort.postMessage({ id, ok: false, error: takeApart(error) }));
        return;
      case 'close':
        answer(
          id,
          (db ? db.close() : Promise.resolve()).then(() => null),
        );
        return;
      default:
        throw new Error(`unknown request ${op}`);
    }
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: takeApart(error) });
  }
});
