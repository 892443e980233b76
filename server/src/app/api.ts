/**
 * The HTTP API: the table routes (`server/src/http.ts`), then the players' and circles' routes
 * (`server/src/community/routes.ts`) when the store has them, under the same error handler. The
 * table routes ask the community's routes who sends a request (a join names its player).
 */
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.js';
import type { SeatResultKeeper } from '../community/keeper.js';
import { registerCommunityRoutes } from '../community/routes.js';
import type { CommunityStore } from '../community/store.js';
import { type Guards, registerRoutes } from '../http.js';
import type { Limiter } from '../limits.js';
import type { Peers } from '../peers/peers.js';
import type { Store } from '../store/types.js';
import type { EngineInternals } from '../table/index.js';
import type { Tables } from '../tables.js';

export interface ApiDeps {
  readonly tables: Tables;
  readonly store: Store;
  readonly secret: Buffer;
  readonly guards: Guards;
  readonly peers: Peers | null;
  readonly clock: Clock;
  readonly health: () => Record<string, unknown>;
  readonly engineInternals?: EngineInternals;
  /** Players, circles and the league (null: a store without them). */
  readonly community: {
    readonly store: CommunityStore;
    readonly keeper: SeatResultKeeper;
    readonly creations: Limiter;
    readonly misses: Limiter;
  } | null;
}

export function registerApi(app: FastifyInstance, d: ApiDeps): void {
  const community = d.community;
  // (Registered after the table routes, under the same error handler; joins ask it who is joining.)
  let identity: ReturnType<typeof registerCommunityRoutes> | null = null;
  registerRoutes(app, {
    tables: d.tables,
    store: d.store,
    secret: d.secret,
    guards: d.guards,
    peers: d.peers,
    ...(d.engineInternals === undefined ? {} : { engineInternals: d.engineInternals }),
    community: community
      ? {
          playerOf: async (req) => {
            if (!identity) return null;
            const who = await identity.identify(req);
            return who.ok ? who.player.id : null;
          },
          isMember: async (playerId, circleId) => (await community.store.circleFor(circleId, playerId)) !== null,
        }
      : null,
    health: d.health,
  });
  identity = community
    ? registerCommunityRoutes(app, {
        store: community.store,
        ledger: d.store,
        tables: d.tables,
        keeper: community.keeper,
        secret: d.secret,
        clock: d.clock,
        creations: community.creations,
        misses: community.misses,
        tableGuards: d.guards,
        peers: d.peers,
      })
    : null;
}
