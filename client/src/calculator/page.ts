/**
 * The scoring calculator page: plain HTML controls around the pure model (model.ts). Every
 * change goes through the model and `render()` brings the page up to date; the shared scorer
 * runs here in the browser. Test hooks: palette buttons carry `data-kind`, the target radios
 * `data-target`, the total is `#calc-total`, and `window.__calc` exposes the plain state.
 */
import '../ui/page-chrome.js';
import {
  isRiichiFamily,
  RULESETS,
  SCORING_RULESET_IDS,
  scorerOptions,
  type OptionSpec,
  type ScoringRulesetId,
  type TileKind,
  tileName,
  WINDS,
  type WinCondition,
  type Wind,
} from '@mahjong/shared';
import { svgDataUrl, tileSvg } from '../art/tile-svg.js';
import { message } from '../i18n/translate.js';
import './calculator.css';
import { labelText, offeredValues, valueText } from '../ui/option-text.js';
import {
  arrangedSets,
  BONUS_PALETTE,
  belowMinimumNote,
  type CalcState,
  CALC_TARGETS,
  CONDITION_LABELS,
  canPick,
  clearTiles,
  clearWin,
  commandLine,
  concealedNeeded,
  conditionsFor,
  currentOptions,
  evaluate,
  redFivesInPlay,
  explainText,
  fromRequest,
  initialState,
  loadQuick,
  PALETTE,
  patternRows,
  paymentRows,
  pickTile,
  removeBonus,
  removeConcealed,
  removeMeld,
  setOption,
  setRuleset,
  setSeatWind,
  TARGET_LABELS,
  toggleCondition,
  totalLine,
  usedCounts,
  WAIT_LABELS,
  WIND_NAMES,
} from './model.js';

declare global {
  interface Window {
    __calc?: { readonly state: () => CalcState; readonly load: (text: string, win?: string) => string | null };
  }
}

type Attrs = Record<string, string | number | boolean | undefined>;

/** Creates an element; attributes set as properties where they are (value, checked...) else as attributes. */
function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string | null | undefined)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (k === 'class') el.className = String(v);
    else if (k === 'text') el.textContent = String(v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined) el.append(c);
  return el;
}

const tileUrls = new Map<TileKind, string>();
function tileImg(kind: TileKind, cls = 'tile'): HTMLImageElement {
  let url = tileUrls.get(kind);
  if (url === undefined) {
    url = svgDataUrl(tileSvg(kind));
    tileUrls.set(kind, url);
  }
  return h('img', { src: url, alt: tileName(kind), class: cls, draggable: 'false' });
}

let state: CalcState = initialState();
let notice = '';
let noticeTone: 'info' | 'refused' = 'info';

/** Replaces the state and redraws; `message` is shown above the hand (a refusal in red). */
function update(next: CalcState, message = '', tone: 'info' | 'refused' = 'info'): void {
  state = next;
  notice = message;
  noticeTone = tone;
  render();
}

// ---------------------------------------------------------------- static skeleton

const root = document.getElementById('calculator');
if (!root) throw new Error('no #calculator element');
root.replaceChildren();

const rulesetSelect = h('select', { id: 'calc-ruleset' });
for (const r of SCORING_RULESET_IDS)
  rulesetSelect.append(h('option', { value: r, text: labelText(RULESETS[r].label) }));
rulesetSelect.addEventListener('change', () => update(setRuleset(state, rulesetSelect.value as ScoringRulesetId)));
const optionsBox = h('div', { class: 'calc-options', id: 'calc-options' });

const quickInput = h('input', {
  id: 'calc-quick',
  type: 'text',
  autocomplete: 'off',
  spellcheck: 'false',
  placeholder: '123m456p789s111z5p',
});
const quickWin = h('input', { id: 'calc-quick-win', type: 'text', autocomplete: 'off', placeholder: 'last tile' });
const quickError = h('p', { id: 'calc-quick-error', class: 'calc-error', role: 'alert' });
const quickForm = h(
  'form',
  { class: 'calc-quick', id: 'calc-quick-form' },
  h('label', { for: 'calc-quick', text: 'Tiles in notation (or score command arguments)' }),
  quickInput,
  h('label', { for: 'calc-quick-win', text: 'Winning tile' }),
  quickWin,
  h('button', { type: 'submit', text: 'Load' }),
  quickError,
);
quickForm.addEventListener('submit', (ev) => {
  ev.preventDefault();
  const r = loadQuick(state, quickInput.value, quickWin.value);
  if (r.ok) {
    quickError.textContent = '';
    optionsFor = null;
    update(r.value, 'Loaded.');
  } else {
    quickError.textContent = r.error.message;
  }
});

