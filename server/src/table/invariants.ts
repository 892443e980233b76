/**
 * Invariants of a live table, checked after every action by the simulation and the fuzz test:
 * every tile accounted for exactly once, 13 tiles per hand between turns (kongs counting three),
 * scores summing to zero, and views that show a viewer nothing it may not see.
 */
import {
  ALL_TILES,
  inSanmaSet,
  kindOfId,
  NORTH,
  PLAYING_TILES,
  type Seat,
  SEATS,
  sortKinds,
  type TableView,
  type TileId,
} from '@mahjong/shared';
import type { TableState } from './state.js';

/** Messages naming each broken invariant (empty: all hold). */
export function stateInvariants(s: TableState): string[] {
  const out: string[] = [];
  const h = s.hand;
  const seen = new Uint8Array(ALL_TILES);
  const total = s.setup.rules.bonus ? ALL_TILES : PLAYING_TILES;
  const n = s.setup.family.seats;
  // Three players: the 108 tiles without 2m-8m (ids 4-31 never occur).
  const inSet = (id: number) => n === 4 || inSanmaSet(kindOfId(id as TileId));
  const mark = (id: number, where: string) => {
    if (id < 0 || id >= total || !inSet(id)) out.push(`tile ${id} out of range (${where})`);
    else if (seen[id]) out.push(`tile ${id} twice (${where})`);
    else seen[id] = 1;
  };
  for (let i = h.wall.head; i < h.wall.tail; i++) mark(h.wall.order[i] as number, 'wall');
  for (const seat of SEATS) {
    const st = h.seats[seat];
    for (const id of st.concealed) {
      mark(id, `seat ${seat} concealed`);
      if (kindOfId(id) >= 34) out.push(`bonus tile ${id} in seat ${seat}'s concealed hand`);
    }
    for (const m of st.melds) for (const id of m.ids) mark(id, `seat ${seat} melds`);
    for (const id of st.bonus) {
      mark(id, `seat ${seat} bonus`);
      // Set aside: bonus tiles (Hong Kong), or Norths by choice (three-player riichi); nothing else.
      if (n === 3 ? kindOfId(id) !== NORTH : kindOfId(id) < 34) out.push(`tile ${id} set aside by seat ${seat}`);
    }
    for (const d of st.discards) if (!d.claimed) mark(d.id, `seat ${seat} discards`);
    for (const m of st.melds) {
      const kinds = m.ids.map(kindOfId);
      const want = sortKinds(kinds).join(',');
      if (want !== [...m.meld.tiles].join(',')) out.push(`seat ${seat} meld ${m.meld.tiles} holds ${kinds}`);
    }
  }
  for (let id = 0; id < total; id++) if (!seen[id] && inSet(id)) out.push(`tile ${id} missing`);
  // The vacant North seat of three: nothing dealt, nothing played, no points, never the dealer or in turn.
  for (const seat of SEATS.slice(n)) {
    const st = h.seats[seat];
    if (st.concealed.length + st.melds.length + st.bonus.length + st.discards.length > 0) {
      out.push(`vacant seat ${seat} holds tiles`);
    }
    if (s.scores[seat] !== 0 || s.results.some((r) => r.deltas[seat] !== 0)) out.push(`vacant seat ${seat} scored`);
    if (s.dealer === seat || h.turn === seat) out.push(`vacant seat ${seat} deals or is in turn`);
    if (h.window !== null && h.window.options[seat].length > 0) out.push(`vacant seat ${seat} may claim`);
  }
  // Hand sizes: kongs count as three.
  for (const seat of SEATS.slice(0, n)) {
    const st = h.seats[seat];
    const size = st.concealed.length + 3 * st.melds.length;
    let want = 13;
    if (s.phase === 'playing') {
      if (h.stage === 'discard' && h.turn === seat) want = 14;
      if (h.stage === 'robbing' && h.window?.from === seat) want = 14;
    } else {
      const last = s.results[s.results.length - 1];
      if (last?.kind === 'win' && last.winner === seat) want = 14;
      if (last?.kind === 'draw' && size === 14) want = 14; // a false win or a draw on the turn seat
    }
    if (size !== want) out.push(`seat ${seat} holds ${size} tiles, expected ${want} (${s.phase}/${h.stage})`);
  }
  // Points are conserved: Hong Kong scores sum to zero; riichi points and the sticks on the
  // table to the points dealt, and a hand's deltas to the sticks its winner took.
  const sum = s.scores.reduce((a, b) => a + b, 0);
  const rules = s.setup.riichi;
  const stick = rules?.riichiStick ?? 0;
  const dealt = rules === null ? 0 : n * rules.startPoints - (s.pot?.sticks ?? 0) * stick;
  if (Math.abs(sum - dealt) > 1e-9) out.push(`scores sum to ${sum}, not ${dealt}`);
  for (const r of s.results) {
    const d = r.deltas.reduce((a, b) => a + b, 0);
    const taken = r.kind === 'win' ? (r.sticks ?? 0) * stick : 0;
    if (Math.abs(d - taken) > 1e-9) out.push(`hand ${r.handNumber} deltas sum to ${d}, not ${taken}`);
  }
  if (rules !== null) {
    const r = s.hand.riichi;
    if (r === null || r.indicators < 1 || r.indicators > 5) out.push('riichi hand without 1-5 indicators');
    const declared = r?.seats.filter((x) => x.declared?.paid).length ?? 0;
    if (declared > (s.pot?.sticks ?? 0) && s.phase === 'playing') out.push('a paid declaration without its stick');
  }
  return out;
}

