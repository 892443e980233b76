/**
 * How a riichi hand ends: a tsumo or one or more rons scored by the shared riichi scorer (dora,
 * ura-dora for a riichi winner, red fives, the conditions the table establishes), settled with
 * honba and sticks; the exhaustive draw (ready hands, nagashi mangan); the abortive draws. Then
 * the dealer's move, honba and sticks for the next hand (`nextHand` of the shared rules).
 */
import {
  type AbortiveDraw,
  type BySeat,
  countDora,
  finalRanking,
  type HandPosition,
  type HandOutcome,
  type HandResultView,
  isOrphan,
  isRedFive,
  kindOfId,
  type Liability,
  liabilityOf,
  liableBasicPoints,
  matchOver,
  redKinds,
  nextHand,
  type Placement,
  rankingAmong,
  type RulesetId,
  type SanmaOptions,
  sanmaDoraAfter,
  sanmaPayments,
  scoreSanmaWin,
  settleSanmaDraw,
  settleSanmaWin,
  riichiPayments,
  roundUp,
  type PaymentView,
  type Points,
  type Seat,
  SEATS,
  scoreWin,
  settleExhaustiveDraw,
  settleWin,
  sortKinds,
  type TileId,
  type TileKind,
  type Transfer,
  type ValidScore,
  type WinCondition,
  type Win,
  type WinInput,
  type Wind,
} from '@mahjong/shared';
import { isComplete, liveCount, type WinCheck } from '../core.js';
import { countsOf, meldKinds, redFivesOf } from '../counts.js';
import { endHand } from '../hand-end.js';
import { familyOf } from '../rules.js';
import {
  firstUninterruptedDraw,
  indicatorKinds,
  inFuriten,
  riichiOf,
  riichiWaits,
  rulesOf,
  sanmaRulesOf,
} from './play.js';
import { kindsOf, prevailingWind, setSeat, type TableState, windAt } from '../state.js';

/**
 * The scorer's input for `seat` winning on `winId` with `concealedBefore` (without it). Ura-dora
 * count only in the final scoring of a riichi winner (`withUra`), never in a preview: nobody sees
 * them before the hand is won.
 */
function winInput(
  s: TableState,
  seat: Seat,
  concealedBefore: readonly TileId[],
  winId: TileId,
  selfDrawn: boolean,
  conditions: WinCondition[],
  withUra: boolean,
): WinInput {
  const h = s.hand;
  const st = h.seats[seat];
  const ids = [...concealedBefore, winId, ...st.melds.flatMap((m) => m.ids)];
  const kinds = ids.map(kindOfId);
  const three = familyOf(s).seats === 3;
  // Among three, the Norths set aside count as dora under the indicators too (and 1m, 9m wrap).
  const north = three ? st.bonus.length : 0;
  const counted = north === 0 ? kinds : [...kinds, ...st.bonus.map(kindOfId)];
  const after = three ? sanmaDoraAfter : undefined;
  let dora = countDora(counted, indicatorKinds(h), after);
  if (withUra) dora += countDora(counted, indicatorKinds(h, true), after);
  const red = redFivesOf(s.setup);
  return {
    concealed: sortKinds(kindsOf(concealedBefore)),
    melds: meldKinds(st),
    win: kindOfId(winId),
    bonus: [],
    selfDrawn,
    seatWind: windOf(s, seat),
    roundWind: prevailingWind(s),
    dealer: seat === s.dealer,
    conditions,
    dora,
    redFives: ids.filter((id) => isRedFive(id, red)).length,
    ...(three ? { north } : {}),
  };
}

/** The declaration's conditions (riichi or double riichi, ippatsu) of a seat. */
function declarationConditions(s: TableState, seat: Seat): WinCondition[] {
  const d = riichiOf(s.hand).seats[seat].declared;
  if (d === null || !d.paid) return [];
  const c: WinCondition[] = [d.double ? 'doubleRiichi' : 'riichi'];
  if (d.ippatsu) c.push('ippatsu');
  return c;
}

function tsumoConditions(s: TableState, seat: Seat): WinCondition[] {
  const h = s.hand;
  const c = declarationConditions(s, seat);
  if (liveCount(h.wall) === 0 && h.source === 'live') c.push('lastTile');
  if (h.source === 'replacement') c.push('kongReplacement');
  if (h.discardCount === 0 && !h.interrupted && seat === s.dealer) c.push('heavenly');
  else if (seat !== s.dealer && h.source === 'live' && firstUninterruptedDraw(h, seat)) c.push('earthly');
  return c;
}