/** Worked examples: the scorer's fixture hands, each naming the rule source it comes from. */
interface Example {
  readonly name: string;
  readonly source: string;
  readonly request: Readonly<Record<string, unknown>>;
}
/** The fixture files are named after their rulesets (`hk-new.json`...): one per ruleset. */
const FIXTURES = import.meta.glob<readonly Example[]>('../../../shared/src/scoring/fixtures/*.json', {
  eager: true,
  import: 'default',
});
const EXAMPLES: Readonly<Record<ScoringRulesetId, readonly Example[]>> = Object.fromEntries(
  SCORING_RULESET_IDS.map((id) => [id, FIXTURES[`../../../shared/src/scoring/fixtures/${id}.json`] ?? []]),
) as Record<ScoringRulesetId, readonly Example[]>;
const exampleSelect = h('select', { id: 'calc-example' }, h('option', { value: '', text: 'Choose an example…' }));
for (const r of SCORING_RULESET_IDS) {
  const group = h('optgroup', { label: labelText(RULESETS[r].label) });
  EXAMPLES[r].forEach((ex, i) => {
    group.append(h('option', { value: `${r}/${i}`, text: ex.name }));
  });
  exampleSelect.append(group);
}
exampleSelect.addEventListener('change', () => {
  const [r, i] = exampleSelect.value.split('/');
  const ex = EXAMPLES[r as ScoringRulesetId]?.[Number(i)];
  if (!ex) return;
  const loaded = fromRequest(initialState(r as ScoringRulesetId), ex.request);
  optionsFor = null;
  exampleSelect.value = '';
  if (loaded.ok) update(loaded.value, `Example: ${ex.name}. Source: ${ex.source}`);
  else update(state, `Example ${ex.name} does not load: ${loaded.error.message}`, 'refused');
});
const exampleField = h(
  'div',
  { class: 'calc-field calc-examples' },
  h('label', { for: 'calc-example', text: 'Or load an example from the rules' }),
  exampleSelect,
);

const targetBox = h('fieldset', { class: 'calc-targets' }, h('legend', { text: 'A click on a tile adds it to' }));
const targetRadios = new Map<string, HTMLInputElement>();
for (const t of CALC_TARGETS) {
  const radio = h('input', { type: 'radio', name: 'calc-target', value: t, id: `calc-target-${t}`, 'data-target': t });
  radio.addEventListener('change', () => {
    if (radio.checked) update({ ...state, target: t });
  });
  targetRadios.set(t, radio);
  targetBox.append(h('label', { class: 'calc-chip', for: radio.id }, radio, TARGET_LABELS[t]));
}

const paletteButtons = new Map<TileKind, HTMLButtonElement>();
function paletteRow(kinds: readonly TileKind[], label: string): HTMLElement {
  const row = h('div', { class: 'calc-palette-row', role: 'group', 'aria-label': label });
  for (const k of kinds) {
    const b = h('button', { type: 'button', class: 'calc-tile-button', 'data-kind': k, 'aria-label': tileName(k) });
    b.append(tileImg(k), h('span', { class: 'calc-count' }));
    b.addEventListener('click', () => {
      const r = pickTile(state, k);
      if (r.ok) update(r.value);
      else update(state, r.error.message, 'refused');
    });
    paletteButtons.set(k, b);
    row.append(b);
  }
  return row;
}
const palette = h(
  'div',
  { class: 'calc-palette', id: 'calc-palette' },
  paletteRow(PALETTE.slice(0, 9), 'Characters'),
  paletteRow(PALETTE.slice(9, 18), 'Dots'),
  paletteRow(PALETTE.slice(18, 27), 'Bamboo'),
  paletteRow(PALETTE.slice(27, 34), 'Winds and dragons'),
);
const bonusRow = paletteRow(BONUS_PALETTE, 'Flowers and seasons');
bonusRow.id = 'calc-bonus-palette';
const bonusSection = h(
  'div',
  { class: 'calc-bonus' },
  h('h3', { text: 'Flowers and seasons' }),
  h('p', { class: 'calc-hint', text: 'A click on a flower or season adds it in front of you.' }),
  bonusRow,
);

