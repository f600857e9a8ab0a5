// Owns the check of an evidence pack (docs/verification.md#21-the-single-file-verifier): the zip read with fflate, its
// proof.json through the one rule set, then the pack's other files against it: each record's COSE receipt and
// tlog-proof, its checkpoint's in the head, the key answers and the time-stamp tokens. Pure (primitives passed in),
// never throws: every problem is a failed `pack.*` check.
import { unzipSync } from 'fflate';
import { isPlainObject } from '../crypto/json-value';
import { verifyCoseReceipt, type EvidenceCheck } from './cose-receipt';
import { headKey, headLeafOfNote } from './head';
import { platformKeyOf } from './head-rules';
import { publishedKeys } from './key-rules';
import { parseCheckpoint, parseNote, verifierKey } from './note';
import { fromBase64, equalBytes, type Primitives } from './primitives';
import { auditSignedBytes, hexBytes, type AuditEventFields } from './records';
import type { Check, Obj, VerifyOptions, VerifyReport } from './report';
import { parseTimestampToken } from './timestamp';
import { verifyTlogProof } from './tlog-proof';
import { documentKind, verifyDocument } from './verify-document';

/** The files of a pack by their path inside it. */
export type PackFiles = ReadonlyMap<string, Uint8Array>;

/** Bigger packs are refused before they are inflated: a zip of a few KB can claim gigabytes. */
const MAX_FILE = 64 * 1024 * 1024;
const MAX_TOTAL = 256 * 1024 * 1024;

/** True for bytes that start as a zip archive does (a local file header). */
export const isZip = (b: Uint8Array): boolean =>
  b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 3 && b[3] === 4;

/** The files of a zip archive (folders left out), or why it cannot be read. */
export function readPack(zip: Uint8Array): { files: PackFiles } | { error: string } {
  let total = 0;
  let tooBig = '';
  try {
    const out = unzipSync(zip, {
      filter: (f) => {
        total += f.originalSize;
        if (f.originalSize > MAX_FILE || total > MAX_TOTAL) tooBig ||= f.name;
        return !tooBig && !f.name.endsWith('/');
      },
    });
    if (tooBig) return { error: `${tooBig}: the pack is larger than this verifier reads (${MAX_TOTAL >> 20} MiB)` };
    return { files: new Map(Object.entries(out)) };
  } catch (e) {
    return { error: `not a readable zip archive (${String((e as Error)?.message ?? e).slice(0, 80)})` };
  }
}

/** A record of proof.json and where its files lie in the pack (`''`, `items/<n>/`, `seal/`). */
type PackRecord = { dir: string; entry: Uint8Array | null; key: unknown; log: unknown };

function auditEntry(d: Obj): Uint8Array | null {
  try {
    return auditSignedBytes(d as AuditEventFields);
  } catch {
    return null;
  }
}

/** docs/verification.md#18-cose-receipts: each record's leaf data, its key and its log block. */
function recordsOf(d: unknown): PackRecord[] {
  if (!isPlainObject(d)) return [];
  const kind = documentKind(d);
  if (kind === 'audit_event') return [{ dir: '', entry: auditEntry(d), key: d.signing_public_key, log: d.log }];
  if (kind === 'trace_bundle') {
    const items = Array.isArray(d.items) ? d.items : [];
    const seal = isPlainObject(d.seal) ? d.seal : {};
    return [
      ...items.map((it, i) => {
        const o = isPlainObject(it) ? it : {};
        return { dir: `items/${i}/`, entry: hexBytes(o.signed_payload), key: o.public_key, log: o.log };
      }),
      { dir: 'seal/', entry: hexBytes(seal.signed_payload), key: seal.public_key, log: seal.log },
    ];
  }
  if (kind === 'unknown') return [];
  return [{ dir: '', entry: hexBytes(d.signed_payload), key: d.public_key, log: d.log }];
}

const originOf = (note: unknown): string | null => {
  const n = parseNote(note);
  return (n && parseCheckpoint(n.body)?.origin) || null;
};
const utf8 = new TextDecoder('utf-8', { fatal: true });
const text = (b: Uint8Array): string | null => {
  try {
    return utf8.decode(b);
  } catch {
    return null;
  }
};

/** Collects `pack.<check>[<file>]` lines. */
class PackChecks {
  readonly list: Check[] = [];
  add(check: string, file: string, ok: boolean, detail: string): void {
    this.list.push({ name: `pack.${check}[${file}]`, ok, detail });
  }
  skip(check: string, file: string, detail: string): void {
    this.list.push({ name: `pack.${check}[${file}]`, ok: true, detail, skipped: true });
  }
  from(file: string, checks: EvidenceCheck[]): void {
    for (const c of checks) this.add(c.name, file, c.ok, c.detail);
  }
  /** The file's bytes, or a failed `pack.file` line when the pack lacks it. */
  need(files: PackFiles, file: string): Uint8Array | null {
    const b = files.get(file);
    if (!b) this.add('file', file, false, 'missing from the pack');
    return b ?? null;
  }
}

