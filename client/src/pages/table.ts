/**
 * The game page: `/table.html?code=ABC234` plays the seat whose token this browser holds for
 * that table (from the lobby), or watches when it holds none or `spectate=1` is given. The Pixi
 * canvas draws the table; HTML above it holds the action bar, toggles, banner and result cards.
 * `window.__mj` exposes the plain state and a few test hooks.
 */
import { placeChrome } from '../ui/page-chrome.js';
import {
  type BySeat,
  type HttpError,
  type JoinResponse,
  type MatchDetail,
  type PlayerAction,
  parseJoinCode,
  type RematchResponse,
  type Seat,
  type TableInfo,
  type TableView,
  type TileKind,
} from '@mahjong/shared';
import { ApiError, api, player } from '../net/community.js';
import {
  type LinkState,
  loadHostToken,
  loadTicket,
  type SeatLost,
  saveHostToken,
  saveTicket,
  TableConnection,
} from '../net/connection.js';
import { TableRenderer } from '../render/renderer.js';
import {
  type ActionButton,
  actionButtons,
  autoAction,
  countdown,
  enterRiichiChoice,
  type HandInput,
  isOffered,
  keepRiichiChoice,
  keyHand,
  riichiTiles,
  riichiWaits,
  statusLine,
  tapHand,
} from '../table/actions.js';
import { handOrder, layoutTable, type Scene, TILE_ASPECT, type TileItem } from '../table/layout.js';
import { el, matchCard, resultCard, tileImg } from '../ui/dom.js';
import { currentLang, onLangChange, t } from '../i18n/i18n.js';
import { sayAttr } from '../i18n/live-text.js';
import { displayName } from '../i18n/translate.js';
import { localiseScene, localiseText } from '../i18n/scene.js';
import { type Refusal, refusalText } from '../i18n/refusals.js';
import { whyRefused } from '../ui/why-refused.js';
import { audio } from '../audio/player.js';
import { settings } from '../settings/settings.js';
import { calloutText, TableFeedback } from '../table/feedback.js';
import { lostClaimText } from '../table/lost-claim.js';
import { mountHelp } from '../ui/help.js';

const params = new URLSearchParams(location.search);
const hashCode = /#\/(?:table|spectate|watch)\/([A-Za-z0-9]+)/.exec(location.hash)?.[1];
const code = (params.get('code') ?? hashCode ?? '').toUpperCase();
const wellFormed = parseJoinCode(code) === code;
const spectate = params.get('spectate') === '1' || location.hash.startsWith('#/spectate');
const seatParam = params.get('seat');
const ticket = spectate ? null : loadTicket(code, seatParam === null ? null : Number(seatParam));

/**
 * The page's own words, asked for by message id in the language shown (read when used: the
 * page writes its cards, bar and banner again when the language changes).
 */
const TEXT = {
  get lost(): Record<SeatLost, string> {
    return { opened_elsewhere: t('flow.openedElsewhere'), replaced: t('flow.seatGiven') };
  },
  get lostHint() {
    return t('flow.noLongerPlays');
  },
  get takeoverAsked() {
    return t('flow.takeoverAsked');
  },
  get takeoverHint() {
    return t('flow.takeoverHint');
  },
  get handOver() {
    return t('flow.handOver');
  },
  get keepSeat() {
    return t('flow.keepSeat');
  },
  get seatLinks() {
    return t('flow.seatLinks');
  },
  get seatLinksHint() {
    return t('flow.seatLinksHint');
  },
  newLink: (n: number) => t('flow.newLink', { n }),
  linkFor: (n: number) => t('flow.linkFor', { n }),
  get playHere() {
    return t('flow.playHere');
  },
  get ready() {
    return t('flow.ready');
  },
  get readySent() {
    return t('flow.readyWaiting');
  },
  nextHandIn: (n: number) => t('flow.nextHandIn', { n }),
  get connecting() {
    return t('table.connecting');
  },
  get unreachable() {
    return t('table.unreachable');
  },
  get close() {
    return t('result.close');
  },
  get endMatch() {
    return t('flow.endMatch');
  },
  get endConfirm() {
    return t('flow.endConfirm');
  },
  get endYes() {
    return t('flow.endTheMatch');
  },
  get endNo() {
    return t('flow.keepPlaying');
  },
  get ended() {
    return t('banner.ended');
  },
  get replay() {
    return t('flow.watchReplay');
  },
  get lobby() {
    return t('table.backToLobby');
  },
  get rematch() {
    return t('flow.rematch');
  },
  get you() {
    return t('player.stats');
  },
  get rematchHint() {
    return t('flow.rematchHint');
  },
  noTable: (code: string) => t('lobby.noTable', { name: code }),
  badCode: (code: string) => t('err.badCodeInLink', { name: code || '—' }),
  get dealing() {
    return t('flow.dealing');
  },
  get awayLegend() {
    return t('table.awayLegend');
  },
  get awayLegendLong() {
    return t('table.awayLegendLong');
  },
  get aiFallbackLegend() {
    return t('table.aiFallbackLegend');
  },
  get aiFallbackLegendLong() {
    return t('table.aiFallbackLegendLong');
  },
};

const stage = document.getElementById('stage') as HTMLElement;
const banner = document.getElementById('banner') as HTMLElement;
const bar = sayAttr(document.getElementById('actions') as HTMLElement, 'aria-label', 'table.yourActions');
const togglesEl = document.getElementById('toggles') as HTMLElement;
const resultEl = document.getElementById('result') as HTMLElement;

