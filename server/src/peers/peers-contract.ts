/**
 * The contract every carrier of cross-process room traffic keeps, as one vitest suite run
 * against each implementation (`local-peers.test.ts` in-process, `redis-peers.redis.test.ts`
 * over the real Redis). Three members each answer for the tables they hold (`Member`); what one
 * asks must reach the owner alone, arguments intact, and never come back to itself.
 */
import type { PlayerAction, Seat, SeatLostReason, ServerMessage } from '@mahjong/shared';
import { afterEach, describe, expect, it } from 'vitest';
import type { Viewer } from '../room.js';
import type { OpAnswer, TableOp } from '../table-ops.js';
import type { Admission, Answer, PeerAnswers, Peers } from './peers.js';

/** A member's answers: each says which member gave it and what it was asked. */
export class Member implements PeerAnswers {
  /** The notices heard (presence, evict), in order. */
  readonly heard: unknown[][] = [];
  /** The asks answered (any member is asked; only the owner answers with something). */
  readonly asked: string[] = [];
  /** Set: this member's asks never answer (a stalled process). */
  stalled = false;

  constructor(
    readonly name: string,
    readonly held: ReadonlySet<string>,
  ) {}

  private wait<T>(value: T): Promise<T> {
    return this.stalled ? new Promise<T>(() => {}) : Promise.resolve(value);
  }

  hello(code: string, token: string | undefined): Promise<Admission | null> {
    this.asked.push(`hello ${code}`);
    const pong: ServerMessage = { type: 'pong', t: 7, serverTime: 8 };
    return this.wait(
      this.held.has(code) ? { ok: true, viewer: 2, nonce: `${this.name}:${token ?? 'none'}`, welcome: pong } : null,
    );
  }
  act(code: string, seat: Seat, seq: number, action: PlayerAction): Answer | null {
    this.asked.push(`act ${code}`);
    if (!this.held.has(code)) return null;
    return { ok: false, code: 'act/illegal', message: `${this.name}:${seat}:${seq}:${JSON.stringify(action)}` };
  }
  sync(code: string, viewer: Viewer): Promise<ServerMessage | null> {
    this.asked.push(`sync ${code}`);
    return this.wait(
      this.held.has(code) ? { type: 'notice', code: 'ledger/resumed', message: `${this.name}:${viewer}` } : null,
    );
  }
  http(
    code: string,
    op: TableOp,
    body: unknown,
    authorization: string,
    playerId: string | null,
  ): Promise<OpAnswer | null> {
    this.asked.push(`http ${code}`);
    return this.wait(
      this.held.has(code) ? { status: 201, body: { by: this.name, op, body, authorization, playerId } } : null,
    );
  }
  codes(): string[] {
    return [...this.held];
  }
  presence(code: string, viewer: Viewer, delta: number): void {
    this.heard.push(['presence', code, viewer, delta]);
  }
  evict(code: string, seat: Seat, reason: SeatLostReason, keep: string | undefined): void {
    this.heard.push(['evict', code, seat, reason, keep]);
  }
}

export interface PeerNet {
  /** One `Peers` per member, in the members' order. */
  readonly peers: readonly Peers[];
  close(): Promise<void>;
}

/** Joins the members (each answering with its `Member`) and resolves once each hears the others. */
export type OpenPeers = (members: readonly PeerAnswers[], answerMs: number) => Promise<PeerNet>;

const until = async (ok: () => boolean, ms = 5000): Promise<void> => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