function ronConditions(s: TableState, seat: Seat, robbing: boolean): WinCondition[] {
  const h = s.hand;
  const c = declarationConditions(s, seat);
  if (robbing) c.push('robbingKong');
  else if (liveCount(h.wall) === 0) c.push('lastDiscard');
  // Renhou: a win on a discard before one's own first draw, no call or kong before it.
  if (seat !== s.dealer && firstUninterruptedDraw(h, seat)) c.push('renhou');
  return c;
}

/** A seat's wind: East, South, West from the dealer (among three, the North seat is vacant). */
const windOf = (s: TableState, seat: Seat): Wind => windAt(familyOf(s).seats, seat, s.dealer);

const scored = (s: TableState, input: WinInput): ValidScore | null => {
  const r =
    familyOf(s).seats === 3
      ? scoreSanmaWin(input, s.setup.rules.options as unknown as SanmaOptions, sanmaRulesOf(s).tsumoPayment)
      : scoreWin(input, s.setup.ruleset as RulesetId, s.setup.rules.options);
  return r.valid && !r.belowMinimum ? r : null;
};

/** A tsumo by the turn seat: complete, with a yaku (the preview's han count leaves ura-dora out). */
export function checkRiichiSelfWin(s: TableState, seat: Seat): WinCheck {
  const st = s.hand.seats[seat];
  if (st.drawn === null || !isComplete(countsOf(st.concealed), st.melds.length, s.setup.rules.analysis)) {
    return { ok: false, faan: 0 };
  }
  const before = st.concealed.filter((id) => id !== st.drawn);
  const r = scored(s, winInput(s, seat, before, st.drawn, true, tsumoConditions(s, seat), false));
  return r === null ? { ok: false, faan: 0 } : { ok: true, faan: r.han ?? 0 };
}

/** A ron on `tile`: not in furiten, complete, with a yaku. */
export function checkRiichiDiscardWin(s: TableState, seat: Seat, tile: TileId, robbing: boolean): WinCheck {
  const h = s.hand;
  const st = h.seats[seat];
  const counts = Uint8Array.from(countsOf(st.concealed));
  counts[kindOfId(tile)] = (counts[kindOfId(tile)] as number) + 1;
  if (!isComplete(counts, st.melds.length, s.setup.rules.analysis) || inFuriten(h, seat)) return { ok: false, faan: 0 };
  const r = scored(s, winInput(s, seat, st.concealed, tile, false, ronConditions(s, seat, robbing), false));
  return r === null ? { ok: false, faan: 0 } : { ok: true, faan: r.han ?? 0 };
}

/**
 * The hands a riichi table shows when a hand ends: the winners', the ready ones at an exhaustive
 * draw, the caller's at nine terminals, the declarers' at four riichi, the claimers' at a triple
 * ron; every other hand stays hidden (an empty list), as at a real table. With red fives, which
 * of the shown tiles are red.
 */
function shownHands(
  s: TableState,
  shown: readonly Seat[],
): Pick<HandResultView, 'hands'> & Partial<Pick<HandResultView, 'redFives'>> {
  const seats = s.hand.seats;
  const hands = SEATS.map((seat) => (shown.includes(seat) ? sortKinds(kindsOf(seats[seat].concealed)) : []));
  const red = redFivesOf(s.setup);
  if (red === 0) return { hands: hands as unknown as BySeat<TileKind[]> };
  const reds = SEATS.map((seat) => (shown.includes(seat) ? redKinds(seats[seat].concealed, red) : []));
  return { hands: hands as unknown as BySeat<TileKind[]>, redFives: reds as unknown as BySeat<TileKind[]> };
}

/** Payments seat to seat, one line per payer and payee (the hand's value and its honba together). */
function paymentsOf(transfers: readonly Transfer[]): PaymentView[] {
  const out: PaymentView[] = [];
  for (const t of transfers) {
    const same = out.findIndex((p) => p.from === t.from && p.to === t.to);
    if (same >= 0) out[same] = { ...(out[same] as PaymentView), amount: (out[same] as PaymentView).amount + t.amount };
    else out.push({ from: t.from, to: t.to, amount: t.amount });
  }
  return out.filter((p) => p.amount !== 0);
}

interface ScoredWin {
  readonly seat: Seat;
  readonly winId: TileId;
  readonly score: ValidScore;
  readonly input: WinInput;
  readonly ura: boolean;
}

