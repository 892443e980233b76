/**
 * The replay viewer: `/replay.html?match=ID` loads a finished match's frames (one per logged
 * event, every hand known) and plays them on the same Pixi table: play/pause, step forward and
 * back action by action, jump to a hand, speed, and a switch to show every hand.
 * `&hand=N&step=M` opens at a move (hand as shown, from 1; step 0 is its deal); the address
 * follows the move shown, and "Copy link" copies it. Result cards never cover the controls.
 */
import { placeChrome } from '../ui/page-chrome.js';
import { isVacantSeat, type RefusalValues, type ReplayResponse, reviewRulesFor } from '@mahjong/shared';
import { currentLang, onLangChange, t } from '../i18n/i18n.js';
import { MESSAGES, type MessageId } from '../i18n/messages.js';
import { displayName } from '../i18n/translate.js';
import { live, say } from '../i18n/live-text.js';
import { type AnyRefusalCode, refusalText } from '../i18n/refusals.js';
import { localiseScene, localiseText } from '../i18n/scene.js';
import { TableRenderer } from '../render/renderer.js';
import { type AnalysisPanel, mountAnalysis } from '../replay/analysis-panel.js';
import {
  describeEvent,
  handAt,
  indexOfMove,
  initialReplay,
  jumpToHand,
  moveOf,
  type ReplayState,
  SPEEDS,
  seek,
  step,
  tick,
  togglePlay,
} from '../replay/model.js';
import { importNote, logFilesPanel, openLogControl } from '../replay/log-files.js';
import { layoutTable, type Scene } from '../table/layout.js';
import { el, matchCard, resultCard } from '../ui/dom.js';

const params = new URLSearchParams(location.search);
const id = params.get('match') ?? '';

/**
 * The controls' words, asked for by message id in the language shown: each labelled control is
 * listed here and written again when the language changes (the controls keep their state).
 */
const labels: { readonly node: HTMLElement; readonly text?: MessageId; readonly title?: MessageId }[] = [];
function label<E extends HTMLElement>(node: E, text?: MessageId, title?: MessageId): E {
  labels.push({ node, ...(text ? { text } : {}), ...(title ? { title } : {}) });
  if (text) node.textContent = t(text);
  if (title) {
    node.title = t(title);
    node.setAttribute('aria-label', t(title));
  }
  node.setAttribute('data-no-translate', '');
  return node;
}
function relabel(): void {
  for (const l of labels) {
    if (l.text) l.node.textContent = t(l.text);
    if (l.title) {
      l.node.title = t(l.title);
      l.node.setAttribute('aria-label', t(l.title));
    }
  }
  const hand = document.getElementById('replay-hand');
  if (hand) {
    hand.setAttribute('aria-label', t('replay.hand'));
    hand.querySelectorAll('option').forEach((o, h) => {
      o.textContent = t('replay.handN', { n: h + 1 });
    });
  }
  const bottom = document.getElementById('replay-bottom');
  if (bottom) {
    bottom.setAttribute('aria-label', t('table.seatAtBottom'));
    bottom.querySelectorAll('option').forEach((o, s) => {
      const p = data?.match.players[s];
      o.textContent = displayName(p?.name, s, p?.bot === true, currentLang());
    });
  }
}
const stage = document.getElementById('stage') as HTMLElement;
const banner = document.getElementById('banner') as HTMLElement;
const controls = document.getElementById('replay-controls') as HTMLElement;
const resultEl = document.getElementById('result') as HTMLElement;

const renderer = new TableRenderer({ onGlyphs: () => show() });
let data: ReplayResponse | null = null;
let rs: ReplayState = initialReplay();
let scene: Scene | null = null;
let bottomSeat: 0 | 1 | 2 | 3 = 0;
let names: string[] = [];
let analysis: AnalysisPanel | null = null;
/** Whether the play button shows "Pause" (it changes when playing stops at the last frame). */
let shownPlaying = false;