interface PageState {
  table: TableInfo | null;
  view: TableView | null;
  hands: BySeat<readonly TileKind[]> | null;
  link: LinkState;
  selected: number | null;
  /** Riichi was pressed: the next hand tile played declares riichi with it (until Cancel, or
   * a view that offers no riichi). */
  riichiChoice: boolean;
  /** seq of the view we acted on: no second action until a newer view arrives. */
  sentAt: number | null;
  autoPass: boolean;
  autoWin: boolean;
  /** Hand number whose result card was closed. */
  dismissed: number | null;
  lastRefusal: Refusal | null;
  /** A word for the banner for a while (as shown now): why a claim was lost, a move the link could not send. */
  note: string | null;
  /** The claim this page sent in the open window, and the view it was sent on. */
  claimSent: { action: PlayerAction; view: TableView } | null;
  bottomSeat: 0 | 1 | 2 | 3;
  /** The seat was taken by another page (until "Play here"). */
  lost: SeatLost | null;
  /** Another page asked for the seat (after many takeovers): hand over or keep it. */
  takeoverAsked: boolean;
  /** The host asked to end the match and is asked to confirm. */
  confirmEnd: boolean;
  /** The host's seat links card is open; the links made in it by seat. */
  seatLinks: Partial<Record<number, string>> | null;
  /** The finished match as stored (its seed, for the summary's check). */
  detail: MatchDetail | null;
}

const state: PageState = {
  table: null,
  view: null,
  hands: null,
  link: 'connecting',
  selected: null,
  riichiChoice: false,
  sentAt: null,
  autoPass: localStorage.getItem('mj.autoPass') === '1',
  autoWin: localStorage.getItem('mj.autoWin') === '1',
  dismissed: null,
  lastRefusal: null,
  note: null,
  claimSent: null,
  bottomSeat: 0,
  lost: null,
  takeoverAsked: false,
  seatLinks: null,
  confirmEnd: false,
  detail: null,
};

const renderer = new TableRenderer({ onTileTap: (i) => tapTile(i), onGlyphs: () => redraw() });
/** Every action this page sent (the test hook reads it). */
const sent: PlayerAction[] = [];
let conn: TableConnection | null = null;
let scene: Scene | null = null;
const feedback = new TableFeedback(
  () => state.bottomSeat,
  () => redraw(),
);

/** The view with who is connected now: the lobby info follows every (dis)connection, a view only the next event. */
function withPresence(view: TableView): TableView {
  const seats = state.table?.seats;
  if (!seats) return view;
  return {
    ...view,
    seats: view.seats.map((s) => ({ ...s, connected: seats[s.seat].connected })) as unknown as TableView['seats'],
  };
}

function redraw(): void {
  const view = state.view;
  if (!view) return;
  scene = layoutTable(withPresence(view), renderer.width, renderer.height, {
    selected: state.selected,
    reveal: state.hands,
    bottomSeat: state.bottomSeat,
    clock: runningClock(view),
    riichiChoice: choosing() ? { tiles: riichiTiles(view), waits: raisedWaits(view) } : null,
    hints: feedback.hintUi(),
    aiFallback: new Set(aiFallbackSeats()),
    lang: currentLang(),
    measure: (text, size, bold) => renderer.measure(localiseText(text), size, bold),
  });
  renderer.draw(localiseScene(feedback.decorate(scene)));
  placeBanner();
}

const canAct = (): boolean => {
  const v = state.view;
  return !!v && !state.lost && state.sentAt !== v.seq && v.legalActions.length > 0;
};

/** Whether the riichi choice is on now (the page may still act and a riichi is offered). */
const choosing = (): boolean => !!state.view && canAct() && keepRiichiChoice(state.view, state.riichiChoice);

/** In the riichi choice, what the raised tile's discard would wait on. */
function raisedWaits(view: TableView): TileKind[] {
  const tile = state.selected === null ? undefined : handOrder(view).tiles[state.selected];
  return tile === undefined ? [] : riichiWaits(view, tile);
}

function send(action: Parameters<TableConnection['act']>[0]): void {
  const v = state.view;
  if (!conn || !v || !canAct()) return;
  // Only what the server offered: the action must be one of the legal ones.
  if (!isOffered(v, action)) return;
  // Not seated (a "Play here" whose welcome has not come yet): nothing goes out, nothing is waited for.
  if (conn.act(action) === null) return;
  state.sentAt = v.seq;
  state.note = null;
  noteWords = null;
  state.claimSent = v.stage === 'claims' && action.type !== 'pass' ? { action, view: v } : null;
  state.selected = null;
  state.riichiChoice = false;
  sent.push(action);
  renderBar();
  renderBanner();
  redraw();
}

let noteTimer: ReturnType<typeof setTimeout> | null = null;
/** The note's words, asked again when the language shown changes while it is up. */
let noteWords: (() => string) | null = null;
/** Shows `words()` in the banner for a few seconds (the next note or action replaces it). */
function showNote(words: () => string): void {
  noteWords = words;
  state.note = words();
  if (noteTimer) clearTimeout(noteTimer);
  noteTimer = setTimeout(() => {
    if (noteWords === words) {
      noteWords = null;
      state.note = null;
    }
    renderBanner();
  }, 6000);
  renderBanner();
}

/**
 * First tap raises a tile, a second tap on it discards it (in the riichi choice: declares riichi
 * with it); a tile that cannot go does nothing.
 */
function tapTile(index: number): void {
  const v = state.view;
  if (!v) return;
  applyHand(tapHand(v, handOrder(v).tiles, state.selected, index, choosing()));
}

function applyHand(input: HandInput): void {
  if (input.send !== null) send(input.send);
  else if (input.selected !== state.selected) {
    state.selected = input.selected;
    redraw();
  }
}

/** Riichi enters the choice (only the tiles that may go with it stay lit), Cancel leaves it. */
function setRiichiChoice(on: boolean): void {
  const v = state.view;
  if (!v) return;
  state.riichiChoice = on && keepRiichiChoice(v, true);
  if (state.riichiChoice) state.selected = enterRiichiChoice(v, handOrder(v).tiles, state.selected);
  renderBar();
  redraw();
}

