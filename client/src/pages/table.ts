/**
 * The game page: `/table.html?code=ABC234` plays the seat whose token this browser holds for
 * that table (from the lobby), or watches when it holds none or `spectate=1` is given. The Pixi
 * canvas draws the table; HTML above it holds the action bar, toggles, banner and result cards.
 * `window.__mj` exposes the plain state and a few test hooks.
 */
import type { BySeat, RefusalCode, TableInfo, TableView, TileKind } from '@mahjong/shared';
import { loadHostToken, loadTicket, type LinkState, TableConnection } from '../net/connection.js';
import { TableRenderer } from '../render/renderer.js';
import {
  type ActionButton,
  actionButtons,
  autoAction,
  countdown,
  type HandInput,
  isOffered,
  keyHand,
  statusLine,
  tapHand,
} from '../table/actions.js';
import { handOrder, layoutTable, type Scene } from '../table/layout.js';
import { el, matchCard, resultCard, tileImg } from '../ui/dom.js';

const params = new URLSearchParams(location.search);
const hashCode = /#\/(?:table|spectate|watch)\/([A-Za-z0-9]+)/.exec(location.hash)?.[1];
const code = (params.get('code') ?? hashCode ?? '').toUpperCase();
const spectate = params.get('spectate') === '1' || location.hash.startsWith('#/spectate');
const seatParam = params.get('seat');
const ticket = spectate ? null : loadTicket(code, seatParam === null ? null : Number(seatParam));

const stage = document.getElementById('stage') as HTMLElement;
const banner = document.getElementById('banner') as HTMLElement;
const bar = document.getElementById('actions') as HTMLElement;
const togglesEl = document.getElementById('toggles') as HTMLElement;
const resultEl = document.getElementById('result') as HTMLElement;

interface PageState {
  table: TableInfo | null;
  view: TableView | null;
  hands: BySeat<readonly TileKind[]> | null;
  link: LinkState;
  selected: number | null;
  /** seq of the view we acted on: no second action until a newer view arrives. */
  sentAt: number | null;
  autoPass: boolean;
  autoWin: boolean;
  /** Hand number whose result card was closed. */
  dismissed: number | null;
  lastRefusal: { code: RefusalCode; message: string } | null;
  bottomSeat: 0 | 1 | 2 | 3;
}

const state: PageState = {
  table: null,
  view: null,
  hands: null,
  link: 'connecting',
  selected: null,
  sentAt: null,
  autoPass: localStorage.getItem('mj.autoPass') === '1',
  autoWin: localStorage.getItem('mj.autoWin') === '1',
  dismissed: null,
  lastRefusal: null,
  bottomSeat: 0,
};

const renderer = new TableRenderer({ onTileTap: (i) => tapTile(i) });
let conn: TableConnection | null = null;
let scene: Scene | null = null;

function redraw(): void {
  const view = state.view;
  if (!view) return;
  scene = layoutTable(view, renderer.width, renderer.height, {
    selected: state.selected,
    reveal: state.hands,
    bottomSeat: state.bottomSeat,
    clock: conn ? countdown(view, conn.serverNow(), FULL_MS) : null,
  });
  renderer.draw(scene);
}

const canAct = (): boolean => {
  const v = state.view;
  return !!v && state.sentAt !== v.seq && v.legalActions.length > 0;
};

function send(action: Parameters<TableConnection['act']>[0]): void {
  const v = state.view;
  if (!conn || !v || !canAct()) return;
  // Only what the server offered: the action must be one of the legal ones.
  if (!isOffered(v, action)) return;
  state.sentAt = v.seq;
  state.selected = null;
  conn.act(action);
  renderBar();
  redraw();
}

/** First tap raises a tile, a second tap on it discards it; a tile that cannot go does nothing. */
function tapTile(index: number): void {
  const v = state.view;
  if (!v) return;
  applyHand(tapHand(v, handOrder(v).tiles, state.selected, index));
}

function applyHand(input: HandInput): void {
  if (input.discard !== null) send({ type: 'discard', tile: input.discard });
  else if (input.selected !== state.selected) {
    state.selected = input.selected;
    redraw();
  }
}