export function peersContract(name: string, open: OpenPeers): void {
  describe(`Peers contract: ${name}`, () => {
    let net: PeerNet | null = null;
    afterEach(async () => {
      await net?.close();
      net = null;
    });
    const three = async (answerMs = 3000) => {
      const members = [
        new Member('a', new Set(['AAAA'])),
        new Member('b', new Set(['BBBB', 'BBB2'])),
        new Member('c', new Set()),
      ];
      net = await open(members, answerMs);
      return { members, peers: net.peers };
    };

    it('an ask reaches the owner of the table, arguments intact, and its answer comes back', async () => {
      const { peers } = await three();
      const [a] = peers as [Peers];
      expect(await a.hello('BBBB', 'tok')).toEqual({
        ok: true,
        viewer: 2,
        nonce: 'b:tok',
        welcome: { type: 'pong', t: 7, serverTime: 8 },
      });
      expect(await a.hello('BBBB', undefined)).toMatchObject({ ok: true, nonce: 'b:none' });
      expect(await a.act('BBBB', 3, 41, { type: 'discard', tile: 5 } as PlayerAction)).toEqual({
        ok: false,
        code: 'act/illegal',
        message: `b:3:41:${JSON.stringify({ type: 'discard', tile: 5 })}`,
      });
      expect(await a.sync('BBB2', 'spectator')).toEqual({
        type: 'notice',
        code: 'ledger/resumed',
        message: 'b:spectator',
      });
      expect(await a.http('BBBB', 'join', { name: 'Ann' }, 'Bearer x', 'p1')).toEqual({
        status: 201,
        body: { by: 'b', op: 'join', body: { name: 'Ann' }, authorization: 'Bearer x', playerId: 'p1' },
      });
    });

    it('a table nobody else holds is answered with null, also the asker’s own', async () => {
      const { members, peers } = await three();
      const [a] = peers as [Peers];
      expect(await a.hello('ZZZZ', undefined)).toBeNull();
      expect(await a.act('ZZZZ', 0, 1, { type: 'pass' })).toBeNull();
      expect(await a.sync('ZZZZ', 0)).toBeNull();
      expect(await a.http('ZZZZ', 'start', null, '', null)).toBeNull();
      // A member never hears itself: its own table is not "elsewhere".
      expect(await a.hello('AAAA', undefined)).toBeNull();
      expect(members[0]!.asked).toEqual([]);
      expect(members[1]!.asked).toContain('hello ZZZZ');
      expect(members[2]!.asked).toContain('http ZZZZ');
    });

    it('the codes held elsewhere are every other member’s, not the asker’s', async () => {
      const { peers } = await three();
      expect(await peers[0]!.heldElsewhere()).toEqual(new Set(['BBBB', 'BBB2']));
      expect(await peers[2]!.heldElsewhere()).toEqual(new Set(['AAAA', 'BBBB', 'BBB2']));
    });

    it('presence and evictions reach every other member, in order, and not the sender', async () => {
      const { members, peers } = await three();
      const [a] = peers as [Peers];
      a.presence('BBBB', 1, 1);
      a.evict('BBBB', 1, 'opened_elsewhere', 'socket-1');
      a.presence('BBBB', 'spectator', -1);
      a.evict('BBBB', 2, 'replaced', undefined);
      const expected = [
        ['presence', 'BBBB', 1, 1],
        ['evict', 'BBBB', 1, 'opened_elsewhere', 'socket-1'],
        ['presence', 'BBBB', 'spectator', -1],
        ['evict', 'BBBB', 2, 'replaced', undefined],
      ];
      await until(() => members[1]!.heard.length === 4 && members[2]!.heard.length === 4);
      expect(members[1]!.heard).toEqual(expected);
      expect(members[2]!.heard).toEqual(expected);
      expect(members[0]!.heard).toEqual([]);
    });

    it('a member that does not answer in time makes the ask answer null, not hang', async () => {
      const { members, peers } = await three(300);
      members[2]!.stalled = true;
      const started = Date.now();
      expect(await peers[0]!.hello('BBBB', 'tok')).toBeNull();
      expect(await peers[0]!.sync('BBBB', 1)).toBeNull();
      expect(Date.now() - started).toBeLessThan(5000);
      // Once it answers again, so does the owner's ask.
      members[2]!.stalled = false;
      expect(await peers[0]!.hello('BBBB', 'tok')).toMatchObject({ ok: true, nonce: 'b:tok' });
    });
  });
}