/** What a button does: send its action, or enter / leave the riichi choice. */
function press(b: ActionButton): void {
  if (b.action) send(b.action);
  else if (b.choice) setRiichiChoice(b.choice === 'riichi');
}

function renderBar(): void {
  bar.replaceChildren();
  const v = state.view;
  if (v?.phase !== 'playing' || state.lost || matchFinished()) return;
  const buttons = canAct() ? actionButtons(v, choosing()) : [];
  const status = el('span', { class: 'countdown', 'data-testid': 'status' }, statusLine(v, choosing()));
  bar.append(status);
  for (const b of buttons) bar.append(buttonFor(b));
  const cd = el('span', { class: 'countdown', id: 'countdown' });
  bar.append(cd);
  if (ticket) bar.append(toggleBoxes());
  tickCountdown();
  placeBar();
}

function buttonFor(b: ActionButton): HTMLButtonElement {
  const button = el('button', { type: 'button', class: b.kind, 'data-action': b.id, title: `${b.label} (${b.key})` });
  button.append(b.label);
  b.tiles.forEach((t, i) => {
    button.append(tileImg(t, i === b.red));
  });
  button.addEventListener('click', () => press(b));
  return button;
}

/**
 * The action bar in the corner the layout keeps free of tiles, against its right edge (within a
 * thumb's reach). A wide prompt grows leftwards over the viewer's own discards first, then
 * upwards, so that the other seats' discards stay in sight.
 */
function placeBar(): void {
  const r = scene?.regions.bar;
  if (!r || !scene) return;
  const box = scene.regions.box;
  bar.style.left = 'auto';
  bar.style.transform = 'none';
  bar.style.right = `${Math.round(scene.width - (r.x + r.w))}px`;
  bar.style.bottom = `${Math.round(scene.height - (r.y + r.h))}px`;
  bar.style.maxWidth = `${Math.round(Math.max(r.x + r.w - box.x - 8, 200))}px`;
  const menu = scene.regions.menu;
  // The page's language switch and settings go to the same free corner, the host's switches
  // below them.
  const chromeHeight = placeChrome(menu, scene.width);
  togglesEl.style.right = `${Math.round(scene.width - (menu.x + menu.w))}px`;
  togglesEl.style.top = `${Math.round(menu.y + (chromeHeight > 0 ? chromeHeight + 6 : 0))}px`;
  togglesEl.style.maxWidth = `${Math.round(Math.max(menu.w, 60))}px`;
  fitToggles();
}

/**
 * On a phone held sideways the corner above the side ponds is short: a spectator's "Watching ·
 * bottom seat" went over to two lines and down over a pond. There the words give way and the
 * picker (named for screen readers by its label) stays.
 */
function fitToggles(): void {
  const menu = scene?.regions.menu;
  if (!menu) return;
  togglesEl.classList.remove('tight');
  if (togglesEl.getBoundingClientRect().bottom > menu.y + menu.h + 2) togglesEl.classList.add('tight');
}

const FULL_MS = { turn: 20_000, claim: 8_000 };
let shownSeconds: number | null = null;

const setText = (e: HTMLElement, text: string): void => {
  if (e.textContent !== text) e.textContent = text;
};

/**
 * The turn or claim clock running now, if any. A match the host ended keeps the view of the move
 * it stopped on (a turn with its deadline): no clock runs on it, and no warning ticks.
 */
function runningClock(v: TableView): ReturnType<typeof countdown> {
  return conn && !matchFinished() ? countdown(v, conn.serverNow(), FULL_MS) : null;
}

function tickCountdown(): void {
  const v = state.view;
  if (!v || !conn) return;
  const cd = runningClock(v);
  // Written only when the words change: a text set again, even to the same words, is laid out and
  // painted again, four times a second.
  const cdEl = document.getElementById('countdown');
  if (cdEl) {
    setText(cdEl, cd ? `${cd.seconds}s` : '');
    const urgent = !!cd && cd.seconds <= 3;
    if (cdEl.classList.contains('urgent') !== urgent) cdEl.classList.toggle('urgent', urgent);
  }
  const pause = document.getElementById('pause-countdown');
  if (pause && v.deadlines.turn !== null)
    setText(pause, TEXT.nextHandIn(Math.max(0, Math.ceil((v.deadlines.turn - conn.serverNow()) / 1000))));
  // The centre clock is part of the scene (a live text, written in the page over the canvas: its
  // second draws no canvas frame): lay the scene out again when the whole second changes.
  const seconds = cd?.seconds ?? null;
  if (seconds !== shownSeconds) {
    shownSeconds = seconds;
    feedback.tick(seconds, cd?.kind === 'turn' && v.turn === v.viewer);
    redraw();
  }
}

let togglesFor = '';

/** The host's controls: a seat's new link (its token reissued), ending the match (after a confirm). */
function hostControls(): HTMLElement | null {
  if (!loadHostToken(code) || state.table?.status !== 'playing') return null;
  const links = el('button', { type: 'button', 'data-testid': 'seat-links' }, TEXT.seatLinks);
  links.addEventListener('click', () => {
    state.seatLinks = state.seatLinks ? null : {};
    renderOverlay();
  });
  const end = el('button', { type: 'button', 'data-testid': 'end-match' }, TEXT.endMatch);
  end.addEventListener('click', () => {
    state.confirmEnd = true;
    renderOverlay();
  });
  return el('span', {}, links, ' ', end);
}

/** A host request's refusal as the page keeps it (an answer with no error body is the server's fault). */
const refusalOf = (body: Partial<HttpError>): Refusal =>
  body.error ? { code: body.error.code, values: body.error.values } : { code: 'http/internal' };

