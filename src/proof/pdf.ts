// Owns the PDF rendering of a trace proof bundle (DECISIONS 3): header, one section per item, seal, footer with URL, QR code and page numbers.
// Layout is computed here line by line (our own cursor and wrapping) so long hex and JSON wrap predictably and rendering stays fast.
// Fonts are DejaVu Sans and Sans Mono from the dejavu-fonts-ttf package, embedded (subset) in every PDF so the
// file renders the same anywhere and nothing is fetched. Characters DejaVu lacks (outside the BMP) are printed
// as JSON \u escapes, which loses nothing.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import * as fontkit from 'fontkit';
import QRCode from 'qrcode';
import type { BundleItem, ProofBundle } from './bundle-format';
import { nodeSha256 } from '../verify/node-primitives';
import { noteKeyId, parseCheckpoint, parseNote } from '../verify/note';
import { fromHex, toHex } from '../verify/primitives';

type Doc = InstanceType<typeof PDFDocument>;

const PAGE_W = 595.28; // A4 in points
const PAGE_H = 841.89;
const MX = 50; // left and right margin
const TOP = 50;
const BOTTOM = PAGE_H - 62; // content stops here; the footer lives below
const W = PAGE_W - 2 * MX;
const LABEL_W = 104;
const VALUE_X = MX + LABEL_W;
const VALUE_W = W - LABEL_W;

const INK = '#1a202c';
const MUTED = '#5a6475';
const RULE = '#d5dae1';
const BAND = '#eef2f7';
const CODE_BG = '#f6f7f9';
const ACCENT = '#1f4e79';
const GOOD = '#1e7b34';
const BAD = '#b42318';

// The compiled executable finds the fonts in share/fonts beside it (scripts/build.ts puts them there).
const FONT_DIR = Bun.isStandaloneExecutable
  ? join(dirname(process.execPath), 'share', 'fonts')
  : join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const SANS = 'DejaVuSans';
const SANS_BOLD = 'DejaVuSans-Bold';
const MONO = 'DejaVuSansMono';
const MONO_ADVANCE = 1233 / 2048; // DejaVu Sans Mono: every glyph is 1233/2048 em wide

// Glyph coverage of the mono font (the payload font; the sans font covers at least as much).
const coverage = fontkit.openSync(join(FONT_DIR, `${MONO}.ttf`));
const escapeChar = (ch: string) => [...Array(ch.length).keys()].map((i) => '\\u' + ch.charCodeAt(i).toString(16).padStart(4, '0')).join('');

/** Text the embedded fonts can show: control characters and characters without a glyph become \uXXXX escapes. */
function printable(s: string): string {
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
    for (let i = width; i < line.length; i += width - indent.length) out.push(indent + line.slice(i, i + width - indent.length));
  }
  return out;
}

