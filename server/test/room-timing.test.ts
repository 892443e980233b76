/**
 * The room's timing, by comparison: two riichi tables that differ only in hidden tiles (walls
 * fixed through the engine's test hook) must send a seat that cannot tell them apart (the human
 * observer at seat 0) and the spectators the very same messages at the very same times. The
 * real Room, bots, engine and ledger (embedded PGlite) run; only time is injected, by clocks
 * that model what a real one does to the scheduler:
 *
 * - `FloorClock`: a manual clock with Node's timer floor (a timer set for 0 ms runs 1 ms later);
 *   stepped 1 ms at a time, so arrival times are exact to the millisecond.
 * - `BusyClock`: the same, on which the room's own work inside a timer takes time (1 µs of CPU
 *   is 1 ms on the clock), so that a bot's thinking shows wherever the clock is read after it.
 *
 * Compared: a claim window two bots could answer (and pass) vs one nobody could (L1), also when
 * the timer ran late (a stalled process); a seat (dis)connecting during a window in which
 * another answers early vs nobody could; a window a human seat could answer, its page closed vs
 * open and silent (L2); a bot whose turn needs a long search vs a short one (L3). Then every
 * stamp in the ledger: never backwards, never ahead of the clock, and the ledger replays to the
 * same table.
 */
import { randomUUID } from 'node:crypto';
import { applyViewPatch, type Seat, type ServerMessage, seedHash, type TableView, tile } from '@mahjong/shared';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Clock, ManualClock, systemClock } from '../src/clock.js';
import { LOG_FORMAT_VERSION, MAX_STAMP_LAG_MS, Room, rulesetVersion } from '../src/room.js';
import { Ledger } from '../src/store/ledger.js';
import { openStore } from '../src/store/open.js';
import type { PrismaStore } from '../src/store/prisma-store.js';
import type { MatchRecord } from '../src/store/types.js';
import { replayEngine } from '../src/table/index.js';
import { scriptedWall, type WallScript } from '../src/table/testing.js';
import { SECRET } from './helpers.js';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 120_000 });

/** Node's timers: a timer runs 1 ms after it is set at the earliest. */
class FloorClock extends ManualClock {
  override setTimer(fn: () => void, ms: number): unknown {
    return super.setTimer(fn, Math.max(1, ms));
  }
}

/** A process that stalls: timers set while `lag` is on run that much later. */
class StallClock extends FloorClock {
  lag = 0;
  override setTimer(fn: () => void, ms: number): unknown {
    return super.setTimer(fn, ms + this.lag);
  }
}

/**
 * A manual clock (with the timer floor) on which time passes while a timer's callback works:
 * each microsecond of it is `msPerUs` ms. Reading the clock after a bot thought reads its
 * thinking, amplified beyond any doubt.
 */
class BusyClock implements Clock {
  private time = 1_700_000_000_000;
  private timers: { id: number; at: number; fn: () => void }[] = [];
  private nextId = 1;
  private busy: { from: number; since: number } | null = null;

  constructor(private readonly msPerUs = 1) {}

  now(): number {
    if (this.busy) {
      const worked = Math.floor((performance.now() - this.busy.since) * 1000 * this.msPerUs);
      this.time = Math.max(this.time, this.busy.from + worked);
    }
    return this.time;
  }

  setTimer(fn: () => void, ms: number): unknown {
    const timer = { id: this.nextId++, at: this.now() + Math.max(1, ms), fn };
    this.timers.push(timer);
    return timer.id;
  }

  clearTimer(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = Math.max(this.time, due.at);
      this.busy = { from: this.time, since: performance.now() };
      try {
        due.fn();
      } finally {
        this.now();
        this.busy = null;
      }
    }
    this.time = Math.max(this.time, end);
  }
}

type Stepped = Clock & { advance(ms: number): void };

interface Got {
  readonly at: number;
  readonly msg: unknown;
}

