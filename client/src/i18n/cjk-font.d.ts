/** The build's Chinese font slices (scripts/cjk-font.ts): unicode-range and woff2 as base64. */
declare module 'virtual:cjk-font' {
  const faces: readonly { readonly range: string; readonly data: string }[];
  export default faces;
}
/** The same for the few characters every page shows (scripts/cjk-font.ts CORE_CJK). */
declare module 'virtual:cjk-font-core' {
  const faces: readonly { readonly range: string; readonly data: string }[];
  export default faces;
}
/** The name fonts' pieces (scripts/name-fonts.ts): family, unicode-range and the woff2's URL. */
declare module 'virtual:name-fonts' {
  const faces: readonly { readonly family: string; readonly range: string; readonly url: string }[];
  export default faces;
}
