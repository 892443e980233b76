/**
 * Which tables held here may have sockets on other processes of the cluster: only their
 * broadcasts go through the socket.io adapter (Redis). Every room emit through the Redis adapter
 * is published, and each other process decodes it to look for sockets of its own in the room; a
 * table whose sockets are all here is sent to them directly (`io.local`).
 *
 * A socket reaches a table held elsewhere only through its holder: the holder admits it (a peer's
 * `hello`), answers its `sync` and `act`, and is told when a recovered socket counts in again
 * (`presence`). The first of these marks the table for good, while it is held here: counting
 * sockets in and out instead could go wrong when notices arrive out of order (a page that
 * reconnects at once), and a socket not sent a view would stall. A table brought back here
 * (restart, takeover) has every page of it reconnect and greet again (`app/rooms.ts`), which marks
 * it again if any of them lands elsewhere.
 */
export class RemoteAudience {
  private readonly marked = new Set<string>();
  /** Size at which codes no longer held here are forgotten (doubling, so each pass pays for itself). */
  private pruneAt = 1024;

  constructor(private readonly heldHere: (code: string) => boolean) {}

  /** A peer asked about the table: a socket of another process may be in its rooms. */
  mark(code: string): void {
    if (this.marked.has(code)) return;
    this.marked.add(code);
    if (this.marked.size < this.pruneAt) return;
    // A table not held here sends nothing from here; held here again, it is marked again.
    for (const c of this.marked) if (!this.heldHere(c)) this.marked.delete(c);
    this.pruneAt = Math.max(1024, this.marked.size * 2);
  }

  /** Must the table's broadcasts go through the adapter to other processes? */
  reaches(code: string): boolean {
    return this.marked.has(code);
  }
}