function renderBar(): void {
  bar.replaceChildren();
  const v = state.view;
  if (v?.phase !== 'playing') return;
  const buttons = canAct() ? actionButtons(v) : [];
  const status = el('span', { class: 'countdown', 'data-testid': 'status' }, statusLine(v));
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
  for (const t of b.tiles) button.append(tileImg(t));
  button.addEventListener('click', () => send(b.action));
  return button;
}

function placeBar(): void {
  const hand = scene?.sizes.hand ?? 40;
  // Just above the hand and its waits row, so that the table's centre stays in sight.
  bar.style.bottom = `${Math.round(hand * 2.05 + 16)}px`;
}

const FULL_MS = { turn: 20_000, claim: 8_000 };
let shownSeconds: number | null = null;

function tickCountdown(): void {
  const v = state.view;
  if (!v || !conn) return;
  const cd = countdown(v, conn.serverNow(), FULL_MS);
  const cdEl = document.getElementById('countdown');
  if (cdEl) {
    cdEl.textContent = cd ? `${cd.seconds}s` : '';
    cdEl.style.color = cd && cd.seconds <= 3 ? '#ffb4a8' : '#fff';
  }
  // The centre clock is part of the scene: redraw when the whole second changes.
  const seconds = cd?.seconds ?? null;
  if (seconds !== shownSeconds) {
    shownSeconds = seconds;
    redraw();
  }
}

let togglesFor = '';