function scoreFinal(
  s: TableState,
  seat: Seat,
  before: readonly TileId[],
  winId: TileId,
  selfDrawn: boolean,
  conditions: WinCondition[],
): ScoredWin {
  const ura = riichiOf(s.hand).seats[seat].declared?.paid === true;
  const input = winInput(s, seat, before, winId, selfDrawn, conditions, ura);
  const r = scored(s, input);
  if (r === null) throw new Error(`accepted riichi win of seat ${seat} does not score`);
  return { seat, winId, score: r, input, ura };
}

/** The feeder liable for the winner's big three dragons or big four winds (the table plays pao). */
function liabilityFor(s: TableState, seat: Seat): Liability | null {
  return rulesOf(s).pao ? liabilityOf(meldKinds(s.hand.seats[seat])) : null;
}

const liableOf = (s: TableState, w: ScoredWin): Pick<HandResultView, 'liable'> => {
  const l = liabilityFor(s, w.seat);
  return l === null ? {} : { liable: { seat: l.seat, rule: l.yakuman } };
};

/**
 * A win as settled: the scorer's payments, or with a liable seat the liable part's value as a
 * win on a discard (4 or 6 times its base points) apart, and the rest of the hand paid as usual.
 * The liable part is the whole hand (`paoWholeHand`, Tenhou) or the liable yakuman's share.
 */
function settledWin(s: TableState, w: ScoredWin, selfDrawn: boolean): Win {
  const points = w.score.points as Points;
  const l = liabilityFor(s, w.seat);
  const share = l === null ? undefined : w.score.patterns.find((p) => p.name === l.yakuman);
  if (l === null || share === undefined) return { seat: w.seat, points };
  const basic = w.score.basicPoints ?? 0;
  const liable = rulesOf(s).paoWholeHand ? basic : liableBasicPoints(basic, w.score.han ?? 0, share.value);
  const dealer = w.seat === s.dealer;
  const rest = basic - liable;
  const win = { selfDrawn, winner: windOf(s, w.seat), dealer };
  const pay = familyOf(s).seats === 3 ? sanmaPayments(rest, win, sanmaRulesOf(s).tsumoPayment) : null;
  return {
    seat: w.seat,
    points: rest > 0 ? (pay ?? riichiPayments(rest, win)) : { winner: 0, payments: [] },
    liable: { seat: l.seat, amount: roundUp(liable * (dealer ? 6 : 4), 100) },
  };
}

/** One winner's result (the hand's deltas and payments are set by the caller). */
function winResult(
  s: TableState,
  w: ScoredWin,
  from: Seat | null,
  transfers: readonly Transfer[],
  takes: boolean,
): Omit<HandResultView, 'deltas' | 'payments' | 'hands'> {
  const h = s.hand;
  const r = w.score;
  const basic = r.basicPoints ?? 0;
  const handPoints = transfers.filter((t) => t.to === w.seat && t.for === 'hand').reduce((a, t) => a + t.amount, 0);
  const pot = s.pot as NonNullable<TableState['pot']>;
  return {
    handNumber: h.number,
    dealer: h.dealer,
    prevailingWind: prevailingWind(s),
    kind: 'win',
    winner: w.seat,
    ...(from === null ? {} : { discarder: from }),
    selfDrawn: from === null,
    winTile: w.input.win,
    ...(isRedFive(w.winId, redFivesOf(s.setup)) ? { winTileRed: true as const } : {}),
    faan: r.han ?? 0,
    han: r.han ?? 0,
    ...(r.fu === null ? {} : { fu: r.fu }),
    ...(r.fu === null && basic >= 8000 ? { yakuman: Math.floor(basic / 8000) } : {}),
    limit: r.limit,
    patterns: r.patterns,
    arrangement: r.arrangement,
    points: handPoints,
    honba: takes ? pot.honba : 0,
    sticks: takes ? pot.sticks : 0,
    doraIndicators: indicatorKinds(h),
    ...(w.ura ? { uraIndicators: indicatorKinds(h, true) } : {}),
  };
}

