/**
 * What the name fonts draw (scripts/name-fonts.ts cuts its pieces to these; src/i18n/font.ts
 * fetches them only for these): the CJK blocks and the emoji. Other symbols (▶ ⚠ ✓) stay the
 * system fonts', as on English pages.
 */
export type CodeRange = readonly [number, number];

/** The CJK blocks: radicals to the compatibility forms, the supplementary ideographic planes. */
export const NAME_CJK: readonly CodeRange[] = [
  [0x2e80, 0x9fff],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0x20000, 0x3ffff],
];

/** Emoji proper: the pictographs, the joiner, the variation selector, keycaps and flag tags. */
export const NAME_EMOJI: readonly CodeRange[] = [
  [0x200d, 0x200d],
  [0x20e3, 0x20e3],
  [0xfe0f, 0xfe0f],
  [0x1f000, 0x1faff],
  [0xe0020, 0xe007f],
];

/** Whether a name font draws `cp`. */
export const inNameFonts = (cp: number): boolean =>
  NAME_CJK.some(([a, b]) => cp >= a && cp <= b) || NAME_EMOJI.some(([a, b]) => cp >= a && cp <= b);