/** The receipt and tlog-proof of one record and of its checkpoint in the head, under the verifier's trust. */
function checkRecordFiles(p: Primitives, pc: PackChecks, files: PackFiles, r: PackRecord, opts: VerifyOptions): void {
  const log = isPlainObject(r.log) ? r.log : {};
  const checkpoint = typeof log.checkpoint === 'string' ? log.checkpoint : null;
  const origin = originOf(checkpoint);
  const own = hexBytes(r.key, 32);
  if (!checkpoint || !origin || !r.entry) {
    pc.skip('receipt', `${r.dir}receipt.cose`, 'not checked: proof.json has no checkpoint or leaf for this record');
    return;
  }
  // The keys the log block may be signed with: the record's own, or one of the key list the verifier gave.
  const logKeys = [...(own ? [own] : []), ...publishedKeys(opts.keys)];
  const receipt = pc.need(files, `${r.dir}receipt.cose`);
  if (receipt)
    pc.from(
      `${r.dir}receipt.cose`,
      verifyCoseReceipt(p, receipt, r.entry, { keys: logKeys, issuer: origin, checkpoint }).checks,
    );
  const proof = pc.need(files, `${r.dir}proof.tlog-proof`);
  if (proof)
    pc.from(
      `${r.dir}proof.tlog-proof`,
      verifyTlogProof(p, text(proof) ?? '', r.entry, {
        logKeys: logKeys.map((k) => verifierKey(p.sha256, origin, k)),
      }).checks,
    );
  const head = isPlainObject(log.head) ? log.head : {};
  const headNote = typeof head.checkpoint === 'string' ? head.checkpoint : null;
  const headOrigin = originOf(headNote);
  const leaf = headLeafOfNote(p.sha256, checkpoint);
  if (!headNote || !headOrigin || !leaf) {
    pc.skip('receipt', `${r.dir}head-receipt.cose`, 'not checked: proof.json has no published head for this record');
    return;
  }
  // docs/verification.md#keys-in-the-file: the head key the verdict used (policy, platform key, else the file's).
  const hk = headKey(p.sha256, headOrigin, head.note_verifier_key, {
    policy: opts.policy,
    platformKey: platformKeyOf(opts),
  });
  const headReceipt = pc.need(files, `${r.dir}head-receipt.cose`);
  if (headReceipt)
    pc.from(
      `${r.dir}head-receipt.cose`,
      verifyCoseReceipt(p, headReceipt, leaf, { keys: hk.keys, issuer: headOrigin, checkpoint: headNote }).checks,
    );
  const headProof = pc.need(files, `${r.dir}head.tlog-proof`);
  if (headProof) {
    const now = opts.now ? Math.floor(opts.now.getTime() / 1000) : undefined;
    const trust = opts.policy
      ? { policy: opts.policy, now }
      : { logKeys: hk.keys.map((k) => verifierKey(p.sha256, headOrigin, k)), now };
    pc.from(`${r.dir}head.tlog-proof`, verifyTlogProof(p, text(headProof) ?? '', leaf, trust).checks);
  }
}

/** The token texts of every head of the document, and of the proof's own head (the seal's for a bundle). */
function tokensOf(records: PackRecord[]): { all: Set<string>; own: string[] } {
  const all = new Set<string>();
  let own: string[] = [];
  for (const r of records) {
    const head = isPlainObject(r.log) && isPlainObject(r.log.head) ? r.log.head : {};
    const stamps = Array.isArray(head.timestamps) ? head.timestamps : [];
    const texts = stamps.flatMap((s) => (isPlainObject(s) && typeof s.token === 'string' ? [s.token] : []));
    for (const t of texts) all.add(t);
    if (r.dir === '' || r.dir === 'seal/') own = texts;
  }
  return { all, own };
}

