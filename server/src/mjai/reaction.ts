/**
 * An outside AI's mjai reaction as a table action of its seat. A reaction is one JSON object:
 * `dahai` (`pai`, `tsumogiri`), `reach` (a discard follows: see `server/src/mjai/table.ts`),
 * `chi` / `pon` / `daiminkan` (`target`, `pai`, `consumed`), `ankan` (`consumed`), `kakan`
 * (`pai`), `nukidora` (three-player riichi: a North set aside), `hora`, `ryukyoku` (nine
 * terminals) or `none` (pass). Anything else, another seat's
 * `actor`, or a move the seat is not offered now is refused with a reason for the log line.
 */
import { type PlayerAction, type Seat, sameAction, type TableView, type TileKind } from '@mahjong/shared';
import { fromMjaiName, isFiveKind, type LogTile } from '../logs/tiles.js';

export type Reaction =
  | { readonly ok: true; readonly action: PlayerAction }
  | { readonly ok: true; readonly reach: true }
  | { readonly ok: false; readonly reason: string };

const refuse = (reason: string): Reaction => ({ ok: false, reason });

const tilesOf = (names: unknown, n: number): LogTile[] | null => {
  if (!Array.isArray(names) || names.length !== n) return null;
  const out = names.map(fromMjaiName);
  return out.every((t): t is LogTile => t !== null) ? out : null;
};

/** Which copy of a five (the field only when a five is involved; red fives only mean something
 * at a table that plays them, which the engine checks). */
const redOf = (tiles: readonly LogTile[]): { red?: boolean } =>
  tiles.some((t) => isFiveKind(t.kind)) ? { red: tiles.some((t) => t.red) } : {};

/**
 * Reads one line of the AI for `seat`. `riichi`: the seat declared (`reach`) and this line is
 * the discard that goes with it.
 */
export function readReaction(line: string, seat: Seat, view: TableView, riichi: boolean): Reaction {
  let msg: unknown;
  try {
    msg = JSON.parse(line);
  } catch {
    return refuse('garbage: not JSON');
  }
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) return refuse('garbage: not a JSON object');
  const m = msg as Record<string, unknown>;
  if (typeof m.type !== 'string') return refuse('garbage: no type');
  // A pass may leave out its actor; any other answer names it, and it must be this seat.
  const other = m.type === 'none' ? m.actor !== undefined && m.actor !== seat : m.actor !== seat;
  if (other) return refuse(`an answer for seat ${String(m.actor)}, not ${seat}`);
  const action = toAction(m, riichi);
  if ('reach' in action || !action.ok) return action;
  const claims = ['chi', 'pon', 'daiminkan'].includes(m.type);
  if (claims && fromMjaiName(m.pai)?.kind !== view.lastDiscard?.tile)
    return refuse(`a ${m.type} of a tile not discarded`);
  const offered = view.legalActions.some((a) => sameAction(a, action.action));
  if (!offered) return refuse(`not offered now: ${JSON.stringify(action.action)}`);
  return m.type === 'dahai' && m.tsumogiri === false
    ? { ok: true, action: fromHand(action.action, view, seat) }
    : action;
}

/**
 * A dahai that says it is not the tile just drawn (`tsumogiri: false`), of the drawn tile's kind:
 * a copy from the hand (`fromHand`), shown so to the others, when the hand holds one of the copy
 * named besides the drawn tile and may let it go (not once in riichi). Otherwise the table takes
 * the drawn tile, as it did before the AI said which.
 */
function fromHand(action: PlayerAction, view: TableView, seat: Seat): PlayerAction {
  const hand = view.hand;
  if ((action.type !== 'discard' && action.type !== 'riichi') || !hand || hand.drawn !== action.tile) return action;
  if (view.seats[seat].riichi) return action;
  const held = hand.concealed.filter((k) => k === action.tile).length;
  const redHeld = hand.red?.includes(action.tile) === true;
  // The copy named: any (no `red`), else the drawn tile must be that copy and another held too.
  const others =
    action.red === undefined
      ? held - 1
      : action.red !== (hand.drawnRed === true)
        ? 0
        : action.red
          ? 0
          : held - (redHeld ? 1 : 0) - 1;
  return others > 0 ? { ...action, fromHand: true } : action;
}

function toAction(m: Record<string, unknown>, riichi: boolean): Reaction {
  if (riichi && m.type !== 'dahai') return refuse(`a ${m.type} after reach (a dahai must follow)`);
  switch (m.type) {
    case 'none':
      return { ok: true, action: { type: 'pass' } };
    case 'hora':
      return { ok: true, action: { type: 'win' } };
    case 'ryukyoku':
      return { ok: true, action: { type: 'nineTerminals' } };
    case 'reach':
      return { ok: true, reach: true };
    case 'dahai': {
      const t = fromMjaiName(m.pai);
      if (t === null) return refuse('garbage: dahai of no tile');
      return { ok: true, action: { type: riichi ? 'riichi' : 'discard', tile: t.kind, ...redOf([t]) } };
    }
    case 'chi': {
      const pai = fromMjaiName(m.pai);
      const own = tilesOf(m.consumed, 2);
      if (pai === null || own === null) return refuse('garbage: chi without pai and two consumed');
      const tiles = [pai.kind, ...own.map((t) => t.kind)].sort((a, b) => a - b) as [TileKind, TileKind, TileKind];
      return { ok: true, action: { type: 'chow', tiles, ...redOf(own) } };
    }
    case 'pon': {
      const own = tilesOf(m.consumed, 2);
      if (own === null) return refuse('garbage: pon without two consumed');
      return { ok: true, action: { type: 'pung', ...redOf(own) } };
    }
    case 'daiminkan':
      return { ok: true, action: { type: 'kong' } };
    case 'ankan': {
      const own = tilesOf(m.consumed, 4);
      if (own === null) return refuse('garbage: ankan without four consumed');
      return { ok: true, action: { type: 'concealedKong', tile: (own[0] as LogTile).kind } };
    }
    case 'kakan': {
      const pai = fromMjaiName(m.pai);
      if (pai === null) return refuse('garbage: kakan of no tile');
      return { ok: true, action: { type: 'addedKong', tile: pai.kind } };
    }
    case 'nukidora': {
      // three-player riichi: a North set aside (`pai` may be left out; if given it is N)
      if (m.pai !== undefined && m.pai !== 'N') return refuse('garbage: nukidora of a tile that is not N');
      return { ok: true, action: { type: 'north' } };
    }
    default:
      return refuse(`garbage: unknown type ${JSON.stringify(m.type).slice(0, 40)}`);
  }
}
