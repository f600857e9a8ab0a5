// Owns the proof pages' check lists (labels and verdicts, no DOM); every check itself is the pure one of src/verify
// run on the browser primitives (@noble), the same code `svc verify` and the server run on node:crypto.
import { canonicalBytes, canonicalJson } from '../../crypto/canonical';
import { browserPrimitives as P } from '../../verify/browser-primitives';
import { fromHex } from '../../verify/primitives';
import * as rec from '../../verify/records';
import { checkLogBlock, type LogResult, type LogStep } from '../../verify/log-block';

export { canonicalJson, canonicalBytes };

/** ok: null means the check could not be made (shown, but it does not decide the verdict). */
export type Check = { label: string; ok: boolean | null; detail?: string };

const HEX = /^(?:[0-9a-f]{2})*$/;
export const HEX64 = rec.HEX64;

export function isHex(s: unknown, bytes?: number): s is string {
  return typeof s === 'string' && HEX.test(s) && (bytes === undefined || s.length === bytes * 2);
}
export const sha256Hex = (data: string | Uint8Array): string => rec.sha256Hex(P.sha256, data);
/** DECISIONS 1: key_id = first 16 hex of SHA-256(raw 32-byte public key). */
export const keyIdOf = (publicKeyHex: string): string => rec.keyIdOf(P.sha256, fromHex(publicKeyHex) ?? new Uint8Array(0));
/** Strict RFC 8032 verification (zip215 off), the rule node:crypto / OpenSSL apply on the server. */
export function verifyEd25519(publicKeyHex: string, messageHex: string, signatureHex: string): boolean {
  if (!isHex(publicKeyHex, 32) || !isHex(signatureHex, 64) || !isHex(messageHex)) return false;
  return P.verify(fromHex(publicKeyHex)!, fromHex(messageHex)!, fromHex(signatureHex)!);
}
/** DECISIONS 3: SHA-256 over the items' content hashes as raw 32-byte digests, in order. */
export const compositeHash = (contentHashes: string[]): string => rec.compositeHash(P.sha256, contentHashes);

/** The signed payload bytes decoded as JSON, or null when they are not UTF-8 JSON. */
export function decodeSigned(signedHex: string): Record<string, unknown> | null {
  const b = fromHex(signedHex);
  return b ? rec.decodeSignedJson(b).signed : null;
}

export type SignedProof = { algorithm?: unknown; key_id?: unknown; public_key?: unknown; signature?: unknown; signed_payload?: unknown };

/**
 * The checks every signed record shares: algorithm, hex shapes, Ed25519 signature over the signed bytes,
 * key_id derived from the public key, the bytes being exactly the canonical JSON of what they decode to,
 * and each `expected` field being the value the signed bytes carry.
 */
export function signedRecordChecks(p: SignedProof, expected: Record<string, unknown>): { checks: Check[]; signed: Record<string, unknown> | null } {
  const checks: Check[] = [];
  const r = rec.checkSignedRecord(P, p);
  // Bundle items and seals do not restate the algorithm (the bundle format is Ed25519 only).
  if (p.algorithm !== undefined) checks.push({ label: 'Algorithm is Ed25519', ok: p.algorithm === 'ed25519', detail: p.algorithm === 'ed25519' ? undefined : `stated: ${String(p.algorithm)}` });
  checks.push({ label: 'Ed25519 signature verifies over the signed bytes', ok: r.signatureOk && (r.message?.length ?? 0) > 0 });
  if (r.computedKeyId !== null) {
    checks.push({ label: 'Key ID is SHA-256 of the public key (first 16 hex)', ok: r.keyIdOk, detail: `computed ${r.computedKeyId}` });
  } else {
    checks.push({ label: 'Key ID is SHA-256 of the public key (first 16 hex)', ok: false, detail: 'public key is not 32 bytes of hex' });
  }
  const signed = r.signed;
  checks.push({ label: 'Signed bytes are canonical JSON (re-encoded byte for byte)', ok: r.canonical });
  for (const [field, value] of Object.entries(expected)) {
    const got = signed ? signed[field] : undefined;
    checks.push({ label: `Signed ${field} matches the one shown`, ok: signed !== null && got === value, detail: signed && got !== value ? `signed: ${String(got)}` : undefined });
  }
  return { checks, signed };
}

export const allPassed = (checks: Check[]) => checks.every((c) => c.ok !== false) && checks.some((c) => c.ok === true);

/** GET /v1/proof/event/{id} (DECISIONS 2). */
export function eventProofChecks(p: Record<string, any>): { checks: Check[]; signed: Record<string, unknown> | null } {
  return signedRecordChecks(p, { event_id: p.event_id, payload_hash: p.payload_hash, ingested_at: p.ingested_at });
}

/** DECISIONS 4: the attestation fields whose canonical bytes give payload_hash (absent as null, trace_id excluded). */
export const aiPayloadHash = (r: Record<string, any>): string => rec.aiPayloadHash(P.sha256, r);
/** DECISIONS 4: input_hash / output_hash = SHA-256 of a string as UTF-8, of any other JSON value as canonical bytes. */
export const valueHash = (v: unknown): string => rec.valueHash(P.sha256, v);

