/**
 * The scoring calculator page: plain HTML controls around the pure model (model.ts). Every
 * change goes through the model and `render()` brings the page up to date; the shared scorer
 * runs here in the browser. Test hooks: palette buttons carry `data-kind`, the target radios
 * `data-target`, the total is `#calc-total`, and `window.__calc` exposes the plain state.
 */
import '../ui/page-chrome.js';
import {
  describedRuleset,
  isRiichiScoreRuleset,
  isSanmaRuleset,
  RULESETS,
  SCORE_RULESET_IDS,
  SCORING_RULESET_IDS,
  scoreOptionSpecs,
  type ScoreRulesetId,
  type ScoringRulesetId,
  type Label,
  type MeldKind,
  type OptionSpec,
  type TileKind,
  WINDS,
  type WinCondition,
  type Wind,
} from '@mahjong/shared';
import { svgDataUrl, tileSvg } from '../art/tile-svg.js';
import { tileNameIn } from '../i18n/translate.js';
import './calculator.css';
import { offeredValues, valueLabel } from '../ui/option-text.js';
import { currentLang, onLangChange, t } from '../i18n/i18n.js';
import { liveAttr, say, sayAttr, sayLabel } from '../i18n/live-text.js';
import { failureWords } from '../i18n/failures.js';
import type { MessageId } from '../i18n/messages.js';
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
  kindInSet,
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
  setCaption,
  setSeatWind,
  TARGET_LABELS,
  toggleCondition,
  totalLine,
  usedCounts,
  WAIT_LABELS,
  WIND_NAMES,
  windsFor,
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
  return liveAttr(h('img', { src: url, class: cls, draggable: 'false' }), 'alt', () => tileNameIn(kind, currentLang()));
}

/** Words written in the language shown when drawn (a message id's, or a text as it came). */
type Words = () => string;
const none: Words = () => '';

let state: CalcState = initialState();
let notice: Words = none;
let noticeTone: 'info' | 'refused' = 'info';

