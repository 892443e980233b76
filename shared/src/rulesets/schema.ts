/**
 * The shape of a ruleset's options: each option's type, default, allowed values, label, a
 * one-line doc and its source, in one declarative list per ruleset (as the majiang-core library keeps
 * every house rule with its default and a comment in one file). The scorer's and the
 * table's option checks, the lobby form, the calculator and the docs' option tables are all
 * read from these lists; nothing else restates an option or its default.
 */

/**
 * A text in both languages the UI speaks (English and Traditional Chinese, Hong Kong): the
 * client's translator learns every label of the descriptors from here, as it learns the
 * pattern names from the scorer's tables.
 */
export interface Label {
  readonly en: string;
  readonly 'zh-HK': string;
}

/**
 * Who applies the option: the scorer (a win's value), the table (play and the match around the
 * hands), or the table's clocks (how long a turn, a claim window, the results wait: the same keys
 * at every ruleset, `timing-options.ts`).
 */
export type OptionLayer = 'scorer' | 'table' | 'timing';

interface OptionBase<K extends string> {
  readonly key: K;
  readonly layer: OptionLayer;
  /** The option's name in the lobby, the calculator and the docs. */
  readonly label: Label;
  /** What the option does, in one line (the docs' table and the form's tooltip). */
  readonly doc: string;
  /** Where the rule and its default come from (a seed, a published rule set, the project's choice). */
  readonly source: string;
  /** Offered in the lobby's form (the rest keep their defaults there, and remain open to the API). */
  readonly lobby?: boolean;
  /** false: left out of the calculator (it changes no single win's value, or needs the whole table). */
  readonly calculator?: false;
}

export interface BooleanOption<K extends string = string> extends OptionBase<K> {
  readonly type: 'boolean';
  readonly default: boolean;
  /** The lobby shows the opposite question (a box named `name`, checked when the option is off). */
  readonly lobbyInverse?: { readonly name: string; readonly label: Label };
  /** The lobby sets several options with one box (named `name`), all on or all off. */
  readonly lobbyGroup?: { readonly name: string; readonly label: Label };
}

export interface ChoiceOption<K extends string = string, V extends string | number = string | number>
  extends OptionBase<K> {
  readonly type: 'choice';
  readonly values: readonly V[];
  readonly default: V;
  /** The values' names, when a value is not shown as written. */
  readonly valueLabels?: Readonly<Partial<Record<string, Label>>>;
  /** The lobby shows a box: checked is `on`, unchecked `off`. */
  readonly lobbyBox?: { readonly on: V; readonly off: V };
}

export interface IntegerOption<K extends string = string> extends OptionBase<K> {
  readonly type: 'integer';
  readonly min: number;
  readonly max: number;
  readonly default: number;
  /** The values the lobby offers (any whole number from min to max is accepted). */
  readonly offered?: readonly number[];
}

/** A number of seconds or points, not necessarily whole (a claim window of 0.5 s). */
export interface NumberOption<K extends string = string> extends OptionBase<K> {
  readonly type: 'number';
  readonly min: number;
  readonly max: number;
  readonly default: number;
}

/** A value with a shape of its own (a custom points table, an uma): checked by `check`. */
export interface CustomOption<K extends string = string, V = unknown> extends OptionBase<K> {
  readonly type: 'custom';
  readonly default: V;
  /** What is allowed, for the docs. */
  readonly allowed: string;
  /** null when `value` is allowed; else why not. */
  readonly check: (value: unknown) => string | null;
  /** The values the lobby offers, each with its name. */
  readonly offered?: readonly { readonly value: V; readonly label: Label }[];
}

export type OptionSpec<K extends string = string> =
  | BooleanOption<K>
  | ChoiceOption<K>
  | IntegerOption<K>
  | NumberOption<K>
  | CustomOption<K>;

/** A ruleset's options by key. */
export type OptionSchema = Readonly<Record<string, OptionSpec>>;

/** The resolved value type of one option. */
export type OptionValue<S> = S extends { readonly type: 'boolean' }
  ? boolean
  : S extends { readonly type: 'choice'; readonly values: readonly (infer V)[] }
    ? V
    : S extends { readonly type: 'integer' | 'number' }
      ? number
      : S extends { readonly type: 'custom'; readonly default: infer V }
        ? V
        : never;

/** What a host may send for a schema: any of its options, each of its value type (the rest keep their defaults). */
export type OptionsInput<Schema> = { readonly [K in keyof Schema]?: OptionValue<Schema[K]> };

/** The resolved options of one layer of a schema: each option's key and value type. */
export type ResolvedOptions<Schema, L extends OptionLayer> = {
  readonly [K in keyof Schema as Schema[K] extends { readonly layer: L } ? K : never]: OptionValue<Schema[K]>;
};

/** The defaults of a schema, one object (a resolved option set before any host's choice). */
export function defaultsOf(schema: OptionSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(schema)) out[key] = spec.default;
  return out;
}

/** Why `value` is not allowed for `spec` (the message names the option); null when it is. */
export function optionRefusal(spec: OptionSpec, value: unknown): string | null {
  switch (spec.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : `option "${spec.key}" must be true or false`;
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) && value >= spec.min && value <= spec.max
        ? null
        : `option "${spec.key}" must be a whole number from ${spec.min} to ${spec.max}`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && value >= spec.min && value <= spec.max
        ? null
        : `option "${spec.key}" must be a number from ${spec.min} to ${spec.max}`;
    case 'choice':
      return (spec.values as readonly unknown[]).includes(value)
        ? null
        : `option "${spec.key}" must be ${spec.values.length === 2 ? spec.values.join(' or ') : `one of ${spec.values.join(', ')}`}`;
    case 'custom': {
      const why = spec.check(value);
      return why === null ? null : `option "${spec.key}" ${why}`;
    }
  }
}

/** The allowed values as the docs write them. */
export function allowedText(spec: OptionSpec): string {
  switch (spec.type) {
    case 'boolean':
      return 'on, off';
    case 'integer':
    case 'number':
      return `${spec.min}–${spec.max}`;
    case 'choice':
      return spec.values.map((v) => `\`${v}\``).join(', ');
    case 'custom':
      return spec.allowed;
  }
}

/** A default as the docs write it. */
export function defaultText(spec: OptionSpec): string {
  if (spec.type === 'boolean') return spec.default ? 'on' : 'off';
  return `\`${JSON.stringify(spec.default).replace(/^"|"$/g, '')}\``;
}
