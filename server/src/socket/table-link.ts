/**
 * The table a socket is at, wherever it lives: a room of this process, or one a peer of the
 * cluster holds (`peers/peers.ts`). The socket's handlers ask it, not "room here or peer there"
 * each time. A table held here answers at once, not a tick later: a socket's messages are then
 * answered in the order they came (a `ping` sent after a `sync` is answered after it).
 */
import type { PlayerAction, Seat, ServerMessage } from '@mahjong/shared';
import type { Answer, Peers } from '../peers/peers.js';
import type { Room, Viewer } from '../room.js';
import type { Tables } from '../tables.js';
import { answer } from './admit.js';

/** A value at once (a table held here), or a promise of it (a peer's answer). */
export type Awaitable<T> = T | Promise<T>;

/** Runs `then` on `value` at once when it is there, else once it resolves. */
export function whenReady<T, R>(value: Awaitable<T>, then: (v: T) => R): Awaitable<R> {
  return value instanceof Promise ? value.then(then) : then(value);
}

const TABLE_GONE: Answer = { ok: false, code: 'table/not_found', message: 'the table is gone' };

export interface TableLink {
  /** The room, when this process holds the table. */
  readonly room: Room | undefined;
  /** The full view for `viewer` (null: nobody holds the table). */
  welcome(viewer: Viewer): Awaitable<ServerMessage | null>;
  act(seat: Seat, seq: number, action: PlayerAction): Awaitable<Answer>;
  /**
   * A socket of `viewer` came (+1) or went (-1): counted where the table lives (`remote`: the
   * socket joined through a peer). False when nobody holds the table to count it.
   */
  presence(viewer: Viewer, delta: 1 | -1, remote: boolean): boolean;
}

export function linkTo(tables: Tables, peers: Peers | null, code: string): TableLink {
  const room = tables.get(code);
  if (room) {
    return {
      room,
      welcome: (viewer) => room.welcome(viewer),
      act: (seat, seq, action) => answer(room.act(seat, seq, action)),
      presence: (viewer, delta) => {
        if (delta > 0) room.attach(viewer);
        else room.detach(viewer);
        return true;
      },
    };
  }
  return {
    room: undefined,
    welcome: async (viewer) => (await peers?.sync(code, viewer)) ?? null,
    act: async (seat, seq, action) => (await peers?.act(code, seat, seq, action)) ?? TABLE_GONE,
    presence: (viewer, delta, remote) => {
      if (remote) peers?.presence(code, viewer, delta);
      return remote;
    },
  };
}
