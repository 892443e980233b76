/**
 * What happened between two views of one table, as the viewer may know it: discards, draws,
 * claims (chow, pung, kong, from whose discard), concealed and added kongs, flowers, wins and
 * drawn hands. Derived only from the two public views the client already has (the viewer's own
 * draw only from its own hand), so sounds and call-outs tell nobody anything new.
 */
import { MELD_KINDS, type Meld, type MeldKind, type Seat, SEATS, type TableView, type TileKind } from '@mahjong/shared';

export const TABLE_EVENT_KINDS = [
  'discard',
  'draw',
  'chow',
  'pung',
  'kong',
  'flower',
  'riichi',
  'win',
  'drawnHand',
] as const;
export type TableEventKind = (typeof TABLE_EVENT_KINDS)[number];

export interface TableEvent {
  readonly kind: TableEventKind;
  /** The seat it happened at (for a drawn hand: the dealer). */
  readonly seat: Seat;
  /** The tile discarded, claimed, or taken as a flower, when there is one. */
  readonly tile?: TileKind;
  /** For a claim: whose discard it was. */
  readonly from?: Seat;
  /** For a kong: concealed or added (not claimed). */
  readonly concealed?: boolean;
  /** For a win at a riichi table (called out as ron or tsumo). */
  readonly riichiTable?: boolean;
}

const isMeldKind = (k: string): k is MeldKind => (MELD_KINDS as readonly string[]).includes(k);

/** The events from `prev` to `next`; none when the hand changed (a new deal is not a claim). */
export function tableEvents(prev: TableView | null, next: TableView): TableEvent[] {
  const out: TableEvent[] = [];
  if (!prev) return out;
  if (
    next.lastResult &&
    next.lastResult !== prev.lastResult &&
    next.lastResult.handNumber !== prev.lastResult?.handNumber
  ) {
    const r = next.lastResult;
    if (r.kind === 'win' && r.winner !== undefined)
      out.push({
        kind: 'win',
        seat: r.winner,
        ...(r.winTile === undefined ? {} : { tile: r.winTile }),
        ...(r.discarder === undefined ? {} : { from: r.discarder }),
        ...(next.riichi === undefined ? {} : { riichiTable: true }),
      });
    else out.push({ kind: 'drawnHand', seat: r.dealer ?? next.dealer });
    return out;
  }
  if (prev.handNumber !== next.handNumber || prev.phase !== 'playing' || next.phase !== 'playing') return out;
  for (const s of SEATS) {
    const a = prev.seats[s];
    const b = next.seats[s];
    for (const m of b.melds.slice(a.melds.length)) out.push(meldEvent(s, m));
    // An added kong replaces a pung in place: same count, now four tiles.
    a.melds.forEach((m, i) => {
      const now = b.melds[i];
      if (now && m.kind === 'pung' && now.kind === 'kong')
        out.push({ kind: 'kong', seat: s, tile: now.tiles[0] as TileKind, concealed: false });
    });
    for (const t of b.bonus.slice(a.bonus.length)) out.push({ kind: 'flower', seat: s, tile: t });
    if (b.riichi && !a.riichi) out.push({ kind: 'riichi', seat: s });
    const d = b.discards.slice(a.discards.length);
    for (const x of d) out.push({ kind: 'discard', seat: s, tile: x.tile });
  }
  const mine = next.viewer;
  if (typeof mine === 'number' && next.hand?.drawn != null && next.seats[mine].hasDrawn) {
    const was = prev.hand;
    const drewNow =
      !prev.seats[mine].hasDrawn ||
      was?.drawn !== next.hand.drawn ||
      out.some((e) => e.kind === 'flower' && e.seat === mine);
    if (drewNow) out.push({ kind: 'draw', seat: mine });
  }
  return out;
}

function meldEvent(seat: Seat, m: Meld): TableEvent {
  const kind = isMeldKind(m.kind) ? m.kind : 'pung';
  const tile = m.claimed ?? (m.tiles[0] as TileKind);
  return {
    kind,
    seat,
    tile,
    ...(m.from === undefined ? {} : { from: m.from }),
    ...(kind === 'kong' && m.from === undefined ? { concealed: m.concealed } : {}),
  };
}

/** The events that get a call-out at their seat. */
export const CALLED_OUT: ReadonlySet<TableEventKind> = new Set(['chow', 'pung', 'kong', 'flower', 'riichi', 'win']);