interface Table {
  readonly room: Room;
  readonly clock: Stepped;
  readonly record: MatchRecord;
  readonly walls: ReturnType<typeof scriptedWall>[];
  /** What each seat's sockets and the spectators' were sent, with the clock time. */
  readonly seats: Got[][];
  readonly spectators: Got[];
  readonly settle: () => Promise<void>;
  /** Steps the clock 1 ms at a time (settling after each) until `until` holds or `ms` have passed. */
  readonly run: (ms: number, until?: () => boolean) => Promise<void>;
  /** A seat's page opened again, welcomed as the socket layer welcomes it. */
  readonly reopen: (seat: Seat) => void;
}

let store: PrismaStore;
let ledger: Ledger;
let tables = 0;
beforeAll(async () => {
  store = await openStore({ kind: 'pglite', dataDir: null });
  ledger = new Ledger(store);
});
afterAll(async () => {
  await ledger.flush();
  await store.close();
});

/** Lobby messages name the table (code, ids, times): kept as what a seat may read in them alike. */
const comparable = (msg: ServerMessage): unknown =>
  msg.type === 'table'
    ? { type: 'table', status: msg.table.status, seats: msg.table.seats, spectators: msg.table.spectators }
    : msg;

/**
 * A riichi-modern table, started: seat 0 a human with a page open (the observer), `humans` more
 * human seats (their pages open at the start; the test closes them), the rest bots; a spectator.
 */
async function openTable(opts: {
  readonly walls: readonly WallScript[];
  readonly clock: Stepped;
  readonly options: Record<string, unknown>;
  readonly botDelayMs: number;
  readonly humans?: readonly Seat[];
  readonly observer?: boolean;
}): Promise<Table> {
  const { clock } = opts;
  const humans = opts.observer === false ? (opts.humans ?? []) : [0 as Seat, ...(opts.humans ?? [])];
  const seed = 'c0ffee'.repeat(10);
  tables += 1;
  const record: MatchRecord = {
    id: randomUUID(),
    code: `RT${String(tables).padStart(4, '0')}`,
    ruleset: 'riichi-modern',
    options: { redFives: 0, ...opts.options },
    rounds: 1,
    seed,
    seedHash: seedHash(seed),
    status: 'lobby',
    spectatorsAllowed: true,
    spectatorDelay: false,
    fillWithBots: false,
    hostNonce: `host${tables}`,
    rulesetVersion: rulesetVersion('riichi-modern'),
    logFormatVersion: LOG_FORMAT_VERSION,
    createdAt: new Date(clock.now()),
    startedAt: null,
    endedAt: null,
    startClock: null,
    finalScores: null,
    circleId: null,
    rematchOf: null,
    seats: ([0, 1, 2, 3] as const).map((seat) =>
      humans.includes(seat)
        ? { seat, name: `Human ${seat}`, bot: false, nonce: `n${tables}-${seat}`, playerId: null }
        : { seat, name: `Bot ${seat}`, bot: true, nonce: null, playerId: null },
    ),
  };
  await ledger.write([{ kind: 'createMatch', match: record }]);
  const seats: Got[][] = [[], [], [], []];
  const spectators: Got[] = [];
  // Views after the first come as patches on the one the recipient holds: each is kept as the full
  // view it makes, so the comparisons read views whatever form they travelled in.
  const held = new Map<Seat | 'spectator', TableView>();
  const asView = (who: Seat | 'spectator', msg: ServerMessage): ServerMessage => {
    if (msg.type === 'view' || (msg.type === 'welcome' && msg.view !== null)) held.set(who, msg.view!);
    if (msg.type !== 'patch') return msg;
    const view = applyViewPatch(held.get(who) ?? null, msg);
    if (view === null) throw new Error(`a patch for ${who} that does not fit the view it holds`);
    held.set(who, view);
    return { type: 'view', seq: msg.seq, view };
  };
  const walls = opts.walls.map((w) => scriptedWall({ bonus: false, ...w }));
  const room = new Room(record, {
    ledger,
    clock,
    log: pino({ level: 'silent' }),
    secret: SECRET,
    botDelayMs: opts.botDelayMs,
    engineInternals: { walls },
    broadcaster: {
      seat: (_code, seat, _holder, msg) => seats[seat]!.push({ at: clock.now(), msg: comparable(asView(seat, msg)) }),
      spectators: (_code, msg) => spectators.push({ at: clock.now(), msg: comparable(asView('spectator', msg)) }),
      table: (_code, msg) => {
        for (const s of seats) s.push({ at: clock.now(), msg: comparable(msg) });
        spectators.push({ at: clock.now(), msg: comparable(msg) });
      },
      seatReplaced: () => {},
    },
  });
  for (const seat of humans) room.attach(seat);
  room.attach('spectator');
  const settle = async () => {
    for (;;) {
      const outbox = room.settled();
      await outbox;
      await new Promise((r) => setImmediate(r));
      if (room.settled() === outbox) return;
    }
  };
  const run = async (ms: number, until: () => boolean = () => false) => {
    for (let i = 0; i < ms && !until(); i += 1) {
      clock.advance(1);
      await settle();
    }
  };
  expect((await room.start()).ok).toBe(true);
  await settle();
  // A page opened again: attached, and welcomed with the view as now (what the socket layer sends).
  const reopen = (seat: Seat) => {
    room.attach(seat);
    seats[seat]!.push({ at: clock.now(), msg: comparable(asView(seat, room.welcome(seat))) });
  };
  return { room, clock, record, walls, seats, spectators, settle, run, reopen };
}

