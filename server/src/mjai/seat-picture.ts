/**
 * What one seat knows of the hand in play, read from the mjai events it was sent, played on a
 * table engine so that the project's own bot can choose from a real `TableView`: the seat's own
 * tiles are its real ones; the other seats' hidden tiles (`?`) are made up from the tiles this
 * seat has not seen, keeping every tile they showed (discarded, melded) in their hands from the
 * right moment. The wall is then laid out as the log importer lays a hand's wall
 * (`impliedWall`) and the moves are played with the importer's `play`, leaving the last window
 * open. Only the seat's own legal moves and public facts are read from the engine's view; a
 * made-up hand cannot declare riichi, so the other seats' declarations are played as plain
 * discards and put back into the view afterwards.
 */
import { type PlayerAction, RULESET_OF_FORMAT, SEATS, type Seat, type TableView, type TileKind } from '@mahjong/shared';
import type { MjaiEvent } from '../logs/mjai.js';
import type { HandEvent } from '../logs/record.js';
import { impliedWall, play } from '../logs/tenhou6-import.js';
import type { ParsedHand } from '../logs/tenhou6-read.js';
import { fromMjaiName, isFiveKind, type LogTile, mjaiName } from '../logs/tiles.js';
import { createEngine } from '../table/engine.js';
import type { EngineRulesetId, MatchConfig } from '../table/index.js';

/** A tile in a hand that this seat may not know yet: filled when it is shown, or made up. */
interface Slot {
  tile: LogTile | null;
}

const WINDS = ['E', 'S', 'W', 'N'];

const tileOf = (name: unknown): LogTile => {
  const t = fromMjaiName(name);
  if (t === null) throw new Error(`not a tile: ${String(name)}`);
  return t;
};

/** The game as `start_game` said it. */
export interface GameInfo {
  readonly names: readonly string[];
  readonly redFives: boolean;
  /** 1 east only, 2 east-south. */
  readonly rounds: 1 | 2;
}

export const gameInfo = (e: MjaiEvent): GameInfo => ({
  names: Array.isArray(e.names) && e.names.length === 4 ? (e.names as string[]) : ['', '', '', ''],
  redFives: e.aka_flag !== false,
  rounds: e.kyoku_first === 4 ? 1 : 2,
});

/**
 * The engine's view for `seat` after `events` (`start_kyoku` first, the hand's events after it;
 * a trailing `reach` of the seat itself left out by the caller).
 */