/** The turn seat's tsumo. */
export function riichiTsumo(s: TableState): TableState {
  const h = s.hand;
  const seat = h.turn;
  const st = h.seats[seat];
  const drawn = st.drawn as TileId;
  const before = st.concealed.filter((id) => id !== drawn);
  const w = scoreFinal(s, seat, before, drawn, true, tsumoConditions(s, seat));
  const pot = s.pot as NonNullable<TableState['pot']>;
  const settled = settleAt(s, {
    wins: [settledWin(s, w, true)],
    discarder: null,
    dealer: s.dealer,
    honba: pot.honba,
    sticks: pot.sticks,
  });
  const result: HandResultView = {
    ...winResult(s, w, null, settled.transfers, true),
    ...liableOf(s, w),
    payments: paymentsOf(settled.transfers),
    deltas: settled.deltas,
    ...shownHands(s, [seat]),
  };
  return endRiichiHand(s, result, { kind: 'win', winners: [seat] }, 0);
}

/**
 * One or more rons on `tile` (a discard, the tile of an added kong being robbed, or a North being
 * set aside: `robbing` false, no robbing-a-kong yaku), `winners`
 * in turn order from the discarder. Head bump leaves the first; three abort the hand when the
 * table says so.
 */
export function riichiRon(s: TableState, all: readonly Seat[], from: Seat, tile: TileId, robbing: boolean): TableState {
  const rules = rulesOf(s);
  const winners = rules.headBump ? all.slice(0, 1) : all;
  if (winners.length === 3 && rules.tripleRonAborts) return riichiAbort(s, 'tripleRon', winners);
  const h = s.hand;
  const scoredWins = winners.map((seat) =>
    scoreFinal(s, seat, h.seats[seat].concealed, tile, false, ronConditions(s, seat, robbing)),
  );
  const pot = s.pot as NonNullable<TableState['pot']>;
  const settled = settleAt(s, {
    wins: scoredWins.map((w) => settledWin(s, w, false)),
    discarder: from,
    dealer: s.dealer,
    honba: pot.honba,
    sticks: pot.sticks,
  });
  // The won tile leaves the discarder's pond (or the hand: the kong being added, the North being
  // set aside) and joins the first winner's hand.
  let seats = h.seats;
  const f = seats[from];
  seats =
    h.stage === 'robbing'
      ? setSeat(seats, from, { ...f, concealed: f.concealed.filter((id) => id !== tile), drawn: null })
      : setSeat(seats, from, { ...f, discards: f.discards.filter((d) => d.id !== tile) });
  const first = winners[0] as Seat;
  seats = setSeat(seats, first, { ...seats[first], concealed: [...seats[first].concealed, tile], drawn: tile });
  const after: TableState = { ...s, hand: { ...h, seats } };
  const hands = shownHands(after, winners);
  const each = scoredWins.map((w, i) => ({
    ...winResult(s, w, from, settled.transfers, i === 0),
    ...liableOf(s, w),
    payments: paymentsOf(settled.transfers.filter((t) => t.to === w.seat)),
    deltas: settled.deltas,
    ...hands,
  }));
  const result: HandResultView = {
    ...(each[0] as HandResultView),
    payments: paymentsOf(settled.transfers),
    ...(each.length > 1 ? { otherWins: each.slice(1) } : {}),
  };
  return endRiichiHand(after, result, { kind: 'win', winners }, 0);
}

/** The live wall ran out: ready and not-ready hands settle, or nagashi mangan is paid. */
export function riichiExhaustiveDraw(s: TableState): TableState {
  const h = s.hand;
  const rules = rulesOf(s);
  const n = familyOf(s).seats;
  const ready = SEATS.map((seat) => seat < n && riichiWaits(h.seats[seat]).length > 0) as unknown as readonly [
    boolean,
    boolean,
    boolean,
    boolean,
  ];
  const nagashi = SEATS.filter((seat) => {
    const ds = h.seats[seat].discards;
    return ds.length > 0 && ds.every((d) => !d.claimed && isOrphan(kindOfId(d.id)));
  });
  const settled =
    n === 3
      ? fourSlots(
          settleSanmaDraw({ ready: [ready[0], ready[1], ready[2]], nagashi, dealer: s.dealer, rules: sanmaRulesOf(s) }),
        )
      : settleExhaustiveDraw({ ready, nagashi, dealer: s.dealer, rules });
  const kind = rules.nagashiMangan && nagashi.length > 0 ? 'nagashi' : 'exhaustive';
  const result = drawResult(
    s,
    kind,
    paymentsOf(settled.transfers),
    settled.deltas,
    SEATS.filter((seat) => ready[seat]),
    ready,
  );
  return endRiichiHand(s, result, { kind: 'exhaustive', ready }, (s.pot as NonNullable<TableState['pot']>).sticks);
}

/**
 * An abortive draw: nothing paid, the dealer deals again with one more honba. Shown: the
 * nine-terminals caller's hand, the four declarers' at four riichi, the three claimers' at a
 * triple ron (`claimers`); nobody's at four winds or four kongs.
 */
