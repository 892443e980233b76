/**
 * The replay's analysis panel: a toggle among the replay controls and a panel beside the table
 * (on the right of a wide or landscape screen, below the table on a portrait phone, the table
 * drawn in the space left so that the panel never covers it). It shows `analysis-model.ts` for
 * the seat at the bottom at the step shown, and the match's per-player summary, worked out once
 * when the panel first opens.
 */
import { type ReplayFrame, type ReviewRules, reviewMatch, type Seat } from '@mahjong/shared';
import { currentLang, onLangChange, t } from '../i18n/i18n.js';
import { displayName } from '../i18n/translate.js';
import { el, tileImg } from '../ui/dom.js';
import { type StepModel, stepModel, summaryRows } from './analysis-model.js';
import './analysis.css';

export interface AnalysisHost {
  readonly frames: readonly ReplayFrame[];
  /** The replay controls: the panel stops above them. */
  readonly controls: HTMLElement;
  readonly names: readonly string[];
  readonly rules: ReviewRules;
  /** The frame shown and the seat at the bottom (the seat in view). */
  readonly index: () => number;
  readonly seat: () => Seat;
  /** The panel opened or closed: the table's space changed. */
  readonly relayout: () => void;
}

export interface AnalysisPanel {
  readonly toggle: HTMLButtonElement;
  /** Draws the panel for the step and seat shown (nothing while closed). */
  update(): void;
  isOpen(): boolean;
}

export function mountAnalysis(host: AnalysisHost): AnalysisPanel {
  const panel = el('aside', { id: 'analysis', class: 'analysis', 'data-testid': 'analysis', hidden: '' });
  const step = el('div', { 'data-testid': 'analysis-step' });
  const summary = el('div', { 'data-testid': 'analysis-summary' });
  panel.append(step, summary);
  document.body.append(panel);
  const toggle = el('button', { type: 'button', 'aria-pressed': 'false', 'data-testid': 'analysis-toggle' });
  // The toggle's words are the replay controls' (written again with them on a language change).
  const label = () => {
    toggle.title = t('analysis.toggle');
    toggle.textContent = t('analysis.title');
  };
  label();
  let open = false;
  let summarised = false;
  const update = () => {
    if (!open) return;
    const model = stepModel(host.frames, host.index(), host.seat(), host.rules, currentLang());
    step.replaceChildren(...stepNodes(model, host));
  };
  const summarise = () => summary.replaceChildren(...summaryNodes(host));
  // The panel is written in the language shown: write it again when that changes.
  onLangChange(() => {
    label();
    if (summarised) summarise();
    update();
  });
  // The panel and the table stop above the controls, whose height follows the screen's width and
  // whether the panel is open (a portrait phone's controls are compact then): measured whenever
  // it changes. Measured before the class changed, it left a band of 87 px between the two.
  const controlsHeight = () =>
    document.documentElement.style.setProperty('--replay-controls-h', `${host.controls.offsetHeight}px`);
  new ResizeObserver(controlsHeight).observe(host.controls);
  toggle.addEventListener('click', () => {
    open = !open;
    panel.hidden = !open;
    toggle.setAttribute('aria-pressed', String(open));
    document.body.classList.toggle('analysis-open', open);
    controlsHeight();
    if (open && !summarised) {
      summarised = true;
      summary.replaceChildren(el('p', {}, t('analysis.working')));
      // After the panel has painted: a whole match takes a few hundred milliseconds.
      setTimeout(summarise, 0);
    }
    update();
    host.relayout();
  });
  return { toggle, update, isOpen: () => open };
}

/** The seats' names as the page shows them: players' as written, the server's bots in the language. */
const shownNames = (host: AnalysisHost): string[] =>
  host.names.map((n, seat) => displayName(n, seat, false, currentLang()));

