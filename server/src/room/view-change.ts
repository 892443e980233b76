/**
 * Did a slot's view change? The room numbers each recipient's views by its own counter, stepped
 * only when what that recipient may see changed (`Room.number`). Comparing the new view with the
 * last one structurally costs a walk that stops at the first difference and skips every part
 * shared with the last view: the engine never mutates its state and hands out the same arrays for
 * the same parts (`server/src/table/view.ts`), so most of a view is the very object it was last
 * time. Serialising each view to compare it (as before) cost a string per slot per event.
 *
 * Equality is that of JSON: a property set to `undefined` is the same as no property.
 */
import type { SeatPublicView, TableView } from '@mahjong/shared';

/** Same JSON text, without writing it: plain data only (objects, arrays, strings, numbers, booleans, null). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  return sameFields(a as Record<string, unknown>, b as Record<string, unknown>, null);
}

/** Same fields but `skip` (a property missing or undefined on either side counts as absent). */
function sameFields(a: Record<string, unknown>, b: Record<string, unknown>, skip: string | null): boolean {
  let defined = 0;
  for (const k in a) {
    const v = a[k];
    if (v === undefined || k === skip) continue;
    defined += 1;
    if (!sameData(v, b[k])) return false;
  }
  // Every defined field of `a` is in `b` alike; `b` must have no other defined field.
  for (const k in b) if (b[k] !== undefined && k !== skip) defined -= 1;
  return defined === 0;
}

/**
 * The same view for its recipient, but for its counter (`seq`) and who is connected: presence is
 * told by the lobby info at once, and a view sent for it alone would show when somebody could
 * claim (an answer that leaves a window open would be followed by a view whenever a page
 * (dis)connected since the last one).
 */
export function sameView(a: TableView, b: TableView): boolean {
  const ra = a as unknown as Record<string, unknown>;
  const rb = b as unknown as Record<string, unknown>;
  for (const k in ra) {
    if (k === 'seq' || k === 'seats') continue;
    if (!sameData(ra[k], rb[k])) return false;
  }
  for (const k in rb) if (k !== 'seq' && k !== 'seats' && rb[k] !== undefined && !(k in ra)) return false;
  if (a.seats.length !== b.seats.length) return false;
  for (let i = 0; i < a.seats.length; i++) {
    const sa = a.seats[i] as unknown as Record<string, unknown>;
    const sb = b.seats[i] as unknown as Record<string, unknown>;
    if (sa !== sb && !sameFields(sa, sb, 'connected')) return false;
  }
  return true;
}

/**
 * The engine's public seats with who is connected, made once per change: the engine hands out the
 * same seat object while a seat does not change, and so does this, so that the five views of an
 * event share one seats array and `sameView` passes over unchanged seats by identity.
 */
export class PresenceSeats {
  private from: TableView['seats'] | null = null;
  private flags: readonly boolean[] = [];
  private out: TableView['seats'] | null = null;
  private readonly bySeat: ({ from: SeatPublicView; connected: boolean; seat: SeatPublicView } | null)[] = [
    null,
    null,
    null,
    null,
  ];

  of(seats: TableView['seats'], connected: readonly boolean[]): TableView['seats'] {
    if (this.out !== null && seats === this.from && sameData(connected, this.flags)) return this.out;
    const out = seats.map((s, i) => {
      const c = connected[s.seat]!;
      const last = this.bySeat[i];
      if (last && last.from === s && last.connected === c) return last.seat;
      const seat = { ...s, connected: c };
      this.bySeat[i] = { from: s, connected: c, seat };
      return seat;
    }) as unknown as TableView['seats'];
    this.from = seats;
    this.flags = [...connected];
    this.out = out;
    return out;
  }
}
