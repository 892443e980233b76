/**
 * What the player can do now, derived only from the legal actions the server sent with the view:
 * which hand tiles may be discarded, which buttons to show (each chow combination as its tiles,
 * pung, kong, win with its faan, a North set aside, pass), the riichi choice (one Riichi button, then a tile), the
 * automatic answers of the auto-pass / auto-win toggles, and the countdown. Nothing here invents
 * an action: every button that sends carries one of the server's `LegalAction`s, sent back
 * unchanged (without the preview fields); Riichi and Cancel only enter and leave the choice. A
 * discard (or riichi) of a five at a table with red fives adds the one choice the server leaves
 * to the player: which copy goes (`red`, from the tile tapped).
 */
import {
  countKinds,
  type LegalAction,
  liveWaits,
  ownCounts,
  type PlayerAction,
  RIICHI_ANALYSIS,
  sameAction as sameMove,
  type TableView,
  type TileKind,
  waits,
  isRiichiFamily,
  isRulesetId,
  NORTH,
} from '@mahjong/shared';
import { message } from '../i18n/translate.js';
import { handOrder, redInHand } from './layout.js';
import { isFive } from './red-fives.js';

export type ButtonKind = 'win' | 'riichi' | 'kong' | 'pung' | 'chow' | 'draw' | 'pass' | 'cancel';

export interface ActionButton {
  /** Stable id for tests and keyboard: `win`, `riichi`, `pung`, `kong`, `ckong:5`, `akong:5`, `chow:3-4-5`, `pass`,
   * `cancel`; a call that puts the hand's red five into the meld ends in `:red` (`pung:red`, `chow:12-13-14:red`). */
  readonly id: string;
  readonly kind: ButtonKind;
  readonly label: string;
  /** Tiles to show on the button (the chow, the kong tile...). */
  readonly tiles: readonly TileKind[];
  /** The index in `tiles` of a red five (the claimed discard, the hand's red five a call names, or
   * the kong's five when it is the red one). */
  readonly red?: number;
  /** The keyboard shortcut shown on the button. */
  readonly key: string;
  /** The server's action the button sends; null for Riichi and Cancel, which send nothing. */
  readonly action: PlayerAction | null;
  /** Riichi enters the riichi choice (a hand tile is picked next), Cancel leaves it. */
  readonly choice?: 'riichi' | 'cancel';
}

/** Strips preview fields: what is sent is exactly the server's action. */
export function toPlayerAction(a: LegalAction): PlayerAction {
  switch (a.type) {
    case 'discard':
      return { type: 'discard', tile: a.tile };
    case 'chow': {
      const tiles: [TileKind, TileKind, TileKind] = [a.tiles[0], a.tiles[1], a.tiles[2]];
      return a.red === undefined ? { type: 'chow', tiles } : { type: 'chow', tiles, red: a.red };
    }
    case 'pung':
      return a.red === undefined ? { type: 'pung' } : { type: 'pung', red: a.red };
    case 'kong':
      return { type: 'kong' };
    case 'concealedKong':
      return { type: 'concealedKong', tile: a.tile };
    case 'addedKong':
      return { type: 'addedKong', tile: a.tile };
    case 'win':
      return { type: 'win' };
    case 'pass':
      return { type: 'pass' };
    case 'riichi':
      return { type: 'riichi', tile: a.tile };
    case 'nineTerminals':
      return { type: 'nineTerminals' };
    case 'north':
      return { type: 'north' };
  }
}

/** Whether two actions are the same move (key order and preview fields do not matter). */
export function sameAction(a: PlayerAction, b: PlayerAction): boolean {
  return sameMove(toPlayerAction(a), toPlayerAction(b));
}

/** Whether `action` is one of the legal actions the server offered in `view`. */
export const isOffered = (view: TableView, action: PlayerAction): boolean =>
  view.legalActions.some((a) => sameAction(a, action));

