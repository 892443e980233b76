/**
 * The replay's analysis panel: a toggle among the replay controls and a panel beside the table
 * (on the right of a wide or landscape screen, below the table on a portrait phone, the table
 * drawn in the space left so that the panel never covers it). It shows `analysis-model.ts` for
 * the seat at the bottom at the step shown, and the match's per-player summary, worked out once
 * when the panel first opens.
 */
import { type ReplayFrame, type ReviewRules, reviewMatch, type Seat } from '@mahjong/shared';
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
  const toggle = el(
    'button',
    { type: 'button', 'aria-pressed': 'false', 'data-testid': 'analysis-toggle', title: 'Move analysis' },
    'Analysis',
  );
  let open = false;
  let summarised = false;
  const update = () => {
    if (!open) return;
    step.replaceChildren(...stepNodes(stepModel(host.frames, host.index(), host.seat(), host.rules), host));
  };
  // The panel and the table stop above the controls, whose height follows the screen's width.
  const controlsHeight = () =>
    document.documentElement.style.setProperty('--replay-controls-h', `${host.controls.offsetHeight}px`);
  window.addEventListener('resize', controlsHeight);
  toggle.addEventListener('click', () => {
    open = !open;
    controlsHeight();
    panel.hidden = !open;
    toggle.setAttribute('aria-pressed', String(open));
    document.body.classList.toggle('analysis-open', open);
    if (open && !summarised) {
      summarised = true;
      summary.replaceChildren(el('p', {}, 'Working out the summary…'));
      // After the panel has painted: a whole match takes a few hundred milliseconds.
      setTimeout(() => summary.replaceChildren(...summaryNodes(host)), 0);
    }
    update();
    host.relayout();
  });
  return { toggle, update, isOpen: () => open };
}

function stepNodes(m: StepModel, host: AnalysisHost): Node[] {
  const out: Node[] = [
    el('h2', {}, 'Analysis'),
    el('p', { class: 'analysis-seat' }, `Seat in view: ${host.names[host.seat()] ?? ''}`),
  ];
  if (m.decision === 'over') {
    out.push(el('p', {}, 'No hand in play at this step.'));
    return out;
  }
  out.push(el('p', { 'data-testid': 'analysis-shanten' }, el('strong', {}, m.shanten ?? '')));
  if (m.decision === 'idle') out.push(el('p', { class: 'analysis-muted' }, 'Nothing to decide at this step.'));
  if (m.bot !== null) out.push(line('Hard bot:', m.bot, 'analysis-bot'));
  if (m.played !== null) {
    const p = line('Played:', m.played, 'analysis-played');
    if (m.playedBest !== null)
      p.append(
        ' ',
        el(
          'span',
          { class: m.playedBest ? 'badge ok' : 'badge off' },
          m.playedBest ? 'among the best' : 'not among the best',
        ),
      );
    out.push(p);
  }
  if (m.rows.length > 0) out.push(candidateTable(m));
  if (m.danger !== null) out.push(dangerTable(m.danger, host.names));
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
    el('th', {}, 'Discard'),
    el('th', {}, 'Shanten after'),
    el('th', {}, 'Effective tiles'),
    el('th', {}, 'Copies'),
    el('th', {}, ''),
  );
  const rows = m.rows.map((r) => {
    const marks = el('td', { class: 'marks' });
    if (r.best) marks.append(el('span', { class: 'badge ok' }, 'Best'));
    if (r.played) marks.append(el('span', { class: 'badge played' }, 'Played'));
    if (r.bot) marks.append(el('span', { class: 'badge bot' }, 'Bot'));
    const tr = el(
      'tr',
      { 'data-tile': String(r.tile) },
      el('td', {}, tileImg(r.tile)),
      el('td', {}, String(r.shanten)),
      el('td', {}, el('div', { class: 'effective' }, ...r.effective.map((k) => tileImg(k)))),
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
  const head = el('tr', {}, el('th', {}, 'Tile'), ...d.against.map((s) => el('th', {}, `Against ${names[s] ?? ''}`)));
  const rows = d.rows.map((r) =>
    el(
      'tr',
      {},
      el('td', {}, tileImg(r.tile)),
      ...r.cells.map((c) => el('td', { class: `danger-${c.level}` }, c.text)),
    ),
  );
  return el(
    'div',
    {},
    el('h3', {}, 'Danger against riichi'),
    el(
      'table',
      { class: 'analysis-table', 'data-testid': 'analysis-danger' },
      el('thead', {}, head),
      el('tbody', {}, ...rows),
    ),
  );
}

function summaryNodes(host: AnalysisHost): Node[] {
  const rows = summaryRows(reviewMatch(host.frames, host.rules), host.names);
  return [
    el('h3', {}, 'Match summary'),
    el('p', { class: 'analysis-muted' }, 'Discards among the best by efficiency, and the same as the hard bot.'),
    el(
      'table',
      { class: 'analysis-table' },
      el(
        'thead',
        {},
        el('tr', {}, el('th', {}, 'Player'), el('th', {}, 'Among the best'), el('th', {}, 'Same as the bot')),
      ),
      el(
        'tbody',
        {},
        ...rows.map((r) =>
          el(
            'tr',
            { 'data-seat': String(r.seat) },
            el('td', { 'data-no-translate': '' }, r.name),
            el('td', {}, `${r.best} of ${r.discards} (${r.percent}%)`),
            el('td', {}, `${r.botAgreed} of ${r.discards}`),
          ),
        ),
      ),
    ),
  ];
}