export function seatView(game: GameInfo, seat: Seat, events: readonly MjaiEvent[]): TableView {
  const start = events[0];
  if (start?.type !== 'start_kyoku') throw new Error('a hand starts with start_kyoku');
  const red = game.redFives;
  // A three-player hand (mjai's three-player form): the fourth seat has no tiles and no points.
  const tehais = start.tehais as string[][];
  const three = tehais.length === 4 && (tehais[3] as string[]).length === 0;
  const hands: Slot[][] = [[], [], [], []];
  const deal: Slot[][] = (start.tehais as string[][]).map((tiles, s) =>
    tiles.map((name) => ({ tile: s === seat ? tileOf(name) : null })),
  );
  for (const s of SEATS) hands[s] = [...(deal[s] as Slot[])];
  const doraIndicators: LogTile[] = [tileOf(start.dora_marker)];
  const out: (HandEvent & { slot?: Slot })[] = [];
  const drawn: (Slot | null)[] = [null, null, null, null];
  /** The other seats' declarations: the index of the declaring discard, each seat's discard count then. */
  const declared = new Map<Seat, { discard: number; discardsBefore: number[] }>();
  const discards = [0, 0, 0, 0];
  const pungs = new Map<string, { from: Seat; claimed: LogTile; own: LogTile[] }>();
  let reaching: Seat | null = null;
  let lastKong: Seat | null = null;

  /** Takes a tile shown by `s` out of its hand: the drawn one when `fromDraw`, else any other. */
  const take = (s: Seat, t: LogTile, fromDraw: boolean): void => {
    const hand = hands[s] as Slot[];
    const known = hand.findIndex((x) => x.tile !== null && x.tile.kind === t.kind && x.tile.red === t.red);
    let at = -1;
    if (s === seat || (known >= 0 && !fromDraw)) at = known;
    else if (fromDraw) at = hand.indexOf(drawn[s] as Slot);
    if (at < 0) at = hand.findIndex((x) => x.tile === null && x !== drawn[s]);
    if (at < 0) at = hand.findIndex((x) => x.tile === null);
    if (at < 0) throw new Error(`seat ${s} shows ${mjaiName(t)}, which it cannot hold`);
    const slot = hand[at] as Slot;
    slot.tile = t;
    hand.splice(at, 1);
  };

  for (const e of events.slice(1)) {
    const actor = e.actor as Seat;
    switch (e.type) {
      case 'tsumo': {
        const slot: Slot = { tile: actor === seat ? tileOf(e.pai) : null };
        (hands[actor] as Slot[]).push(slot);
        drawn[actor] = slot;
        out.push({ type: 'draw', seat: actor, tile: slot.tile as LogTile, replacement: lastKong === actor, slot });
        lastKong = null;
        break;
      }
      case 'reach':
        reaching = actor;
        break;
      case 'dahai': {
        const t = tileOf(e.pai);
        take(actor, t, e.tsumogiri === true);
        const riichi = reaching === actor;
        if (riichi && actor !== seat)
          declared.set(actor, { discard: discards[actor] as number, discardsBefore: [...discards] });
        discards[actor] = (discards[actor] as number) + 1;
        out.push({
          type: 'discard',
          seat: actor,
          tile: t,
          tsumogiri: e.tsumogiri === true,
          riichi: riichi && actor === seat,
        });
        reaching = null;
        drawn[actor] = null;
        break;
      }
      case 'chi':
      case 'pon':
      case 'daiminkan': {
        const own = (e.consumed as string[]).map(tileOf);
        for (const t of own) take(actor, t, false);
        const tile = tileOf(e.pai);
        const type = e.type === 'chi' ? 'chow' : e.type === 'pon' ? 'pung' : 'kong';
        if (type === 'pung') pungs.set(`${actor}:${tile.kind}`, { from: e.target as Seat, claimed: tile, own });
        out.push({ type, seat: actor, from: e.target as Seat, tile, own });
        if (type === 'kong') lastKong = actor;
        break;
      }
      case 'ankan': {
        const tiles = (e.consumed as string[]).map(tileOf);
        for (const [i, t] of tiles.entries()) take(actor, t, i === 0 && drawn[actor] !== null);
        out.push({ type: 'concealedKong', seat: actor, tiles });
        lastKong = actor;
        break;
      }
      case 'nukidora': {
        const tile = tileOf(e.pai ?? 'N');
        take(actor, tile, drawn[actor] !== null);
        out.push({ type: 'north', seat: actor, tile });
        // its replacement is the next tsumo, from the dead wall as after a kong
        lastKong = actor;
        break;
      }
      case 'kakan': {
        const tile = tileOf(e.pai);
        take(actor, tile, drawn[actor] !== null);
        const pung = pungs.get(`${actor}:${tile.kind}`);
        if (pung === undefined) throw new Error(`seat ${actor} adds to a pung it did not make`);
        out.push({ type: 'addedKong', seat: actor, tile, ...pung });
        lastKong = actor;
        break;
      }
      case 'dora':
        doraIndicators.push(tileOf(e.dora_marker));
        break;
      default:
        break;
    }
  }

  // The tiles this seat has not seen, for the hidden ones.
  const pool = unseenPool(red, three, [
    ...doraIndicators,
    ...deal.flat().flatMap((x) => (x.tile === null ? [] : [x.tile])),
    ...out.flatMap((e) => (e.type === 'draw' && e.slot?.tile ? [e.slot.tile] : [])),
  ]);
  const fill = (x: Slot): LogTile => {
    if (x.tile === null) {
      const t = pool.shift();
      if (t === undefined) throw new Error('more hidden tiles than unseen ones');
      x.tile = t;
    }
    return x.tile;
  };
  const hand: ParsedHand = {
    index: 0,
    name: '',
    round: WINDS.indexOf(String(start.bakaze)),
    dealer: start.oya as Seat,
    honba: Number(start.honba),
    sticks: Number(start.kyotaku),
    scores: start.scores as unknown as ParsedHand['scores'],
    deal: deal.map((d) => d.map(fill)) as unknown as ParsedHand['deal'],
    doraIndicators,
    uraIndicators: [],
    events: out.map(({ slot, ...e }) => (e.type === 'draw' && slot ? { ...e, tile: fill(slot) } : e)) as HandEvent[],
    end: { kind: 'draw', name: '', deltas: [0, 0, 0, 0] },
  };
  const players = game.names.map((name) => ({ name, bot: false })) as unknown as MatchConfig['players'];
  const config: MatchConfig<EngineRulesetId> = three
    ? {
        seed: '00',
        ruleset: RULESET_OF_FORMAT.mjaiThree,
        options: { redFives: red ? 2 : 0 },
        players,
        rounds: game.rounds,
      }
    : { seed: '00', ruleset: RULESET_OF_FORMAT.mjai, options: { redFives: red ? 3 : 0 }, players, rounds: game.rounds };
  const { round, dealer, scores, honba, sticks } = hand;
  const engine = createEngine(config, 0, {
    walls: [impliedWall(hand, red, three ? 3 : 4)],
    firstHand: { round, dealer, scores, honba, sticks },
  });
  play(engine, hand, red, true);
  const view = engine.viewFor(seat);
  if (declared.size === 0) return view;
  // The other seats' declarations, as the table shows them (their made-up hands could not declare).
  const seats = view.seats.map((v) => {
    const d = declared.get(v.seat);
    if (d === undefined || v.riichi !== undefined) return v;
    return {
      ...v,
      riichi: { discard: d.discard, ippatsu: false, double: false, discardsBefore: d.discardsBefore as never },
    };
  });
  return { ...view, seats: seats as unknown as TableView['seats'] };
}

