/**
 * Operations metrics in the Prometheus text format (prom-client). Never on the public port:
 * `METRICS_PORT` opens a second listener that answers `GET /metrics` and nothing else (bind it to
 * a private interface or keep it unpublished; `deploy/grafana-dashboard.json` reads these series).
 *
 * The server is observed from outside its parts: the store under the ledger is wrapped to time
 * each transaction and count the actions it writes (bots' included), the broadcaster to see when
 * a table's views go out, and the rest is read when scraped (tables by stage, sockets, paused
 * tables, the ledger's failure counts). Under WORKERS=N each worker fills the global registry and
 * the primary answers for the cluster, summed (`clusterMetricsServer`).
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AggregatorRegistry,
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  type Registry,
  Registry as PromRegistry,
} from 'prom-client';
import { REFUSAL_CODES } from '@mahjong/shared';
import type { Broadcaster } from './room.js';
import type { LedgerStats } from './store/ledger.js';
import type { Store } from './store/types.js';

/** Table stages as the ledger records them (`MatchRecord.status`). */
export const STAGES = ['lobby', 'playing', 'over', 'ended'] as const;

export interface MetricSources {
  /** Every table this process holds: its stage, and whether it waits for the database. */
  tables(): Iterable<{ readonly record: { readonly status: string }; readonly paused: unknown }>;
  sockets(): number;
  /** Refusals sent to sockets so far, by code (`REFUSAL_CODES`). */
  socketRefusals(): ReadonlyMap<string, number>;
  ledger(): LedgerStats;
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class ServerMetrics {
  readonly registry: Registry;
  private readonly actions: Counter;
  private readonly actionToView: Histogram;
  private readonly ledgerWrite: Histogram;
  private readonly takeovers: Counter;
  /** Per table, when the oldest accepted action not yet followed by a view arrived (performance.now()). */
  private readonly waiting = new Map<string, number>();

  constructor(sources: MetricSources, registry: Registry = new PromRegistry()) {
    this.registry = registry;
    const registers = [registry];
    collectDefaultMetrics({ register: registry, prefix: 'mahjong_' });
    new Gauge({
      name: 'mahjong_tables',
      help: 'Tables held by this process, by stage (lobby, playing, over, ended).',
      labelNames: ['stage'],
      registers,
      collect() {
        const counts = new Map<string, number>(STAGES.map((s) => [s, 0]));
        for (const t of sources.tables()) counts.set(t.record.status, (counts.get(t.record.status) ?? 0) + 1);
        for (const [stage, n] of counts) this.set({ stage }, n);
      },
    });
    new Gauge({
      name: 'mahjong_tables_paused',
      help: 'Tables waiting for the database after a failed ledger write (they resume on their own).',
      registers,
      collect() {
        let n = 0;
        for (const t of sources.tables()) if (t.paused !== null) n += 1;
        this.set(n);
      },
    });
    new Gauge({
      name: 'mahjong_sockets',
      help: 'Connected sockets (players and spectators).',
      registers,
      collect() {
        this.set(sources.sockets());
      },
    });
    // The socket server counts its refusals; the counter follows its totals when scraped.
    const refusalsSeen = new Map<string, number>();
    const refusals = new Counter({
      name: 'mahjong_socket_refusals_total',
      help: 'Refusals sent to sockets, by code: socket/too_many is an address at its cap of open sockets, msg/rate_limited a socket sending too fast.',
      labelNames: ['code'],
      registers,
      collect() {
        for (const [code, now] of sources.socketRefusals()) {
          const seen = refusalsSeen.get(code) ?? 0;
          if (now > seen) this.inc({ code }, now - seen);
          refusalsSeen.set(code, now);
        }
      },
    });
    // Every code from zero, as Prometheus advises for known labels: a first refusal is an
    // increase, not a series appearing (which increase() and alerts do not see).
    for (const code of REFUSAL_CODES) refusals.inc({ code }, 0);
    // The ledger counts for itself; the counters follow its totals when scraped.
    const ledgerCounter = (name: string, help: string, read: (s: LedgerStats) => number) => {
      let seen = 0;
      return new Counter({
        name,
        help,
        registers,
        collect() {
          const now = read(sources.ledger());
          if (now > seen) this.inc(now - seen);
          seen = now;
        },
      });
    };
    ledgerCounter(
      'mahjong_ledger_failures_total',
      'Ledger transactions that failed (each retry counts).',
      (s) => s.failures,
    );
    ledgerCounter(
      'mahjong_ledger_rejected_total',
      'Ledger writes given up after their retries (their table pauses).',
      (s) => s.rejected,
    );
    this.actions = new Counter({
      name: 'mahjong_actions_total',
      help: 'Table actions committed to the ledger (players and bots); rate() gives actions per second.',
      registers,
    });
    this.actionToView = new Histogram({
      name: 'mahjong_action_to_view_seconds',
      help: "From a player's action arriving on its socket to the table's next views going out.",
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.ledgerWrite = new Histogram({
      name: 'mahjong_ledger_write_seconds',
      help: 'One ledger transaction (a batch of writes), committed or failed.',
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.takeovers = new Counter({
      name: 'mahjong_takeovers_total',
      help: 'Tables of another (dead) server process taken over by this one.',
      registers,
    });
  }

  /** A player's action was accepted at `receivedAt` (performance.now()); its views are timed. */
  accepted(code: string, receivedAt: number): void {
    if (!this.waiting.has(code)) this.waiting.set(code, receivedAt);
  }

  takenOver(n = 1): void {
    this.takeovers.inc(n);
  }

  /** The store as the ledger should see it: each transaction timed, its actions counted. */
  observeStore(store: Store): Store {
    const { actions, ledgerWrite } = this;
    return new Proxy(store, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop !== 'writeBatch' || typeof value !== 'function') {
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return async (writes: Parameters<Store['writeBatch']>[0]) => {
          const end = ledgerWrite.startTimer();
          try {
            await (value as Store['writeBatch']).call(target, writes);
          } finally {
            end();
          }
          let n = 0;
          for (const w of writes) if (w.kind === 'action') n += 1;
          if (n > 0) actions.inc(n);
        };
      },
    });
  }

  /** The broadcaster with the first view after an accepted action timed. */
  observeBroadcaster(inner: Broadcaster): Broadcaster {
    const seen = (code: string) => {
      const since = this.waiting.get(code);
      if (since === undefined) return;
      this.waiting.delete(code);
      this.actionToView.observe((performance.now() - since) / 1000);
    };
    return {
      seat: (code, seat, holder, msg) => {
        if (msg.type === 'view' || msg.type === 'patch') seen(code);
        inner.seat(code, seat, holder, msg);
      },
      spectators: (code, msg) => {
        if (msg.type === 'view' || msg.type === 'patch') seen(code);
        inner.spectators(code, msg);
      },
      table: (code, msg) => inner.table(code, msg),
      seatReplaced: (code, seat) => inner.seatReplaced(code, seat),
    };
  }

  /** A table left this process: nothing of it is waited for any more. */
  forget(code: string): void {
    this.waiting.delete(code);
  }
}

/** The content type and text of a scrape. */
export type Scrape = () => Promise<{ contentType: string; body: string }>;

/**
 * The metrics listener: `GET /metrics` only, on its own port (0 picks one). Resolves once
 * listening, with its port and a close().
 */
export async function serveMetrics(
  scrape: Scrape,
  port: number,
  host: string,
): Promise<{ port: number; server: HttpServer; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    scrape().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A registry's scrape. */
export const scrapeOf =
  (registry: Registry): Scrape =>
  async () => ({ contentType: registry.contentType, body: await registry.metrics() });

/** WORKERS=N: the primary's scrape, every worker's global registry summed. */
export function clusterScrape(): Scrape {
  const aggregator = new AggregatorRegistry();
  return async () => ({ contentType: aggregator.contentType, body: await aggregator.clusterMetrics() });
}

/**
 * WORKERS=N, in a worker: answers the primary's scrape requests (prom-client's messages over the
 * cluster's IPC) with `registry`. prom-client installs that listener only when an
 * AggregatorRegistry is made, hence the one made here and dropped.
 */
export function answerClusterScrapes(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  new AggregatorRegistry();
}
