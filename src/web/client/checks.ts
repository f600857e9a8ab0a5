// Owns the in-browser proof checks: Ed25519 (noble), SHA-256, key_id, canonical re-encoding, composite hash; no DOM.
import * as ed from '@noble/ed25519';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { canonicalBytes, canonicalJson } from '../../crypto/canonical';
import { isPlainObject } from '../../crypto/json-value';

// noble needs a synchronous SHA-512 for ed.verify; the audited @noble/hashes one is bundled with it.
ed.hashes.sha512 = sha512;

export { canonicalJson, canonicalBytes };

/** ok: null means the check could not be made (shown, but it does not decide the verdict). */
export type Check = { label: string; ok: boolean | null; detail?: string };

const HEX = /^(?:[0-9a-f]{2})*$/;
export const HEX64 = /^[0-9a-f]{64}$/;
const utf8 = new TextEncoder();

export function isHex(s: unknown, bytes?: number): s is string {
  return typeof s === 'string' && HEX.test(s) && (bytes === undefined || s.length === bytes * 2);
}
export function sha256Hex(data: string | Uint8Array): string {
  return bytesToHex(sha256(typeof data === 'string' ? utf8.encode(data) : data));
}
/** DECISIONS 1: key_id = first 16 hex of SHA-256(raw 32-byte public key). */
export function keyIdOf(publicKeyHex: string): string {
  return sha256Hex(hexToBytes(publicKeyHex)).slice(0, 16);
}
/** Strict RFC 8032 verification (zip215 off), the rule node:crypto / OpenSSL apply on the server. */
export function verifyEd25519(publicKeyHex: string, messageHex: string, signatureHex: string): boolean {
  try {
    if (!isHex(publicKeyHex, 32) || !isHex(signatureHex, 64) || !isHex(messageHex)) return false;
    return ed.verify(hexToBytes(signatureHex), hexToBytes(messageHex), hexToBytes(publicKeyHex), { zip215: false });
  } catch {
    return false;
  }
}
/** DECISIONS 3: SHA-256 over the items' content hashes as raw 32-byte digests, in order. */
export function compositeHash(contentHashes: string[]): string {
  return bytesToHex(sha256(concatBytes(...contentHashes.map((h) => hexToBytes(h)))));
}

/** The signed payload bytes decoded as JSON, or null when they are not UTF-8 JSON. */
export function decodeSigned(signedHex: string): Record<string, unknown> | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(signedHex));
    const v = JSON.parse(text);
    return isPlainObject(v) ? v : null;
  } catch {
    return null;
  }
}

export type SignedProof = { algorithm?: unknown; key_id?: unknown; public_key?: unknown; signature?: unknown; signed_payload?: unknown };

/**
 * The checks every signed record shares: algorithm, hex shapes, Ed25519 signature over the signed bytes,
 * key_id derived from the public key, the bytes being exactly the canonical JSON of what they decode to,
 * and each `expected` field being the value the signed bytes carry.
 */
export function signedRecordChecks(p: SignedProof, expected: Record<string, unknown>): { checks: Check[]; signed: Record<string, unknown> | null } {
  const checks: Check[] = [];
  const shapesOk = isHex(p.public_key, 32) && isHex(p.signature, 64) && isHex(p.signed_payload) && (p.signed_payload as string).length > 0;
  // Bundle items and seals do not restate the algorithm (the bundle format is Ed25519 only).
  if (p.algorithm !== undefined) checks.push({ label: 'Algorithm is Ed25519', ok: p.algorithm === 'ed25519', detail: p.algorithm === 'ed25519' ? undefined : `stated: ${String(p.algorithm)}` });
  checks.push({ label: 'Ed25519 signature verifies over the signed bytes', ok: shapesOk && verifyEd25519(p.public_key as string, p.signed_payload as string, p.signature as string) });
  if (isHex(p.public_key, 32)) {
    const derived = keyIdOf(p.public_key);
    checks.push({ label: 'Key ID is SHA-256 of the public key (first 16 hex)', ok: derived === p.key_id, detail: `computed ${derived}` });
  } else {
    checks.push({ label: 'Key ID is SHA-256 of the public key (first 16 hex)', ok: false, detail: 'public key is not 32 bytes of hex' });
  }
  const signed = isHex(p.signed_payload) ? decodeSigned(p.signed_payload) : null;
  const canonicalOk = signed !== null && bytesToHex(canonicalBytes(signed)) === p.signed_payload;
  checks.push({ label: 'Signed bytes are canonical JSON (re-encoded byte for byte)', ok: canonicalOk });
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
export function aiPayloadHash(r: Record<string, any>): string {
  return sha256Hex(canonicalBytes({
    v: 1, attestation_type: r.attestation_type ?? null, input_hash: r.input_hash ?? null, output_hash: r.output_hash ?? null,
    model_provider: r.model_provider ?? null, model_name: r.model_name ?? null, model_version: r.model_version ?? null, subject: r.subject ?? null,
  }));
}
/** DECISIONS 4: input_hash / output_hash = SHA-256 of a string as UTF-8, of any other JSON value as canonical bytes. */
export const valueHash = (v: unknown): string => (typeof v === 'string' ? sha256Hex(v) : sha256Hex(canonicalBytes(v)));

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
    const h = sha256Hex(canonicalBytes(payload));
    return [{ label, ok: h === item.content_hash, detail: `SHA-256 of the canonical payload = ${h}` }];
  }
  if (item.type === 'document') {
    const out: Check[] = [];
    if (payload?.document_hash !== undefined) out.push({ label: 'Document hash in the payload is the content hash', ok: payload.document_hash === item.content_hash });
    if (payload && 'metadata' in payload) {
      // DECISIONS 9: the signature covers metadata_hash = SHA-256 of the canonical metadata, null when none.
      const m = payload.metadata === null || payload.metadata === undefined ? null : sha256Hex(canonicalBytes(payload.metadata));
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
    const h = sha256Hex(canonicalBytes({ trace_id: sp.trace_id, composite_hash: sp.composite_hash, item_count: sp.item_count, metadata: sp.metadata ?? null, sealed_at: sp.sealed_at }));
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