/** A new token for `seat` (the old one stops playing it), as a link that takes the seat. */
async function reissueSeat(seat: number): Promise<void> {
  const host = loadHostToken(code);
  if (!host) return;
  const res = await fetch(`/api/tables/${code}/reissue`, {
    method: 'POST',
    headers: { authorization: `Bearer ${host}`, 'content-type': 'application/json' },
    body: JSON.stringify({ seat }),
  });
  const body = (await res.json().catch(() => ({}))) as { token?: string } & Partial<HttpError>;
  if (!res.ok || !body.token) {
    state.lastRefusal = refusalOf(body);
    renderBanner();
    return;
  }
  const link = `${location.origin}/#/table/${code}/take/${seat}/${encodeURIComponent(body.token)}`;
  state.seatLinks = { ...state.seatLinks, [seat]: link };
  renderOverlay();
}

/** The host's card of seat links: one button per seat a player holds. */
function seatLinksCard(): HTMLElement {
  const rows = (state.table?.seats ?? [])
    .filter((s) => !s.bot && s.name !== null)
    .map((s) => {
      const made = state.seatLinks?.[s.seat];
      if (made) {
        const field = el('input', { type: 'text', readonly: '', value: made, 'data-testid': `seat-link-${s.seat}` });
        return el('p', {}, TEXT.linkFor(s.seat + 1), ' ', field);
      }
      const make = el('button', { type: 'button', 'data-reissue': String(s.seat) }, TEXT.newLink(s.seat + 1));
      make.addEventListener('click', () => {
        make.disabled = true;
        void reissueSeat(s.seat);
      });
      return el('p', {}, `${s.name} · `, make);
    });
  const close = el('button', { type: 'button' }, TEXT.close);
  close.addEventListener('click', () => {
    state.seatLinks = null;
    renderOverlay();
  });
  return el(
    'section',
    { class: 'card', 'data-testid': 'seat-links-card' },
    el('h2', {}, TEXT.seatLinks),
    el('p', {}, TEXT.seatLinksHint),
    ...rows,
    close,
  );
}

async function endMatch(): Promise<void> {
  const host = loadHostToken(code);
  if (!host) return;
  const res = await fetch(`/api/tables/${code}/end`, {
    method: 'POST',
    headers: { authorization: `Bearer ${host}`, 'content-type': 'application/json' },
    body: '{}',
  });
  state.confirmEnd = false;
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as Partial<HttpError>;
    state.lastRefusal = refusalOf(body);
    renderBanner();
  }
  renderOverlay();
}

/** A spectator's choice of the seat at the bottom, the host's controls (rebuilt only when they change). */
function renderToggles(): void {
  const names = state.view ? state.view.seats.map((x) => x.name ?? '').join('|') : '';
  // Written again when a mark comes or goes, and in the language chosen.
  const key = `${names}|${state.table?.status ?? ''}|${awaySeats().join()}|${aiFallbackSeats().join()}|${currentLang()}`;
  if (key === togglesFor) return;
  togglesFor = key;
  togglesEl.replaceChildren();
  const host = hostControls();
  if (host) togglesEl.append(host);
  if (!ticket) {
    const watching = el('label', {}, el('span', { class: 'words' }, `${t('table.watchingBottom')} `));
    // Its names are written in the language shown (a player's as written): not for the translator.
    const sel = el('select', { 'aria-label': t('table.seatAtBottom'), 'data-no-translate': '' });
    for (const s of [0, 1, 2, 3] as const) {
      // Nobody sits in a three-player table's fourth seat: nobody to watch from there.
      if (state.view?.seats[s].vacant) continue;
      const seat = state.view?.seats[s];
      const o = el('option', { value: String(s) }, displayName(seat?.name, s, seat?.isBot ?? false, currentLang()));
      if (s === state.bottomSeat) o.selected = true;
      sel.append(o);
    }
    sel.addEventListener('change', () => {
      state.bottomSeat = Number(sel.value) as 0 | 1 | 2 | 3;
      redraw();
    });
    watching.append(sel);
    togglesEl.append(watching);
  }
  // The ⚠ after a name on the table says what it means here, while any seat shows it.
  if (awaySeats().length > 0) {
    const legend = el('span', { class: 'away-legend', 'data-testid': 'away-legend' }, TEXT.awayLegend);
    legend.title = TEXT.awayLegendLong;
    togglesEl.append(legend);
  }
  // The same for the ↻ of an outside AI's seat that the built-in bot played for.
  if (aiFallbackSeats().length > 0) {
    const legend = el('span', { class: 'away-legend', 'data-testid': 'ai-fallback-legend' }, TEXT.aiFallbackLegend);
    legend.title = TEXT.aiFallbackLegendLong;
    togglesEl.append(legend);
  }
  fitToggles();
}

/** The seats drawn with the fallback mark (↻): an outside AI's seat the built-in bot played for. */
function aiFallbackSeats(): Seat[] {
  return (state.table?.seats ?? []).filter((s) => s.ai !== undefined && s.aiFallbacks !== undefined).map((s) => s.seat);
}

/** The seats drawn with the away mark (⚠): a player's seat whose page is closed. */
function awaySeats(): Seat[] {
  const v = state.view;
  return v
    ? withPresence(v)
        .seats.filter((s) => !s.isBot && !s.connected && !s.vacant)
        .map((s) => s.seat)
    : [];
}

/** The auto-pass / auto-win switches, kept in the action bar so that they never cover tiles. */
function toggleBoxes(): HTMLElement {
  const wrap = el('span', { class: 'toggles' });
  for (const [key, label] of [
    ['autoPass', t('act.autoPass')],
    ['autoWin', t('act.autoWin')],
  ] as const) {
    const box = el('input', { type: 'checkbox', 'data-toggle': key });
    box.checked = state[key];
    box.addEventListener('change', () => {
      state[key] = box.checked;
      localStorage.setItem(`mj.${key}`, box.checked ? '1' : '0');
      runAuto();
    });
    wrap.append(el('label', {}, box, label));
  }
  return wrap;
}

