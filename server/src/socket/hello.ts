/**
 * `hello`: a socket joins a table as the seat its token holds, or as a spectator. The table may
 * live here, in another process of the cluster (its owner admits the socket), or in a process
 * that just died (then this one takes it over).
 */
import { type ClientMessage, PROTOCOL_VERSION } from '@mahjong/shared';
import { type Limiter, type Lookup, payForLookup, type Take } from '../limits.js';
import type { Admission } from '../peers/peers.js';
import type { Room, Viewer } from '../room.js';
import { verifyToken } from '../tokens.js';
import { admit } from './admit.js';
import { roomName } from './broadcast.js';
import type { Conn, SocketContext } from './context.js';
import { clientAddress } from './rate.js';
import { type Awaitable, linkTo, whenReady } from './table-link.js';

type Hello = Extract<ClientMessage, { type: 'hello' }>;

/** A hello for an orphaned table tries to take it over this often, this many times (about 5 s). */
const TAKEOVER_RETRY_MS = 250;
const TAKEOVER_ATTEMPTS = 20;

export async function onHello(ctx: SocketContext, c: Conn, msg: Hello): Promise<void> {
  const { data, socket } = c;
  if (msg.v !== PROTOCOL_VERSION)
    return c.refuse('msg/version', `the server speaks version ${PROTOCOL_VERSION}`, undefined, {
      n: PROTOCOL_VERSION,
    });
  // (Answered at once for a table held here: see `socket/table-link.ts`.)
  const again = helloAgain(ctx, c, msg);
  if (again instanceof Promise ? await again : again) return;
  if (data.viewer !== undefined || data.joining) {
    return c.refuse('auth/already_joined', 'this socket has joined already (as another seat or table)');
  }
  const address = clientAddress(socket, ctx.trustProxy);
  // A seat token signed for this very code proves the code was given, not guessed: its holder
  // is never refused for other clients' misses at the same address (a household, a school, a
  // carrier's NAT). Only hellos without one (spectators, probes) wait out the address's misses.
  const claims = msg.token === undefined ? null : verifyToken(ctx.secret, msg.token);
  const vouched = claims !== null && claims.code === msg.code.toUpperCase();
  const misses = vouched ? undefined : ctx.lookupMisses;
  if (misses && !(await underMissLimit(misses, c, address))) return;
  let room = ctx.tables.get(msg.code);
  // A code no table here has is paid for before it is looked up further, and given back when
  // found (by a peer, or taken over): hellos that arrive together cannot all pass the check
  // before any of them has missed.
  let paid: Paid | null = null;
  if (!room && misses) {
    const taken = await payForMiss(misses, c, address);
    if (!taken) return;
    paid = taken;
  }
  // Whatever the hello finds (a seat, a spectator's place, a refusal by the table) is a hit.
  const found = () => void paid?.hit();
  if (!room && ctx.peers) {
    room = await adoptHere(ctx, c, msg.code);
    if (socket.disconnected) return;
  }
  // A seat that changed pages too often goes on only with its holder's consent.
  if (room && claims && vouched && claims.subject !== 'host' && room.tokenCurrent(claims.subject, claims.nonce)) {
    if (!ctx.holders.mayTakeOver(socket, room.code, claims.subject)) {
      found();
      return c.refuse(
        'auth/seat_held',
        'this seat changed pages too often; the page holding it was asked to hand it over',
      );
    }
  }
  let admitted: Admission;
  if (room) admitted = admit(room, msg.token, ctx.secret);
  else {
    // Another server of the cluster may hold the table.
    data.joining = true;
    admitted = (await findElsewhere(ctx, msg.code, msg.token)) ?? {
      ok: false,
      code: 'table/not_found',
      message: `no table ${msg.code}`,
      values: { name: msg.code },
    };
    data.joining = false;
    if (socket.disconnected) return;
  }
  if (!admitted.ok) {
    // A miss: paid ahead, or (a vouched hello, which was not asked to) paid now.
    if (admitted.code === 'table/not_found') {
      if (!paid) await ctx.lookupMisses?.take(address);
    } else found();
    return c.refuse(admitted.code, admitted.message, undefined, admitted.values);
  }
  found();
  seatAt(ctx, c, admitted, msg.code, room === undefined);
}

/**
 * The same hello again (a client that greets on every reconnect, also a recovered one): answered
 * with the full view, as `sync` is. False when it is no such hello (or the table is gone).
 */