/** The tile kinds the server lets this seat discard now. */
export function discardable(view: TableView): ReadonlySet<TileKind> {
  const out = new Set<TileKind>();
  for (const a of view.legalActions) if (a.type === 'discard') out.add(a.tile);
  return out;
}

const ORDER: Record<ButtonKind, number> = {
  win: 0,
  riichi: 1,
  kong: 2,
  pung: 3,
  chow: 4,
  draw: 5,
  pass: 6,
  cancel: 7,
};

/** Riichi tables count han; Hong Kong tables faan. */
export const isRiichiView = (view: TableView): boolean => isRulesetId(view.ruleset) && isRiichiFamily(view.ruleset);

/** The tile kinds whose discard may go with a riichi declaration now (the server's riichi actions). */
export function riichiTiles(view: TableView): ReadonlySet<TileKind> {
  const out = new Set<TileKind>();
  for (const a of view.legalActions) if (a.type === 'riichi') out.add(a.tile);
  return out;
}

/**
 * Whether the riichi choice (Riichi pressed, a tile to pick) goes on with `view`: only while the
 * server still offers a riichi. A new turn, a call, the end of the hand end it.
 */
export const keepRiichiChoice = (view: TableView, choosing: boolean): boolean => choosing && riichiTiles(view).size > 0;

/** The hand tiles a tap or the arrows may raise: the riichi tiles while choosing, else the discards. */
export const selectable = (view: TableView, choosing = false): ReadonlySet<TileKind> =>
  choosing && riichiTiles(view).size > 0 ? riichiTiles(view) : discardable(view);

/**
 * What the hand waits on once `tile` is discarded with the declaration, as the shared riichi
 * rules read it (`riichiDiscards`, which the server's offers come from, is made of these): the
 * shape's waits with the riichi table's options, less any kind the hand holds all four of in
 * its tiles and kongs. Empty when `tile` is not one of the offered riichi tiles.
 */
export function riichiWaits(view: TableView, tile: TileKind): TileKind[] {
  const hand = view.hand;
  const me = view.viewer;
  if (!hand || typeof me !== 'number' || !riichiTiles(view).has(tile)) return [];
  const melds = view.seats[me].melds;
  const counts = countKinds(hand.concealed);
  counts[tile] = (counts[tile] as number) - 1;
  const shape = waits(counts, melds.length, RIICHI_ANALYSIS);
  return liveWaits(
    shape,
    ownCounts(
      counts,
      melds.flatMap((m) => m.tiles),
    ),
  );
}

/** The button that leaves the riichi choice. */
const CANCEL: ActionButton = {
  id: 'cancel',
  kind: 'cancel',
  label: 'Cancel',
  tiles: [],
  key: 'Escape',
  action: null,
  choice: 'cancel',
};

/**
 * The buttons for every non-discard legal action, most valuable first, pass last. Riichi is one
 * button however many discards may go with it. While `choosing` a riichi tile, Cancel alone.
 */