function runAuto(): void {
  const v = state.view;
  if (!v || !canAct()) return;
  const a = autoAction(v, state);
  if (a) send(a);
}

/** Whether the match is over for good: played out, or ended by the host. */
const matchFinished = (): boolean =>
  state.view?.phase === 'matchOver' || state.table?.status === 'over' || state.table?.status === 'ended';

/** The stored match (for the seed), fetched once when it is over. */
async function loadDetail(): Promise<void> {
  const id = state.table?.matchId;
  if (!id || state.detail) return;
  const res = await fetch(`/api/matches/${encodeURIComponent(id)}`).catch(() => null);
  if (res?.ok) {
    state.detail = (await res.json()) as MatchDetail;
    renderOverlay();
  }
}

function summaryLinks(): HTMLElement {
  const id = state.table?.matchId ?? '';
  const row = el(
    'p',
    { class: 'row', 'data-testid': 'summary-links' },
    el(
      'a',
      { href: `/replay.html?match=${encodeURIComponent(id)}`, class: 'button', 'data-testid': 'summary-replay' },
      TEXT.replay,
    ),
    el('a', { href: '/', class: 'button', 'data-testid': 'summary-lobby' }, TEXT.lobby),
  );
  if (id && (ticket || seatedHere())) row.prepend(rematchButton(id));
  if (myName !== null)
    row.append(el('a', { href: '/player.html', class: 'button', 'data-testid': 'summary-you' }, TEXT.you));
  return row;
}

/** This browser's player, once known (a rematch is theirs to ask for). */
let myName: string | null = null;

/**
 * A page without this table's seat token whose player sat here by name (moved to this device
 * since): it may ask for the rematch too; the server checks the player against the match. (A
 * seat a bot covered at the end, its player away, still has its player's name.)
 */
function seatedHere(): boolean {
  return myName !== null && (state.table?.seats.some((s) => s.name === myName) ?? false);
}

/**
 * Rematch: the first click opens the next table (same players, seats moved on, a new seed) and
 * makes this browser its host; every click takes the seat kept for its player, and the table
 * starts once every kept seat is taken. The page then goes to that table as its seat.
 */
function rematchButton(matchId: string): HTMLElement {
  const b = el(
    'button',
    { type: 'button', class: 'primary', 'data-testid': 'rematch', title: TEXT.rematchHint },
    TEXT.rematch,
  );
  b.addEventListener('click', async () => {
    b.disabled = true;
    try {
      const r = await api<RematchResponse>(`/api/matches/${encodeURIComponent(matchId)}/rematch`, {});
      if (r.hostToken) saveHostToken(r.code, r.hostToken);
      saveTicket(r.code, { seat: r.seat, token: r.token, name: r.table.seats[r.seat].name ?? ticket?.name ?? '' });
      location.href = `/table.html?code=${r.code}&seat=${r.seat}`;
    } catch (err) {
      b.disabled = false;
      b.after(el('span', { class: 'error', 'data-testid': 'rematch-error' }, whyRefused(err)));
    }
  });
  return b;
}

/**
 * "Play here" on a page whose seat got a new token (its player took it on another device, or the
 * host gave out a new link): the token this page holds is dead, so it asks for the seat as a join
 * does. The server gives it back only to the player whose key holds it (not after the host's new
 * link, which no player holds), and the page goes to its seat with the new token.
 */
async function seatBack(button: HTMLButtonElement, card: HTMLElement): Promise<void> {
  if (!ticket) return;
  button.disabled = true;
  try {
    const r = await api<JoinResponse>(`/api/tables/${encodeURIComponent(code)}/join`, {
      name: ticket.name || (myName ?? ''),
      seat: ticket.seat,
    });
    saveTicket(code, { seat: r.seat, token: r.token, name: r.table.seats[r.seat].name ?? ticket.name });
    location.replace(`/table.html?code=${code}&seat=${r.seat}`);
  } catch (err) {
    button.disabled = false;
    card.querySelector('[data-testid="seat-back-error"]')?.remove();
    // A started match refuses a join that holds no seat: here, a seat the host's new link took.
    const taken = err instanceof ApiError && err.code === 'table/already_started';
    card.append(
      el('p', { class: 'error', 'data-testid': 'seat-back-error' }, taken ? t('flow.seatNotYours') : whyRefused(err)),
    );
  }
}

/** What the overlay shows depends on these only: an unchanged key keeps its DOM (a link being clicked stays). */
let overlayKey = '';

/**
 * The overlay as the state says; a card open over the table ends the call-outs and holds new ones
 * back, and hides the corner's controls (the host's buttons, the spectator's seat picker): the
 * overlay takes their taps anyway, and on a portrait phone they showed above the card's top.
 */
function renderOverlay(): void {
  drawOverlay();
  feedback.cover(!resultEl.hidden);
  togglesEl.style.visibility = resultEl.hidden ? '' : 'hidden';
  placeBanner();
}

/**
 * A win's card carries its call-out (榮和 Ron, 自摸 Tsumo, 食糊 Win), which the card ended on the
 * table; not when the player switched call-outs off (the card's subtitle says how the hand was
 * won in words all the same).
 */
function withCall(card: HTMLElement, view: TableView): HTMLElement {
  const r = view.lastResult;
  if (r?.kind !== 'win' || r.winner === undefined || !settings.get().callouts) return card;
  const text = calloutText(
    'win',
    {
      ...(r.discarder === undefined ? {} : { from: r.discarder }),
      ...(view.riichi ? { riichiTable: true } : {}),
    },
    currentLang(),
  );
  const title = card.querySelector('h2');
  if (!text || !title) return card;
  // Beside the title, not in it (the title stays the card's words).
  const row = el('div', { class: 'card-title' });
  title.replaceWith(row);
  row.append(title, el('span', { class: 'call-badge', 'data-no-translate': '' }, text));
  return card;
}