const viewsIn = (got: readonly Got[]): TableView[] =>
  got.flatMap((g) => {
    const m = g.msg as ServerMessage;
    return m.type === 'view' ? [m.view] : [];
  });

/** Seats that may answer now (the server's truth, never shown to the observer). */
const mayAnswer = (t: Table): Seat[] =>
  ([1, 2, 3] as const).filter((s) => t.room.engine!.viewFor(s).legalActions.length > 0);

/** The messages up to and including the first view in which the window on the observer's discard is closed. */
function untilClosed(got: readonly Got[]): Got[] {
  let opened = false;
  for (let i = 0; i < got.length; i += 1) {
    const m = got[i]!.msg as ServerMessage;
    if (m.type !== 'view') continue;
    if (m.view.stage === 'claims' && m.view.turn === 0) opened = true;
    else if (opened) return got.slice(0, i + 1);
  }
  throw new Error('the window did not close');
}

/** When the window closed as the observer was shown it, and its lateness past the uniform minimum. */
function closing(got: readonly Got[]): { closedMs: number; lateMs: number; stage: string } {
  const cut = untilClosed(got);
  const close = cut[cut.length - 1]!;
  const window = cut.find((g) => {
    const m = g.msg as ServerMessage;
    return m.type === 'view' && m.view.stage === 'claims';
  })!;
  const view = (close.msg as Extract<ServerMessage, { type: 'view' }>).view;
  const minimum = (window.msg as Extract<ServerMessage, { type: 'view' }>).view.deadlines.claim!;
  // The closing event's stamp, as everybody can read it: the next turn's deadline less its length.
  const stamp = view.deadlines.turn === null ? close.at : view.deadlines.turn - TIMING.turnSeconds * 1000;
  return { closedMs: close.at - window.at, lateMs: stamp - minimum, stage: `${view.phase}/${view.stage}` };
}

// The observer (seat 0, the dealer) discards 4p. In A seat 1 could chi it with 3p5p and seat 2
// could pung it with 4p4p; both hands are planless for the bot (no flush, no valuable honour,
// fewer than four pairs), so both pass. In B nobody can claim 4p. In C seat 2 could ron it (all
// simples). Every other tile seat 0 sees is the same.
const OBSERVER = '7m147p258s1234567z';
const REST = { draws: '1m1m9m6m', dora: '9m' };
const A: WallScript = {
  hands: [OBSERVER, '258m35p258s11z446z', '369m44p369s22z577z', '147m258p147s33z66z'],
  ...REST,
};
const B: WallScript = {
  hands: [OBSERVER, '258m19p258s11z446z', '369m19p369s22z577z', '147m258p147s33z66z'],
  ...REST,
};
const C: WallScript = {
  hands: [OBSERVER, '258m19p258s11z446z', '234567m35p23466s', '147m258p147s33z66z'],
  ...REST,
};
const TIMING = { claimSeconds: 8, claimMinMs: 800, turnSeconds: 20, resultsSeconds: 10 };

