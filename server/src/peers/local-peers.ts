/**
 * Peers in one process: several servers (or test nodes) joined to one `LocalPeerBus` ask each
 * other directly, with the same rules as over Redis: an ask goes to every other member and waits
 * for all of their answers (or fails after `answerMs`), a notice reaches every other member a
 * moment later (never at once, as over the network), and a member never hears itself.
 */
import type { PlayerAction, Seat, SeatLostReason, ServerMessage } from '@mahjong/shared';
import type { Viewer } from '../room.js';
import type { OpAnswer, TableOp } from '../table-ops.js';
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

export class LocalPeerBus {
  readonly members = new Set<PeerAnswers>();
}

export class LocalPeers implements Peers {
  constructor(
    private readonly bus: LocalPeerBus,
    private readonly own: PeerAnswers,
    private readonly answerMs = PEER_ANSWER_MS,
  ) {
    bus.members.add(own);
  }

  /** This member leaves the bus (its process stopped): it is asked nothing more. */
  leave(): void {
    this.bus.members.delete(this.own);
  }

  private others(): PeerAnswers[] {
    return [...this.bus.members].filter((m) => m !== this.own);
  }

  private answers<T>(ask: (peer: PeerAnswers) => T | Promise<T>): Promise<T[]> {
    return withinTime(Promise.all(this.others().map(async (peer) => ask(peer))), this.answerMs);
  }

  private tell(notice: (peer: PeerAnswers) => void): void {
    for (const peer of this.others()) queueMicrotask(() => notice(peer));
  }

  heldElsewhere(): Promise<Set<string> | null> {
    return codesElsewhere(() => this.answers((p) => p.codes()));
  }
  hello(code: string, token: string | undefined): Promise<Admission | null> {
    return ownerAnswer(() => this.answers((p) => p.hello(code, token)));
  }
  act(code: string, seat: Seat, seq: number, action: PlayerAction): Promise<Answer | null> {
    return ownerAnswer(() => this.answers((p) => p.act(code, seat, seq, action)));
  }
  http(
    code: string,
    op: TableOp,
    body: unknown,
    authorization: string,
    playerId: string | null,
  ): Promise<OpAnswer | null> {
    return ownerAnswer(() => this.answers((p) => p.http(code, op, body, authorization, playerId)));
  }
  sync(code: string, viewer: Viewer): Promise<ServerMessage | null> {
    return ownerAnswer(() => this.answers((p) => p.sync(code, viewer)));
  }
  presence(code: string, viewer: Viewer, delta: number): void {
    this.tell((p) => p.presence(code, viewer, delta));
  }
  evict(code: string, seat: Seat, reason: SeatLostReason, keep: string | undefined): void {
    this.tell((p) => p.evict(code, seat, reason, keep));
  }
}