function drawOverlay(): void {
  const v = state.view;
  const key = JSON.stringify([
    state.lost,
    state.takeoverAsked,
    state.seatLinks,
    state.confirmEnd,
    matchFinished(),
    state.table?.status,
    state.table?.seats,
    state.link,
    state.lastRefusal?.code,
    v?.seq,
    state.sentAt,
    state.dismissed,
    state.detail?.seed,
    settings.get().callouts,
  ]);
  if (key === overlayKey) return;
  overlayKey = key;
  resultEl.replaceChildren();
  if (state.lost) {
    const here = el('button', { type: 'button', class: 'primary', 'data-testid': 'play-here' }, TEXT.playHere);
    const card = el(
      'section',
      { class: 'card', 'data-testid': 'seat-lost' },
      el('h2', {}, TEXT.lost[state.lost]),
      el('p', {}, TEXT.lostHint),
      here,
    );
    here.addEventListener('click', () => {
      if (state.lost === 'replaced') void seatBack(here, card);
      else {
        state.lost = null;
        conn?.hello();
        renderOverlay();
      }
    });
    resultEl.append(card);
    resultEl.hidden = false;
    return;
  }
  if (state.seatLinks) {
    resultEl.append(seatLinksCard());
    resultEl.hidden = false;
    return;
  }
  if (state.takeoverAsked) {
    const give = el('button', { type: 'button', 'data-testid': 'hand-over' }, TEXT.handOver);
    const keep = el('button', { type: 'button', class: 'primary', 'data-testid': 'keep-seat' }, TEXT.keepSeat);
    give.addEventListener('click', () => {
      state.takeoverAsked = false;
      conn?.handOver();
      renderOverlay();
    });
    keep.addEventListener('click', () => {
      state.takeoverAsked = false;
      renderOverlay();
    });
    resultEl.append(
      el(
        'section',
        { class: 'card', 'data-testid': 'takeover-asked' },
        el('h2', {}, TEXT.takeoverAsked),
        el('p', {}, TEXT.takeoverHint),
        el('div', { class: 'row' }, keep, give),
      ),
    );
    resultEl.hidden = false;
    return;
  }
  if (state.confirmEnd && !matchFinished()) {
    const yes = el('button', { type: 'button', class: 'primary', 'data-testid': 'end-confirm' }, TEXT.endYes);
    const no = el('button', { type: 'button', 'data-testid': 'end-cancel' }, TEXT.endNo);
    yes.addEventListener('click', () => {
      yes.disabled = true;
      void endMatch();
    });
    no.addEventListener('click', () => {
      state.confirmEnd = false;
      renderOverlay();
    });
    resultEl.append(
      el('section', { class: 'card' }, el('p', {}, TEXT.endConfirm), el('div', { class: 'row' }, yes, no)),
    );
    resultEl.hidden = false;
    return;
  }
  if (!v) {
    resultEl.hidden = false;
    resultEl.append(lobbyCard());
    return;
  }
  const over = matchFinished();
  const handOver = v.phase === 'handOver' && v.lastResult && state.dismissed !== v.lastResult.handNumber;
  if (!over && !handOver) {
    resultEl.hidden = true;
    return;
  }
  const wrap = el('div', { style: 'max-width:760px;width:100%' });
  const card = resultCard(v);
  const rc = card && withCall(card, v);
  if (over) {
    void loadDetail();
    // Ended by the host mid-match: the view never says so; the stored match has the seed.
    const seed = v.seed ?? state.detail?.seed;
    const final = seed ? { ...v, seed } : v;
    if (state.table?.status === 'ended') wrap.append(el('p', { class: 'card', 'data-testid': 'ended' }, TEXT.ended));
    // The way on first: on a phone the summary is longer than the screen. Then the match's end
    // (standings, chart, seed), and the last hand's card under it: above it, that card was read
    // as one more hand's result, and the match over was off the screen.
    wrap.append(summaryLinks(), matchCard(final));
    if (rc && v.phase === 'matchOver') wrap.append(rc);
  } else if (rc) {
    wrap.append(rc);
    const ready = v.legalActions.some((a) => a.type === 'pass');
    const row = el('div', { class: 'row ready-row' });
    if (ticket && ready && canAct()) {
      const b = el('button', { type: 'button', class: 'primary', 'data-testid': 'ready' }, TEXT.ready);
      b.addEventListener('click', () => send({ type: 'pass' }));
      row.append(b);
    } else if (ticket && !ready) row.append(el('span', { 'data-testid': 'ready-sent' }, TEXT.readySent));
    row.append(el('span', { id: 'pause-countdown', class: 'muted', 'data-testid': 'pause-countdown' }));
    const close = el('button', { type: 'button', 'data-testid': 'close-result' }, TEXT.close);
    close.addEventListener('click', () => {
      state.dismissed = v.lastResult?.handNumber ?? null;
      renderOverlay();
    });
    row.append(close);
    rc.append(row);
  }
  resultEl.append(wrap);
  resultEl.hidden = false;
  tickCountdown();
}

/**
 * A table no server holds any more (a finished match is kept live for minutes only): its record in
 * the ledger, once, so that a link to it still leads to its replay and rematch, not to "no table".
 */
let askedLedger = false;
async function finishedRecord(): Promise<void> {
  if (askedLedger || !wellFormed) return;
  askedLedger = true;
  const res = await fetch(`/api/tables/${encodeURIComponent(code)}`).catch(() => null);
  const info = res?.ok ? ((await res.json().catch(() => null)) as TableInfo | null) : null;
  if (!info || (info.status !== 'over' && info.status !== 'ended') || state.table) return;
  state.table = info;
  state.lastRefusal = null;
  redraw();
  renderBanner();
  renderBar();
  renderOverlay();
}

