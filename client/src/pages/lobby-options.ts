/**
 * The lobby form's house rules, drawn from the ruleset's descriptor (shared/src/rulesets/): each
 * option the descriptor offers to the lobby becomes a box or a select at its default, and the
 * form sends back the value of every one. Nothing here names an option or its default, so a new
 * option of a descriptor shows up in the form by itself. The clocks (`layer: 'timing'`), the same
 * at every ruleset, are fields of their own (`timingFields`): kept as typed when the ruleset changes.
 */
import {
  type Label,
  type NumberOption,
  type OptionSpec,
  type RulesetId,
  RULESETS,
  TIMING_OPTIONS,
} from '@mahjong/shared';
import { el } from '../ui/dom.js';
import { liveAttr, sayLabel } from '../i18n/live-text.js';
import { currentLang } from '../i18n/i18n.js';
import { offeredValues, valueLabel } from '../ui/option-text.js';

export interface OptionFields {
  /** The rows, in a box with `data-testid` `<family>-rules` (hk-rules, riichi-rules). */
  readonly element: HTMLElement;
  /** The options as the form stands, by option key. */
  values(): Record<string, unknown>;
}

type Read = (into: Record<string, unknown>) => void;

export function optionFields(ruleset: RulesetId): OptionFields {
  const d = RULESETS[ruleset];
  const specs = (Object.values(d.options) as OptionSpec[]).filter((s) => s.lobby === true && s.layer !== 'timing');
  const reads: Read[] = [];
  const selects: HTMLElement[] = [];
  const boxes: HTMLElement[] = [];
  const groups = new Map<string, { box: HTMLInputElement; keys: string[] }>();
  const checkbox = (name: string, checked: boolean, label: Label) => {
    const box = el('input', { type: 'checkbox', name });
    box.checked = checked;
    boxes.push(el('label', {}, box, sayLabel(label)));
    return box;
  };
  for (const spec of specs) {
    if (spec.type === 'boolean' && spec.lobbyGroup) {
      const g = spec.lobbyGroup;
      let group = groups.get(g.name);
      if (!group) {
        group = { box: checkbox(g.name, spec.default, g.label), keys: [] };
        groups.set(g.name, group);
        const { box, keys } = group;
        reads.push((o) => {
          for (const k of keys) o[k] = box.checked;
        });
      }
      group.keys.push(spec.key);
    } else if (spec.type === 'boolean' && spec.lobbyInverse) {
      const box = checkbox(spec.lobbyInverse.name, !spec.default, spec.lobbyInverse.label);
      reads.push((o) => {
        o[spec.key] = !box.checked;
      });
    } else if (spec.type === 'boolean') {
      const box = checkbox(spec.key, spec.default, spec.label);
      reads.push((o) => {
        o[spec.key] = box.checked;
      });
    } else if (spec.type === 'choice' && spec.lobbyBox) {
      const { on, off } = spec.lobbyBox;
      const box = checkbox(spec.key, spec.default === on, spec.label);
      reads.push((o) => {
        o[spec.key] = box.checked ? on : off;
      });
    } else {
      const sel = liveAttr(el('select', { name: spec.key }), 'aria-label', () => spec.label[currentLang()]);
      const values = offeredValues(spec, spec.default);
      for (const v of values) {
        const shown = valueLabel(spec, v);
        sel.append(el('option', { value: String(v) }, typeof shown === 'string' ? shown : sayLabel(shown)));
      }
      sel.value = String(spec.default);
      selects.push(el('label', {}, sayLabel(spec.label), ' ', sel));
      reads.push((o) => {
        o[spec.key] = values[sel.selectedIndex];
      });
    }
  }
  const rows: HTMLElement[] = [];
  for (let i = 0; i < selects.length; i += 2) rows.push(el('div', { class: 'row' }, ...selects.slice(i, i + 2)));
  for (let i = 0; i < boxes.length; i += 3) rows.push(el('div', { class: 'row' }, ...boxes.slice(i, i + 3)));
  return {
    element: el('div', { 'data-testid': `${d.family}-rules` }, ...rows),
    values() {
      const o: Record<string, unknown> = {};
      for (const read of reads) read(o);
      return o;
    },
  };
}

/** The clocks the lobby offers (`lobby: true` in `TIMING_OPTIONS`): a number field each, at its default and bounds. */
export function timingFields(): { readonly labels: readonly HTMLElement[]; values(): Record<string, number> } {
  const specs = (Object.values(TIMING_OPTIONS) as NumberOption[]).filter((s) => s.lobby === true);
  const inputs = specs.map((spec) =>
    el('input', {
      type: 'number',
      name: spec.key,
      min: String(spec.min),
      max: String(spec.max),
      step: 'any',
      value: String(spec.default),
      style: 'width:5em',
    }),
  );
  return {
    labels: specs.map((spec, i) => el('label', {}, sayLabel(spec.label), ' ', inputs[i] as HTMLInputElement)),
    values() {
      const o: Record<string, number> = {};
      specs.forEach((spec, i) => {
        // An emptied field sends the default (the server would refuse an empty value).
        o[spec.key] = Number((inputs[i] as HTMLInputElement).value) || spec.default;
      });
      return o;
    },
  };
}
