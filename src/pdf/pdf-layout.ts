// Owns the PDF layout engine: A4 geometry, colours, the embedded fonts, text that the fonts can show, wrapping,
// and a cursor that lays out headings, label/value rows, code blocks and paragraphs over pages.
// Layout is computed here line by line (our own cursor and wrapping) so long hex and JSON wrap predictably and rendering stays fast.
// Fonts are DejaVu Sans and Sans Mono from the dejavu-fonts-ttf package, embedded (subset) in every PDF so the
// file renders the same anywhere and nothing is fetched. Characters DejaVu lacks (outside the BMP) are printed
// as JSON \u escapes, which loses nothing.
import type PDFDocument from 'pdfkit';
import * as fontkit from 'fontkit';
import sansFile from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf' with { type: 'file' };
import sansBoldFile from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf' with { type: 'file' };
import monoFile from 'dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf' with { type: 'file' };

export type Doc = InstanceType<typeof PDFDocument>;

const PAGE_W = 595.28; // A4 in points
export const PAGE_H = 841.89;
export const MX = 50; // left and right margin
export const TOP = 50;
export const BOTTOM = PAGE_H - 62; // content stops here; the footer lives below
export const W = PAGE_W - 2 * MX;
const LABEL_W = 104;
const VALUE_X = MX + LABEL_W;
const VALUE_W = W - LABEL_W;

export const INK = '#1a202c';
export const MUTED = '#5a6475';
export const RULE = '#d5dae1';
export const BAND = '#eef2f7';
export const CODE_BG = '#f6f7f9';
export const ACCENT = '#1f4e79';
export const GOOD = '#1e7b34';
export const BAD = '#b42318';
/** Fields no signature covers: told apart from signed ones by this colour and a "not signed" tag. */
export const UNSIGNED = '#8a5a00';

export const SANS = 'DejaVuSans';
export const SANS_BOLD = 'DejaVuSans-Bold';
export const MONO = 'DejaVuSansMono';
// The font files: in the package from a source checkout, inside the compiled executable (Bun's file embedding).
export const FONT_FILES: Record<string, string> = { [SANS]: sansFile, [SANS_BOLD]: sansBoldFile, [MONO]: monoFile };
const MONO_ADVANCE = 1233 / 2048; // DejaVu Sans Mono: every glyph is 1233/2048 em wide

// Glyph coverage of the mono font (the payload font; the sans font covers at least as much).
const coverage = fontkit.openSync(monoFile);
const escapeChar = (ch: string) =>
  [...Array(ch.length).keys()].map((i) => '\\u' + ch.charCodeAt(i).toString(16).padStart(4, '0')).join('');

/** Text the embedded fonts can show: control characters and characters without a glyph become \uXXXX escapes. */
export function printable(s: string): string {
  return s.replace(/[^\x20-\x7e]/gu, (ch) => {
    const cp = ch.codePointAt(0)!;
    return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || !coverage.hasGlyphForCodePoint(cp) ? escapeChar(ch) : ch;
  });
}

/**
 * Hard-wraps monospace text to `cols` columns. In a code block a continued line keeps the indentation of its
 * source line; a bare hex value breaks every 64 characters so its lines line up.
 */
function wrapMono(text: string, cols: number, code = false): string[] {
  const out: string[] = [];
  for (const raw of text.split('\n')) {
    const line = printable(raw);
    if (line.length <= cols) {
      out.push(line);
      continue;
    }
    const width = !code && cols >= 64 && /^[0-9a-f]+$/.test(line) ? 64 : cols;
    const indent = code ? ' '.repeat(Math.min(line.length - line.trimStart().length + 2, Math.floor(cols / 2))) : '';
    out.push(line.slice(0, width));
    for (let i = width; i < line.length; i += width - indent.length)
      out.push(indent + line.slice(i, i + width - indent.length));
  }
  return out;
}

/** Word-wraps proportional text to `width` points, breaking inside a word only when the word alone is too wide. */
export function wrapSans(doc: Doc, text: string, width: number): string[] {
  const out: string[] = [];
  for (const w of printable(text.replace(/[\r\n]+/g, ' ')).split(' ')) {
    let word = w;
    const last = out.length ? out[out.length - 1]! : null;
    if (last !== null && doc.widthOfString(last + ' ' + word) <= width) {
      out[out.length - 1] = last + ' ' + word;
      continue;
    }
    while (doc.widthOfString(word) > width) {
      let n = word.length - 1;
      while (n > 1 && doc.widthOfString(word.slice(0, n)) > width) n--;
      out.push(word.slice(0, n));
      word = word.slice(n);
    }
    out.push(word);
  }
  return out.length ? out : [''];
}