const noticeLine = h('p', { id: 'calc-notice', class: 'calc-notice', role: 'status' });
const handBox = h('div', { id: 'calc-hand', class: 'calc-hand' });
const clearButton = h('button', { type: 'button', id: 'calc-clear', text: 'Clear the hand' });
clearButton.addEventListener('click', () => update(clearTiles(state)));

function windSelect(id: string, onChange: (w: Wind) => void): HTMLSelectElement {
  const s = h('select', { id });
  for (const w of WINDS) s.append(h('option', { value: w, text: WIND_NAMES[w] }));
  s.addEventListener('change', () => onChange(Number(s.value) as Wind));
  return s;
}
const seatSelect = windSelect('calc-seat', (w) => update(setSeatWind(state, w)));
const roundSelect = windSelect('calc-round', (w) => update({ ...state, roundWind: w }));
const discarderSelect = h('select', { id: 'calc-discarder' });
discarderSelect.addEventListener('change', () => {
  const v = discarderSelect.value;
  update({ ...state, discarder: v === '' ? null : (Number(v) as Wind) });
});
const selfDrawnBox = h('input', { type: 'checkbox', id: 'calc-self-drawn' });
selfDrawnBox.addEventListener('change', () => update({ ...state, selfDrawn: selfDrawnBox.checked }));
const conditionsBox = h('fieldset', { class: 'calc-conditions', id: 'calc-conditions' });
const doraInput = h('input', { type: 'number', id: 'calc-dora', min: 0, max: 40, value: 0, inputmode: 'numeric' });
doraInput.addEventListener('input', () => {
  const n = Number(doraInput.value);
  if (Number.isInteger(n) && n >= 0 && n <= 40) update({ ...state, dora: n });
});
const redInput = h('input', { type: 'number', id: 'calc-red', min: 0, max: 3, value: 0, inputmode: 'numeric' });
redInput.addEventListener('input', () => {
  const n = Number(redInput.value);
  if (Number.isInteger(n) && n >= 0 && n <= 3) update({ ...state, redFives: n });
});
const doraRow = h('div', { class: 'calc-field' }, h('label', { for: 'calc-dora', text: 'Dora' }), doraInput);
const redRow = h('div', { class: 'calc-field' }, h('label', { for: 'calc-red', text: 'Red fives held' }), redInput);
const discarderRow = h(
  'div',
  { class: 'calc-field' },
  h('label', { for: 'calc-discarder', text: 'Discarded by' }),
  discarderSelect,
);

const stickyBar = h('a', { id: 'calc-sticky', class: 'calc-sticky', href: '#calc-score' });
const resultBox = h('section', { id: 'calc-result', class: 'calc-result', 'aria-live': 'polite' });
const commandCode = h('code', { id: 'calc-command' });
// What the score command prints, as it prints it (in English): not the page's text to translate.
const explainPre = h('pre', { id: 'calc-explain', 'data-no-translate': '' });

root.append(
  h(
    'header',
    { class: 'calc-header' },
    h('h1', { text: 'Scoring calculator' }),
    h('a', { href: '/', text: 'Back to the lobby' }),
  ),
  h(
    'div',
    { class: 'calc-columns' },
    h(
      'div',
      { class: 'calc-left' },
      h(
        'section',
        { class: 'calc-card' },
        h('h2', { text: 'Rules' }),
        h('div', { class: 'calc-field' }, h('label', { for: 'calc-ruleset', text: 'Ruleset' }), rulesetSelect),
        optionsBox,
      ),
      h('section', { class: 'calc-card' }, h('h2', { text: 'Type a hand' }), quickForm, exampleField),
      h('section', { class: 'calc-card' }, h('h2', { text: 'Pick the tiles' }), targetBox, palette, bonusSection),
    ),
    h(
      'div',
      { class: 'calc-right' },
      h('section', { class: 'calc-card' }, h('h2', { text: 'Your hand' }), noticeLine, handBox, clearButton),
      h(
        'section',
        { class: 'calc-card' },
        h('h2', { text: 'How it was won' }),
        h(
          'div',
          { class: 'calc-field' },
          h('label', { for: 'calc-seat', text: 'Seat wind' }),
          seatSelect,
          h('span', { class: 'calc-hint', text: 'East is the dealer' }),
        ),
        h('div', { class: 'calc-field' }, h('label', { for: 'calc-round', text: 'Prevailing wind' }), roundSelect),
        h(
          'div',
          { class: 'calc-field calc-check' },
          selfDrawnBox,
          h('label', { for: 'calc-self-drawn', text: 'Self-drawn (from the wall)' }),
        ),
        discarderRow,
        conditionsBox,
        doraRow,
        redRow,
      ),
      h('div', { class: 'calc-card', id: 'calc-score' }, h('h2', { text: 'Score' }), resultBox),
      h(
        'details',
        { class: 'calc-card' },
        h('summary', { text: 'The same hand as a score command' }),
        h('p', {
          class: 'calc-hint',
          text: 'Run it in the project folder, or paste the arguments into "Type a hand".',
        }),
        commandCode,
        explainPre,
      ),
    ),
  ),
  stickyBar,
);