/** tsa/<n>.tsr: each the DER of a token of a head of proof.json, and the proof's own head's tokens all there. */
function checkTokens(pc: PackChecks, files: PackFiles, records: PackRecord[]): void {
  const { all, own } = tokensOf(records);
  const shipped = [...files.keys()].filter((f) => f.startsWith('tsa/')).sort();
  const found = new Set<string>();
  for (const f of shipped) {
    const der = files.get(f)!;
    const inDoc = [...all].find((t) => {
      const b = fromBase64(t);
      return !!b && equalBytes(b, der);
    });
    if (inDoc) found.add(inDoc);
    const parsed = /^tsa\/[1-9][0-9]*\.tsr$/.test(f) && parseTimestampToken(der) !== null;
    pc.add(
      'timestamp',
      f,
      parsed && !!inDoc,
      !parsed
        ? 'not the DER of an RFC 3161 TimeStampToken named tsa/<n>.tsr'
        : inDoc
          ? 'a TimeStampToken of a head in proof.json'
          : 'a TimeStampToken that no head in proof.json carries',
    );
  }
  const missing = own.filter((t) => !found.has(t)).length;
  if (own.length || shipped.length)
    pc.add(
      'timestamps',
      'tsa/',
      missing === 0,
      missing ? `${missing} of the head's ${own.length} tokens are not in tsa/` : `the head's ${own.length} tokens`,
    );
}

/** keys.json and platform-key.json: the rule set's key checks of proof.json against them (never used as trust). */
async function checkKeyFiles(p: Primitives, pc: PackChecks, files: PackFiles, proof: Uint8Array, opts: VerifyOptions) {
  const json = (file: string): unknown => {
    const b = pc.need(files, file);
    const t = b ? text(b) : null;
    try {
      return t === null ? undefined : JSON.parse(t);
    } catch {
      pc.add('file', file, false, 'not JSON');
      return undefined;
    }
  };
  const keys = json('keys.json');
  const platformKey = json('platform-key.json');
  if (keys === undefined && platformKey === undefined) return;
  const r = await verifyDocument(p, proof, { keys, platformKey, now: opts.now });
  for (const c of r.checks) {
    const platform = c.name === 'keys.platform_key' || c.name.endsWith('.head.key');
    const listed = c.name.startsWith('keys.') || /\.key_(published|platform_signature)$/.test(c.name);
    if (platform && platformKey !== undefined) pc.add(c.name, 'platform-key.json', c.ok, c.detail);
    else if (listed && keys !== undefined) pc.add(c.name, 'keys.json', c.ok, c.detail);
  }
}

/** What a pack check gives besides the report: the files it holds and the policy its operator shipped. */
export type PackReport = VerifyReport & { files: string[]; shipped_policy: string | null };

/**
 * The one verdict on an evidence pack: the rule set on proof.json under the verifier's own trust, then the pack's
 * other files against it (`pack.*` checks appended; `valid` only when all pass). witness-policy.txt is shown, never
 * used: a policy shipped by the operator is no outside trust (docs/verification.md#21-the-single-file-verifier).
 */
export async function verifyEvidencePack(p: Primitives, files: PackFiles, opts: VerifyOptions): Promise<PackReport> {
  const pc = new PackChecks();
  const proof = pc.need(files, 'proof.json') ?? new Uint8Array(0);
  const report = await verifyDocument(p, proof, opts);
  const shipped = files.get('witness-policy.txt');
  try {
    let doc: unknown = null;
    try {
      doc = JSON.parse(text(proof) ?? '');
    } catch {
      doc = null;
    }
    const records = recordsOf(doc);
    for (const r of records) checkRecordFiles(p, pc, files, r, opts);
    await checkKeyFiles(p, pc, files, proof, opts);
    checkTokens(pc, files, records);
    if (shipped)
      pc.skip(
        'policy',
        'witness-policy.txt',
        opts.policy
          ? 'shown, not used: the policy you gave decides'
          : 'shown, not used: a policy shipped by the operator is no outside trust; give your own to check the witnesses',
      );
  } catch (e) {
    pc.add('error', 'pack', false, `the verifier could not finish: ${(e as Error)?.message ?? String(e)}`);
  }
  const checks = [...report.checks, ...pc.list];
  return {
    ...report,
    valid: checks.every((c) => c.ok),
    checks,
    files: [...files.keys()].sort(),
    shipped_policy: shipped ? text(shipped) : null,
  };
}

/**
 * A file as every verifier reads it: an evidence pack (a zip) gets the pack's verdict, anything else is a proof
 * document; a zip that cannot be read is a failed report whose one check says why (never an exception).
 */
export async function verifyFile(
  p: Primitives,
  bytes: Uint8Array,
  opts: VerifyOptions,
): Promise<VerifyReport & Partial<Pick<PackReport, 'files' | 'shipped_policy'>>> {
  if (!isZip(bytes)) return verifyDocument(p, bytes, opts);
  const pack = readPack(bytes);
  if ('error' in pack) {
    const r = await verifyDocument(p, new Uint8Array(0), opts);
    return { ...r, checks: [{ name: 'pack.zip[pack]', ok: false, detail: pack.error }] };
  }
  return verifyEvidencePack(p, pack.files, opts);
}
