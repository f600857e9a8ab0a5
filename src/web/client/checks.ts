// Owns how the pages read a verification report: the rules of src/verify run on the browser primitives, and the words
// each check is shown with, grouped per record. No rule lives here: the verdict is the report's, as `svc verify` gives it.
import { browserPrimitives } from '../../verify/browser-primitives';
import {
  verifyDocument,
  type Check as ReportCheck,
  type VerifyOptions,
  type VerifyReport,
} from '../../verify/verify-document';
import { partOf } from '../../verify/report-text';

/** A line of a page's check list; ok null: not checked (a SKIP line of the report), shown but not deciding. */
export type Check = { label: string; ok: boolean | null; detail?: string };

/** The one rule set, in the browser (a trace's items share notes: their verdicts are remembered by the rules). */
export const verifyInBrowser = (doc: unknown, opts: VerifyOptions): Promise<VerifyReport> =>
  verifyDocument(browserPrimitives, doc, opts);

const RECORD: Record<string, string> = {
  algorithm: 'Algorithm is Ed25519',
  public_key: 'Public key is a raw 32-byte Ed25519 key of prime order',
  key_id: 'Key ID is SHA-256 of the public key (first 16 hex)',
  signature: 'Ed25519 signature verifies over the signed bytes',
  canonical: 'Signed bytes are canonical JSON (re-encoded byte for byte)',
  record_kind: 'Signed bytes are a record of the kind this proof claims',
  fields: 'Fields shown agree with the signed bytes',
  payload: "The record's payload is included",
  content_hash: 'Content hash recomputed from the payload',
  payload_hash: 'Payload hash recomputed from the record',
  type: 'Item type is known',
  reported: 'The service reports its own checks as passed',
  key_published: 'Signing key is published for the issuer domain',
  key_platform_signature: "Signing key's record is signed by the platform key",
  'log.status': 'Log block is present and complete',
  'log.shape': 'Log block is well formed',
  'log.leaf_hash': 'Log leaf hash is SHA-256(0x00 || signed bytes)',
  'log.inclusion': 'Merkle inclusion proof leads to the checkpoint root',
  'log.checkpoint': 'Checkpoint note states this tree size and root',
  'log.origin': 'Checkpoint belongs to the expected log',
  'log.signature': 'Checkpoint signed by the issuer key (C2SP signed note)',
  'head.status': 'Head block is present and complete',
  'head.shape': 'Head block is well formed',
  'head.leaf': "Head leaf is the hash of the log's checkpoint",
  'head.inclusion': "Merkle inclusion proof leads from the log's checkpoint to the head root",
  'head.checkpoint': 'Head note states this head size and root',
  'head.origin': "Head belongs to the appliance's head log",
  'head.key': 'Head key is the trusted one (or, without outside trust, the one in the proof)',
  'head.signature': 'Head signed by the head key (C2SP signed note)',
  'head.cosignature': 'Witness cosignature verifies (C2SP tlog-cosignature)',
  'head.cosignatures': 'Witness cosignatures',
  'head.quorum': "Witness policy's quorum is met",
  'head.timestamp': 'RFC 3161 time-stamp token over the head',
  'head.time': 'Time vouched for by a trusted time-stamping authority',
};
const SEAL: Record<string, string> = {
  fields: 'Seal: a trace.sealed event of this seal id, time and header',
  payload: "Seal: the seal payload shown is this trace's",
  payload_hash: 'Seal: signature binds this trace id, composite hash, item count, metadata and seal time',
  reported: 'Seal: the service reports count, composite hash and signatures as valid',
};
const BUNDLE: Record<string, string> = {
  version: 'Bundle format version is known (1)',
  items: 'The bundle lists its items',
  sequence: 'Sequence numbers are 1..n in order',
  timestamps: 'Item timestamps never decrease',
  unique_items: 'No item appears twice',
  count: 'Item count matches the header and the seal',
  composite_hash: 'Composite hash recomputed from the item hashes (raw digests, in order)',
  tenant: 'Every item and the seal are signed for one tenant',
  log_order: "Every item precedes the seal in the tenant's log",
};
const KEYS: Record<string, string> = {
  list: 'Key list of the issuer domain',
  domain: 'Key list is the one of the issuer domain',
  platform_key: 'Platform key file is well formed',
};

/** A check's part and its own name: `items[2]` and `log.inclusion` of `items[2].log.inclusion`. */
function split(name: string): { part: string; check: string } {
  const part = partOf(name);
  return { part, check: name.slice(part.length + 1) };
}

/** The words of one check on a page; a witness or a token is named after its kind (`head.cosignature[w1]`). */
function label(c: ReportCheck): string {
  const { part, check } = split(c.name);
  if (part === 'bundle') return BUNDLE[check] ?? check;
  if (part === 'keys') return KEYS[check] ?? check;
  const bracket = check.indexOf('[');
  const base =
    RECORD[check] ?? (bracket > 0 ? `${RECORD[check.slice(0, bracket)] ?? check} ${check.slice(bracket)}` : check);
  if (part === 'seal') return SEAL[check] ?? `Seal: ${base}`;
  return base;
}

const toLine = (c: ReportCheck): Check => ({ label: label(c), ok: c.skipped ? null : c.ok, detail: c.detail });
const isLog = (c: ReportCheck) => split(c.name).check.startsWith('log.');
const isHead = (c: ReportCheck) => split(c.name).check.startsWith('head.');

/** The lines of one record of the report (`record`, `seal`, `items[2]`), its log and head lines apart. */
export function recordLines(r: VerifyReport, part: string): { checks: Check[]; log: Check[]; head: Check[] } {
  const mine = r.checks.filter((c) => partOf(c.name) === part);
  return {
    checks: mine.filter((c) => !isLog(c) && !isHead(c)).map(toLine),
    log: mine.filter(isLog).map(toLine),
    head: mine.filter(isHead).map(toLine),
  };
}

/** The key list lines (the list, its domain, the platform key file). */
export const keyLines = (r: VerifyReport): Check[] => r.checks.filter((c) => partOf(c.name) === 'keys').map(toLine);
/** The list lines of a bundle (order, count, composite, tenant, log order). */
export const bundleLines = (r: VerifyReport): Check[] =>
  r.checks.filter((c) => partOf(c.name) === 'bundle').map(toLine);

/** Where a record stands in its log, from its log lines: included, pending, absent, or refused. */
export function logStatus(log: Check[]): 'included' | 'pending' | 'absent' | 'invalid' {
  if (log.some((c) => c.ok === false)) return 'invalid';
  const skip = log.find((c) => c.ok === null);
  if (skip) return skip.detail?.startsWith('pending') ? 'pending' : 'absent';
  return log.length ? 'included' : 'absent';
}

/** "key 1a2b…, published for acme.example": the signer as the signatures and the key list name it. */
export function signerText(r: VerifyReport): string {
  const s = r.signer;
  if (!s) return 'an unknown key';
  const where = s.published_for
    ? `, published for ${s.published_for}`
    : " (not confirmed by the issuer domain's key list)";
  const log = s.log_origin ? ` and named in the signed log checkpoint of ${s.log_origin}` : '';
  return `key ${s.key_id}${where}${log}`;
}

/** True when `path` (e.g. `header.label`) is a field of the document that no signature covers. */
export const isUnsigned = (r: VerifyReport, path: string): boolean => r.unsigned.includes(path);
