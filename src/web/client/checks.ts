// Owns how the pages read a verification report: the rules of src/verify run on the browser primitives, and the words
// each check is shown with, grouped per record. No rule lives here: the verdict is the report's, as `svc verify` gives it.
import { browserPrimitives } from '../../verify/browser-primitives';
import {
  verifyDocument,
  type Check as ReportCheck,
  type VerifyOptions,
  type VerifyReport,
} from '../../verify/verify-document';

/** A line of a page's check list; ok null: not checked (a SKIP line of the report), shown but not deciding. */
export type Check = { label: string; ok: boolean | null; detail?: string };

/** The one rule set, in the browser (a trace's items share notes: their verdicts are remembered by the rules). */
export const verifyInBrowser = (doc: unknown, opts: VerifyOptions): Promise<VerifyReport> =>
  verifyDocument(browserPrimitives, doc, opts);

const RECORD: Record<string, string> = {
  algorithm: 'Algorithm is Ed25519',
  public_key: 'Public key is a raw 32-byte Ed25519 key',
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
  log: 'Log block is present, complete and well formed',
  log_leaf_hash: 'Log leaf hash is SHA-256(0x00 || signed bytes)',
  log_inclusion: 'Merkle inclusion proof leads to the checkpoint root',
  log_checkpoint: 'Checkpoint note states this tree size and root',
  log_origin: 'Checkpoint belongs to the expected log',
  log_checkpoint_signature: 'Checkpoint signed by the issuer key (C2SP signed note)',
  head: 'Head block is present, complete and well formed',
  head_leaf: "Head leaf is the hash of the log's checkpoint",
  head_inclusion: "Merkle inclusion proof leads from the log's checkpoint to the head root",
  head_checkpoint: 'Head note states this head size and root',
  head_origin: "Head belongs to the appliance's head log",
  head_signature: 'Head signed by the platform key (C2SP signed note)',
  head_cosignature: 'Witness cosignature verifies (C2SP tlog-cosignature)',
  head_quorum: "Witness policy's quorum is met",
  head_trust: 'Whose trust was applied',
  head_timestamp: 'RFC 3161 time-stamp token verifies over the head',
};
const SEAL: Record<string, string> = {
  fields: 'Seal: a trace.sealed event of this seal id, time and header',
  payload: "Seal: the seal payload shown is this trace's",
  payload_hash: 'Seal: signature binds this trace id, composite hash, item count, metadata and seal time',
  reported: 'Seal: the service reports count, composite hash and signatures as valid',
};
const BUNDLE: Record<string, string> = {
  bundle_version: 'Bundle format version is known (1)',
  items: 'The bundle lists its items',
  sequence: 'Sequence numbers are 1..n in order',
  timestamps: 'Item timestamps never decrease',
  unique_items: 'No item appears twice',
  count: 'Item count matches the header and the seal',
  composite_hash: 'Composite hash recomputed from the item hashes (raw digests, in order)',
  tenant: 'Every item and the seal are signed for one tenant',
  log_order: "Every item precedes the seal in the tenant's log",
};

/** The words of one report line on a page. */
function label(c: ReportCheck): string {
  if (c.item === 'bundle') return BUNDLE[c.check] ?? c.check;
  if (c.item === 'keys' || c.item.startsWith('key ')) {
    if (c.check === 'published')
      return c.item === 'keys'
        ? 'Signing key is published for the issuer domain'
        : `Key ${c.item.slice(4)} is published for the issuer domain`;
    if (c.check === 'platform_signature') return `Key ${c.item.slice(4)} record signed by the platform key`;
    return c.check === 'domain' ? 'Key list is the one of the issuer domain' : c.check;
  }
  const base = RECORD[c.check] ?? c.check;
  if (c.item === 'seal') return SEAL[c.check] ?? `Seal: ${base}`;
  return base;
}

const toLine = (c: ReportCheck): Check => ({ label: label(c), ok: c.skipped ? null : c.ok, detail: c.detail });
const isLog = (c: ReportCheck) => c.check === 'log' || c.check.startsWith('log_');
const isHead = (c: ReportCheck) => c.check === 'head' || c.check.startsWith('head_');

/** The lines of one record of the report (`event <id>`, `seal`, `item 2 (...)`), its log and head lines apart. */
export function recordLines(r: VerifyReport, item: string): { checks: Check[]; log: Check[]; head: Check[] } {
  const mine = r.checks.filter((c) => c.item === item);
  return {
    checks: mine.filter((c) => !isLog(c) && !isHead(c)).map(toLine),
    log: mine.filter(isLog).map(toLine),
    head: mine.filter(isHead).map(toLine),
  };
}

/** The authenticity lines (key list, published keys, platform signatures). */
export const keyLines = (r: VerifyReport): Check[] =>
  r.checks.filter((c) => c.item === 'keys' || c.item.startsWith('key ')).map(toLine);
/** The list lines of a bundle (order, count, composite, tenant, log order). */
export const bundleLines = (r: VerifyReport): Check[] => r.checks.filter((c) => c.item === 'bundle').map(toLine);

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