export function actionButtons(view: TableView, choosing = false): ActionButton[] {
  if (keepRiichiChoice(view, choosing)) return [CANCEL];
  // The tile a claim takes: the last discard, or in a robbing window the tile being added.
  const claimed = view.stage === 'robbing' ? view.robbing : view.lastDiscard;
  const last = claimed?.tile;
  // Where the claimed tile is the red five, it is drawn red on the button.
  const red = (tiles: readonly TileKind[]) =>
    claimed?.red && last !== undefined && tiles.includes(last) ? { red: tiles.indexOf(last) } : {};
  // A call that names the hand's red five (`red: true`) shows it red: a chow's five (a chow has
  // one, and it is the hand's when named), a pung's second tile (the claimed one is drawn first).
  const callRed = (a: LegalAction, tiles: readonly TileKind[]) => {
    if ((a.type !== 'chow' && a.type !== 'pung') || a.red !== true) return red(tiles);
    return a.type === 'pung' ? { red: 1 } : { red: tiles.findIndex(isFive) };
  };
  let pungN = 0;
  // A kong of the hand's own tiles holds the red five when the hand (or the pung added to) has it.
  const ownRed = (tile: TileKind) =>
    view.hand?.red?.includes(tile) ||
    (typeof view.viewer === 'number' && view.seats[view.viewer].melds.some((m) => m.red && m.tiles[0] === tile))
      ? { red: 0 }
      : {};
  const buttons: ActionButton[] = [];
  let chowN = 0;
  let riichi = false;
  for (const a of view.legalActions) {
    switch (a.type) {
      case 'discard':
        break;
      case 'win': {
        const selfDrawn = view.stage === 'discard';
        const riichi = isRiichiView(view);
        const word = riichi ? (selfDrawn ? 'Tsumo' : 'Ron') : selfDrawn ? 'Self-drawn win' : 'Win';
        // With its value: by message id, in English for the page's translator.
        const id = riichi
          ? selfDrawn
            ? 'act.tsumoHan'
            : 'act.ronHan'
          : selfDrawn
            ? 'act.selfDrawnFaan'
            : 'act.winFaan';
        const tiles = selfDrawn || last === undefined ? [] : [last];
        buttons.push({
          id: 'win',
          kind: 'win',
          label: a.faan === undefined ? word : message(id, 'en', { n: a.faan }),
          tiles,
          ...red(tiles),
          key: 'w',
          action: toPlayerAction(a),
        });
        break;
      }
      case 'pung': {
        // Two pungs where the hand may put in its red five or keep it: `p` the first, `o` the other.
        const tiles = last === undefined ? [] : [last, last, last];
        buttons.push({
          id: a.red === true ? 'pung:red' : 'pung',
          kind: 'pung',
          label: 'Pung',
          tiles,
          ...callRed(a, tiles),
          key: pungN++ === 0 ? 'p' : 'o',
          action: toPlayerAction(a),
        });
        break;
      }
      case 'kong':
        buttons.push({
          id: 'kong',
          kind: 'kong',
          label: 'Kong',
          tiles: last === undefined ? [] : [last, last, last, last],
          ...red(last === undefined ? [] : [last]),
          key: 'k',
          action: toPlayerAction(a),
        });
        break;
      case 'concealedKong':
        buttons.push({
          id: `ckong:${a.tile}`,
          kind: 'kong',
          label: 'Concealed kong',
          tiles: [a.tile, a.tile, a.tile, a.tile],
          ...ownRed(a.tile),
          key: 'k',
          action: toPlayerAction(a),
        });
        break;
      case 'addedKong':
        buttons.push({
          id: `akong:${a.tile}`,
          kind: 'kong',
          label: 'Add to kong',
          tiles: [a.tile, a.tile, a.tile, a.tile],
          ...ownRed(a.tile),
          key: 'k',
          action: toPlayerAction(a),
        });
        break;
      case 'chow':
        chowN++;
        buttons.push({
          id: `chow:${a.tiles.join('-')}${a.red === true ? ':red' : ''}`,
          kind: 'chow',
          label: 'Chow',
          tiles: [...a.tiles],
          ...callRed(a, a.tiles),
          key: String(chowN),
          action: toPlayerAction(a),
        });
        break;
      case 'riichi':
        // One button for every discard that may go with the declaration: the tile is picked in
        // the hand next (the riichi choice).
        if (!riichi)
          buttons.push({
            id: 'riichi',
            kind: 'riichi',
            label: 'Riichi',
            tiles: [],
            key: 'r',
            action: null,
            choice: 'riichi',
          });
        riichi = true;
        break;
      case 'nineTerminals':
        buttons.push({
          id: 'nineTerminals',
          kind: 'draw',
          label: 'Nine terminals (draw)',
          tiles: [],
          key: 'n',
          action: toPlayerAction(a),
        });
        break;
      case 'north':
        // Three-player riichi: set a North aside, styled as the kongs it is akin to.
        buttons.push({
          id: 'north',
          kind: 'kong',
          label: message('act.north', 'en'),
          tiles: [NORTH],
          key: 'b',
          action: toPlayerAction(a),
        });
        break;
      case 'pass':
        buttons.push({ id: 'pass', kind: 'pass', label: 'Pass', tiles: [], key: 'Escape', action: { type: 'pass' } });
        break;
    }
  }
  // Stable sort keeps the server's order inside a kind (chows low to high as sent).
  return buttons.sort((x, y) => ORDER[x.kind] - ORDER[y.kind]);
}

