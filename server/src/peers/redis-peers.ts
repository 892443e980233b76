/**
 * Peers over the socket.io adapter (Redis in a cluster): asks are server-side events with an
 * acknowledgement from every other process, notices are server-side events without one. What
 * arrives is checked for shape before it reaches this process's answers.
 */
import type { PlayerAction, Seat, SeatLostReason, ServerMessage } from '@mahjong/shared';
import type { Server } from 'socket.io';
import type { Viewer } from '../room.js';
import { isTableOp, type OpAnswer, type TableOp } from '../table-ops.js';
import {
  type Admission,
  type Answer,
  codesElsewhere,
  ownerAnswer,
  PEER_ANSWER_MS,
  type PeerAnswers,
  type Peers,
  withinTime,
} from './peers.js';

const isSeat = (v: unknown): v is Seat => v === 0 || v === 1 || v === 2 || v === 3;

export class RedisPeers implements Peers {
  constructor(
    private readonly io: Server,
    answers: PeerAnswers,
    private readonly answerMs = PEER_ANSWER_MS,
  ) {
    const code = (v: unknown): string | null => (typeof v === 'string' ? v : null);
    io.on('mj:evict', (c: unknown, seat: unknown, reason: unknown, keep: unknown) => {
      if (code(c) === null || !isSeat(seat)) return;
      if (reason !== 'opened_elsewhere' && reason !== 'replaced') return;
      answers.evict(c as string, seat, reason, typeof keep === 'string' ? keep : undefined);
    });
    io.on('mj:hello', (c: unknown, token: unknown, cb: (a: Admission | null) => void) => {
      if (code(c) === null) return cb(null);
      void answers.hello(c as string, typeof token === 'string' ? token : undefined).then(cb);
    });
    io.on('mj:act', (c: unknown, seat: Seat, seq: number, action: PlayerAction, cb: (a: Answer | null) => void) => {
      cb(code(c) === null ? null : answers.act(c as string, seat, seq, action));
    });
    io.on('mj:sync', (c: unknown, viewer: Viewer, cb: (m: ServerMessage | null) => void) => {
      if (code(c) === null) return cb(null);
      void answers.sync(c as string, viewer).then(cb);
    });
    io.on(
      'mj:http',
      (c: unknown, op: unknown, body: unknown, auth: unknown, player: unknown, cb: (a: OpAnswer | null) => void) => {
        if (code(c) === null || !isTableOp(op)) return cb(null);
        // (The player id comes from the process that verified the player's key: peers are trusted.)
        const playerId = typeof player === 'string' ? player : null;
        void answers.http(c as string, op, body, typeof auth === 'string' ? auth : '', playerId).then(cb);
      },
    );
    io.on('mj:codes', (cb: (codes: string[]) => void) => {
      cb(answers.codes());
    });
    io.on('mj:presence', (c: unknown, viewer: Viewer, delta: number) => {
      if (code(c) !== null) answers.presence(c as string, viewer, delta);
    });
  }

  /**
   * Every peer's answer to `ev`. While Redis is away the adapter's request waits for the
   * connection; a process asking is not held longer than `answerMs` (it counts as no answer).
   */
  private answers<T>(ev: string, ...args: unknown[]): Promise<T[]> {
    const emit = this.io.serverSideEmitWithAck as (e: string, ...a: unknown[]) => Promise<unknown[]>;
    return withinTime(emit.call(this.io, ev, ...args) as Promise<T[]>, this.answerMs);
  }

  heldElsewhere(): Promise<Set<string> | null> {
    return codesElsewhere(() => this.answers<string[]>('mj:codes'));
  }
  hello(code: string, token: string | undefined): Promise<Admission | null> {
    return ownerAnswer(() => this.answers<Admission | null>('mj:hello', code, token ?? null));
  }
  act(code: string, seat: Seat, seq: number, action: PlayerAction): Promise<Answer | null> {
    return ownerAnswer(() => this.answers<Answer | null>('mj:act', code, seat, seq, action));
  }
  http(
    code: string,
    op: TableOp,
    body: unknown,
    authorization: string,
    playerId: string | null,
  ): Promise<OpAnswer | null> {
    return ownerAnswer(() => this.answers<OpAnswer | null>('mj:http', code, op, body, authorization, playerId));
  }
  sync(code: string, viewer: Viewer): Promise<ServerMessage | null> {
    return ownerAnswer(() => this.answers<ServerMessage | null>('mj:sync', code, viewer));
  }
  presence(code: string, viewer: Viewer, delta: number): void {
    this.io.serverSideEmit('mj:presence', code, viewer, delta);
  }
  evict(code: string, seat: Seat, reason: SeatLostReason, keep: string | undefined): void {
    this.io.serverSideEmit('mj:evict', code, seat, reason, keep ?? null);
  }
}
