// Types of `wawoff2` (Google's WOFF2 reference encoder and decoder compiled to WebAssembly), which ships none.
declare module 'wawoff2' {
  /** A WOFF2 file to TrueType/OpenType bytes; rejects what is no valid WOFF2. */
  export function decompress(woff2: Uint8Array): Promise<Uint8Array>;
  /** TrueType/OpenType bytes to WOFF2. */
  export function compress(sfnt: Uint8Array): Promise<Uint8Array>;
  const woff2: { decompress: typeof decompress; compress: typeof compress };
  export default woff2;
}
