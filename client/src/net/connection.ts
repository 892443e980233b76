/**
 * The table connection: one socket.io socket speaking the shared protocol. It says hello with the
 * seat token (kept in localStorage per table code, so a reload or a dropped connection gets the
 * same seat back) or as a spectator, keeps the newest view by seq (views after the first come as
 * patches on the one held, `shared/src/view-patch.ts`; one that does not fit asks for the full
 * view), measures the server clock
 * offset by ping, and reports connection state for the banner. socket.io reconnects by itself;
 * after every (re)connect we say hello again, which answers with the full current view.
 *
 * A dead link is told within 3 s: a heartbeat ping every second, a watchdog that calls the link
 * down (and drops the transport, so that socket.io reconnects) when nothing was heard for
 * SILENCE_MS, and the browser's `offline` event at once. An action made while the link is down,
 * or sent into a link that died before it was answered, is not lost: after the welcome of the
 * next connection it is sent again on the fresh view when it is still offered, or handed back
 * (`onReturned`) for the page to say so.
 */
import {
  CLIENT_EVENT,
  applyViewPatch,
  type ClientMessage,
  PROTOCOL_VERSION,
  type PlayerAction,
  type NoticeCode,
  type RefusalCode,
  type RefusalValues,
  SERVER_EVENT,
  type Seat,
  type ServerMessage,
  type TableInfo,
  type TableView,
  type TileKind,
  type BySeat,
} from '@mahjong/shared';
import { io, type Socket } from 'socket.io-client';
import { isOffered } from '../table/actions.js';
import { connectRefusal, retryAfterRefusalMs } from './connect-refusal.js';

/** How often the page pings (the server's pong is the heartbeat it listens for). */
export const HEARTBEAT_MS = 1000;
/** Nothing heard for this long: the link is down (with the check's own period, within 3 s). */
export const SILENCE_MS = 2500;

export interface SeatTicket {
  readonly seat: Seat;
  readonly token: string;
  readonly name: string;
}

const seatsKey = (code: string) => `mj.seats.${code.toUpperCase()}`;
const tabKey = (code: string) => `mj.seat.${code.toUpperCase()}`;
const hostKey = (code: string) => `mj.host.${code.toUpperCase()}`;

function seatMap(code: string): Record<string, SeatTicket> {
  try {
    return JSON.parse(localStorage.getItem(seatsKey(code)) ?? '{}') as Record<string, SeatTicket>;
  } catch {
    return {};
  }
}

/**
 * Keeps a seat token: in this browser per table and seat (localStorage, so a reopened page gets
 * the seat back), and which seat this tab plays (sessionStorage, so four tabs of one browser can
 * hold four different seats).
 */
export function saveTicket(code: string, ticket: SeatTicket): void {
  localStorage.setItem(seatsKey(code), JSON.stringify({ ...seatMap(code), [ticket.seat]: ticket }));
  sessionStorage.setItem(tabKey(code), String(ticket.seat));
}

/**
 * The seat ticket to use: the seat named in the page address, else this tab's seat, else the
 * first seat this browser holds at that table (a seat is for life in this browser: a reopened
 * invite link or table page finds it).
 */
export function loadTicket(code: string, seat?: number | null): SeatTicket | null {
  const map = seatMap(code);
  if (seat !== undefined && seat !== null) return map[seat] ?? null;
  const mine = sessionStorage.getItem(tabKey(code));
  if (mine !== null && map[mine]) return map[mine] ?? null;
  return heldSeats(code)[0] ?? null;
}

/** Every seat this browser holds at a table, by seat number. */
export function heldSeats(code: string): SeatTicket[] {
  return Object.values(seatMap(code))
    .filter((t) => typeof t?.seat === 'number' && typeof t.token === 'string')
    .sort((a, b) => a.seat - b.seat);
}
export const saveHostToken = (code: string, token: string): void => localStorage.setItem(hostKey(code), token);
export const loadHostToken = (code: string): string | null => localStorage.getItem(hostKey(code));

export type LinkState = 'connecting' | 'open' | 'down';

/** Why this page no longer holds its seat (the server's `seat-lost`). */
export type SeatLost = Extract<ServerMessage, { type: 'seat-lost' }>['reason'];

export interface ConnectionEvents {
  onView(view: TableView, hands: BySeat<readonly TileKind[]> | null): void;
  onTable(table: TableInfo): void;
  onLink(state: LinkState, attempt: number): void;
  /** A refusal: its code and the values its words name (`i18n/refusals.ts` says it); the English `message` is for logs. */
  onRefused(code: RefusalCode, message: string, values?: RefusalValues): void;
  /** Another page took this seat: nothing is sent for it until `hello()` takes it back. */
  onSeatLost?(reason: SeatLost): void;
  /** Server trouble (`ledger/paused`) and its end (`ledger/resumed`, a fresh welcome follows). */
  onNotice?(code: NoticeCode, message: string): void;
  /** The seat changed pages too often: another page wants it, and gets it only if `handOver()` is called. */
  onTakeoverAsked?(): void;
  /** An action made while the link was down could not be sent: the table moved on without it. */
  onReturned?(action: PlayerAction): void;
}

