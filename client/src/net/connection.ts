/**
 * The table connection: one socket.io socket speaking the shared protocol. It says hello with the
 * seat token (kept in localStorage per table code, so a reload or a dropped connection gets the
 * same seat back) or as a spectator, keeps the newest view by seq, measures the server clock
 * offset by ping, and reports connection state for the banner. socket.io reconnects by itself;
 * after every (re)connect we say hello again, which answers with the full current view.
 */
import {
  CLIENT_EVENT,
  type ClientMessage,
  PROTOCOL_VERSION,
  type PlayerAction,
  type NoticeCode,
  type RefusalCode,
  SERVER_EVENT,
  type Seat,
  type ServerMessage,
  type TableInfo,
  type TableView,
  type TileKind,
  type BySeat,
} from '@mahjong/shared';
import { io, type Socket } from 'socket.io-client';

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
  onRefused(code: RefusalCode, message: string): void;
  /** Another page took this seat: nothing is sent for it until `hello()` takes it back. */
  onSeatLost?(reason: SeatLost): void;
  /** Server trouble (`ledger/paused`) and its end (`ledger/resumed`, a fresh welcome follows). */
  onNotice?(code: NoticeCode, message: string): void;
  /** The seat changed pages too often: another page wants it, and gets it only if `handOver()` is called. */
  onTakeoverAsked?(): void;
}

export class TableConnection {
  readonly socket: Socket;
  role: Seat | 'spectator' | null = null;
  view: TableView | null = null;
  /** serverTime - localTime, from the last pong (ms). */
  clockOffset = 0;
  private nextId = 1;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private attempts = 0;

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
      this.events.onLink('open', 0);
      // A page whose seat was taken elsewhere stays quiet until the player takes it back.
      if (this.lost === null) this.hello();
      this.ping();
    });
    this.socket.on('disconnect', () => this.events.onLink('down', this.attempts));
    this.socket.io.on('reconnect_attempt', (n) => {
      this.attempts = n;
      this.events.onLink('down', n);
    });
    this.socket.on(SERVER_EVENT, (msg: ServerMessage) => this.receive(msg));
    this.pingTimer = setInterval(() => this.ping(), 5000);
    this.events.onLink('connecting', 0);
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
        break;
      case 'view':
        this.accept(msg.view, msg.hands ?? null, false);
        break;
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
        if (msg.code === 'act/stale_seq') this.send({ type: 'sync' });
        this.events.onRefused(msg.code, msg.message);
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
    this.events.onView(view, hands);
  }

  /** Lets the page that asked for this seat (`onTakeoverAsked`) take it. */
  handOver(): void {
    this.send({ type: 'hand-over' });
  }

  /** Sends one of the actions the server offered, for the view it was offered in. */
  act(action: PlayerAction): number | null {
    const view = this.view;
    if (!view || typeof this.role !== 'number') return null;
    const id = this.nextId++;
    this.send({ type: 'act', seat: this.role, seq: view.seq, action, id });
    return id;
  }

  serverNow(): number {
    return Date.now() + this.clockOffset;
  }

  close(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.helloTimer) clearTimeout(this.helloTimer);
    this.socket.close();
  }
}