function helloAgain(ctx: SocketContext, c: Conn, msg: Hello): Awaitable<boolean> {
  const { data } = c;
  if (data.viewer === undefined || data.code !== msg.code || data.joining) return false;
  const claims = msg.token === undefined ? null : verifyToken(ctx.secret, msg.token);
  const role: Viewer | null =
    msg.token === undefined
      ? 'spectator'
      : claims && claims.code === data.code && claims.subject !== 'host'
        ? claims.subject
        : null;
  if (role !== data.viewer) return false;
  if (!c.mayResync()) return true;
  const code = data.code;
  return whenReady(linkTo(ctx.tables, ctx.peers, code).welcome(role), (welcome) => {
    if (!welcome) return false;
    c.sendFull(welcome, code, role);
    return true;
  });
}

type Paid = Extract<Lookup, { ok: true }>;

/** The address has not missed too many codes (refused when it has; false then, or when the socket left). */
function underMissLimit(misses: Limiter, c: Conn, address: string): Promise<boolean> {
  return asked(c, async () => misses.check(address));
}

/** The address pays ahead for a miss (refused as above when it cannot); a hit gives it back. */
async function payForMiss(misses: Limiter, c: Conn, address: string): Promise<Paid | false> {
  let paid: Paid | undefined;
  const ok = await asked(c, async () => {
    const answer = await payForLookup(misses, address);
    if (answer.ok) paid = answer;
    return answer;
  });
  return ok && paid ? paid : false;
}

/** One question to the budget of misses, answered by refusing the hello when it says no. */
async function asked(c: Conn, ask: () => Promise<Take>): Promise<boolean> {
  // (Joining while the limit is asked: a second hello meanwhile is refused as already joined.)
  c.data.joining = true;
  const answer = await ask();
  c.data.joining = false;
  if (c.socket.disconnected) return false;
  if (!answer.ok) {
    const n = answer.retryAfterSeconds;
    c.refuse('msg/rate_limited', `too many unknown table codes; try again in ${n} s`, undefined, { n });
    return false;
  }
  return true;
}

/**
 * Failover: the table's process may be gone; then this one takes the table over (the claim
 * refuses while its owner lives, and the peers are asked after).
 */
async function adoptHere(ctx: SocketContext, c: Conn, code: string): Promise<Room | undefined> {
  c.data.joining = true;
  const adopted = await ctx.tables.adopt(code).catch(() => undefined);
  c.data.joining = false;
  return adopted;
}

/**
 * A hello for a table this process does not hold: the peer holding it admits the socket. A
 * table in play that nobody answers for has just lost its process (whose liveness lock the
 * database frees a moment later): take it over then, trying for a few seconds.
 */
async function findElsewhere(ctx: SocketContext, code: string, token: string | undefined): Promise<Admission | null> {
  const { peers, tables } = ctx;
  if (!peers) return null;
  for (let attempt = 0; ; attempt += 1) {
    const admitted = await peers.hello(code, token);
    if (admitted) return admitted;
    if (attempt >= TAKEOVER_ATTEMPTS || !(await tables.isActive(code).catch(() => false))) return null;
    await new Promise((r) => setTimeout(r, TAKEOVER_RETRY_MS));
    const room = await tables.adopt(code).catch(() => undefined);
    if (room) return admit(room, token, ctx.secret);
  }
}

/** The admitted socket takes its place: the table's rooms, its seat (from any other socket), its welcome. */
function seatAt(
  ctx: SocketContext,
  c: Conn,
  admitted: Extract<Admission, { ok: true }>,
  asked: string,
  remote: boolean,
): void {
  const { data, socket } = c;
  const { viewer, welcome } = admitted;
  const code = welcome.type === 'welcome' ? welcome.table.code : asked;
  void socket.join(
    viewer === 'spectator'
      ? [roomName.table(code), roomName.spectators(code)]
      : [roomName.table(code), roomName.seat(code, viewer, admitted.nonce ?? '')],
  );
  data.code = code;
  data.viewer = viewer;
  if (admitted.nonce !== undefined) data.nonce = admitted.nonce;
  data.remote = remote;
  if (viewer !== 'spectator') {
    // The seat opened here: any other socket on it (another tab) stops holding it.
    ctx.evict(code, viewer, 'opened_elsewhere', socket.id);
    ctx.holders.set(code, viewer, socket);
  }
  c.sendFull(welcome, code, viewer);
}