/** The page's last action whose effect has not been seen: held while the link is down. */
interface Pending {
  readonly action: PlayerAction;
  readonly seq: number;
  readonly hand: number;
  /** Made while the link was down (never emitted), or refused as made on a view the table left. */
  readonly held: boolean;
  /** The link it went out on (`TableConnection.epoch`), and its id. */
  readonly epoch: number;
  readonly id: number;
}

export class TableConnection {
  readonly socket: Socket;
  role: Seat | 'spectator' | null = null;
  view: TableView | null = null;
  /** serverTime - localTime, from the last pong (ms). */
  clockOffset = 0;
  private nextId = 1;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private watchTimer: ReturnType<typeof setInterval> | null = null;
  private attempts = 0;
  /** When the server was last heard from (any message, or the connection opening). */
  private lastHeard = Date.now();
  /** The link is known down: actions are held, not emitted, until the next welcome. */
  private down = true;
  private pending: Pending | null = null;
  /** Counts the links: one more each time the link goes down. */
  private epoch = 0;
  /** Connections refused in a row by the server (`connect-refusal.ts`), and the next try's timer. */
  private refusedConnects = 0;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly onOffline = () => this.stalled();
  private readonly onOnline = () => {
    if (!this.socket.connected) this.socket.connect();
  };

  constructor(
    readonly code: string,
    private readonly ticket: SeatTicket | null,
    private readonly events: ConnectionEvents,
    url?: string,
  ) {
    this.socket = io(url ?? '/', {
      transports: ['websocket', 'polling'],
      reconnectionDelay: 400,
      reconnectionDelayMax: 3000,
    });
    this.socket.on('connect', () => {
      this.attempts = 0;
      this.refusedConnects = 0;
      this.lastHeard = Date.now();
      this.down = false;
      this.events.onLink('open', 0);
      // A page whose seat was taken elsewhere stays quiet until the player takes it back.
      if (this.lost === null) this.hello();
      this.ping();
    });
    this.socket.on('disconnect', () => {
      if (!this.down) this.epoch += 1;
      this.down = true;
      this.events.onLink('down', this.attempts);
    });
    // Refused by the server as it connected (the address's sockets at their cap): said, and tried
    // again later; socket.io would leave the socket closed. A transport's failure it retries itself.
    this.socket.on('connect_error', (err) => {
      if (this.socket.active) return;
      const refusal = connectRefusal(err);
      if (refusal) this.events.onRefused(refusal.code, refusal.message, refusal.values);
      this.connectLater();
    });
    this.socket.io.on('reconnect_attempt', (n) => {
      this.attempts = n;
      this.events.onLink('down', n);
    });
    this.socket.on(SERVER_EVENT, (msg: ServerMessage) => {
      this.lastHeard = Date.now();
      this.receive(msg);
    });
    this.pingTimer = setInterval(() => this.ping(), HEARTBEAT_MS);
    this.watchTimer = setInterval(() => {
      if (this.socket.connected && Date.now() - this.lastHeard > SILENCE_MS) this.stalled();
    }, HEARTBEAT_MS / 2);
    if (typeof window !== 'undefined') {
      window.addEventListener('offline', this.onOffline);
      window.addEventListener('online', this.onOnline);
    }
    this.events.onLink('connecting', 0);
  }

  /**
   * The link is dead though the socket has not noticed (no heartbeat, or the browser went
   * offline): say so now, and drop the transport so that socket.io reconnects (and greets again).
   */
  private stalled(): void {
    if (this.down) return;
    this.down = true;
    this.epoch += 1;
    this.events.onLink('down', this.attempts);
    this.socket.io.engine?.close();
  }

  private connectLater(): void {
    if (this.connectTimer !== null) return;
    const delay = retryAfterRefusalMs(this.refusedConnects);
    this.refusedConnects += 1;
    this.connectTimer = setTimeout(() => {
      this.connectTimer = null;
      if (!this.socket.active) this.socket.connect();
    }, delay);
  }

  /** Set when the seat was taken by another page; cleared by `hello()`. */
  lost: SeatLost | null = null;

  private helloRetries = 0;
  private helloTimer: ReturnType<typeof setTimeout> | null = null;

  /** A refused hello again after 1, 2, 4... seconds (at most 30), while the page is open. */
  private helloLater(): void {
    if (this.helloTimer !== null) return;
    const delay = Math.min(30_000, 1000 * 2 ** this.helloRetries);
    this.helloRetries += 1;
    this.helloTimer = setTimeout(() => {
      this.helloTimer = null;
      if (this.role === null && this.lost === null && this.socket.connected) this.hello();
    }, delay);
  }

  /** Says hello with the seat token (or as a spectator): also takes the seat back ("Play here"). */
  hello(): void {
    this.lost = null;
    this.send({
      type: 'hello',
      v: PROTOCOL_VERSION,
      code: this.code,
      ...(this.ticket ? { token: this.ticket.token } : {}),
    });
  }

  private send(msg: ClientMessage): void {
    this.socket.emit(CLIENT_EVENT, msg);
  }