export function riichiAbort(s: TableState, kind: AbortiveDraw, claimers: readonly Seat[] = []): TableState {
  const shown: readonly Seat[] =
    kind === 'nineTerminals' ? [s.hand.turn] : kind === 'fourRiichi' ? SEATS : kind === 'tripleRon' ? claimers : [];
  const result = drawResult(s, kind, [], [0, 0, 0, 0], shown);
  return endRiichiHand(s, result, { kind: 'abortive' }, (s.pot as NonNullable<TableState['pot']>).sticks);
}

/** A drawn hand's result: why, its payments, the hands shown, the honba, sticks and indicators. */
function drawResult(
  s: TableState,
  drawKind: NonNullable<HandResultView['drawKind']>,
  payments: readonly PaymentView[],
  deltas: BySeat<number>,
  shown: readonly Seat[],
  ready?: BySeat<boolean>,
): HandResultView {
  const h = s.hand;
  const pot = s.pot as NonNullable<TableState['pot']>;
  return {
    handNumber: h.number,
    dealer: h.dealer,
    prevailingWind: prevailingWind(s),
    kind: 'draw',
    drawKind,
    ...(ready === undefined ? {} : { ready }),
    payments,
    deltas,
    ...shownHands(s, shown),
    honba: pot.honba,
    sticks: pot.sticks,
    doraIndicators: indicatorKinds(h),
  };
}

/** The hand is over: scores, the dealer's move (`nextHand`), honba and the sticks left on the table. */
function endRiichiHand(s: TableState, base: HandResultView, outcome: HandOutcome, sticksAfter: number): TableState {
  const pot = s.pot as NonNullable<TableState['pot']>;
  const riichiDeclared = riichiOf(s.hand).seats.map((x) => x.declared?.paid === true) as unknown as BySeat<boolean>;
  const result: HandResultView = riichiDeclared.some(Boolean) ? { ...base, riichiDeclared } : base;
  // Seat 0 deals first: the hand's place in the match is its round and its dealer.
  const played: HandPosition = {
    prevailing: (s.round + 1) as Wind,
    dealership: s.dealer + 1,
    dealer: s.dealer,
    honba: pot.honba,
    sticks: pot.sticks,
  };
  const n = familyOf(s).seats;
  const next = nextHand(played, outcome, sticksAfter, n);
  const ended = endHand(s, result, next.dealer === s.dealer);
  const points = n === 3 ? ended.scores.slice(0, 3) : ended.scores;
  const over = matchOver({ played, outcome, next, points, firstDealer: 0 }, rulesOf(s));
  return { ...ended, pot: { honba: next.honba, sticks: next.sticks, over } };
}

/** Riichi sticks still on the table at the end of the match go to the first placed (`sticksToFirst`; off, they stay there). */
export function closeRiichiMatch(s: TableState): TableState {
  const pot = s.pot as NonNullable<TableState['pot']>;
  if (pot.sticks === 0 || !rulesOf(s).sticksToFirst) return s;
  const first = (rankingOf(s, 0)[0] as { seat: Seat }).seat;
  const scores = setSeat(s.scores, first, s.scores[first] + pot.sticks * rulesOf(s).riichiStick);
  return { ...s, scores, pot: { ...pot, sticks: 0 } };
}

/** The match's standing: three places and the three-player uma at a three-player table. */
export const rankingOf = (s: TableState, sticksLeft: number): Placement[] =>
  familyOf(s).seats === 3
    ? rankingAmong(s.scores.slice(0, 3), 0, sticksLeft, sanmaRulesOf(s))
    : finalRanking(s.scores, 0, sticksLeft, rulesOf(s));

/** A three-player settlement in the table's four slots (the vacant North seat's delta 0). */
const fourSlots = <T extends { readonly deltas: readonly number[] }>(
  x: T,
): T & { readonly deltas: BySeat<number> } => ({
  ...x,
  deltas: [x.deltas[0] ?? 0, x.deltas[1] ?? 0, x.deltas[2] ?? 0, 0],
});

/** A win settled among the table's players. */
const settleAt = (s: TableState, args: Omit<Parameters<typeof settleWin>[0], 'rules'>) =>
  familyOf(s).seats === 3
    ? fourSlots(settleSanmaWin({ ...args, rules: sanmaRulesOf(s) }))
    : settleWin({ ...args, rules: rulesOf(s) });