/** The observer thinks 1 s, then discards 4p: who may answer it (the server's truth). */
async function discard4p(t: Table): Promise<Seat[]> {
  await t.run(1000);
  const r = t.room.act(0, t.room.viewSeq(0), { type: 'discard', tile: tile('4p') });
  expect(r.ok).toBe(true);
  await t.settle();
  return mayAnswer(t);
}

describe('room timing: a claim window closes the same whoever could answer it', () => {
  it.each([
    ['bots pause longer than the minimum (both answer at it)', 900],
    ['bots pause less than the minimum (they answer early)', 100],
  ])('L1: two bots that could claim (and pass) vs nobody, %s', async (_why, botDelayMs) => {
    const runs: Table[] = [];
    const truth: Seat[][] = [];
    for (const walls of [[A], [B]]) {
      const t = await openTable({ walls, clock: new FloorClock(), options: TIMING, botDelayMs });
      truth.push(await discard4p(t));
      await t.run(TIMING.claimSeconds * 1000 + 100, () => {
        const v = viewsIn(t.seats[0]!).at(-1);
        return v?.stage === 'discard' && v.turn === 1;
      });
      runs.push(t);
    }
    const [a, b] = runs as [Table, Table];
    expect(truth).toEqual([[1, 2], []]);
    console.log(
      JSON.stringify({
        test: 'L1',
        botDelayMs,
        twoBotsCould: closing(a.seats[0]!),
        nobodyCould: closing(b.seats[0]!),
      }),
    );
    expect(closing(b.seats[0]!)).toEqual({ closedMs: 800, lateMs: 0, stage: 'playing/discard' });
    // Everything the observer and the spectators were sent, numbering and times included.
    expect(untilClosed(a.seats[0]!)).toEqual(untilClosed(b.seats[0]!));
    expect(untilClosed(a.spectators)).toEqual(untilClosed(b.spectators));
  });

  it('a stalled process: the window closes MAX_STAMP_LAG_MS before its timer ran, whoever could answer', async () => {
    const STALL = 5000;
    const runs: Table[] = [];
    for (const walls of [[A], [B]]) {
      const clock = new StallClock();
      const t = await openTable({ walls, clock, options: TIMING, botDelayMs: 900 });
      clock.lag = STALL;
      await discard4p(t);
      clock.lag = 0;
      await t.run(TIMING.claimSeconds * 1000 + STALL, () => {
        const v = viewsIn(t.seats[0]!).at(-1);
        return v?.stage === 'discard' && v.turn === 1;
      });
      runs.push(t);
    }
    const [a, b] = runs as [Table, Table];
    console.log(
      JSON.stringify({ test: 'stall', twoBotsCould: closing(a.seats[0]!), nobodyCould: closing(b.seats[0]!) }),
    );
    // Shown 5.8 s after the discard, stamped 1 s before: the next player keeps 19 of their 20 s.
    expect(closing(b.seats[0]!)).toEqual({
      closedMs: TIMING.claimMinMs + STALL,
      lateMs: STALL - MAX_STAMP_LAG_MS,
      stage: 'playing/discard',
    });
    expect(untilClosed(a.seats[0]!)).toEqual(untilClosed(b.seats[0]!));
    expect(untilClosed(a.spectators)).toEqual(untilClosed(b.spectators));
  });

  it('L1 on the system clock, repeated: the closing stamp does not tell the two tables apart', async () => {
    const TRIALS = 15;
    const fast = { claimSeconds: 1, claimMinMs: 30, turnSeconds: 20, resultsSeconds: 10 };
    const late: Record<'A' | 'B', number[]> = { A: [], B: [] };
    const realClock = systemClock as Stepped;
    for (let i = 0; i < TRIALS; i += 1) {
      for (const [name, walls] of [
        ['A', [A]],
        ['B', [B]],
      ] as const) {
        const t = await openTable({ walls, clock: realClock, options: fast, botDelayMs: 40 });
        expect(t.room.act(0, t.room.viewSeq(0), { type: 'discard', tile: tile('4p') }).ok).toBe(true);
        const closed = () => viewsIn(t.seats[0]!).find((v) => v.stage === 'discard' && v.turn === 1);
        for (let k = 0; k < 1000 && !closed(); k += 1) {
          await t.settle();
          await new Promise((r) => setTimeout(r, 2));
        }
        const window = viewsIn(t.seats[0]!).find((v) => v.stage === 'claims')!;
        const next = closed()!;
        late[name].push(next.deadlines.turn! - fast.turnSeconds * 1000 - window.deadlines.claim!);
        t.room.close();
      }
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const histogram = (xs: number[]) => {
      const h: Record<number, number> = {};
      for (const x of xs) h[x] = (h[x] ?? 0) + 1;
      return h;
    };
    console.log(
      JSON.stringify({
        test: 'L1 system clock',
        trials: TRIALS,
        closeLateMs: {
          twoBotsCould: { median: median(late.A), histogram: histogram(late.A) },
          nobodyCould: { median: median(late.B), histogram: histogram(late.B) },
        },
      }),
    );
    // Stamped when due, however late the timers ran on this machine.
    expect(histogram(late.A)).toEqual({ 0: TRIALS });
    expect(histogram(late.B)).toEqual({ 0: TRIALS });
  });

  it('presence: a seat leaving during a window, then one that could pung passing early vs nobody could', async () => {
    // Seats 2 and 3 are humans with pages open; seat 3 leaves 100 ms into the window. In A seat 2
    // could pung and passes at 300 ms, before the minimum; in B it has nothing to answer.
    const runs: Table[] = [];
    const truth: Seat[][] = [];
    for (const walls of [[A], [B]]) {
      const t = await openTable({ walls, clock: new FloorClock(), options: TIMING, botDelayMs: 900, humans: [2, 3] });
      truth.push(await discard4p(t));
      await t.run(100);
      t.room.detach(3);
      await t.run(200);
      if (t.room.engine!.viewFor(2).legalActions.length > 0) {
        expect(t.room.act(2, t.room.viewSeq(2), { type: 'pass' }).ok).toBe(true);
      }
      await t.run(TIMING.claimSeconds * 1000, () => {
        const v = viewsIn(t.seats[0]!).at(-1);
        return v?.stage === 'discard' && v.turn === 1;
      });
      runs.push(t);
    }
    const [a, b] = runs as [Table, Table];
    expect(truth).toEqual([[1, 2], []]);
    // Views the observer got after the window's and before the closing one.
    const whileOpen = (t: Table) => {
      const views = viewsIn(untilClosed(t.seats[0]!));
      return views.length - 2 - views.findIndex((v) => v.stage === 'claims');
    };
    console.log(
      JSON.stringify({ test: 'presence', viewsWhileOpen: { seat2Could: whileOpen(a), seat2CouldNot: whileOpen(b) } }),
    );
    expect(untilClosed(a.seats[0]!)).toEqual(untilClosed(b.seats[0]!));
    expect(untilClosed(a.spectators)).toEqual(untilClosed(b.spectators));
  });

  it.each([
    ['a pung (A), away before the discard', A, 'before'],
    ['a pung (A), leaves while the window is open', A, 'during'],
    ['a win (C), away before the discard', C, 'before'],
  ] as const)('L2: a human seat that could claim, page closed vs open and silent: %s', async (_why, wall, when) => {
    const runs: Table[] = [];
    for (const closed of [true, false]) {
      const t = await openTable({
        walls: [wall],
        clock: new FloorClock(),
        options: TIMING,
        botDelayMs: 900,
        humans: [2],
      });
      if (closed && when === 'before') t.room.detach(2);
      expect(await discard4p(t)).toContain(2);
      if (closed && when === 'during') {
        await t.run(100);
        t.room.detach(2);
      }
      await t.run(TIMING.claimSeconds * 1000 + 100, () => {
        const v = viewsIn(t.seats[0]!).at(-1);
        return v?.stage === 'discard' && v.turn === 1;
      });
      runs.push(t);
    }
    const [away, silent] = runs as [Table, Table];
    // Who is connected is public (the lobby message, the seats' flags): all else must be alike.
    const shown = (got: readonly Got[]) =>
      untilClosed(got).flatMap((g) => {
        const m = g.msg as ServerMessage;
        if (m.type === 'table') return [];
        if (m.type !== 'view') return [g];
        const seats = m.view.seats.map((x) => ({ ...x, connected: null }));
        return [{ at: g.at, msg: { ...m, view: { ...m.view, seats } } }];
      });
    console.log(JSON.stringify({ test: 'L2', when, away: closing(away.seats[0]!), silent: closing(silent.seats[0]!) }));
    expect(shown(away.seats[0]!)).toEqual(shown(silent.seats[0]!));
    expect(shown(away.spectators)).toEqual(shown(silent.spectators));
    // The window waited to its end for the closed page (a reload would have found the offer),
    // then passed for it: nothing made for an absent player, no bot until their turn runs out.
    expect(closing(away.seats[0]!)).toMatchObject({ lateMs: TIMING.claimSeconds * 1000 - TIMING.claimMinMs });
    const next = viewsIn(away.spectators).at(-1)!;
    expect([next.seats[2].melds, next.seats[2].connected, away.room.engine!.results()]).toEqual([[], false, []]);
    expect(away.room.isCovered(2)).toBe(false);
  });

  it('L2: a seat whose page comes back during the window answers for itself', async () => {
    const t = await openTable({ walls: [A], clock: new FloorClock(), options: TIMING, botDelayMs: 900, humans: [2] });
    t.room.detach(2);
    expect(await discard4p(t)).toEqual([1, 2]);
    await t.run(100);
    t.reopen(2);
    await t.run(1900);
    // Past the minimum the window waits for the seat that is back (as for any present player).
    expect(t.room.engine!.viewFor('spectator').stage).toBe('claims');
    expect(t.room.act(2, t.room.viewSeq(2), { type: 'pung' }).ok).toBe(true);
    await t.settle();
    const v = t.room.engine!.viewFor('spectator');
    expect([v.stage, v.turn, v.seats[2].melds.length]).toEqual(['discard', 2, 1]);
  });
});

// L3: the observer discards 7z (nobody can claim it), seat 1 draws 9p and discards. In A3 seat 1
// is one tile from ready (the hard bot ranks its discards by the live tiles that improve the
// hand: a search); in B3 it is far (the cheapest tile). Seats 2 and 3 are the same.
const A3: WallScript = {
  hands: [OBSERVER, '123m456p789s23m5p7s', '369m189p369s2255z', '147m258p147s33z66z'],
  draws: '9p1m9m6m',
  dora: '9m',
};
const B3: WallScript = {
  hands: [OBSERVER, '258m258p258s1234z', '369m189p369s2255z', '147m258p147s33z66z'],
  draws: '9p1m9m6m',
  dora: '9m',
};

describe("room timing: a bot's thinking does not show", () => {
  it('L3: a bot near ready (long search) vs far from it (short): the same stamps', async () => {
    const BOT_DELAY = 900;
    const runs: Table[] = [];
    for (const walls of [[A3], [B3]]) {
      // 0.1 ms of table time per µs of work: the long search (well under a millisecond on a quiet
      // machine) shows as tens of ms if stamps followed the work, while a scheduler's hiccup of a few
      // ms (a loaded CI machine; at 1 ms per µs any pause over 1 ms counted as a stall) stays under
      // the stall rule's second.
      const t = await openTable({ walls, clock: new BusyClock(0.1), options: TIMING, botDelayMs: BOT_DELAY });
      await t.run(1000);
      expect(t.room.act(0, t.room.viewSeq(0), { type: 'discard', tile: tile('7z') }).ok).toBe(true);
      await t.settle();
      expect(mayAnswer(t)).toEqual([]);
      await t.run(5000, () => (viewsIn(t.seats[0]!).at(-1)?.seats[1].discards.length ?? 0) > 0);
      runs.push(t);
    }
    // What the observer can read of times: every deadline it was shown, up to seat 1's discard
    // (the tiles differ: seat 1 discards what its hand says).
    const shown = (t: Table) =>
      viewsIn(t.seats[0]!).map((v) => ({ seq: v.seq, stage: v.stage, turn: v.turn, deadlines: v.deadlines }));
    const thinking = (t: Table) => {
      const views = viewsIn(t.seats[0]!);
      const turn = views.find((v) => v.turn === 1 && v.stage === 'discard')!;
      const discarded = views.find((v) => v.seats[1].discards.length > 0)!;
      const turnStart = turn.deadlines.turn! - TIMING.turnSeconds * 1000;
      const discardStamp = discarded.deadlines.claim! - TIMING.claimMinMs;
      return discardStamp - turnStart - BOT_DELAY;
    };
    const [a, b] = runs as [Table, Table];
    console.log(JSON.stringify({ test: 'L3', shownThinkingMs: { nearReady: thinking(a), farFromReady: thinking(b) } }));
    expect(shown(a)).toEqual(shown(b));
    expect([thinking(a), thinking(b)]).toEqual([0, 0]);
  });
});

describe('room timing: stamps and the ledger', () => {
  it.each([
    ['bots without a pause, no minimum', 0, 0],
    ['bots pausing, with the minimum', 900, 800],
  ])(
    'every stamp follows the last and the clock, a window is one pass, the ledger replays the table: %s',
    async (_why, botDelayMs, claimMinMs) => {
      // Seat 2 is a human who never opens the page: its windows are answered for it, its turns
      // time out and then a bot covers it. Everything else is bots; the first hand is A's.
      const clock = new FloorClock();
      const options = { claimSeconds: 2, claimMinMs, turnSeconds: 3, resultsSeconds: 1 };
      const t = await openTable({ walls: [A], clock, options, botDelayMs, humans: [2], observer: false });
      t.room.detach(2);
      const engine = t.room.engine!;
      let maxPerStep = 0;
      let checked = 0;
      let restored = false;
      for (let step = 0; step < 20_000 && !engine.isOver(); step += 1) {
        const before = engine.log.length;
        clock.advance(Math.max(1, (clock.nextAt() ?? clock.now() + 1) - clock.now()));
        await t.settle();
        maxPerStep = Math.max(maxPerStep, engine.log.length - before);
        for (; checked < engine.log.length; checked += 1) {
          const e = engine.log[checked]!;
          if (checked > 0) expect(e.at).toBeGreaterThanOrEqual(engine.log[checked - 1]!.at);
          expect(e.at).toBeLessThanOrEqual(clock.now());
        }
        if (!restored && engine.log.length > 150) {
          // Halfway: a second room rebuilt from the ledger holds the same table.
          restored = true;
          await ledger.flush();
          const [record, log, hands] = await Promise.all([
            store.loadMatch(t.record.id),
            store.loadLog(t.record.id),
            store.loadHands(t.record.id),
          ]);
          expect(log.map((r) => ({ seq: r.seq, at: r.at, event: r.event }))).toEqual(engine.log);
          const copy = new Room(record!, {
            ledger,
            clock: new ManualClock(),
            log: pino({ level: 'silent' }),
            secret: SECRET,
            botDelayMs,
            engineInternals: { walls: t.walls },
            broadcaster: { seat: () => {}, spectators: () => {}, table: () => {}, seatReplaced: () => {} },
          });
          copy.restore(log, hands.length);
          for (const viewer of [0, 1, 2, 3, 'spectator'] as const) {
            expect(copy.engine!.viewFor(viewer)).toEqual(engine.viewFor(viewer));
          }
          copy.close();
        }
      }
      expect(engine.isOver()).toBe(true);
      expect(restored).toBe(true);
      await ledger.flush();
      const log = await store.loadLog(t.record.id);
      expect(log.map((r) => ({ seq: r.seq, at: r.at, event: r.event }))).toEqual(engine.log);
      const replayed = replayEngine(t.room.config(), engine.log, { walls: t.walls });
      for (const viewer of [0, 1, 2, 3, 'spectator'] as const) {
        expect(replayed.viewFor(viewer)).toEqual(engine.viewFor(viewer));
      }
      console.log(
        JSON.stringify({
          test: 'ledger',
          botDelayMs,
          claimMinMs,
          events: engine.log.length,
          maxEventsPerTimer: maxPerStep,
        }),
      );
      // One timer makes one move, or the answers to one window (three seats at most).
      expect(maxPerStep).toBeLessThanOrEqual(3);
    },
  );
});