  private ping(): void {
    if (this.socket.connected) this.send({ type: 'ping', t: Date.now() });
  }

  private receive(msg: ServerMessage): void {
    switch (msg.type) {
      case 'welcome':
        this.role = msg.role;
        this.helloRetries = 0;
        this.events.onTable(msg.table);
        if (msg.view) this.accept(msg.view, msg.hands ?? null, true);
        this.resend();
        break;
      case 'view':
        this.accept(msg.view, msg.hands ?? null, false);
        break;
      case 'patch': {
        const view = applyViewPatch(this.view, msg);
        if (view) this.accept(view, null, false);
        // Made for a view this page does not hold, and newer than it: the full view is asked for.
        else if (this.view === null || msg.seq > this.view.seq) this.send({ type: 'sync' });
        break;
      }
      case 'table':
        this.events.onTable(msg.table);
        break;
      case 'refused':
        if (msg.code === 'auth/already_joined') return; // a recovered session: our seat is still ours
        // A hello refused for the address's limits (someone at the same address mistyped codes):
        // greet again, later and later, instead of leaving the seat to a bot.
        if (msg.code === 'msg/rate_limited' && this.role === null && msg.id === undefined) this.helloLater();
        // The page holding the seat was asked to hand it over: greet again until it has.
        if (msg.code === 'auth/seat_held') this.helloLater();
        if (msg.code === 'act/stale_seq') {
          // Made on a view the table had left (sent into a link that was dying): the sync's
          // answer says whether it is still offered, and it goes again or comes back.
          const p = this.pending;
          if (p && p.id === msg.id) this.pending = { ...p, held: true };
          this.send({ type: 'sync' });
        }
        this.events.onRefused(msg.code, msg.message, msg.values);
        break;
      case 'seat-lost':
        this.lost = msg.reason;
        this.role = null;
        this.events.onSeatLost?.(msg.reason);
        break;
      case 'notice':
        this.events.onNotice?.(msg.code, msg.message);
        break;
      case 'takeover-asked':
        this.events.onTakeoverAsked?.();
        break;
      case 'pong': {
        const now = Date.now();
        this.clockOffset = msg.serverTime - (msg.t + now) / 2;
        break;
      }
    }
  }

  /** Keeps the newest view; a welcome (full state) always wins, older seqs are dropped. */
  private accept(view: TableView, hands: BySeat<readonly TileKind[]> | null, full: boolean): void {
    if (!full && this.view && view.seq <= this.view.seq && view.handNumber === this.view.handNumber) return;
    this.view = view;
    // A view where the action that went out is offered no more answers it (taken, or moved on).
    if (!full && this.pending && !this.pending.held && !isOffered(view, this.pending.action)) this.pending = null;
    this.events.onView(view, hands);
  }

  /** Lets the page that asked for this seat (`onTakeoverAsked`) take it. */
  handOver(): void {
    this.send({ type: 'hand-over' });
  }

  /**
   * After a welcome: the action the link lost goes again on the fresh view when it is still
   * offered there (re-based onto its seq; the server checks it as any other), else it is handed
   * back. One the server already took is offered no more, so it is never made twice.
   */
  private resend(): void {
    const p = this.pending;
    const view = this.view;
    if (!p || !view || typeof this.role !== 'number') return;
    // Out on this very link and not answered yet: its answer is still to come.
    if (!p.held && p.epoch === this.epoch) return;
    this.pending = null;
    if (view.handNumber === p.hand && isOffered(view, p.action)) this.emitAct(p.action, view.seq);
    // Not offered any more. One held (never sent, or refused as stale) was surely not taken: it
    // comes back with a word. One lost with a link may have been taken: the view shows which.
    else if (p.held) this.events.onReturned?.(p.action);
  }

  private emitAct(action: PlayerAction, seq: number): number {
    const id = this.nextId++;
    this.pending = { action, seq, hand: this.view?.handNumber ?? 0, held: false, epoch: this.epoch, id };
    this.send({ type: 'act', seat: this.role as Seat, seq, action, id });
    return id;
  }

  /**
   * Sends one of the actions the server offered, for the view it was offered in; while the link
   * is down it is held and goes (or comes back) after the next welcome.
   */
  act(action: PlayerAction): number | null {
    const view = this.view;
    if (!view || typeof this.role !== 'number') return null;
    if (this.down || !this.socket.connected) {
      const id = this.nextId++;
      this.pending = { action, seq: view.seq, hand: view.handNumber, held: true, epoch: this.epoch, id };
      return id;
    }
    return this.emitAct(action, view.seq);
  }

  /** Whether an action is held for the link to come back. */
  get holding(): boolean {
    return this.pending?.held === true && this.down;
  }

  serverNow(): number {
    return Date.now() + this.clockOffset;
  }

  close(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.watchTimer) clearInterval(this.watchTimer);
    if (typeof window !== 'undefined') {
      window.removeEventListener('offline', this.onOffline);
      window.removeEventListener('online', this.onOnline);
    }
    if (this.helloTimer) clearTimeout(this.helloTimer);
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.socket.close();
  }
}