function stepNodes(m: StepModel, host: AnalysisHost): Node[] {
  const out: Node[] = [
    el('h2', {}, t('analysis.title')),
    el('p', { class: 'analysis-seat' }, t('analysis.seat', { name: shownNames(host)[host.seat()] ?? '' })),
  ];
  if (m.decision === 'over') {
    out.push(el('p', {}, t('analysis.noHand')));
    return out;
  }
  out.push(el('p', { 'data-testid': 'analysis-shanten' }, el('strong', {}, m.shanten ?? '')));
  if (m.decision === 'idle') out.push(el('p', { class: 'analysis-muted' }, t('analysis.idle')));
  if (m.bot !== null) out.push(line(t('analysis.bot'), m.bot, 'analysis-bot'));
  if (m.played !== null) {
    const p = line(t('analysis.played'), m.played, 'analysis-played');
    if (m.playedBest !== null)
      p.append(
        ' ',
        el(
          'span',
          { class: m.playedBest ? 'badge ok' : 'badge off' },
          t(m.playedBest ? 'analysis.amongBest' : 'analysis.notAmongBest'),
        ),
      );
    out.push(p);
  }
  if (m.rows.length > 0) out.push(candidateTable(m));
  if (m.danger !== null) out.push(dangerTable(m.danger, shownNames(host)));
  if (m.reach !== null) out.push(el('p', { 'data-testid': 'analysis-reach' }, m.reach));
  return out;
}

function line(label: string, text: string, testId: string): HTMLElement {
  return el('p', { 'data-testid': testId }, el('span', { class: 'analysis-muted' }, label), ' ', el('span', {}, text));
}

function candidateTable(m: StepModel): HTMLElement {
  const head = el(
    'tr',
    {},
    el('th', {}, t('analysis.discard')),
    el('th', {}, t('analysis.shantenAfter')),
    el('th', {}, t('analysis.effective')),
    el('th', {}, t('analysis.copies')),
    el('th', {}, ''),
  );
  const rows = m.rows.map((r) => {
    const marks = el('td', { class: 'marks' });
    if (r.best) marks.append(el('span', { class: 'badge ok' }, t('analysis.best')));
    if (r.played) marks.append(el('span', { class: 'badge played' }, t('analysis.playedMark')));
    if (r.bot) marks.append(el('span', { class: 'badge bot' }, t('seat.bot')));
    const tr = el(
      'tr',
      { 'data-tile': String(r.tile) },
      el('td', {}, tileImg(r.tile, false, currentLang())),
      el('td', {}, String(r.shanten)),
      el('td', {}, el('div', { class: 'effective' }, ...r.effective.map((k) => tileImg(k, false, currentLang())))),
      el('td', {}, String(r.copies)),
      marks,
    );
    if (r.played) tr.classList.add('played');
    return tr;
  });
  return el(
    'table',
    { class: 'analysis-table', 'data-testid': 'analysis-candidates' },
    el('thead', {}, head),
    el('tbody', {}, ...rows),
  );
}

function dangerTable(d: NonNullable<StepModel['danger']>, names: readonly string[]): HTMLElement {
  const head = el(
    'tr',
    {},
    el('th', {}, t('analysis.tile')),
    ...d.against.map((s) => el('th', {}, t('analysis.against', { name: names[s] ?? '' }))),
  );
  const rows = d.rows.map((r) =>
    el(
      'tr',
      {},
      el('td', {}, tileImg(r.tile, false, currentLang())),
      ...r.cells.map((c) => el('td', { class: `danger-${c.level}` }, c.text)),
    ),
  );
  return el(
    'div',
    {},
    el('h3', {}, t('analysis.danger')),
    el(
      'table',
      { class: 'analysis-table', 'data-testid': 'analysis-danger' },
      el('thead', {}, head),
      el('tbody', {}, ...rows),
    ),
  );
}

function summaryNodes(host: AnalysisHost): Node[] {
  // (A three-player table's vacant seat makes no decision: no line.)
  const vacant = host.frames[0]?.view.seats.map((s) => s.vacant === true) ?? [];
  const rows = summaryRows(reviewMatch(host.frames, host.rules), shownNames(host), currentLang()).filter(
    (r) => !vacant[r.seat],
  );
  return [
    el('h3', {}, t('analysis.summary')),
    el('p', { class: 'analysis-muted' }, t('analysis.summaryNote')),
    el(
      'table',
      { class: 'analysis-table' },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          el('th', {}, t('match.player')),
          el('th', {}, t('analysis.amongBestCol')),
          el('th', {}, t('analysis.sameAsBot')),
        ),
      ),
      el(
        'tbody',
        {},
        ...rows.map((r) =>
          el(
            'tr',
            { 'data-seat': String(r.seat) },
            el('td', { 'data-no-translate': '' }, r.name),
            el('td', {}, t('analysis.ofPercent', { n: r.best, n2: r.discards, n3: r.percent })),
            el('td', {}, t('analysis.of', { n: r.botAgreed, n2: r.discards })),
          ),
        ),
      ),
    ),
  ];
}
