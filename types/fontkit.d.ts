// Declares the part of fontkit 2 (no bundled types) that the PDF renderer uses: opening a font file to ask its glyph coverage.
declare module 'fontkit' {
  type Font = { hasGlyphForCodePoint(codePoint: number): boolean };

  /** A .ttf/.otf file gives one Font (only .ttc/.dfont give a collection, which nothing here opens). */
  export function openSync(filename: string): Font;
}