// ---------------------------------------------------------------- options form

let optionsFor: ScoringRulesetId | null = null;

function checkboxOption(key: string, label: string, checked: boolean): HTMLElement {
  const id = `calc-opt-${key}`;
  const box = h('input', { type: 'checkbox', id, checked });
  box.addEventListener('change', () => update(setOption(state, key, box.checked)));
  return h('div', { class: 'calc-field calc-check' }, box, h('label', { for: id, text: label }));
}

function selectOption(spec: OptionSpec, current: unknown): HTMLElement {
  const id = `calc-opt-${spec.key}`;
  const s = h('select', { id });
  const values = offeredValues(spec, current);
  // Each option's value is the scorer's value as text (an array as JSON); the change picks it by index.
  const asText = (v: unknown) => (typeof v === 'object' ? JSON.stringify(v) : String(v));
  for (const v of values) s.append(h('option', { value: asText(v), text: valueText(spec, v) }));
  s.value = asText(current);
  s.addEventListener('change', () => update(setOption(state, spec.key, values[s.selectedIndex])));
  return h('div', { class: 'calc-field' }, h('label', { for: id, text: labelText(spec.label) }), s);
}

/** Rebuilds the option controls when the ruleset changes: the descriptor's scorer options, at their resolved values. */
function renderOptions(): void {
  if (optionsFor === state.ruleset) return;
  optionsFor = state.ruleset;
  const opts = currentOptions(state);
  optionsBox.replaceChildren();
  if (!opts.ok) return;
  const o = opts.value as unknown as Readonly<Record<string, unknown>>;
  for (const spec of scorerOptions(state.ruleset)) {
    if (spec.calculator === false) continue;
    const value = o[spec.key];
    optionsBox.append(
      spec.type === 'boolean'
        ? checkboxOption(spec.key, labelText(spec.label), value === true)
        : selectOption(spec, value),
    );
  }
}

// ---------------------------------------------------------------- rendering

function removable(kind: TileKind, label: string, onRemove: () => void, cls = ''): HTMLButtonElement {
  const b = h('button', { type: 'button', class: `calc-placed ${cls}`, 'aria-label': label, title: label });
  b.append(tileImg(kind));
  b.addEventListener('click', onRemove);
  return b;
}

/** Keeps keyboard focus in the hand after a removal: the tile now at `index`, else the one before, else Clear. */
function refocus(selector: string, index: number): void {
  const buttons = handBox.querySelectorAll<HTMLButtonElement>(selector);
  const next = buttons[Math.min(index, buttons.length - 1)] ?? clearButton;
  next.focus();
}