const SEAT_KEYS = new Set([
  'seat',
  'name',
  'wind',
  'isDealer',
  'isBot',
  'connected',
  'score',
  'concealedCount',
  'hasDrawn',
  'melds',
  'bonus',
  'discards',
  'riichi',
  'vacant',
]);
const VIEW_KEYS = new Set([
  'seq',
  'viewer',
  'phase',
  'ruleset',
  'minFaan',
  'prevailingWind',
  'handNumber',
  'dealer',
  'wallCount',
  'deadWallCount',
  'dice',
  'turn',
  'stage',
  'lastDiscard',
  'robbing',
  'deadlines',
  'seats',
  'hand',
  'legalActions',
  'lastResult',
  'results',
  'seedHash',
  'seed',
  'riichi',
]);

/** Checks that `view` shows `viewer` only what it may see of `s`. */
export function viewInvariants(s: TableState, view: TableView, viewer: Seat | 'spectator'): string[] {
  const out: string[] = [];
  for (const k of Object.keys(view)) if (!VIEW_KEYS.has(k)) out.push(`view for ${viewer} has key ${k}`);
  for (const sv of view.seats) {
    for (const k of Object.keys(sv)) if (!SEAT_KEYS.has(k)) out.push(`seat view ${sv.seat} has key ${k}`);
    // The vacant mark is the ruleset's (a three-player table's fourth seat), never a seat's state.
    if ((sv.vacant === true) !== sv.seat >= s.setup.family.seats) out.push(`seat ${sv.seat} vacant mark differs`);
    if (sv.concealedCount !== s.hand.seats[sv.seat].concealed.length) out.push(`seat ${sv.seat} count differs`);
  }
  if (view.seed !== undefined && s.phase !== 'matchOver') out.push(`view for ${viewer} shows the seed`);
  // Riichi: only the turned indicators, never what lies beneath them.
  const turned = s.hand.riichi?.indicators ?? 0;
  if ((view.riichi?.doraIndicators.length ?? 0) !== turned) out.push(`view for ${viewer} shows other indicators`);
  if (viewer === 'spectator') {
    if (view.hand !== undefined) out.push('the spectator sees a hand');
    if (view.legalActions.length > 0) out.push('the spectator has actions');
  } else {
    const own = sortKinds(s.hand.seats[viewer].concealed.map(kindOfId)).join(',');
    if (view.hand === undefined || view.hand.concealed.join(',') !== own) out.push(`seat ${viewer} sees a wrong hand`);
  }
  // The claim deadline tells nothing about other seats: the full deadline only for a seat that
  // may still answer, the uniform minimum for everybody else.
  const w = s.hand.window;
  if (s.phase === 'playing' && w !== null) {
    const mayAnswer = viewer !== 'spectator' && w.answers[viewer] === null && w.options[viewer].length > 0;
    if (view.deadlines.claim !== (mayAnswer ? w.deadline : w.minCloseAt)) {
      out.push(`view for ${viewer} shows claim deadline ${view.deadlines.claim}`);
    }
  }
  // Results reveal hands only once the hand is over: the current hand never appears in them.
  if (s.phase === 'playing' && view.results.some((r) => r.handNumber === s.hand.number)) {
    out.push('results of the hand in play are shown');
  }
  return out;
}