/** GET /v1/proof/ai/{id} (DECISIONS 4): the signed fields must equal the record shown; payload_hash recomputed when subject is shown. */
export function aiProofChecks(p: Record<string, any>): { checks: Check[]; signed: Record<string, unknown> | null } {
  const r = p.record ?? {};
  const res = signedRecordChecks(p, {
    attestation_id: p.attestation_id, attestation_type: r.attestation_type, payload_hash: r.payload_hash,
    input_hash: r.input_hash, output_hash: r.output_hash, created_at: r.created_at,
  });
  if ('subject' in r) {
    const h = aiPayloadHash(r);
    res.checks.push({ label: 'Payload hash recomputed from the attested fields', ok: h === r.payload_hash, detail: `computed ${h}` });
  }
  return res;
}

/** GET /v1/proof/document/{event_id} (DECISIONS 5, 9): the signature binds document_hash to the anchor. */
export function documentProofChecks(p: Record<string, any>): { checks: Check[]; signed: Record<string, unknown> | null } {
  const expected: Record<string, unknown> = { event_id: p.event_id, document_hash: p.document_hash };
  const created = p.created_at ?? p.anchored_at;
  if (created !== undefined) expected.created_at = created;
  if (p.document_ref !== undefined) expected.document_ref = p.document_ref;
  return signedRecordChecks(p, expected);
}

/** The content hash of one bundle item recomputed from its payload where the payload allows it. */
function contentHashChecks(item: Record<string, any>, signed: Record<string, unknown> | null): Check[] {
  const label = 'Content hash recomputed from the payload';
  const payload = item.payload;
  if (!HEX64.test(String(item.content_hash))) return [{ label, ok: false, detail: 'content hash is not 64 hex' }];
  if (item.type === 'event') {
    if (payload === undefined) return [{ label, ok: null, detail: 'payload not included' }];
    const h = rec.canonicalHash(P.sha256, payload);
    return [{ label, ok: h === item.content_hash, detail: `SHA-256 of the canonical payload = ${h}` }];
  }
  if (item.type === 'document') {
    const out: Check[] = [];
    if (payload?.document_hash !== undefined) out.push({ label: 'Document hash in the payload is the content hash', ok: payload.document_hash === item.content_hash });
    if (payload && 'metadata' in payload) {
      // DECISIONS 9: the signature covers metadata_hash = SHA-256 of the canonical metadata, null when none.
      const m = rec.metadataHash(P.sha256, payload.metadata);
      out.push({ label: 'Metadata hash recomputed from the payload', ok: signed !== null && m === signed.metadata_hash });
    } else if (payload && 'metadata_hash' in payload) {
      out.push({ label: 'Metadata hash in the payload is the signed one', ok: signed !== null && payload.metadata_hash === signed.metadata_hash });
    }
    if (payload && 'document_ref' in payload) {
      out.push({ label: 'Document reference in the payload is the signed one', ok: signed !== null && (payload.document_ref ?? null) === signed.document_ref });
    }
    return out.length ? out : [{ label, ok: null, detail: 'payload not included' }];
  }
  if (item.type === 'ai_attestation') {
    const out: Check[] = [];
    if (payload && typeof payload.input_hash === 'string' && typeof payload.output_hash === 'string' && 'subject' in payload) {
      const h = aiPayloadHash(payload);
      out.push({ label, ok: h === item.content_hash, detail: `SHA-256 of the canonical attestation fields = ${h}` });
    } else if (payload?.payload_hash !== undefined) {
      out.push({ label: 'Payload hash in the record is the content hash', ok: payload.payload_hash === item.content_hash });
    }
    for (const side of ['input', 'output'] as const) {
      if (payload && side in payload && payload[side] !== null && payload[side] !== undefined) {
        out.push({ label: `Stored ${side} hashes to the signed ${side}_hash`, ok: valueHash(payload[side]) === signed?.[`${side}_hash`] });
      }
    }
    return out.length ? out : [{ label, ok: null, detail: 'hash-only record' }];
  }
  return [{ label, ok: false, detail: `unknown item type ${String(item.type)}` }];
}

/** Which signed field carries an item's content hash and id (DECISIONS 3: event/attestation payload_hash, document document_hash). */
function itemExpected(item: Record<string, any>): Record<string, unknown> {
  if (item.type === 'ai_attestation') return { attestation_id: item.id, payload_hash: item.content_hash };
  if (item.type === 'document') return { event_id: item.id, document_hash: item.content_hash };
  return { event_id: item.id, payload_hash: item.content_hash };
}

export type ItemResult = { item: Record<string, any>; checks: Check[]; valid: boolean };
export type TraceResult = { items: ItemResult[]; seal: Check[]; composite: string | null; valid: boolean };

