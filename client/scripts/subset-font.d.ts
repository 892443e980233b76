/** Types for subset-font (the package ships none): the one call the font build makes. */
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer | Uint8Array,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype' },
  ): Promise<Buffer>;
}
/** Types for wawoff2 (none shipped): woff2 to sfnt, for fonts harfbuzz must see without some tables. */
declare module 'wawoff2' {
  const wawoff2: { decompress(woff2: Buffer | Uint8Array): Promise<Uint8Array> };
  export default wawoff2;
}
