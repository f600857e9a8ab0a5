// Owns the sections of the trace proof PDF (docs/traces.md#the-proof-bundle): header, items at a glance, one section per item, seal
// with its transparency-log checkpoint, the head evidence in words (docs/verification.md#15-the-head-step-head-leaf-cosignatures-time-stamp-tokens), how to verify independently, and
// the footer of every page.
// Fields no signature covers (label, tenant domain, created_at) are grouped and tagged apart from signed ones.
import type { BundleItem, ProofBundle } from '../proof-format/documents';
import type { ReportHead } from '../verify/report';
import { headSentences, tsaText, utcText } from '../verify/report-text';
import { nodeSha256 } from '../verify/node-primitives';
import { noteKeyId, parseCheckpoint, parseNote } from '../verify/note';
import { fromHex, toHex } from '../verify/primitives';
import {
  ACCENT,
  BAD,
  BOTTOM,
  CODE_BG,
  GOOD,
  INK,
  MONO,
  MUTED,
  MX,
  PAGE_H,
  printable,
  RULE,
  SANS,
  SANS_BOLD,
  TOP,
  UNSIGNED,
  W,
  wrapSans,
} from './pdf-layout';
import type { Doc, Layout, Value } from './pdf-layout';
import type { PdfLinks } from './pdf-links';

const yes = (ok: boolean, good: string, bad: string): Value => ({
  text: ok ? good : bad,
  color: ok ? GOOD : BAD,
  bold: true,
});
const TYPE_NAMES: Record<string, string> = {
  event: 'Ledger event',
  ai_attestation: 'AI attestation',
  document: 'Document anchor',
};
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