function show(): void {
  const frame = data?.frames[rs.index];
  if (!data || !frame) return;
  // With the analysis open the table's area already stops above the controls (analysis.css).
  const below = analysis?.isOpen() ? 0 : controls.offsetHeight;
  scene = layoutTable(frame.view, renderer.width, renderer.height - below, {
    selected: null,
    reveal: rs.showAll ? frame.hands : null,
    bottomSeat,
    lang: currentLang(),
    measure: (text, size, bold) => renderer.measure(localiseText(text), size, bold),
  });
  renderer.draw(localiseScene(scene));
  placeChrome(scene.regions.menu, scene.width);
  analysis?.update();
  const pos = document.getElementById('replay-pos');
  if (pos) pos.textContent = `${rs.index + 1} / ${data.frames.length}`;
  const caption = document.getElementById('replay-caption');
  const before = data.frames[rs.index - 1]?.view;
  if (caption) {
    const lang = currentLang();
    const shownNames = data.match.players.map((p, s) => displayName(p.name, s, p.bot === true, lang));
    caption.textContent = describeEvent(frame.event, shownNames, before, lang);
    caption.setAttribute('data-no-translate', '');
  }
  // The address names the move shown: reload or share it to come back here.
  const move = moveOf(data.handStarts, rs.index);
  const link = `${location.origin}${location.pathname}?match=${encodeURIComponent(id)}&hand=${move.hand}&step=${move.step}`;
  if (location.href !== link) history.replaceState(null, '', link);
  document.getElementById('replay-copy')?.setAttribute('data-link', link);
  const hand = document.getElementById('replay-hand') as HTMLSelectElement | null;
  if (hand) hand.value = String(handAt(data.handStarts, rs.index));
  const play = document.getElementById('replay-play');
  if (play) play.textContent = t(rs.playing ? 'replay.pauseButton' : 'replay.playButton');
  shownPlaying = rs.playing;
  resultEl.replaceChildren();
  const v = frame.view;
  const card = v.phase === 'handOver' || v.phase === 'matchOver' ? resultCard(v) : null;
  if (card || v.phase === 'matchOver') {
    const wrap = el('div', { style: 'max-width:760px;width:100%;margin-bottom:80px' });
    if (card) wrap.append(card);
    if (v.phase === 'matchOver') wrap.append(matchCard(v));
    resultEl.append(wrap);
    // The card's overlay stops above the controls, which stay in reach.
    resultEl.style.bottom = `${controls.offsetHeight}px`;
    resultEl.hidden = false;
  } else resultEl.hidden = true;
}
onLangChange(() => {
  relabel();
  show();
});

function set(next: ReplayState): void {
  rs = next;
  show();
}

/** A control button: its words by message id (`text` null: a symbol only, ◀ ▶). */
function button(text: MessageId | string, title: MessageId, onClick: () => void, testId: string): HTMLButtonElement {
  const b = el('button', { type: 'button', 'data-testid': testId });
  if (text in MESSAGES) label(b, text as MessageId, title);
  else {
    b.textContent = text;
    label(b, undefined, title);
  }
  b.addEventListener('click', onClick);
  return b;
}

function copyLink(): HTMLButtonElement {
  const b = label(el('button', { type: 'button', id: 'replay-copy', 'data-testid': 'copy-link' }), 'replay.copyLink');
  b.addEventListener('click', async () => {
    const link = b.dataset.link ?? location.href;
    try {
      await navigator.clipboard.writeText(link);
      b.textContent = t('replay.linkCopied');
    } catch {
      b.textContent = t('replay.copyAddress');
    }
    setTimeout(() => {
      b.textContent = t('replay.copyLink');
    }, 2000);
  });
  return b;
}