/** Replaces the state and redraws; `message` is shown above the hand (a refusal in red). */
function update(next: CalcState, message: Words = none, tone: 'info' | 'refused' = 'info'): void {
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
// Three-player riichi is offered whether or not a table plays it yet: the scorer counts it.
for (const r of SCORE_RULESET_IDS) rulesetSelect.append(h('option', { value: r }, sayLabel(describedRuleset(r).label)));
rulesetSelect.addEventListener('change', () => update(setRuleset(state, rulesetSelect.value as ScoreRulesetId)));
const optionsBox = h('div', { class: 'calc-options', id: 'calc-options' });

const quickInput = h('input', {
  id: 'calc-quick',
  type: 'text',
  autocomplete: 'off',
  spellcheck: 'false',
  placeholder: '123m456p789s111z5p',
});
const quickWin = sayAttr(
  h('input', { id: 'calc-quick-win', type: 'text', autocomplete: 'off' }),
  'placeholder',
  'calc.lastTilePlaceholder',
);
const quickError = h('p', { id: 'calc-quick-error', class: 'calc-error', role: 'alert' });
const quickForm = h(
  'form',
  { class: 'calc-quick', id: 'calc-quick-form' },
  h('label', { for: 'calc-quick' }, say('calc.notation')),
  quickInput,
  h('label', { for: 'calc-quick-win' }, say('calc.winningTile')),
  quickWin,
  h('button', { type: 'submit' }, say('calc.load')),
  quickError,
);
quickForm.addEventListener('submit', (ev) => {
  ev.preventDefault();
  const r = loadQuick(state, quickInput.value, quickWin.value);
  if (r.ok) {
    quickError.textContent = '';
    optionsFor = null;
    update(r.value, () => t('calc.loaded'));
  } else {
    const words = failureWords(r.error);
    quickError.replaceChildren(words === null ? r.error.message : say(words.id, words.values));
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
const exampleSelect = h('select', { id: 'calc-example' }, h('option', { value: '' }, say('calc.chooseExample')));
for (const r of SCORING_RULESET_IDS) {
  const { label } = RULESETS[r];
  const group = liveAttr(h('optgroup', {}), 'label', () => label[currentLang()]);
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
  if (loaded.ok) update(loaded.value, () => t('calc.example', { name: ex.name, name2: ex.source }));
  else {
    const why = failureWords(loaded.error);
    const reason = () => (why === null ? loaded.error.message : t(why.id, why.values));
    update(state, () => t('calc.exampleRefused', { name: ex.name, name2: reason() }), 'refused');
  }
});
const exampleField = h(
  'div',
  { class: 'calc-field calc-examples' },
  h('label', { for: 'calc-example' }, say('calc.loadExample')),
  exampleSelect,
);

const targetBox = h('fieldset', { class: 'calc-targets' }, h('legend', {}, say('calc.clickAdds')));
const targetRadios = new Map<string, HTMLInputElement>();
for (const t of CALC_TARGETS) {
  const radio = h('input', { type: 'radio', name: 'calc-target', value: t, id: `calc-target-${t}`, 'data-target': t });
  radio.addEventListener('change', () => {
    if (radio.checked) update({ ...state, target: t });
  });
  targetRadios.set(t, radio);
  targetBox.append(h('label', { class: 'calc-chip', for: radio.id }, radio, say(TARGET_LABELS[t])));
}

const paletteButtons = new Map<TileKind, HTMLButtonElement>();
function paletteRow(kinds: readonly TileKind[], label: MessageId): HTMLElement {
  const row = sayAttr(h('div', { class: 'calc-palette-row', role: 'group' }), 'aria-label', label);
  for (const k of kinds) {
    const b = liveAttr(h('button', { type: 'button', class: 'calc-tile-button', 'data-kind': k }), 'aria-label', () =>
      tileNameIn(k, currentLang()),
    );
    b.append(tileImg(k), h('span', { class: 'calc-count' }));
    b.addEventListener('click', () => {
      const r = pickTile(state, k, currentLang());
      if (r.ok) update(r.value);
      else update(state, () => r.error.message, 'refused');
    });
    paletteButtons.set(k, b);
    row.append(b);
  }
  return row;
}
const palette = h(
  'div',
  { class: 'calc-palette', id: 'calc-palette' },
  paletteRow(PALETTE.slice(0, 9), 'calc.characters'),
  paletteRow(PALETTE.slice(9, 18), 'calc.dots'),
  paletteRow(PALETTE.slice(18, 27), 'calc.bamboo'),
  paletteRow(PALETTE.slice(27, 34), 'calc.windsDragons'),
);
const bonusRow = paletteRow(BONUS_PALETTE, 'calc.flowers');
bonusRow.id = 'calc-bonus-palette';
const bonusSection = h(
  'div',
  { class: 'calc-bonus' },
  h('h3', {}, say('calc.flowers')),
  h('p', { class: 'calc-hint' }, say('calc.clickBonus')),
  bonusRow,
);

const noticeLine = h('p', { id: 'calc-notice', class: 'calc-notice', role: 'status' });
const handBox = h('div', { id: 'calc-hand', class: 'calc-hand' });
const clearButton = h('button', { type: 'button', id: 'calc-clear' }, say('calc.clear'));
clearButton.addEventListener('click', () => update(clearTiles(state)));

function windSelect(id: string, onChange: (w: Wind) => void): HTMLSelectElement {
  const s = h('select', { id });
  for (const w of WINDS) s.append(h('option', { value: w }, say(WIND_NAMES[w])));
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
const doraRow = h('div', { class: 'calc-field' }, h('label', { for: 'calc-dora' }, say('calc.dora')), doraInput);
const northInput = h('input', { type: 'number', id: 'calc-north', min: 0, max: 4, value: 0, inputmode: 'numeric' });
northInput.addEventListener('input', () => {
  const n = Number(northInput.value);
  if (Number.isInteger(n) && n >= 0 && n <= 4) update({ ...state, north: n });
});
const northRow = h(
  'div',
  { class: 'calc-field' },
  h('label', { for: 'calc-north' }, say('calc.northAside')),
  northInput,
);
const redRow = h('div', { class: 'calc-field' }, h('label', { for: 'calc-red' }, say('calc.redHeld')), redInput);
const discarderRow = h(
  'div',
  { class: 'calc-field' },
  h('label', { for: 'calc-discarder' }, say('calc.discardedBy')),
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
    h('h1', {}, say('calc.title')),
    h('a', { href: '/' }, say('table.backToLobby')),
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
        h('h2', {}, say('lobby.rules')),
        h('div', { class: 'calc-field' }, h('label', { for: 'calc-ruleset' }, say('lobby.ruleset')), rulesetSelect),
        optionsBox,
      ),
      h('section', { class: 'calc-card' }, h('h2', {}, say('calc.type')), quickForm, exampleField),
      h('section', { class: 'calc-card' }, h('h2', {}, say('calc.pick')), targetBox, palette, bonusSection),
    ),
    h(
      'div',
      { class: 'calc-right' },
      h('section', { class: 'calc-card' }, h('h2', {}, say('calc.yourHand')), noticeLine, handBox, clearButton),
      h(
        'section',
        { class: 'calc-card' },
        h('h2', {}, say('calc.howWon')),
        h(
          'div',
          { class: 'calc-field' },
          h('label', { for: 'calc-seat' }, say('calc.seatWind')),
          seatSelect,
          h('span', { class: 'calc-hint' }, say('calc.dealer')),
        ),
        h('div', { class: 'calc-field' }, h('label', { for: 'calc-round' }, say('calc.prevailing')), roundSelect),
        h(
          'div',
          { class: 'calc-field calc-check' },
          selfDrawnBox,
          h('label', { for: 'calc-self-drawn' }, say('calc.selfDrawn')),
        ),
        discarderRow,
        conditionsBox,
        doraRow,
        northRow,
        redRow,
      ),
      h('div', { class: 'calc-card', id: 'calc-score' }, h('h2', {}, say('calc.score')), resultBox),
      h(
        'details',
        { class: 'calc-card' },
        h('summary', {}, say('calc.sameAsCommand')),
        h('p', { class: 'calc-hint' }, say('calc.runIt')),
        commandCode,
        explainPre,
      ),
    ),
  ),
  stickyBar,
);

// ---------------------------------------------------------------- options form

let optionsFor: ScoreRulesetId | null = null;

function checkboxOption(key: string, label: Label, checked: boolean): HTMLElement {
  const id = `calc-opt-${key}`;
  const box = h('input', { type: 'checkbox', id, checked });
  box.addEventListener('change', () => update(setOption(state, key, box.checked)));
  return h('div', { class: 'calc-field calc-check' }, box, h('label', { for: id }, sayLabel(label)));
}

function selectOption(spec: OptionSpec, current: unknown): HTMLElement {
  const id = `calc-opt-${spec.key}`;
  const s = h('select', { id });
  const values = offeredValues(spec, current);
  // Each option's value is the scorer's value as text (an array as JSON); the change picks it by index.
  const asText = (v: unknown) => (typeof v === 'object' ? JSON.stringify(v) : String(v));
  for (const v of values) {
    const shown = valueLabel(spec, v);
    s.append(h('option', { value: asText(v) }, typeof shown === 'string' ? shown : sayLabel(shown)));
  }
  s.value = asText(current);
  s.addEventListener('change', () => update(setOption(state, spec.key, values[s.selectedIndex])));
  return h('div', { class: 'calc-field' }, h('label', { for: id }, sayLabel(spec.label)), s);
}

/** Rebuilds the option controls when the ruleset changes: the descriptor's scorer options, at their resolved values. */
function renderOptions(): void {
  if (optionsFor === state.ruleset) return;
  optionsFor = state.ruleset;
  const opts = currentOptions(state);
  optionsBox.replaceChildren();
  if (!opts.ok) return;
  const o = opts.value as unknown as Readonly<Record<string, unknown>>;
  for (const spec of scoreOptionSpecs(state.ruleset)) {
    if (spec.calculator === false) continue;
    const value = o[spec.key];
    optionsBox.append(
      spec.type === 'boolean' ? checkboxOption(spec.key, spec.label, value === true) : selectOption(spec, value),
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
      const name = t(m.concealed ? 'calc.meldConcealedKong' : MELD_NAMES[m.kind]);
      const tiles = m.tiles.map((k) => tileNameIn(k, currentLang())).join(', ');
      const group = h('button', {
        type: 'button',
        class: `calc-meld${m.concealed ? ' calc-meld-concealed' : ''}`,
        'aria-label': t('calc.removeMeld', { name, name2: tiles }),
        title: t('calc.removeThisMeld', { name }),
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
    parts.push(h('div', { class: 'calc-hand-part' }, h('h3', { text: t('calc.melds') }), melds));
  }
  const need = concealedNeeded(state);
  const concealed = h('div', { class: 'calc-tiles', id: 'calc-concealed' });
  state.concealed.forEach((k, i) => {
    concealed.append(
      removable(k, t('calc.removeTile', { tile: tileNameIn(k, currentLang()) }), () => {
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
      h('h3', { text: t('calc.concealed', { n: state.concealed.length, n2: need }) }),
      concealed,
    ),
  );
  const win = h('div', { class: 'calc-tiles', id: 'calc-win' });
  if (state.win !== null) {
    win.append(
      removable(
        state.win,
        t('calc.removeWin', { tile: tileNameIn(state.win, currentLang()) }),
        () => {
          update(clearWin(state));
          refocus('#calc-concealed button', state.concealed.length - 1);
        },
        'calc-win-tile',
      ),
    );
  } else win.append(h('span', { class: 'calc-slot calc-slot-win' }));
  parts.push(h('div', { class: 'calc-hand-part' }, h('h3', {}, say('calc.winningTile')), win));
  if (state.bonus.length > 0) {
    const bonus = h('div', { class: 'calc-tiles', id: 'calc-flowers' });
    state.bonus.forEach((k, i) => {
      bonus.append(
        removable(k, t('calc.removeTile', { tile: tileNameIn(k, currentLang()) }), () => {
          update(removeBonus(state, i));
          refocus('#calc-flowers button', i);
        }),
      );
    });
    parts.push(h('div', { class: 'calc-hand-part' }, h('h3', {}, say('calc.flowers')), bonus));
  }
  handBox.replaceChildren(...parts);
}

function renderPalette(): void {
  for (const [t, radio] of targetRadios) radio.checked = state.target === t;
  const used = usedCounts(state);
  for (const [k, b] of paletteButtons) {
    // three players: 2m-8m are not in the set, so not in the picker
    b.hidden = !kindInSet(state, k);
    const can = canPick(state, k, currentLang());
    b.disabled = !can.ok;
    const tile = tileNameIn(k, currentLang());
    b.title = can.ok ? `${t(TARGET_LABELS[state.target])}: ${tile}` : `${tile}: ${can.error.message}`;
    const n = used[k] ?? 0;
    const badge = b.querySelector('.calc-count');
    if (badge) badge.textContent = n > 0 ? String(n) : '';
  }
  const bonusShown = !isRiichiScoreRuleset(state.ruleset);
  bonusSection.hidden = !bonusShown;
  const chow = targetRadios.get('chow')?.closest('label');
  if (chow) chow.hidden = isSanmaRuleset(state.ruleset);
}

function renderSituation(): void {
  // three players sit East, South and West
  const winds = windsFor(state.ruleset);
  for (const select of [seatSelect, roundSelect]) {
    for (const o of select.options) o.hidden = o.disabled = !winds.includes(Number(o.value) as Wind);
  }
  seatSelect.value = String(state.seatWind);
  roundSelect.value = String(state.roundWind);
  selfDrawnBox.checked = state.selfDrawn;
  discarderSelect.replaceChildren(h('option', { value: '', text: t('calc.onYourLeft') }));
  for (const w of winds) {
    if (w !== state.seatWind) discarderSelect.append(h('option', { value: w, text: t(WIND_NAMES[w]) }));
  }
  discarderSelect.value = state.discarder === null ? '' : String(state.discarder);
  discarderRow.hidden = state.selfDrawn;
  conditionsBox.replaceChildren(h('legend', { text: t('calc.conditions') }));
  for (const c of conditionsFor(state.ruleset)) conditionsBox.append(conditionBox(c));
  const riichi = isRiichiScoreRuleset(state.ruleset);
  doraRow.hidden = !riichi;
  if (document.activeElement !== doraInput) doraInput.value = String(state.dora);
  northRow.hidden = !isSanmaRuleset(state.ruleset);
  if (document.activeElement !== northInput) northInput.value = String(state.north);
  redRow.hidden = redFivesInPlay(state) === 0;
  if (document.activeElement !== redInput) redInput.value = String(state.redFives);
}

function conditionBox(c: WinCondition): HTMLElement {
  const id = `calc-cond-${c}`;
  const box = h('input', { type: 'checkbox', id, checked: state.conditions.includes(c), 'data-condition': c });
  box.addEventListener('change', () => update(toggleCondition(state, c, box.checked)));
  return h('div', { class: 'calc-check' }, box, h('label', { for: id, text: t(CONDITION_LABELS[c]) }));
}

/** A declared meld's name in the hand. */
const MELD_NAMES: Readonly<Record<MeldKind, MessageId>> = {
  chow: 'calc.setChow',
  pung: 'calc.setPung',
  kong: 'calc.setKong',
};

/** A pattern's value with its unit ("3 faan", "2 han", "30 fu"), in the language shown. */
const UNIT_VALUES: Readonly<Record<'faan' | 'han' | 'fu', MessageId>> = {
  faan: 'calc.valueFaan',
  han: 'calc.valueHan',
  fu: 'calc.valueFu',
};

function renderResult(): void {
  const lang = currentLang();
  const e = evaluate(state, lang);
  resultBox.dataset.kind = e.kind;
  stickyBar.dataset.kind = e.kind;
  stickyBar.textContent =
    e.kind === 'scored'
      ? t(e.result.belowMinimum ? 'calc.stickyShort' : 'calc.sticky', {
          name: totalLine(e.result, lang),
          n: e.result.points.winner,
        })
      : e.kind === 'invalid'
        ? t('calc.notWinning')
        : e.kind === 'bad-options'
          ? t('calc.optionsRefused')
          : e.message;
  switch (e.kind) {
    case 'incomplete':
      resultBox.replaceChildren(h('p', { class: 'calc-hint', id: 'calc-missing', text: e.message }));
      break;
    case 'bad-options':
      resultBox.replaceChildren(
        h('p', { class: 'calc-error', text: t('calc.optionsRefusedWhy', { name: e.message }) }),
      );
      break;
    case 'invalid':
      resultBox.replaceChildren(
        h(
          'p',
          { class: 'calc-error', id: 'calc-invalid' },
          h('strong', { text: t('calc.notWinningColon') }),
          ' ',
          e.reason,
        ),
        h('p', { class: 'calc-hint', text: `(${e.code})` }),
      );
      break;
    case 'scored': {
      const r = e.result;
      const opts = currentOptions(state);
      const sets = h('div', { class: 'calc-sets', id: 'calc-arrangement' });
      if (r.arrangement.length === 0) sets.append(h('p', { class: 'calc-hint', text: t('calc.bonusWin') }));
      for (const s of arrangedSets(r, state.melds.length)) {
        const g = h('figure', { class: `calc-set${s.declared ? ' calc-set-declared' : ''}` });
        s.tiles.forEach((t) => {
          g.append(tileImg(t, 'tile tile-small'));
        });
        g.append(h('figcaption', { text: setCaption(s, lang) }));
        sets.append(g);
      }
      const rows = patternRows(r);
      const table = (unit: 'fu' | 'score', caption: string) => {
        const chosen = rows.filter((p) => (unit === 'fu' ? p.unit === 'fu' : p.unit !== 'fu'));
        if (chosen.length === 0) return null;
        const tbl = h('table', { class: 'calc-patterns' }, h('caption', { text: caption }));
        for (const p of chosen) {
          tbl.append(
            h(
              'tr',
              { 'data-pattern': p.name },
              // the Chinese name shows when the page is in Chinese (html lang="zh-HK"), else as a
              // tooltip; both as written (each is the name in its own language)
              h(
                'th',
                { scope: 'row', title: p.labelZh, 'data-no-translate': '' },
                h('span', { class: 'calc-name-zh', lang: 'zh-HK', text: p.labelZh }),
                h('span', { class: 'calc-name-en', text: p.label }),
              ),
              h('td', { text: t(UNIT_VALUES[p.unit], { n: p.value }) }),
            ),
          );
        }
        return tbl;
      };
      const note = opts.ok ? belowMinimumNote(r, opts.value, lang) : null;
      const wait = r.wait !== undefined ? h('p', { class: 'calc-hint', text: t(WAIT_LABELS[r.wait]) }) : null;
      const pay = h(
        'table',
        { class: 'calc-payments', id: 'calc-payments' },
        h('caption', { text: t('calc.payments') }),
      );
      for (const p of paymentRows(r, lang)) {
        pay.append(h('tr', {}, h('th', { scope: 'row', text: p.who }), h('td', { text: String(p.amount) })));
      }
      pay.append(
        h(
          'tr',
          { class: 'calc-winner' },
          h('th', { scope: 'row', text: t('calc.winnerReceives') }),
          h('td', { text: String(r.points.winner) }),
        ),
      );
      const basic =
        r.basicPoints !== undefined
          ? h('p', {
              class: 'calc-hint',
              text:
                r.faan !== null
                  ? t('calc.faanPoints', { n: r.faan, n2: r.basicPoints })
                  : t('calc.basicPoints', { n: r.basicPoints }),
            })
          : null;
      const shown: (Node | null)[] = [
        h('p', { class: `calc-total${note ? ' calc-total-short' : ''}`, id: 'calc-total', text: totalLine(r, lang) }),
        note ? h('p', { class: 'calc-error', id: 'calc-below', text: note }) : null,
        sets,
        wait,
        table('score', t(r.faan !== null ? 'calc.faan' : 'calc.han')),
        table('fu', t('calc.fu')),
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
  noticeLine.textContent = notice();
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
// The parts drawn from the state are written in the language shown: draw them again (the
// options too, whose controls are rebuilt only for a new ruleset).
onLangChange(() => {
  optionsFor = null;
  render();
});