/** A spectator's choice of the seat at the bottom (rebuilt only when the names change). */
function renderToggles(): void {
  const names = state.view ? state.view.seats.map((x) => x.name ?? '').join('|') : '';
  if (names === togglesFor) return;
  togglesFor = names;
  togglesEl.replaceChildren();
  if (!ticket) {
    const watching = el('label', {}, 'Watching · bottom seat ');
    const sel = el('select', { 'aria-label': 'Seat at the bottom' });
    for (const s of [0, 1, 2, 3] as const) {
      const o = el(
        'option',
        { value: String(s) },
        state.view ? (state.view.seats[s].name ?? `Seat ${s + 1}`) : `Seat ${s + 1}`,
      );
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
}

/** The auto-pass / auto-win switches, kept in the action bar so that they never cover tiles. */
function toggleBoxes(): HTMLElement {
  const wrap = el('span', { class: 'toggles' });
  for (const [key, label] of [
    ['autoPass', 'auto-pass'],
    ['autoWin', 'auto-win'],
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

function renderOverlay(): void {
  const v = state.view;
  resultEl.replaceChildren();
  if (!v) {
    resultEl.hidden = false;
    resultEl.append(lobbyCard());
    return;
  }
  const over = v.phase === 'matchOver';
  const handOver = v.phase === 'handOver' && v.lastResult && state.dismissed !== v.lastResult.handNumber;
  if (!over && !handOver) {
    resultEl.hidden = true;
    return;
  }
  const wrap = el('div', { style: 'max-width:760px;width:100%' });
  const rc = resultCard(v);
  if (rc) wrap.append(rc);
  if (over)
    wrap.append(
      matchCard(v),
      el('p', {}, el('a', { href: '/', class: 'card', style: 'display:inline-block' }, 'Back to the lobby')),
    );
  else {
    const close = el('button', { type: 'button', 'data-testid': 'close-result' }, 'Close (next hand starts shortly)');
    close.addEventListener('click', () => {
      state.dismissed = v.lastResult?.handNumber ?? null;
      renderOverlay();
    });
    rc?.append(close);
  }
  resultEl.append(wrap);
  resultEl.hidden = false;
}

function lobbyCard(): HTMLElement {
  const t = state.table;
  const card = el('section', { class: 'card' }, el('h2', {}, `Table ${code}`));
  if (!t) {
    card.append(el('p', {}, state.link === 'down' ? 'Cannot reach the server…' : 'Connecting…'));
    return card;
  }
  card.append(el('p', {}, ticket ? `You sit in seat ${ticket.seat + 1} as ${ticket.name}.` : 'You are watching.'));
  const seats = el('div', { class: 'seats' });
  for (const s of t.seats) {
    seats.append(
      el(
        'div',
        { class: 'seat-card' },
        el('strong', {}, `Seat ${s.seat + 1}`),
        el('br'),
        s.bot ? 'Bot' : (s.name ?? (t.fillWithBots ? 'empty (a bot at the start)' : 'empty')),
        s.name && !s.bot && !s.connected ? ' (away)' : '',
      ),
    );
  }
  card.append(seats);
  const host = loadHostToken(code);
  if (host && t.status === 'lobby') {
    const start = el('button', { type: 'button', class: 'primary', 'data-testid': 'start' }, 'Start the match');
    start.addEventListener('click', async () => {
      start.disabled = true;
      const res = await fetch(`/api/tables/${code}/start`, {
        method: 'POST',
        headers: { authorization: `Bearer ${host}`, 'content-type': 'application/json' },
        body: '{}',
      });
      if (!res.ok) {
        start.disabled = false;
        card.append(
          el(
            'p',
            { class: 'error' },
            ((await res.json()) as { error?: { message?: string } }).error?.message ?? 'Could not start',
          ),
        );
      }
    });
    card.append(el('div', { class: 'row' }, start));
  } else if (t.status === 'lobby') card.append(el('p', { class: 'muted' }, 'Waiting for the host to start…'));
  return card;
}

function renderBanner(): void {
  if (state.link === 'down') {
    banner.hidden = false;
    banner.dataset.kind = 'down';
    banner.textContent = 'Connection lost — reconnecting…';
  } else if (state.lastRefusal && state.lastRefusal.code !== 'act/stale_seq') {
    banner.hidden = false;
    banner.dataset.kind = 'info';
    banner.textContent = state.lastRefusal.message;
  } else banner.hidden = true;
}

function onKey(e: KeyboardEvent): void {
  const v = state.view;
  if (!v || e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
  const input = keyHand(v, handOrder(v).tiles, state.selected, e.key);
  if (input) {
    applyHand(input);
    e.preventDefault();
    return;
  }
  if (!canAct()) return;
  const b = actionButtons(v).find((x) => x.key.toLowerCase() === e.key.toLowerCase());
  if (b) {
    send(b.action);
    e.preventDefault();
  }
}

async function main(): Promise<void> {
  if (!code) {
    location.href = '/';
    return;
  }
  renderOverlay();
  await renderer.init(stage);
  renderer.app.renderer.on('resize', () => {
    redraw();
    placeBar();
  });
  conn = new TableConnection(code, ticket, {
    onView(view, hands) {
      const handChanged = state.view?.handNumber !== view.handNumber;
      state.view = view;
      state.hands = hands;
      state.lastRefusal = null;
      if (handChanged) state.selected = null;
      if (state.selected !== null && state.selected >= handOrder(view).tiles.length) state.selected = null;
      if (typeof view.viewer === 'number') state.bottomSeat = view.viewer;
      redraw();
      renderBar();
      renderOverlay();
      renderBanner();
      renderToggles();
      runAuto();
    },
    onTable(table) {
      state.table = table;
      if (table.status === 'ended') {
        state.lastRefusal = { code: 'table/over', message: 'The host ended this match.' };
        renderBanner();
      }
      if (!state.view) renderOverlay();
    },
    onLink(link) {
      state.link = link;
      renderBanner();
      if (!state.view) renderOverlay();
    },
    onRefused(c, message) {
      state.lastRefusal = { code: c, message };
      state.sentAt = null;
      renderBanner();
      renderBar();
    },
  });
  renderToggles();
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
  /** Clicks (taps twice) the hand tile at `index` in drawing order. */
  discard: (index: number) => {
    if (state.selected !== index) tapTile(index);
    tapTile(index);
  },
  hand: () => (state.view ? handOrder(state.view).tiles : []),
  buttons: () => (state.view && canAct() ? actionButtons(state.view).map((b) => b.id) : []),
  drop: () => conn?.socket.io.engine.close(),
};

void main();