function buildControls(r: ReplayResponse): void {
  const n = r.frames.length;
  const hands = el('select', { id: 'replay-hand', 'data-no-translate': '' });
  r.handStarts.forEach((_s, h) => {
    hands.append(el('option', { value: String(h) }));
  });
  hands.addEventListener('change', () => set(jumpToHand(rs, n, r.handStarts, Number(hands.value))));
  const speed = label(el('select', { 'data-testid': 'speed' }), undefined, 'replay.speed');
  for (const sp of SPEEDS) {
    const o = el('option', { value: String(sp) }, `${sp}×`);
    if (sp === rs.speed) o.selected = true;
    speed.append(o);
  }
  speed.addEventListener('change', () => set({ ...rs, speed: Number(speed.value) }));
  const all = el('input', { type: 'checkbox', 'data-testid': 'show-all' });
  all.checked = rs.showAll;
  all.addEventListener('change', () => set({ ...rs, showAll: all.checked }));
  const bottom = el('select', { id: 'replay-bottom', 'data-no-translate': '' });
  r.match.players.forEach((_p, s) => {
    // A three-player match's fourth seat is nobody's: not a seat to watch from.
    if (isVacantSeat(r.match.ruleset, s)) return;
    bottom.append(el('option', { value: String(s) }));
  });
  bottom.addEventListener('change', () => {
    bottomSeat = Number(bottom.value) as 0 | 1 | 2 | 3;
    show();
  });
  controls.replaceChildren(
    // An imported log says first how its hands compare with the file (in the bar, which the
    // table's layout leaves free).
    ...(r.imported ? [importNote(r.imported)] : []),
    button(
      'replay.prevHandButton',
      'replay.prevHand',
      () => set(jumpToHand(rs, n, r.handStarts, handAt(r.handStarts, rs.index) - 1)),
      'prev-hand',
    ),
    button('◀', 'replay.back', () => set(step(rs, n, -1)), 'step-back'),
    button('replay.playButton', 'replay.play', () => set(togglePlay(rs, n)), 'play'),
    button('▶', 'replay.forward', () => set(step(rs, n, 1)), 'step-forward'),
    button(
      'replay.nextHandButton',
      'replay.nextHand',
      () => set(jumpToHand(rs, n, r.handStarts, handAt(r.handStarts, rs.index) + 1)),
      'next-hand',
    ),
    hands,
    el('label', {}, label(el('span'), 'replay.speed'), ' ', speed),
    el('label', {}, all, label(el('span'), 'replay.showAll')),
    el('label', {}, label(el('span'), 'replay.bottom'), ' ', bottom),
    copyLink(),
    logFilesPanel(r),
    el('span', { id: 'replay-pos', 'data-testid': 'position' }),
    el('strong', { id: 'replay-caption', 'data-testid': 'caption', style: 'min-width:16em' }),
  );
  (controls.querySelector('[data-testid="play"]') as HTMLElement).id = 'replay-play';
  relabel();
  // The log files panel changes the bar's height: the table is laid out again above it.
  controls.querySelector('details')?.addEventListener('toggle', () => show());
  window.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLSelectElement || e.target instanceof HTMLInputElement) return;
    if (e.key === 'ArrowRight') set(step(rs, n, 1));
    else if (e.key === 'ArrowLeft') set(step(rs, n, -1));
    else if (e.key === ' ') set(togglePlay(rs, n));
    else return;
    e.preventDefault();
  });
}

async function main(): Promise<void> {
  if (id === '') {
    // No match named: the page where a log file from elsewhere is opened.
    banner.hidden = false;
    banner.dataset.kind = 'info';
    banner.replaceChildren(say('replay.openLogHint'));
    controls.replaceChildren(openLogControl());
    return;
  }
  // The frames load while the canvas and its textures are made.
  const loading = fetch(`/api/matches/${encodeURIComponent(id)}/replay`);
  await renderer.init(stage);
  renderer.app.renderer.on('resize', show);
  // The table is laid out above the controls: when they change height (their buttons wrap once
  // translated, a caption takes two lines) the bottom hand went partly under them until the next
  // move; lay out again whenever they do.
  new ResizeObserver(() => show()).observe(controls);
  const res = await loading;
  const json = (await res.json().catch(() => ({}))) as Partial<ReplayResponse> & {
    error?: { code: AnyRefusalCode; values?: RefusalValues };
  };
  if (!res.ok || !json.frames || json.frames.length === 0) {
    banner.hidden = false;
    banner.dataset.kind = 'down';
    // Said by its code in the language shown (and again on a switch), never the server's English.
    const why = json.error;
    banner.replaceChildren(why ? live(() => refusalText({ code: why.code, values: why.values })) : say('replay.none'));
    // A log from elsewhere can still be opened here.
    controls.replaceChildren(openLogControl());
    return;
  }
  const replay = json as ReplayResponse;
  data = replay;
  names = replay.match.players.map((p, s) => displayName(p.name, s, p.bot === true, 'en'));
  rs = seek(
    rs,
    replay.frames.length,
    indexOfMove(replay.handStarts, replay.frames.length, params.get('hand'), params.get('step')),
  );
  buildControls(replay);
  analysis = mountAnalysis({
    frames: replay.frames,
    controls,
    names,
    rules: reviewRulesFor(replay.match.ruleset, replay.match.options),
    index: () => rs.index,
    seat: () => bottomSeat,
    relayout: () => {
      renderer.app.resize();
      show();
    },
  });
  controls.append(analysis.toggle);
  show();
  let last = performance.now();
  const loop = () => {
    requestAnimationFrame(loop);
    const now = performance.now();
    const before = rs.index;
    if (data) rs = tick(rs, data.frames, now - last);
    last = now;
    if (rs.index !== before || rs.playing !== shownPlaying) show();
  };
  requestAnimationFrame(loop);
}

window.__mj = {
  state: () => ({
    replay: rs,
    frames: data?.frames.length ?? 0,
    handStarts: data?.handStarts ?? [],
    view: data?.frames[rs.index]?.view ?? null,
  }),
  /** Shows frame `index` (paused). */
  seek: (index: number) => set({ ...seek(rs, data?.frames.length ?? 0, index), playing: false }),
  scene: () => scene,
  renderer,
};

void main();