export interface Toggles {
  readonly autoPass: boolean;
  readonly autoWin: boolean;
}

/**
 * The action the toggles answer by themselves, if any. Auto-win takes any offered win. Auto-pass
 * passes a claim window where the only offers are claims (never when a win is offered: a player
 * who wants to skip wins must do it by hand).
 */
export function autoAction(view: TableView, toggles: Toggles): PlayerAction | null {
  const legal = view.legalActions;
  if (legal.length === 0) return null;
  if (toggles.autoWin && legal.some((a) => a.type === 'win')) return { type: 'win' };
  const inWindow = view.phase === 'playing' && (view.stage === 'claims' || view.stage === 'robbing');
  if (toggles.autoPass && inWindow && legal.some((a) => a.type === 'pass') && !legal.some((a) => a.type === 'win')) {
    return { type: 'pass' };
  }
  return null;
}

export interface Countdown {
  readonly kind: 'turn' | 'claim';
  /** Whole seconds left, rounded up, never below 0. */
  readonly seconds: number;
  /** Fraction of the time left (0-1) given the window's full length, for a bar. */
  readonly fraction: number;
}

/**
 * The countdown to show: the claim window while it is open, else the turn timer. `serverNow` is
 * the client's estimate of the server clock (local time plus the offset measured by ping).
 */
export function countdown(
  view: TableView,
  serverNow: number,
  fullMs: { turn: number; claim: number },
): Countdown | null {
  const open = view.stage === 'claims' || view.stage === 'robbing';
  const claim = view.deadlines.claim;
  if (open && claim !== null) {
    const left = Math.max(0, claim - serverNow);
    return { kind: 'claim', seconds: Math.ceil(left / 1000), fraction: Math.min(1, left / fullMs.claim) };
  }
  const turn = view.deadlines.turn;
  if (view.stage === 'discard' && turn !== null) {
    const left = Math.max(0, turn - serverNow);
    return { kind: 'turn', seconds: Math.ceil(left / 1000), fraction: Math.min(1, left / fullMs.turn) };
  }
  return null;
}

/** A short sentence for the status line: whose move it is, from this viewer's side. */
export function statusLine(view: TableView, choosing = false): string {
  if (keepRiichiChoice(view, choosing)) return 'Riichi: pick the tile to discard';
  if (view.phase === 'waiting') return 'Waiting for the host to start';
  if (view.phase === 'handOver') return 'Hand over';
  if (view.phase === 'matchOver') return 'Match over';
  const mine = typeof view.viewer === 'number' && view.turn === view.viewer;
  const claimsOffered = view.legalActions.some((a) => a.type !== 'discard');
  switch (view.stage) {
    case 'discard': {
      if (mine) return 'Your turn: discard a tile';
      const who = view.turn === null ? null : view.seats[view.turn];
      return who ? `${who.name ?? `Seat ${who.seat + 1}`} to play` : '';
    }
    case 'claims':
      return claimsOffered ? 'Claim the discard?' : 'Others may claim the discard';
    case 'robbing':
      return claimsOffered ? 'Rob the kong?' : 'Others may rob the kong';
    case 'none':
      return '';
  }
}

/** What a tap or a key on the hand does: the tile raised now, and the action to send, if any. */
export interface HandInput {
  readonly selected: number | null;
  /** A discard, or in the riichi choice the declaration with that discard. */
  readonly send: PlayerAction | null;
}

