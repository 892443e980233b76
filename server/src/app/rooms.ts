/** This process's tables, wired to the ledger, the sockets' broadcasts, the metrics and the league. */
import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import type { Clock } from '../clock.js';
import type { SeatResultKeeper } from '../community/keeper.js';
import type { Limits } from '../limits.js';
import type { ServerMetrics } from '../metrics.js';
import type { MjaiBotSpec } from '../mjai/config.js';
import type { Evict, RemoteAudience, TableChanges } from '../socket.js';
import { roomName, socketBroadcaster } from '../socket.js';
import type { Ledger } from '../store/ledger.js';
import type { EngineInternals } from '../table/index.js';
import { Tables } from '../tables.js';

export interface RoomsDeps {
  readonly ledger: Ledger;
  readonly clock: Clock;
  readonly io: Server;
  readonly log: Logger;
  readonly secret: Buffer;
  readonly limits: Limits;
  readonly changes: TableChanges;
  /** Tables with sockets on other processes (their broadcasts cross Redis; the others stay here). */
  readonly audience: RemoteAudience;
  readonly metrics: ServerMetrics | null;
  readonly keeper: SeatResultKeeper | null;
  /** Removes a seat's socket (the sockets are attached after the tables exist). */
  readonly evict: Evict;
  /** True while the tables of a start are restored (they are not counted as taken over). */
  readonly restoring: () => boolean;
  readonly botDelayMs?: number;
  /** socket.io's recovery window: a slot's views still go out that long after its last socket left. */
  readonly recoveryMs?: number;
  readonly mjaiBots?: readonly MjaiBotSpec[];
  readonly startWaitMs?: number;
  /** How long a finished table stays held (tests: its page must then find it in the ledger). */
  readonly retainFinishedMs?: number;
  readonly engineInternals?: EngineInternals;
  readonly claimMinMsFloor?: number;
}

export function createTables(d: RoomsDeps): Tables {
  const { metrics, keeper, log, io } = d;
  return new Tables(
    {
      ledger: d.ledger,
      // A match played to its end: its players' figures for the league (derived from the ledger).
      ...(keeper
        ? {
            onFinished: (room) => {
              keeper.record(room.record.id).catch((error: unknown) => {
                room.log.warn({ err: error }, 'league figures not written; the next catch-up does it');
              });
            },
          }
        : {}),
      clock: d.clock,
      broadcaster: ((b) => (metrics ? metrics.observeBroadcaster(b) : b))(
        socketBroadcaster(io, (code, seat) => d.evict(code, seat, 'replaced'), d.changes, d.audience),
      ),
      log,
      secret: d.secret,
      botDelayMs: d.botDelayMs ?? 900,
      ...(d.recoveryMs === undefined ? {} : { recoveryMs: d.recoveryMs }),
      mjaiBots: d.mjaiBots ?? [],
      spectatorInfoMs: d.limits.spectatorInfoMs,
      ...(d.startWaitMs === undefined ? {} : { startWaitMs: d.startWaitMs }),
      ...(d.engineInternals === undefined ? {} : { engineInternals: d.engineInternals }),
      ...(d.claimMinMsFloor === undefined ? {} : { claimMinMsFloor: d.claimMinMsFloor }),
      // A table brought back here (a restart, a takeover): every page of it, on any process,
      // drops its connection and reconnects, to be seated again by whoever holds it now.
      onAdopted: (room) => {
        if (!d.restoring()) metrics?.takenOver();
        io.in(roomName.table(room.code)).disconnectSockets(true);
      },
    },
    d.retainFinishedMs,
    d.limits.lobbyTtlMs,
    d.limits,
  );
}