/** One bundle item: its signature, the signed id and content hash, the content hash from the payload, its sequence. */
export function traceItemChecks(item: Record<string, any>, index: number): ItemResult {
  const { checks, signed } = signedRecordChecks(item, itemExpected(item));
  checks.push(...contentHashChecks(item, signed));
  checks.push({ label: `Sequence number is ${index + 1}`, ok: item.sequence === index + 1 });
  return { item, checks, valid: allPassed(checks) };
}

/** The seal: composite hash over raw digests of the listed items, counts, the seal signature and what it covers. */
export function traceSealChecks(b: Record<string, any>): { seal: Check[]; composite: string | null } {
  const list: Record<string, any>[] = Array.isArray(b.items) ? b.items : [];
  const hashes = list.map((it) => String(it.content_hash));
  const composite = hashes.length && hashes.every((h) => HEX64.test(h)) ? compositeHash(hashes) : null;
  const header = b.header ?? {};
  const s = b.seal ?? {};
  const seal: Check[] = [
    { label: 'Composite hash recomputed from the item hashes (raw digests, in order)', ok: composite !== null && composite === header.composite_hash && composite === s.composite_hash, detail: composite ? `computed ${composite}` : 'no items' },
    { label: 'Item count matches the header and the seal', ok: list.length === header.item_count && list.length === s.item_count, detail: `${list.length} items listed` },
  ];
  const sealSigned = signedRecordChecks(s, { event_id: s.seal_event_id, event_type: 'trace.sealed' });
  for (const c of sealSigned.checks) seal.push({ ...c, label: `Seal: ${c.label}` });
  if (s.payload && typeof s.payload === 'object') {
    // DECISIONS 3: the seal event's payload {trace_id, composite_hash, item_count, metadata, sealed_at} is what its payload_hash covers.
    const sp = s.payload;
    const h = rec.sealPayloadHash(P.sha256, sp);
    seal.push({ label: 'Seal: signed payload hash covers this trace, composite hash and count', ok: sealSigned.signed !== null && h === sealSigned.signed.payload_hash && sp.trace_id === header.trace_id && sp.composite_hash === composite && sp.item_count === list.length });
  }
  return { seal, composite };
}

export const traceValid = (items: ItemResult[], seal: Check[]) => items.length > 0 && items.every((x) => x.valid) && allPassed(seal);

/** Every item signature and content hash, the composite hash over raw digests, the counts and the seal signature. */
export function traceBundleChecks(b: Record<string, any>): TraceResult {
  const list: Record<string, any>[] = Array.isArray(b.items) ? b.items : [];
  const items = list.map(traceItemChecks);
  const { seal, composite } = traceSealChecks(b);
  return { items, seal, composite, valid: traceValid(items, seal) };
}

const LOG_LABELS: Record<LogStep['check'], string> = {
  log_shape: 'Log block is well formed',
  leaf_hash: 'Log leaf hash is SHA-256(0x00 || signed bytes)',
  inclusion: 'Merkle inclusion proof leads to the checkpoint root',
  checkpoint: 'Checkpoint note states this tree size and root',
  origin: 'Checkpoint belongs to the expected log',
  checkpoint_signature: 'Checkpoint signed by the issuer key (C2SP signed note)',
};

/**
 * DECISIONS 10: the record's `log` block checked in the browser: leaf hash over `leafData` (the record's signed
 * bytes), inclusion, the checkpoint note and its signature by one of `keys` (the record's key and the issuer's
 * published keys). No block: no checks; pending: one undecided check.
 */
// A trace's items usually share one checkpoint: its note signature is verified once per page, not once per item.
const noteVerdicts = new Map<string, boolean>();
const LP: typeof P = {
  sha256: P.sha256,
  verify: (pk, msg, sig) => {
    const k = `${rec.sha256Hex(P.sha256, msg)}.${rec.sha256Hex(P.sha256, pk)}.${rec.sha256Hex(P.sha256, sig)}`;
    let v = noteVerdicts.get(k);
    if (v === undefined) noteVerdicts.set(k, (v = P.verify(pk, msg, sig)));
    return v;
  },
};

export function logChecks(log: unknown, leafData: Uint8Array | null, keys: Uint8Array[], expectedOrigin?: string | { suffix: string }, what = "the tenant's log"): { checks: Check[]; result: LogResult | null } {
  if (log === undefined || log === null) return { checks: [], result: null };
  const result = checkLogBlock(LP, leafData ?? new Uint8Array(0), log, keys, expectedOrigin);
  if (result.status === 'pending') return { checks: [{ label: `Included in ${what}`, ok: null, detail: 'pending: no signed checkpoint covers this record yet' }], result };
  if (result.status !== 'checked') return { checks: [], result };
  const checks: Check[] = result.steps.map((s) => ({ label: LOG_LABELS[s.check], ok: s.ok, detail: s.detail }));
  if (!leafData) checks.unshift({ label: LOG_LABELS.leaf_hash, ok: false, detail: 'the signed bytes are missing' });
  const at = result.treeSize !== null ? ` at checkpoint ${result.treeSize}` : '';
  checks.unshift({ label: `Included in ${what}${at}`, ok: result.ok && !!leafData });
  return { checks, result };
}