/**
 * Which copy of a five hand tile `index` is, as a discard names it: at a table with red fives
 * (`riichi.redFives` 3) `red: true` for the red five and `red: false` for a plain one; nothing for
 * other tiles and at other tables. A seat in riichi may only discard the tile it drew: a tap on
 * any tile of that kind names the drawn one's copy.
 */
export function copyOf(view: TableView, index: number, tile: TileKind): { red?: boolean } {
  if (view.riichi?.redFives !== 3 || !isFive(tile)) return {};
  const hand = view.hand;
  const me = view.viewer;
  if (typeof me === 'number' && view.seats[me].riichi && hand?.drawn === tile) return { red: hand.drawnRed === true };
  return { red: redInHand(view).has(index) };
}

/**
 * Whether hand tile `index` is a copy of the drawn tile's kind other than the drawn tile: its
 * discard says so (`fromHand`), or the table would take the drawn one and show everyone a tile
 * thrown straight from the draw (tsumogiri) that came from the hand. In riichi only the drawn
 * tile may go, whichever of its kind is tapped.
 */
export function fromHandOf(view: TableView, index: number, tile: TileKind): { fromHand?: true } {
  const me = view.viewer;
  if (view.hand?.drawn !== tile || (typeof me === 'number' && view.seats[me].riichi)) return {};
  const { drawnIndex } = handOrder(view);
  return drawnIndex === null || index === drawnIndex ? {} : { fromHand: true };
}

/** The move that plays hand tile `index` (of kind `tile`): a discard, or while choosing the riichi with it. */
const play = (view: TableView, index: number, tile: TileKind, choosing: boolean): PlayerAction =>
  choosing
    ? { type: 'riichi', tile, ...copyOf(view, index, tile), ...fromHandOf(view, index, tile) }
    : { type: 'discard', tile, ...copyOf(view, index, tile), ...fromHandOf(view, index, tile) };

/**
 * A tap on hand tile `index` (in drawing order): the first tap raises a tile the server lets us
 * discard (in the riichi choice: one that may go with the declaration), a second tap on the
 * raised tile plays it; other tiles do nothing.
 */
export function tapHand(
  view: TableView,
  hand: readonly TileKind[],
  selected: number | null,
  index: number,
  choosing = false,
): HandInput {
  const riichi = keepRiichiChoice(view, choosing);
  const tile = hand[index];
  if (tile === undefined || !selectable(view, riichi).has(tile)) return { selected, send: null };
  if (selected === index) return { selected: null, send: play(view, index, tile, riichi) };
  return { selected: index, send: null };
}

/**
 * Arrow keys move the raised tile (wrapping), Enter or Space plays it. In the riichi choice the
 * arrows step over the tiles that cannot go with the declaration.
 */
export function keyHand(
  view: TableView,
  hand: readonly TileKind[],
  selected: number | null,
  key: string,
  choosing = false,
): HandInput | null {
  const riichi = keepRiichiChoice(view, choosing);
  const n = hand.length;
  if (n === 0) return null;
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const step = key === 'ArrowLeft' ? -1 : 1;
    let at = selected === null ? (step > 0 ? -1 : n) : selected;
    if (!riichi) return { selected: (at + step + n) % n, send: null };
    const can = riichiTiles(view);
    for (let i = 0; i < n; i++) {
      at = (at + step + n) % n;
      if (can.has(hand[at] as TileKind)) return { selected: at, send: null };
    }
    return { selected, send: null };
  }
  if ((key === 'Enter' || key === ' ') && selected !== null) {
    const tile = hand[selected];
    if (tile === undefined || !selectable(view, riichi).has(tile)) return { selected, send: null };
    return { selected: null, send: play(view, selected, tile, riichi) };
  }
  return null;
}

/**
 * The raised tile as the riichi choice begins: kept when it may go with the declaration (one more
 * tap declares with it), else none.
 */
export function enterRiichiChoice(view: TableView, hand: readonly TileKind[], selected: number | null): number | null {
  const tile = selected === null ? undefined : hand[selected];
  return tile !== undefined && riichiTiles(view).has(tile) ? selected : null;
}