/** Word-wraps proportional text to `width` points, breaking inside a word only when the word alone is too wide. */
function wrapSans(doc: Doc, text: string, width: number): string[] {
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

type Value = { text: string; mono?: boolean; color?: string; bold?: boolean };

class Layout {
  y = TOP;
  constructor(readonly doc: Doc, readonly runningTitle: string) {}

  /** Starts a new page when `h` points do not fit below the cursor. */
  ensure(h: number): void {
    if (this.y + h > BOTTOM) this.newPage();
  }

  /** A continuation page with a running title. */
  newPage(): void {
    this.doc.addPage();
    this.y = TOP;
    this.doc.font(SANS).fontSize(7.5).fillColor(MUTED).text(this.runningTitle, MX, TOP - 22, { lineBreak: false });
    this.doc.moveTo(MX, TOP - 10).lineTo(MX + W, TOP - 10).lineWidth(0.5).strokeColor(RULE).stroke();
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
    const lines = v.mono ? wrapMono(v.text, Math.floor(VALUE_W / (size * MONO_ADVANCE))) : wrapSans(this.doc, v.text, VALUE_W);
    this.ensure(Math.min(lines.length, 3) * lh + 4);
    this.line(label, MX, this.y + 0.5, SANS, 8, MUTED);
    for (const l of lines) {
      this.ensure(lh);
      this.line(l, VALUE_X, this.y, font, size, v.color ?? INK);
      this.y += lh;
    }
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

const yes = (ok: boolean, good: string, bad: string): Value => ({ text: ok ? good : bad, color: ok ? GOOD : BAD, bold: true });
const TYPE_NAMES: Record<string, string> = { event: 'Ledger event', ai_attestation: 'AI attestation', document: 'Document anchor' };
const HASH_CHECK: Record<string, string> = {
  event: 'SHA-256 of the canonical payload',
  ai_attestation: 'payload_hash recomputed from the record',
  document: 'equals the signed document hash',
};
/** The signed bytes are canonical JSON: shown as text, they are exactly what the signature covers. */
function signedText(hex: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(hex, 'hex'));
  } catch {
    return hex;
  }
}

function header(l: Layout, b: ProofBundle, qr: Buffer): void {
  const { doc } = l;
  const h = b.header;
  const qrSize = 92;
  doc.image(qr, MX + W - qrSize, TOP - 6, { width: qrSize });
  l.line('Scan to verify online', MX + W - qrSize + 8, TOP - 6 + qrSize + 1, SANS, 7, MUTED);
  l.line('TRACE PROOF BUNDLE', MX, TOP, SANS_BOLD, 8, ACCENT);
  doc.font(SANS_BOLD).fontSize(18);
  let y = TOP + 14;
  for (const t of wrapSans(doc, h.label, W - qrSize - 20).slice(0, 3)) {
    l.line(t, MX, y, SANS_BOLD, 18, INK);
    y += 22;
  }
  l.line(`Issued for ${printable(h.tenant_domain)}`, MX, y + 2, SANS, 10, MUTED);
  l.line('Every record and the seal signed with Ed25519; the seal covers one SHA-256 hash of all item hashes', MX, y + 16, SANS, 8.5, MUTED);
  l.y = Math.max(y + 34, TOP + qrSize + 16);
  doc.moveTo(MX, l.y).lineTo(MX + W, l.y).lineWidth(1).strokeColor(ACCENT).stroke();
  l.y += 12;

  l.row('Label', { text: h.label, bold: true });
  l.row('Tenant domain', { text: `${h.tenant_domain}   ${h.domain_verified ? '(domain verified)' : '(domain NOT verified)'}`, color: h.domain_verified ? INK : BAD });
  l.row('Trace ID', { text: h.trace_id, mono: true });
  l.row('Created', { text: h.created_at, mono: true });
  l.row('Sealed', { text: h.sealed_at, mono: true });
  l.row('Item count', { text: String(h.item_count), mono: true });
  l.row('Composite hash', { text: h.composite_hash, mono: true });
  l.row('Bundle version', { text: String(b.bundle_version), mono: true });
  if (h.metadata !== undefined && h.metadata !== null) l.code('Trace metadata', JSON.stringify(h.metadata, null, 2));

  const s = b.seal;
  const itemsOk = b.items.every((i) => i.verification?.content_hash_valid && i.verification?.signature_valid);
  const ok = itemsOk && s.count_confirmed && s.composite_hash_valid && s.all_signatures_valid;
  const verdict = ok
    ? `VERIFIED when issued: ${b.items.length} of ${b.items.length} item signatures and content hashes valid, composite hash recomputed and matching, item count confirmed, seal signature valid.`
    : 'NOT VERIFIED when issued: at least one check failed; see the items and the seal section below.';
  doc.font(SANS_BOLD).fontSize(9);
  const vl = wrapSans(doc, verdict, W - 24);
  l.ensure(vl.length * 12 + 16);
  l.y += 4;
  doc.rect(MX, l.y, W, vl.length * 12 + 12).fillAndStroke(ok ? '#e8f5ec' : '#fdecea', ok ? GOOD : BAD);
  vl.forEach((t, i) => l.line(t, MX + 12, l.y + 7 + i * 12, SANS_BOLD, 9, ok ? GOOD : BAD));
  l.y += vl.length * 12 + 20;
}

/** A one-line-per-item index: sequence, type, timestamp, content hash. */
function overview(l: Layout, b: ProofBundle): void {
  const { doc } = l;
  const cols = [MX, MX + 30, MX + 112, MX + 226];
  l.heading('Items at a glance', `${b.items.length} items in sealed order`);
  const head = () => {
    ['#', 'Type', 'Timestamp', 'Content hash (SHA-256)'].forEach((t, i) => l.line(t, cols[i]!, l.y, SANS_BOLD, 7.5, MUTED));
    l.y += 11;
  };
  head();
  b.items.forEach((it, n) => {
    if (l.y + 10 > BOTTOM) {
      l.newPage();
      head();
    }
    if (n % 2 === 0) doc.rect(MX, l.y - 2, W, 10).fill(CODE_BG);
    l.line(String(it.sequence), cols[0]!, l.y, MONO, 7, INK);
    l.line(TYPE_NAMES[it.type] ?? printable(String(it.type)), cols[1]!, l.y, SANS, 7, INK);
    l.line(printable(it.timestamp), cols[2]!, l.y, MONO, 7, INK);
    l.line(printable(it.content_hash), cols[3]!, l.y, MONO, 6.5, INK);
    l.y += 10;
  });
  l.y += 8;
}

function item(l: Layout, it: BundleItem, total: number): void {
  l.heading(`Item ${it.sequence} of ${total}  -  ${TYPE_NAMES[it.type] ?? it.type}`, it.timestamp);
  l.row('Sequence', { text: String(it.sequence), mono: true });
  l.row('Timestamp', { text: it.timestamp, mono: true });
  l.row('Type', { text: it.type, mono: true });
  l.row('Record ID', { text: it.id, mono: true });
  l.row('Content hash', { text: it.content_hash, mono: true });
  l.row('Signature', { text: it.signature, mono: true });
  l.row('Key ID', { text: it.key_id, mono: true });
  l.row('Public key', { text: it.public_key, mono: true });
  l.row('Signed bytes', { text: signedText(it.signed_payload), mono: true });
  l.row('Hash check', yes(!!it.verification?.content_hash_valid, `VALID - ${HASH_CHECK[it.type] ?? 'recomputed'}`, 'INVALID - content hash does not match the record'));
  l.row('Signature check', yes(!!it.verification?.signature_valid, 'VALID - Ed25519 signature over the signed bytes', 'INVALID - signature does not verify'));
  l.code('Payload', it.payload === undefined ? '(none)' : JSON.stringify(it.payload, null, 2));
}

function seal(l: Layout, b: ProofBundle): void {
  const s = b.seal;
  l.heading('Seal', s.sealed_at);
  l.row('Sealed at', { text: s.sealed_at, mono: true });
  l.row('Seal event ID', { text: s.seal_event_id, mono: true });
  l.row('Composite hash', { text: s.composite_hash, mono: true });
  l.row('Item count', { text: String(s.item_count), mono: true });
  l.row('Key ID', { text: s.key_id, mono: true });
  l.row('Public key', { text: s.public_key, mono: true });
  l.row('Seal signature', { text: s.signature, mono: true });
  l.row('Signed bytes', { text: signedText(s.signed_payload), mono: true });
  l.row('Count', yes(s.count_confirmed, `CONFIRMED - ${s.item_count} items sealed, ${b.items.length} in this bundle`, 'NOT CONFIRMED'));
  l.row('Composite check', yes(s.composite_hash_valid, 'VALID - recomputed from the item hashes in order', 'INVALID'));
  l.row('Signature check', yes(s.all_signatures_valid, 'VALID - every item and the seal verified', 'NOT ALL VALID'));
  if (s.log) logCheckpoint(l, s);
}

/**
 * DECISIONS 10: the seal's place in the tenant's transparency log and the signed checkpoint that covers it (size,
 * root, the key that signed it); printed only when the bundle carries the seal's log block.
 */
function logCheckpoint(l: Layout, s: ProofBundle['seal']): void {
  const log = s.log!;
  if ('status' in log) {
    l.row('Transparency log', { text: 'PENDING - no signed checkpoint covered the seal yet when this bundle was made' });
    return;
  }
  const note = parseNote(log.checkpoint);
  const cp = note ? parseCheckpoint(note.body) : null;
  const line = cp ? note!.signatures.find((x) => x.name === cp.origin) : undefined;
  const noteKey = line ? toHex(line.keyId) : null;
  const sealKey = fromHex(s.public_key);
  // The checkpoint is signed by the key current when it was made: the seal's own key, or a newer one after a rotation.
  const bySeal = !!cp && !!sealKey && sealKey.length === 32 && noteKey === toHex(noteKeyId(nodeSha256, cp.origin, sealKey));
  l.row('Log leaf index', { text: String(log.leaf_index), mono: true });
  l.row('Checkpoint size', { text: String(cp?.treeSize ?? log.tree_size), mono: true });
  l.row('Checkpoint root', { text: cp ? toHex(cp.root) : log.root_hash, mono: true });
  l.row('Checkpoint key', { text: noteKey ? `note key id ${noteKey}${bySeal ? ` (key ${s.key_id})` : ''}` : 'unreadable checkpoint', mono: true });
  if (cp) l.row('Log origin', { text: cp.origin, mono: true });
  l.code('Checkpoint (C2SP signed note)', log.checkpoint);
}

function closing(l: Layout, b: ProofBundle): void {
  l.heading('Independent verification');
  l.paragraph(
    'Each item is signed with the tenant\'s Ed25519 key over the canonical JSON of its record (keys sorted by code point, no whitespace). ' +
      'The composite hash is SHA-256 over the concatenation of the items\' content hashes as raw 32-byte digests, in the order above; ' +
      'the seal is a signed ledger event of type trace.sealed whose payload carries the trace ID, composite hash, item count and seal time.',
  );
  if (b.seal.log && !('status' in b.seal.log)) {
    l.paragraph(
      'Every record is also a leaf of the tenant\'s append-only transparency log (RFC 6962 Merkle tree, leaf = the signed bytes). ' +
        'The checkpoint printed in the seal section states the log\'s size and root hash, signed by the tenant key as a C2SP signed note; ' +
        'the JSON bundle carries each record\'s inclusion proof against it. Keep the checkpoint: "svc verify --checkpoint" later proves that the log only grew since.',
    );
  }
  l.paragraph('To check this record without trusting the issuer, fetch the JSON proof bundle and run "svc verify bundle.json" or any implementation of the published verification algorithm; compare the public keys with those published at:');
  l.row('Public keys', { text: b.footer.public_key_url, mono: true });
  l.row('Verification', { text: b.footer.verification_url, mono: true });
}

/** Footer on every page: verification URL (text, linked), trace id and "Page N of M". */
function footers(doc: Doc, b: ProofBundle): void {
  const range = doc.bufferedPageRange();
  const url = printable(b.footer.verification_url);
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const y = PAGE_H - 48;
    doc.moveTo(MX, y).lineTo(MX + W, y).lineWidth(0.5).strokeColor(RULE).stroke();
    const page = `Page ${i + 1} of ${range.count}`;
    doc.font(SANS).fontSize(7.5);
    const pageW = doc.widthOfString(page);
    let size = 7.5;
    doc.font(MONO);
    while (size > 5 && doc.fontSize(size).widthOfString(url) > W - pageW - 70) size -= 0.5;
    doc.font(SANS).fontSize(7.5).fillColor(MUTED).text('Verify at:', MX, y + 8, { lineBreak: false });
    doc.font(MONO).fontSize(size).fillColor(ACCENT).text(url, MX + 38, y + 8.5, { lineBreak: false, link: b.footer.verification_url });
    doc.font(SANS).fontSize(7.5).fillColor(MUTED).text(page, MX + W - pageW, y + 8, { lineBreak: false });
    doc.fontSize(7).text(`Trace ${printable(b.header.trace_id)}  |  sealed ${printable(b.header.sealed_at)}  |  composite ${b.header.composite_hash.slice(0, 16)}...`, MX, y + 20, { lineBreak: false });
  }
}

/** Renders the bundle as an A4 PDF with selectable text; the verification URL appears as text on every page and as a QR code on the first. */
export async function renderBundlePdf(bundle: ProofBundle): Promise<Buffer> {
  const qr = await QRCode.toBuffer(bundle.footer.verification_url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 8 });
  const doc: Doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    info: { Title: `Trace proof bundle ${bundle.header.trace_id}`, Subject: `Proof bundle for trace "${bundle.header.label}" (${bundle.header.tenant_domain})`, Creator: 'svc proof ledger appliance', Keywords: `trace ${bundle.header.trace_id}; composite ${bundle.header.composite_hash}` },
  });
  for (const f of [SANS, SANS_BOLD, MONO]) doc.registerFont(f, join(FONT_DIR, `${f}.ttf`));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const layout = new Layout(doc, printable(`Trace proof bundle  |  ${bundle.header.label}  |  trace ${bundle.header.trace_id}`));
  header(layout, bundle, qr);
  overview(layout, bundle);
  for (const it of bundle.items) item(layout, it, bundle.items.length);
  seal(layout, bundle);
  closing(layout, bundle);
  footers(doc, bundle);
  doc.end();
  return done;
}