/** Every tile of the set less `seen`, plain copies first (a made-up hand gets no red five it need not). */
function unseenPool(red: boolean, three: boolean, seen: readonly LogTile[]): LogTile[] {
  const count = new Map<string, number>();
  const key = (t: LogTile) => `${t.kind}:${t.red}`;
  for (let kind = 0; kind < 34; kind++) {
    // three players: no 2m-8m
    if (three && kind >= 1 && kind <= 7) continue;
    const five = red && isFiveKind(kind as TileKind);
    count.set(`${kind}:false`, five ? 3 : 4);
    if (five) count.set(`${kind}:true`, 1);
  }
  for (const t of seen) count.set(key(t), (count.get(key(t)) ?? 0) - 1);
  const out: LogTile[] = [];
  for (const [k, n] of count) {
    const [kind, r] = k.split(':');
    for (let i = 0; i < n; i++) out.push({ kind: Number(kind) as TileKind, red: r === 'true' });
  }
  return out.sort((a, b) => Number(a.red) - Number(b.red));
}

/** The mjai reaction for the bot's move (`pass` is `none`; a riichi is its `reach`, the caller sends the discard after). */
export function reactionOf(
  view: TableView,
  seat: Seat,
  action: PlayerAction,
  pungs: ReadonlyMap<number, string[]>,
): MjaiEvent {
  const hand = view.hand;
  const concealed = hand?.concealed ?? [];
  const redHeld = (k: TileKind) => hand?.red?.includes(k) === true;
  const name = (kind: TileKind, red: boolean) => mjaiName({ kind, red: red && isFiveKind(kind) });
  /** `n` copies of `kind` from the hand, the red one among them when `red`. */
  const copies = (kind: TileKind, n: number, red: boolean) =>
    Array.from({ length: n }, (_, i) => name(kind, red && i === 0));
  switch (action.type) {
    case 'pass':
      return { type: 'none' };
    case 'win': {
      const from = view.robbing?.seat ?? (view.stage === 'claims' ? view.lastDiscard?.seat : undefined) ?? seat;
      return { type: 'hora', actor: seat, target: from };
    }
    case 'nineTerminals':
      return { type: 'ryukyoku', actor: seat };
    // Three-player riichi: mjai's three-player event (Mortal's libriichi3p, mjai.app's 3p bots).
    case 'north':
      return { type: 'nukidora', actor: seat, pai: 'N' };
    case 'riichi':
      return { type: 'reach', actor: seat };
    case 'discard': {
      const plain = concealed.filter((k) => k === action.tile).length - (redHeld(action.tile) ? 1 : 0);
      // A move that names no copy: the drawn one, when it is of this kind (in riichi it is the only
      // one the seat may let go: a red 5s drawn beside a plain one was named "5s", and refused).
      const red = action.red ?? (hand?.drawn === action.tile ? hand.drawnRed === true : plain === 0);
      const tsumogiri = hand?.drawn === action.tile && (hand.drawnRed === true) === (red && redHeld(action.tile));
      return { type: 'dahai', actor: seat, pai: name(action.tile, red && redHeld(action.tile)), tsumogiri };
    }
    case 'chow': {
      const d = view.lastDiscard as NonNullable<TableView['lastDiscard']>;
      const own = [...action.tiles];
      own.splice(own.indexOf(d.tile), 1);
      const consumed = own.map((k) => name(k, action.red === true && redHeld(k)));
      return { type: 'chi', actor: seat, target: d.seat, pai: name(d.tile, d.red === true), consumed };
    }
    case 'pung':
    case 'kong': {
      const d = view.lastDiscard as NonNullable<TableView['lastDiscard']>;
      const red = action.type === 'kong' ? redHeld(d.tile) : action.red === true && redHeld(d.tile);
      const type = action.type === 'pung' ? 'pon' : 'daiminkan';
      const consumed = copies(d.tile, action.type === 'pung' ? 2 : 3, red);
      return { type, actor: seat, target: d.seat, pai: name(d.tile, d.red === true), consumed };
    }
    case 'concealedKong':
      return { type: 'ankan', actor: seat, consumed: copies(action.tile, 4, redHeld(action.tile)) };
    case 'addedKong':
      return {
        type: 'kakan',
        actor: seat,
        pai: name(action.tile, redHeld(action.tile)),
        consumed: pungs.get(action.tile) ?? copies(action.tile, 3, false),
      };
  }
}