function renderHand(): void {
  const parts: HTMLElement[] = [];
  if (state.melds.length > 0) {
    const melds = h('div', { class: 'calc-melds', id: 'calc-melds' });
    state.melds.forEach((m, i) => {
      const name = m.concealed ? 'concealed kong' : m.kind;
      const group = h('button', {
        type: 'button',
        class: `calc-meld${m.concealed ? ' calc-meld-concealed' : ''}`,
        'aria-label': `Remove the ${name} of ${m.tiles.map(tileName).join(', ')}`,
        title: `Remove this ${name}`,
      });
      m.tiles.forEach((t) => {
        group.append(tileImg(t));
      });
      group.append(h('span', { class: 'calc-meld-name', text: name }));
      group.addEventListener('click', () => {
        update(removeMeld(state, i));
        refocus('#calc-melds button', i);
      });
      melds.append(group);
    });
    parts.push(h('div', { class: 'calc-hand-part' }, h('h3', { text: 'Melds' }), melds));
  }
  const need = concealedNeeded(state);
  const concealed = h('div', { class: 'calc-tiles', id: 'calc-concealed' });
  state.concealed.forEach((k, i) => {
    concealed.append(
      removable(k, `Remove ${tileName(k)}`, () => {
        update(removeConcealed(state, i));
        refocus('#calc-concealed button', i);
      }),
    );
  });
  for (let i = state.concealed.length; i < need; i++) concealed.append(h('span', { class: 'calc-slot' }));
  parts.push(
    h(
      'div',
      { class: 'calc-hand-part' },
      h('h3', { text: `Concealed (${state.concealed.length} of ${need})` }),
      concealed,
    ),
  );
  const win = h('div', { class: 'calc-tiles', id: 'calc-win' });
  if (state.win !== null) {
    win.append(
      removable(
        state.win,
        `Remove the winning tile ${tileName(state.win)}`,
        () => {
          update(clearWin(state));
          refocus('#calc-concealed button', state.concealed.length - 1);
        },
        'calc-win-tile',
      ),
    );
  } else win.append(h('span', { class: 'calc-slot calc-slot-win' }));
  parts.push(h('div', { class: 'calc-hand-part' }, h('h3', { text: 'Winning tile' }), win));
  if (state.bonus.length > 0) {
    const bonus = h('div', { class: 'calc-tiles', id: 'calc-flowers' });
    state.bonus.forEach((k, i) => {
      bonus.append(
        removable(k, `Remove ${tileName(k)}`, () => {
          update(removeBonus(state, i));
          refocus('#calc-flowers button', i);
        }),
      );
    });
    parts.push(h('div', { class: 'calc-hand-part' }, h('h3', { text: 'Flowers and seasons' }), bonus));
  }
  handBox.replaceChildren(...parts);
}

function renderPalette(): void {
  for (const [t, radio] of targetRadios) radio.checked = state.target === t;
  const used = usedCounts(state);
  for (const [k, b] of paletteButtons) {
    const can = canPick(state, k);
    b.disabled = !can.ok;
    b.title = can.ok ? `${TARGET_LABELS[state.target]}: ${tileName(k)}` : `${tileName(k)}: ${can.error.message}`;
    const n = used[k] ?? 0;
    const badge = b.querySelector('.calc-count');
    if (badge) badge.textContent = n > 0 ? String(n) : '';
  }
  const bonusShown = !isRiichiFamily(state.ruleset);
  bonusSection.hidden = !bonusShown;
}

function renderSituation(): void {
  seatSelect.value = String(state.seatWind);
  roundSelect.value = String(state.roundWind);
  selfDrawnBox.checked = state.selfDrawn;
  discarderSelect.replaceChildren(h('option', { value: '', text: 'the player on your left' }));
  for (const w of WINDS) {
    if (w !== state.seatWind) discarderSelect.append(h('option', { value: w, text: WIND_NAMES[w] }));
  }
  discarderSelect.value = state.discarder === null ? '' : String(state.discarder);
  discarderRow.hidden = state.selfDrawn;
  conditionsBox.replaceChildren(h('legend', { text: 'Winning conditions' }));
  for (const c of conditionsFor(state.ruleset)) conditionsBox.append(conditionBox(c));
  const riichi = isRiichiFamily(state.ruleset);
  doraRow.hidden = !riichi;
  if (document.activeElement !== doraInput) doraInput.value = String(state.dora);
  redRow.hidden = redFivesInPlay(state) === 0;
  if (document.activeElement !== redInput) redInput.value = String(state.redFives);
}

function conditionBox(c: WinCondition): HTMLElement {
  const id = `calc-cond-${c}`;
  const box = h('input', { type: 'checkbox', id, checked: state.conditions.includes(c), 'data-condition': c });
  box.addEventListener('change', () => update(toggleCondition(state, c, box.checked)));
  return h('div', { class: 'calc-check' }, box, h('label', { for: id, text: CONDITION_LABELS[c] }));
}

