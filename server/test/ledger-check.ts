/**
 * "Nothing shown that is not committed", checked from outside: every view a client received is
 * a view the ledger's replay gives at some log entry (a seat's own concealed tiles included),
 * and the log is whole (seq 1..n). A view's `seq` is its recipient's own counter, not the log's,
 * so views are matched by content. Deadlines and connection flags are left out: they are the
 * server's wall clock and presence, not the ledger's.
 */
import type { ReplayResponse, ServerMessage, TableView } from '@mahjong/shared';
import { api } from './helpers.js';

const publicPart = (view: TableView) => {
  const { viewer: _v, hand: _h, legalActions: _l, deadlines: _d, seq: _s, ...rest } = view;
  return { ...rest, seats: view.seats.map((s) => ({ ...s, connected: true })) };
};

/** Views carried by a client's messages (welcome and view). */
export function viewsIn(messages: readonly ServerMessage[]): TableView[] {
  return messages.flatMap((m) => ((m.type === 'view' || m.type === 'welcome') && m.view ? [m.view] : []));
}

export interface LedgerCheck {
  /** Views compared with the ledger. */
  readonly checked: number;
  /** Log entries of the match. */
  readonly frames: number;
  /** Views that differ from the ledger or are not in it (should be empty). */
  readonly mismatches: string[];
}

/** Compares views seen by clients of one match with its replay (the match must be finished). */
export async function checkAgainstLedger(
  base: string,
  matchId: string,
  views: readonly TableView[],
): Promise<LedgerCheck> {
  const replay = await api<ReplayResponse>(base, 'GET', `/api/matches/${matchId}/replay`);
  if (replay.status !== 200) return { checked: 0, frames: 0, mismatches: [`replay answered ${replay.status}`] };
  const frames = replay.body.frames;
  const mismatches: string[] = [];
  frames.forEach((f, i) => {
    if (f.seq !== i + 1) mismatches.push(`log entry ${i + 1} has seq ${f.seq}`);
  });
  // What each viewer may have been shown at some entry of the log: the public part, and a seat's
  // own concealed tiles.
  const shown = (viewer: TableView['viewer'], view: TableView, concealed: readonly number[] | undefined) =>
    JSON.stringify([viewer, publicPart(view), viewer === 'spectator' ? null : [...(concealed ?? [])].sort()]);
  const inLedger = new Set<string>();
  for (const f of frames) {
    inLedger.add(shown('spectator', f.view, undefined));
    for (const seat of [0, 1, 2, 3] as const) inLedger.add(shown(seat, f.view, f.hands[seat]));
  }
  for (const view of views) {
    if (!inLedger.has(shown(view.viewer, view, view.hand?.concealed))) {
      mismatches.push(`view ${view.seq} (${String(view.viewer)}) is not a state of the ledger`);
    }
  }
  return { checked: views.length, frames: frames.length, mismatches };
}