function lobbyCard(): HTMLElement {
  const table = state.table;
  const card = el('section', { class: 'card' }, el('h2', {}, t('lobby.tableCode', { name: code })));
  if (!table) {
    // A code that cannot be one (a typo in the link) or one with no table: said, with the way back.
    if (!wellFormed || state.lastRefusal?.code === 'table/not_found') {
      card.append(
        el('p', { class: 'error', 'data-testid': 'no-table' }, wellFormed ? TEXT.noTable(code) : TEXT.badCode(code)),
        el('a', { href: '/' }, TEXT.lobby),
      );
    } else if (state.lastRefusal) {
      card.append(el('p', { class: 'error' }, refusalText(state.lastRefusal)), el('a', { href: '/' }, TEXT.lobby));
    } else card.append(el('p', {}, state.link === 'down' ? TEXT.unreachable : TEXT.connecting));
    return card;
  }
  if (table.status === 'ended' || table.status === 'over') {
    // Played to its end, or stopped by its host: said as what happened.
    const what = table.status === 'ended' ? TEXT.ended : t('match.over');
    card.append(el('p', { 'data-testid': 'ended' }, what), summaryLinks());
    return card;
  }
  card.append(el('p', {}, ticket ? t('table.youSit', { n: ticket.seat + 1, name: ticket.name }) : t('table.watching')));
  const seats = el('div', { class: 'seats' });
  for (const s of table.seats.filter((x) => !x.vacant)) {
    // A player's name is shown as written (never matched against the catalogue's words).
    const who = s.bot
      ? t('seat.bot')
      : s.name !== null
        ? el('span', { 'data-no-translate': '' }, s.name)
        : t(table.fillWithBots ? 'table.emptyBot' : 'seat.empty');
    seats.append(
      el(
        'div',
        { class: 'seat-card' },
        el('strong', {}, t('seat.n', { n: s.seat + 1 })),
        el('br'),
        who,
        s.name && !s.bot && !s.connected ? ` ${t('table.away')}` : '',
      ),
    );
  }
  card.append(seats);
  const host = loadHostToken(code);
  if (host && table.status === 'lobby') {
    const start = el('button', { type: 'button', class: 'primary', 'data-testid': 'start' }, t('table.startMatch'));
    start.addEventListener('click', async () => {
      start.disabled = true;
      const res = await fetch(`/api/tables/${code}/start`, {
        method: 'POST',
        headers: { authorization: `Bearer ${host}`, 'content-type': 'application/json' },
        body: '{}',
      });
      if (!res.ok) {
        start.disabled = false;
        // Said by the refusal's code and values (its English message is for logs).
        const body = (await res.json().catch(() => ({}))) as Partial<HttpError>;
        card.append(el('p', { class: 'error' }, t('table.couldNotStart', { name: refusalText(refusalOf(body)) })));
      }
    });
    card.append(el('div', { class: 'row' }, start));
  } else if (table.status === 'lobby') card.append(el('p', { class: 'muted' }, t('status.waitingDots')));
  else if (table.status === 'playing') card.append(el('p', { class: 'muted' }, TEXT.dealing));
  return card;
}

/**
 * Once the table is drawn the banner sits on the centre panel: across the top of the window it
 * covered the top seat's tiles (on a phone held sideways, all of them), and the panel is where a
 * player looks. It keeps off the tiles the panel holds (a riichi table's dora indicators) and off
 * the clock's line: in its middle it covered the clock, and the time left must stay in sight. It
 * covers the round, the wall, and where it must a seat's label; no tile moves. Before a table is
 * drawn, while a card is open over it (the middle of the window is the card's), and on the replay
 * page it keeps the top of the window.
 */
function placeBanner(): void {
  const panel = banner.hidden || !resultEl.hidden ? undefined : scene?.items.find((i) => i.key === 'panel');
  const on = panel?.type === 'rect';
  banner.classList.toggle('on-panel', on);
  banner.classList.remove('tight');
  banner.style.left = on ? `${Math.round(panel.x + panel.w / 2)}px` : '';
  // As wide as the panel, and never narrower than a short line of words (a little of the ponds
  // around a narrow panel is covered then, not a hand).
  banner.style.maxWidth = on ? `${Math.round(Math.max(panel.w, 220))}px` : '';
  if (!on || !scene) {
    banner.style.top = '';
    return;
  }
  const gap = 4;
  const inPanel = scene.items.filter(
    (i): i is TileItem =>
      i.type === 'tile' && i.x > panel.x && i.x < panel.x + panel.w && i.y > panel.y && i.y < panel.y + panel.h,
  );
  // Its top no higher than the panel's, and below the tiles the panel holds.
  const floor = Math.max(panel.y, ...inPanel.map((t) => t.y + (t.w * TILE_ASPECT) / 2 + gap));
  // The clock's line is kept whether a clock runs or not, so the banner does not jump when one
  // starts. Above it (in the middle, or higher) where the room between the tiles and the clock
  // holds the banner; else just below it, over the bottom seat's label (on a phone held sideways
  // the indicators stand beside the lines, and a narrow riichi panel has no such room).
  const clock = scene.regions.clock;
  const place = (): { y: number; fits: boolean } => {
    const half = banner.getBoundingClientRect().height / 2;
    const above = Math.min(Math.max(panel.y + panel.h / 2, floor + half), clock.y - gap - half);
    if (above - half >= floor - 0.5) return { y: above, fits: true };
    const below = clock.y + clock.h + gap + half;
    return { y: below, fits: below + half <= panel.y + panel.h + 0.5 };
  };
  let at = place();
  if (!at.fits) {
    // Past the panel's edge it would cover the viewer's discards: closer set, it mostly fits.
    banner.classList.add('tight');
    at = place();
  }
  banner.style.top = `${Math.round(at.y)}px`;
}