function renderResult(): void {
  const e = evaluate(state);
  resultBox.dataset.kind = e.kind;
  stickyBar.dataset.kind = e.kind;
  stickyBar.textContent =
    e.kind === 'scored'
      ? `${totalLine(e.result)}${e.result.belowMinimum ? ' (not enough to win)' : ''} · winner receives ${e.result.points.winner}`
      : e.kind === 'invalid'
        ? 'Not a winning hand: see why'
        : e.kind === 'bad-options'
          ? 'Options refused'
          : e.message;
  switch (e.kind) {
    case 'incomplete':
      resultBox.replaceChildren(h('p', { class: 'calc-hint', id: 'calc-missing', text: e.message }));
      break;
    case 'bad-options':
      resultBox.replaceChildren(h('p', { class: 'calc-error', text: `Options refused: ${e.message}` }));
      break;
    case 'invalid':
      resultBox.replaceChildren(
        h('p', { class: 'calc-error', id: 'calc-invalid' }, h('strong', { text: 'Not a winning hand: ' }), e.reason),
        h('p', { class: 'calc-hint', text: `(${e.code})` }),
      );
      break;
    case 'scored': {
      const r = e.result;
      const opts = currentOptions(state);
      const sets = h('div', { class: 'calc-sets', id: 'calc-arrangement' });
      if (r.arrangement.length === 0)
        sets.append(h('p', { class: 'calc-hint', text: 'A win on the bonus tiles alone.' }));
      for (const s of arrangedSets(r, state.melds.length)) {
        const g = h('figure', { class: `calc-set${s.declared ? ' calc-set-declared' : ''}` });
        s.tiles.forEach((t) => {
          g.append(tileImg(t, 'tile tile-small'));
        });
        g.append(h('figcaption', { text: s.declared ? `${s.label} (declared)` : s.label }));
        sets.append(g);
      }
      const rows = patternRows(r);
      const table = (unit: 'fu' | 'score', caption: string) => {
        const chosen = rows.filter((p) => (unit === 'fu' ? p.unit === 'fu' : p.unit !== 'fu'));
        if (chosen.length === 0) return null;
        const t = h('table', { class: 'calc-patterns' }, h('caption', { text: caption }));
        for (const p of chosen) {
          t.append(
            h(
              'tr',
              { 'data-pattern': p.name },
              // the Chinese name shows when the page is in Chinese (html lang="zh-HK"), else as a tooltip
              h(
                'th',
                { scope: 'row', title: p.labelZh },
                h('span', { class: 'calc-name-zh', lang: 'zh-HK', text: p.labelZh }),
                h('span', { class: 'calc-name-en', text: p.label }),
              ),
              h('td', { text: `${p.value} ${p.unit}` }),
            ),
          );
        }
        return t;
      };
      const note = opts.ok ? belowMinimumNote(r, opts.value) : null;
      const wait =
        r.wait !== undefined ? h('p', { class: 'calc-hint', text: message(WAIT_LABELS[r.wait], 'en') }) : null;
      const pay = h('table', { class: 'calc-payments', id: 'calc-payments' }, h('caption', { text: 'Payments' }));
      for (const p of paymentRows(r)) {
        pay.append(h('tr', {}, h('th', { scope: 'row', text: `${p.who} pays` }), h('td', { text: String(p.amount) })));
      }
      pay.append(
        h(
          'tr',
          { class: 'calc-winner' },
          h('th', { scope: 'row', text: 'Winner receives' }),
          h('td', { text: String(r.points.winner) }),
        ),
      );
      const basic =
        r.basicPoints !== undefined
          ? h('p', {
              class: 'calc-hint',
              text:
                r.faan !== null
                  ? `${r.faan} faan = ${r.basicPoints} points on the table`
                  : `Basic points ${r.basicPoints}`,
            })
          : null;
      const shown: (Node | null)[] = [
        h('p', { class: `calc-total${note ? ' calc-total-short' : ''}`, id: 'calc-total', text: totalLine(r) }),
        note ? h('p', { class: 'calc-error', id: 'calc-below', text: note }) : null,
        sets,
        wait,
        table('score', r.faan !== null ? 'Faan' : 'Han'),
        table('fu', 'Fu'),
        basic,
        pay,
      ];
      resultBox.replaceChildren(...shown.filter((n): n is Node => n !== null));
      break;
    }
  }
}

function render(): void {
  rulesetSelect.value = state.ruleset;
  renderOptions();
  renderPalette();
  renderHand();
  renderSituation();
  renderResult();
  noticeLine.textContent = notice;
  noticeLine.dataset.tone = noticeTone;
  commandCode.textContent = commandLine(state);
  explainPre.textContent = explainText(state);
}

window.__calc = {
  state: () => state,
  load: (text, win = '') => {
    const r = loadQuick(state, text, win);
    if (!r.ok) return r.error.message;
    optionsFor = null;
    update(r.value);
    return null;
  },
};

render();
