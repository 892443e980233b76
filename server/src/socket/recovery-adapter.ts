/**
 * socket.io's adapter for one process, keeping what a dropped socket may recover for no longer
 * than it may recover it.
 *
 * With connection state recovery, socket.io's own adapter keeps every packet it sends (every
 * view, every welcome) for a session that comes back, and drops the expired ones once a minute:
 * a packet lived up to 70 s for a 10 s window. At 1,000 tables that is about 10 MB of views a
 * second held for a minute or more. Here the expired packets are dropped as new ones come (at
 * most once a second), which is what socket.io does at its minute's tick, only sooner: a session
 * whose last packet has expired starts afresh, as it would after the tick (our page then says
 * hello and gets the full view).
 */
import { type PrivateSessionId, type Session, SessionAwareAdapter } from 'socket.io-adapter';

type Packet = Parameters<SessionAwareAdapter['broadcast']>[0];
type BroadcastOptions = Parameters<SessionAwareAdapter['broadcast']>[1];

/** socket.io-adapter's record of a sent packet (not exported by it). */
interface KeptPacket {
  readonly emittedAt: number;
}

export class RecoveryAdapter extends SessionAwareAdapter {
  private prunedAt = 0;

  override broadcast(packet: Packet, opts: BroadcastOptions): void {
    super.broadcast(packet, opts);
    // Wall-clock time, as socket.io stamps its packets and sessions with it.
    const now = Date.now();
    if (now - this.prunedAt < 1000) return;
    this.prunedAt = now;
    this.dropExpired(now);
  }

  /**
   * A session comes back once. socket.io-adapter keeps a restored session until it expires, so
   * its private id and an offset could bring it back again and again within the window, each time
   * as another socket with the same id (the second replaces the first in the namespace's map and
   * leaves it connected but unlisted). Forgotten once restored: the socket persists it anew when
   * it goes.
   */
  override restoreSession(pid: PrivateSessionId, offset: string): Promise<Session> {
    const restored = super.restoreSession(pid, offset);
    const sessions = (this as unknown as { sessions?: unknown }).sessions;
    // (null when there was nothing to restore; another version's layout keeps its sessions.)
    if ((restored as Promise<Session> | null) !== null && sessions instanceof Map) sessions.delete(pid);
    return restored;
  }

  /**
   * Drops the packets no session can recover any more (they are in the order sent). Reads the
   * parent's own fields, which socket.io-adapter does not export: `recovery-adapter.test.ts`
   * fails if a version of it keeps its packets elsewhere.
   */
  private dropExpired(now: number): void {
    const self = this as unknown as { packets: KeptPacket[]; maxDisconnectionDuration: number };
    const threshold = now - self.maxDisconnectionDuration;
    const packets = self.packets;
    // (Another version's layout: keep everything, as socket.io would, rather than fail a send.)
    if (!Array.isArray(packets)) return;
    let lo = 0;
    let hi = packets.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (packets[mid]!.emittedAt < threshold) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) packets.splice(0, lo);
  }
}