/** A row's value; `unsigned` marks a field no signature covers (muted, tagged "not signed" under its label). */
export type Value = { text: string; mono?: boolean; color?: string; bold?: boolean; unsigned?: boolean };

export class Layout {
  y = TOP;
  constructor(
    readonly doc: Doc,
    readonly runningTitle: string,
  ) {}

  /** Starts a new page when `h` points do not fit below the cursor. */
  ensure(h: number): void {
    if (this.y + h > BOTTOM) this.newPage();
  }

  /** A continuation page with a running title. */
  newPage(): void {
    this.doc.addPage();
    this.y = TOP;
    this.doc
      .font(SANS)
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(this.runningTitle, MX, TOP - 22, { lineBreak: false });
    this.doc
      .moveTo(MX, TOP - 10)
      .lineTo(MX + W, TOP - 10)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }

  line(text: string, x: number, y: number, font: string, size: number, color: string): void {
    this.doc.font(font).fontSize(size).fillColor(color).text(text, x, y, { lineBreak: false });
  }

  heading(title: string, right = ''): void {
    this.ensure(110); // keep a heading with its first rows
    this.y += 6;
    this.doc.rect(MX, this.y, W, 20).fill(BAND);
    this.doc.rect(MX, this.y, 3, 20).fill(ACCENT);
    this.line(title, MX + 10, this.y + 6, SANS_BOLD, 10, INK);
    if (right) {
      this.doc.font(SANS).fontSize(8.5);
      this.line(right, MX + W - 8 - this.doc.widthOfString(right), this.y + 6.5, SANS, 8.5, MUTED);
    }
    this.y += 26;
  }

  /** A label/value row; values wrap (monospace ones by column count, so hex breaks anywhere). */
  row(label: string, v: Value): void {
    const size = v.mono ? 8 : 9;
    const lh = v.mono ? 10.5 : 11.5;
    const font = v.mono ? MONO : v.bold ? SANS_BOLD : SANS;
    this.doc.font(font).fontSize(size);
    const lines = v.mono
      ? wrapMono(v.text, Math.floor(VALUE_W / (size * MONO_ADVANCE)))
      : wrapSans(this.doc, v.text, VALUE_W);
    const rows = v.unsigned ? Math.max(lines.length, 2) : lines.length;
    this.ensure(Math.min(rows, 3) * lh + 4);
    const top = this.y;
    this.line(label, MX, top + 0.5, SANS, 8, MUTED);
    if (v.unsigned) this.line('not signed', MX, top + 10.5, SANS, 6.5, UNSIGNED);
    for (const l of lines) {
      this.ensure(lh);
      this.line(l, VALUE_X, this.y, font, size, v.color ?? (v.unsigned ? MUTED : INK));
      this.y += lh;
    }
    if (v.unsigned && lines.length < 2) this.y += lh; // room for the tag under the label
    this.y += 3;
  }

  /** A pretty-printed block on a shaded background that may continue over pages. */
  code(label: string, text: string): void {
    const size = 7.5;
    const lh = 9.4;
    const pad = 6;
    const lines = wrapMono(text, Math.floor((W - 2 * pad) / (size * MONO_ADVANCE)), true);
    this.ensure(Math.min(lines.length, 4) * lh + 2 * pad + 14);
    this.line(label, MX, this.y, SANS, 8, MUTED);
    this.y += 12;
    let i = 0;
    while (i < lines.length) {
      this.ensure(lh + 2 * pad);
      const fit = Math.max(1, Math.min(lines.length - i, Math.floor((BOTTOM - this.y - 2 * pad) / lh)));
      this.doc.rect(MX, this.y, W, fit * lh + 2 * pad).fill(CODE_BG);
      this.doc.font(MONO).fontSize(size).fillColor(INK);
      for (let k = 0; k < fit; k++) this.doc.text(lines[i + k]!, MX + pad, this.y + pad + k * lh, { lineBreak: false });
      this.y += fit * lh + 2 * pad;
      i += fit;
    }
    this.y += 6;
  }

  /** A small caption over a group of rows (what covers them). */
  caption(text: string, color: string): void {
    this.ensure(40);
    this.y += 2;
    this.line(text, MX, this.y, SANS_BOLD, 7.5, color);
    this.y += 12;
  }

  paragraph(text: string, size = 8.5, color = INK): void {
    this.doc.font(SANS).fontSize(size);
    for (const l of wrapSans(this.doc, text, W)) {
      this.ensure(size + 3);
      this.line(l, MX, this.y, SANS, size, color);
      this.y += size + 3;
    }
    this.y += 4;
  }
}