export function header(l: Layout, b: ProofBundle, qr: Buffer, qrCaption: string): void {
  const { doc } = l;
  const h = b.header;
  const qrSize = 92;
  const textW = W - qrSize - 20; // everything left of the QR code wraps inside this width
  doc.image(qr, MX + W - qrSize, TOP - 6, { width: qrSize });
  l.line(qrCaption, MX + W - qrSize + 2, TOP - 6 + qrSize + 1, SANS, 7, MUTED);
  l.line('TRACE PROOF BUNDLE', MX, TOP, SANS_BOLD, 8, ACCENT);
  if (isSandboxBundle(b)) l.line(SANDBOX_MARK, MX + 110, TOP - 2, SANS_BOLD, 11, BAD);
  doc.font(SANS_BOLD).fontSize(18);
  let y = TOP + 14;
  for (const t of wrapSans(doc, h.label, textW).slice(0, 3)) {
    l.line(t, MX, y, SANS_BOLD, 18, INK);
    y += 22;
  }
  l.line(`Tenant domain ${printable(h.tenant_domain)}`, MX, y + 2, SANS, 10, MUTED);
  y += 16;
  // The label and the domain come from the issuer's rows: no signature covers them, so the page says so at once.
  const lines: Array<[string, string]> = [
    ['Title and tenant domain as the issuer states them: not covered by any signature.', UNSIGNED],
    ['Every record and the seal signed with Ed25519; the seal covers one SHA-256 hash of all item hashes.', MUTED],
  ];
  for (const [text, color] of lines) {
    doc.font(SANS).fontSize(8.5);
    for (const t of wrapSans(doc, text, textW)) {
      l.line(t, MX, y + 2, SANS, 8.5, color);
      y += 11.5;
    }
  }
  l.y = Math.max(y + 8, TOP + qrSize + 16);
  doc
    .moveTo(MX, l.y)
    .lineTo(MX + W, l.y)
    .lineWidth(1)
    .strokeColor(ACCENT)
    .stroke();
  l.y += 12;

  // docs/verification.md#7-trace-bundle: the seal event's payload_hash binds trace_id, composite_hash, item_count, metadata and sealed_at.
  l.caption('SIGNED - covered by the seal signature (through the hash of the seal payload)', ACCENT);
  l.row('Trace ID', { text: h.trace_id, mono: true });
  l.row('Sealed', { text: h.sealed_at, mono: true });
  l.row('Item count', { text: String(h.item_count), mono: true });
  l.row('Composite hash', { text: h.composite_hash, mono: true });
  if (h.metadata !== undefined && h.metadata !== null) l.code('Trace metadata', JSON.stringify(h.metadata, null, 2));
  l.caption(
    'NOT COVERED BY ANY SIGNATURE - as the issuer states them; a change to these would go undetected',
    UNSIGNED,
  );
  l.row('Label', { text: h.label, unsigned: true });
  l.row('Tenant domain', {
    text: `${h.tenant_domain}   ${h.domain_verified ? '(domain verified)' : '(domain NOT verified)'}`,
    unsigned: true,
    color: h.domain_verified ? undefined : BAD,
  });
  l.row('Created', { text: h.created_at, mono: true, unsigned: true });
  l.row('Bundle version', { text: String(b.bundle_version), mono: true, unsigned: true });

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
export function overview(l: Layout, b: ProofBundle): void {
  const { doc } = l;
  const cols = [MX, MX + 30, MX + 112, MX + 226];
  l.heading('Items at a glance', `${b.items.length} items in sealed order`);
  const head = () => {
    ['#', 'Type', 'Timestamp', 'Content hash (SHA-256)'].forEach((t, i) =>
      l.line(t, cols[i]!, l.y, SANS_BOLD, 7.5, MUTED),
    );
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

export function item(l: Layout, it: BundleItem, total: number): void {
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
  l.row(
    'Hash check',
    yes(
      !!it.verification?.content_hash_valid,
      `VALID - ${HASH_CHECK[it.type] ?? 'recomputed'}`,
      'INVALID - content hash does not match the record',
    ),
  );
  l.row(
    'Signature check',
    yes(
      !!it.verification?.signature_valid,
      'VALID - Ed25519 signature over the signed bytes',
      'INVALID - signature does not verify',
    ),
  );
  l.code('Payload', it.payload === undefined ? '(none)' : JSON.stringify(it.payload, null, 2));
}

export function seal(l: Layout, b: ProofBundle): void {
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
  l.row(
    'Count',
    yes(
      s.count_confirmed,
      `CONFIRMED - ${s.item_count} items sealed, ${b.items.length} in this bundle`,
      'NOT CONFIRMED',
    ),
  );
  l.row('Composite check', yes(s.composite_hash_valid, 'VALID - recomputed from the item hashes in order', 'INVALID'));
  l.row('Signature check', yes(s.all_signatures_valid, 'VALID - every item and the seal verified', 'NOT ALL VALID'));
  if (s.log) logCheckpoint(l, s);
}

/**
 * docs/verification.md#12-the-transparency-log: the seal's place in the tenant's transparency log and the signed checkpoint that covers it (size,
 * root, the key that signed it); printed only when the bundle carries the seal's log block.
 */
function logCheckpoint(l: Layout, s: ProofBundle['seal']): void {
  const log = s.log!;
  if ('status' in log) {
    l.row('Transparency log', {
      text: 'PENDING - no signed checkpoint covered the seal yet when this bundle was made',
    });
    return;
  }
  const note = parseNote(log.checkpoint);
  const cp = note ? parseCheckpoint(note.body) : null;
  const line = cp ? note!.signatures.find((x) => x.name === cp.origin) : undefined;
  const noteKey = line ? toHex(line.keyId) : null;
  const sealKey = fromHex(s.public_key);
  // The checkpoint is signed by the key current when it was made: the seal's own key, or a newer one after a rotation.
  const bySeal =
    !!cp && !!sealKey && sealKey.length === 32 && noteKey === toHex(noteKeyId(nodeSha256, cp.origin, sealKey));
  l.row('Log leaf index', { text: String(log.leaf_index), mono: true });
  l.row('Checkpoint size', { text: String(cp?.treeSize ?? log.tree_size), mono: true });
  l.row('Checkpoint root', { text: cp ? toHex(cp.root) : log.root_hash, mono: true });
  l.row('Checkpoint key', {
    text: noteKey ? `note key id ${noteKey}${bySeal ? ` (key ${s.key_id})` : ''}` : 'unreadable checkpoint',
    mono: true,
  });
  if (cp) l.row('Log origin', { text: cp.origin, mono: true });
  l.code('Checkpoint (C2SP signed note)', log.checkpoint);
}

/**
 * docs/verification.md#15-the-head-step-head-leaf-cosignatures-time-stamp-tokens: the seal's checkpoint as a leaf of the appliance's head log, cosigned by witnesses and dated by TSAs,
 * as checked when the PDF was made: "existed no later than <time> according to <TSA>, cosigned by <witnesses>".
 */
export function headEvidence(l: Layout, b: ProofBundle, head: ReportHead | undefined): void {
  const log = b.seal.log;
  if (isSandboxBundle(b) && log && !('status' in log) && !log.head) {
    l.heading('Independent evidence', SANDBOX_MARK);
    l.row('Head', {
      text: "None: a sandbox tenant's checkpoints never enter the head, so no witness or time-stamping authority vouches for this trace. It is test data.",
      color: BAD,
    });
    return;
  }
  if (!head || !log || 'status' in log || !log.head) return;
  l.heading('Independent evidence', 'witnesses and trusted time');
  if (head.status === 'pending' || 'status' in log.head) {
    l.row('Head', {
      text: "PENDING - no published head covered the seal's checkpoint when this PDF was made: no witness or time-stamping authority vouched for it yet. Fetch the JSON bundle later for the complete evidence.",
      color: MUTED,
    });
    return;
  }
  const [sentence] = headSentences(head, 'This trace (its seal, and so every item before it)');
  statement(l, sentence!, head.ok);
  l.row('Head size', { text: String(log.head.tree_size), mono: true });
  l.row('Head root', { text: log.head.root_hash, mono: true });
  if (head.origin) l.row('Head log', { text: head.origin, mono: true });
  l.row('Seal checkpoint', {
    text: `head leaf ${log.head.leaf_index} (the tenant log checkpoint of ${log.tree_size} records printed above)`,
    mono: true,
  });
  const witnesses = head.witnessed_by.length ? head.witnessed_by : head.cosigners_named;
  l.row('Cosigned by', { text: witnesses.length ? witnesses.join(', ') : 'no witness', bold: witnesses.length > 0 });
  for (const t of log.head.timestamps) l.row('Time-stamp', { text: `${utcText(t.gen_time)} by ${t.tsa}` });
  if (head.according_to)
    l.row('Time-stamping authority', { text: `${tsaText(head.according_to)} (${head.according_to})` });
  const trust =
    head.outside_trust.policy && head.outside_trust.tsa
      ? "the appliance's witness policy and TSA roots"
      : head.outside_trust.policy
        ? "the appliance's witness policy (no TSA roots configured)"
        : head.outside_trust.tsa
          ? "the appliance's TSA roots (no witness policy configured)"
          : "the appliance's platform key only";
  l.row(
    'Checked',
    yes(head.ok, `VALID when this PDF was made, against ${trust}`, 'INVALID - the head evidence does not verify'),
  );
  l.code('Head (C2SP signed note: platform signature, then one cosignature per witness)', log.head.checkpoint);
}

/** A statement in a framed box, green when it holds. */
function statement(l: Layout, text: string, ok: boolean): void {
  l.doc.font(SANS_BOLD).fontSize(9.5);
  const lines = wrapSans(l.doc, text, W - 24);
  l.ensure(lines.length * 13 + 16);
  l.doc.rect(MX, l.y, W, lines.length * 13 + 12).fillAndStroke(ok ? '#e8f5ec' : '#fdecea', ok ? GOOD : BAD);
  lines.forEach((t, i) => l.line(t, MX + 12, l.y + 7 + i * 13, SANS_BOLD, 9.5, ok ? GOOD : BAD));
  l.y += lines.length * 13 + 20;
}

export function closing(l: Layout, b: ProofBundle, links: PdfLinks): void {
  l.heading('Independent verification');
  l.paragraph(
    "Each item is signed with the tenant's Ed25519 key over the canonical JSON of its record (keys sorted by code point, no whitespace). " +
      "The composite hash is SHA-256 over the concatenation of the items' content hashes as raw 32-byte digests, in the order above; " +
      'the seal is a signed ledger event of type trace.sealed whose payload carries the trace ID, composite hash, item count and seal time.',
  );
  if (b.seal.log && !('status' in b.seal.log)) {
    l.paragraph(
      "Every record is also a leaf of the tenant's append-only transparency log (RFC 6962 Merkle tree, leaf = the signed bytes). " +
        "The checkpoint printed in the seal section states the log's size and root hash, signed by the tenant key as a C2SP signed note; " +
        'the JSON bundle carries each record\'s inclusion proof against it. Keep the checkpoint: "svc verify --checkpoint" later proves that the log only grew since.',
    );
  }
  if (b.seal.log && !('status' in b.seal.log) && b.seal.log.head && !('status' in b.seal.log.head)) {
    l.paragraph(
      "That checkpoint is in turn a leaf of the appliance's head log, whose head is cosigned by independent witnesses and dated by RFC 3161 " +
        'time-stamping authorities (printed under Independent evidence). Check it against your own trust: "svc verify bundle.json --policy ' +
        'your-witness-policy --tsa-ca your-tsa-roots.pem" requires your witnesses\' quorum and a token from a TSA you trust.',
    );
  }
  l.paragraph(links.how);
  for (const [label, url] of links.rows) l.row(label, { text: url, mono: true });
}

/** docs/verification.md#sandbox-records: what every page of a sandbox tenant's trace PDF says. */
const SANDBOX_MARK = 'TEST \u2014 not evidence';

/** The seal's signed bytes say "sandbox": true (docs/verification.md#sandbox-records): a sandbox tenant's trace. */
function isSandboxBundle(b: ProofBundle): boolean {
  try {
    return JSON.parse(Buffer.from(b.seal.signed_payload, 'hex').toString('utf8')).sandbox === true;
  } catch {
    return false;
  }
}

/** Footer on every page: where to verify (text, linked), trace id and "Page N of M". */
export function footers(doc: Doc, b: ProofBundle, links: PdfLinks): void {
  const range = doc.bufferedPageRange();
  const url = printable(links.footerUrl);
  const labelW = doc.font(SANS).fontSize(7.5).widthOfString(links.footerLabel) + 4;
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const y = PAGE_H - 48;
    doc
      .moveTo(MX, y)
      .lineTo(MX + W, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    const page = `Page ${i + 1} of ${range.count}`;
    doc.font(SANS).fontSize(7.5);
    const pageW = doc.widthOfString(page);
    let size = 7.5;
    doc.font(MONO);
    while (size > 5 && doc.fontSize(size).widthOfString(url) > W - pageW - labelW - 32) size -= 0.5;
    doc
      .font(SANS)
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(links.footerLabel, MX, y + 8, { lineBreak: false });
    doc
      .font(MONO)
      .fontSize(size)
      .fillColor(ACCENT)
      .text(url, MX + labelW, y + 8.5, { lineBreak: false, link: links.footerUrl });
    doc
      .font(SANS)
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(page, MX + W - pageW, y + 8, { lineBreak: false });
    if (isSandboxBundle(b))
      doc
        .font(SANS_BOLD)
        .fontSize(7.5)
        .fillColor(BAD)
        .text(SANDBOX_MARK, MX + W - pageW - 110, y + 8, { lineBreak: false })
        .font(SANS)
        .fillColor(MUTED);
    doc
      .fontSize(7)
      .text(
        `Trace ${printable(b.header.trace_id)}  |  sealed ${printable(b.header.sealed_at)}  |  composite ${b.header.composite_hash.slice(0, 16)}...`,
        MX,
        y + 20,
        { lineBreak: false },
      );
  }
}