function renderBanner(): void {
  // A reconnection the server refused (the address's sockets at their cap) says so, not "down".
  if (state.link === 'down' && state.lastRefusal?.code !== 'socket/too_many') {
    banner.hidden = false;
    banner.dataset.kind = 'down';
    banner.textContent = t(conn?.holding ? 'banner.held' : 'banner.down');
  } else if (state.note) {
    if (noteWords) state.note = noteWords();
    banner.hidden = false;
    banner.dataset.kind = 'info';
    banner.textContent = state.note;
  } else if (state.lastRefusal && state.lastRefusal.code !== 'act/stale_seq') {
    banner.hidden = false;
    banner.dataset.kind = 'info';
    banner.textContent = refusalText(state.lastRefusal);
  } else banner.hidden = true;
  placeBanner();
}

function onKey(e: KeyboardEvent): void {
  const v = state.view;
  if (!v || e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
  const input = keyHand(v, handOrder(v).tiles, state.selected, e.key, choosing());
  if (input) {
    applyHand(input);
    e.preventDefault();
    return;
  }
  if (!canAct()) return;
  const b = actionButtons(v, choosing()).find((x) => x.key.toLowerCase() === e.key.toLowerCase());
  if (b) {
    press(b);
    e.preventDefault();
  }
}

async function main(): Promise<void> {
  if (!code) {
    location.href = '/';
    return;
  }
  // The player this browser is (a rematch asks for it); made here on a first visit by a link.
  player()
    .then((s) => {
      // (no "You" in the page chrome here: the chrome sits in a corner the layout keeps free
      // of tiles, sized for the language switch and settings; the summary links the page)
      myName = s.me.player.name;
      overlayKey = '';
      renderOverlay();
    })
    .catch(() => {
      /* no player (offline, rate limited): the table plays as before players */
    });
  renderOverlay();
  await renderer.init(stage, settings.get().faces);
  settings.subscribe((now, before) => {
    if (now.faces !== before.faces) void renderer.useFaces(now.faces);
    if (now.hints !== before.hints) redraw();
    if (now.callouts !== before.callouts) renderOverlay();
  });
  mountHelp();
  renderer.app.renderer.on('resize', () => {
    redraw();
    placeBar();
  });
  if (!wellFormed) {
    // No table can have this code: nothing to ask the server (its refusal is the protocol's
    // English); the card says what is wrong with the link and leads back to the lobby.
    renderOverlay();
    return;
  }
  conn = new TableConnection(code, ticket, {
    onView(view, hands) {
      const handChanged = state.view?.handNumber !== view.handNumber;
      // The window of our claim closed: say why when another seat's claim took the tile.
      const claim = state.claimSent;
      if (claim && (view.stage !== 'claims' || view.handNumber !== claim.view.handNumber)) {
        state.claimSent = null;
        const lost = { before: claim.view, after: view, action: claim.action };
        if (lostClaimText(lost.before, lost.after, lost.action) !== null)
          showNote(() => lostClaimText(lost.before, lost.after, lost.action, currentLang()) ?? '');
      }
      state.view = view;
      state.hands = hands;
      state.lastRefusal = null;
      if (handChanged) state.selected = null;
      // A new turn, a call, the hand's end: no riichi offered any more ends the choice.
      state.riichiChoice = keepRiichiChoice(view, state.riichiChoice);
      if (state.selected !== null && state.selected >= handOrder(view).tiles.length) state.selected = null;
      if (typeof view.viewer === 'number') state.bottomSeat = view.viewer;
      feedback.onView(view);
      redraw();
      renderBar();
      renderOverlay();
      renderBanner();
      renderToggles();
      runAuto();
    },
    onTable(table) {
      state.table = table;
      redraw();
      // (The bar goes when the host ends the match: the table's status, not a view, says so.)
      renderBar();
      renderToggles();
      // The summary replaces whatever card was up (a hand's result, a confirm).
      if (!state.view || matchFinished()) renderOverlay();
    },
    onLink(link) {
      state.link = link;
      renderBanner();
      if (!state.view) renderOverlay();
    },
    onRefused(c, _message, values) {
      state.lastRefusal = { code: c, values };
      state.sentAt = null;
      renderBanner();
      renderBar();
      if (!state.view) renderOverlay();
      if (c === 'table/not_found' && !state.table) void finishedRecord();
    },
    onTakeoverAsked() {
      state.takeoverAsked = true;
      renderOverlay();
    },
    onSeatLost(reason) {
      state.lost = reason;
      state.takeoverAsked = false;
      renderBar();
      renderOverlay();
    },
    onReturned() {
      state.sentAt = null;
      showNote(() => t('banner.returned'));
      renderBar();
    },
    onNotice(c) {
      // The server cannot record moves: say so in the banner until it can again.
      if (c === 'ledger/paused') state.lastRefusal = { code: 'table/paused' };
      else if (state.lastRefusal?.code === 'table/paused') state.lastRefusal = null;
      renderBanner();
    },
  });
  renderToggles();
  onLangChange(() => {
    redraw();
    // The cards, the bar and the banner are written in the language shown (by message id):
    // write them again.
    overlayKey = '';
    renderOverlay();
    renderBar();
    renderBanner();
    renderToggles();
  });
  window.addEventListener('keydown', onKey);
  setInterval(tickCountdown, 250);
}

declare global {
  interface Window {
    __mj?: unknown;
  }
}

window.__mj = {
  state: () => ({ ...state, role: conn?.role ?? null }),
  scene: () => scene,
  renderer,
  feedback,
  audio,
  /** Clicks (taps twice) the hand tile at `index` in drawing order. */
  discard: (index: number) => {
    if (state.selected !== index) tapTile(index);
    tapTile(index);
  },
  hand: () => (state.view ? handOrder(state.view).tiles : []),
  buttons: () => (state.view && canAct() ? actionButtons(state.view, choosing()).map((b) => b.id) : []),
  /** The actions this page sent, oldest first. */
  sent: () => [...sent],
  drop: () => conn?.socket.io.engine.close(),
};

void main();
