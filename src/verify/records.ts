// Owns the checks of signed records, written once for the server, the CLI and the browser: key_id, the Ed25519
// signature over the signed bytes, canonical form, and every hash a proof relies on (payload, AI, seal, metadata,
// composite, audit). Pure: SHA-256 and Ed25519 verify come in as parameters; the signed-bytes builders stay in
// crypto/signed.ts and canonical JSON in crypto/canonical.ts (both pure).
import { canonicalBytes } from '../crypto/canonical';
import { auditSignedData, type AuditSignedInput } from '../crypto/signed';
import { equalBytes, fromHex, toHex, type Primitives, type Sha256 } from './primitives';

export const HEX64 = /^[0-9a-f]{64}$/;
const utf8 = new TextEncoder();

/** SHA-256 of `data` (a string is hashed as UTF-8) as 64 lowercase hex characters. */
export const sha256Hex = (sha: Sha256, data: string | Uint8Array): string =>
  toHex(sha(typeof data === 'string' ? utf8.encode(data) : data));

/** docs/verification.md#3-hashes-and-key-ids: key_id = the first 16 hex characters of SHA-256(raw 32-byte public key). */
export const keyIdOf = (sha: Sha256, publicKey: Uint8Array): string => sha256Hex(sha, publicKey).slice(0, 16);

/** SHA-256 hex of the canonical JSON bytes of `value` (an event payload's payload_hash, docs/verification.md#3-hashes-and-key-ids). */
export const canonicalHash = (sha: Sha256, value: unknown): string => sha256Hex(sha, canonicalBytes(value));

/**
 * docs/verification.md#7-trace-bundle: SHA-256 over the concatenation of the items' content hashes as raw 32-byte digests, in bundle
 * order: one flat hash, not a chain. Throws when a content hash is not 64 lowercase hex characters.
 */
export function compositeHash(sha: Sha256, contentHashes: readonly string[]): string {
  const raw = new Uint8Array(contentHashes.length * 32);
  contentHashes.forEach((h, i) => {
    if (typeof h !== 'string' || !HEX64.test(h))
      throw new Error(`content hash ${i + 1} is not 64 lowercase hex characters`);
    raw.set(fromHex(h)!, i * 32);
  });
  return sha256Hex(sha, raw);
}

/** docs/verification.md#3-hashes-and-key-ids: input_hash / output_hash = SHA-256 of the UTF-8 string, or of the canonical bytes of any other JSON value. */
export const valueHash = (sha: Sha256, value: unknown): string =>
  typeof value === 'string' ? sha256Hex(sha, value) : canonicalHash(sha, value);

export type AiFields = {
  attestation_type?: unknown;
  input_hash?: unknown;
  output_hash?: unknown;
  model_provider?: unknown;
  model_name?: unknown;
  model_version?: unknown;
  subject?: unknown;
};
/** docs/verification.md#3-hashes-and-key-ids: the object whose canonical bytes give an attestation's payload_hash (absent fields as null; trace_id excluded). */
export function aiPayloadOf(r: AiFields) {
  return {
    v: 1,
    attestation_type: r.attestation_type ?? null,
    input_hash: r.input_hash ?? null,
    output_hash: r.output_hash ?? null,
    model_provider: r.model_provider ?? null,
    model_name: r.model_name ?? null,
    model_version: r.model_version ?? null,
    subject: r.subject ?? null,
  };
}
export const aiPayloadHash = (sha: Sha256, r: AiFields): string => canonicalHash(sha, aiPayloadOf(r));

export type SealFields = {
  trace_id: string;
  composite_hash: string;
  item_count: number;
  metadata: unknown;
  sealed_at: string;
};
/** docs/verification.md#7-trace-bundle: the payload of the `trace.sealed` ledger event; its payload_hash is SHA-256 of its canonical bytes. */
export function sealPayloadOf(r: SealFields) {
  return {
    trace_id: r.trace_id,
    composite_hash: r.composite_hash,
    item_count: r.item_count,
    metadata: r.metadata ?? null,
    sealed_at: r.sealed_at,
  };
}
export const sealPayloadHash = (sha: Sha256, r: SealFields): string => canonicalHash(sha, sealPayloadOf(r));

/** docs/verification.md#3-hashes-and-key-ids: a document's metadata_hash = SHA-256 hex of the canonical metadata, null when there is none. */
export const metadataHash = (sha: Sha256, metadata: unknown): string | null =>
  metadata === undefined || metadata === null ? null : canonicalHash(sha, metadata);

/** Bytes of a lowercase hex string, optionally of an exact byte length; null when malformed or not a string. */
export function hexBytes(v: unknown, length?: number): Uint8Array | null {
  if (typeof v !== 'string') return null;
  const b = fromHex(v);
  return b && (length === undefined || b.length === length) ? b : null;
}

/** docs/verification.md#reading-the-document: JSON nested deeper than this is refused (no verifier recurses further). */
export const MAX_DEPTH = 512;

/** True when `v` nests arrays and objects deeper than MAX_DEPTH (walked without recursion). */
export function tooDeep(v: unknown): boolean {
  const stack: Array<[unknown, number]> = [[v, 1]];
  while (stack.length) {
    const [x, depth] = stack.pop()!;
    if (typeof x !== 'object' || x === null) continue;
    if (depth > MAX_DEPTH) return true;
    for (const y of Array.isArray(x) ? x : Object.values(x)) stack.push([y, depth + 1]);
  }
  return false;
}

// ignoreBOM keeps a byte order mark in the text, so that JSON.parse refuses it as every verifier does.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** The signed bytes decoded as a JSON object (UTF-8, JSON, at most MAX_DEPTH deep); `error` says why not. */
export function decodeSignedJson(bytes: Uint8Array): {
  signed: Record<string, unknown> | null;
  error: 'not_json' | 'not_object' | null;
} {
  let v: unknown;
  try {
    v = JSON.parse(strictUtf8.decode(bytes));
  } catch {
    return { signed: null, error: 'not_json' };
  }
  if (tooDeep(v)) return { signed: null, error: 'not_json' };
  return v && typeof v === 'object' && !Array.isArray(v)
    ? { signed: v as Record<string, unknown>, error: null }
    : { signed: null, error: 'not_object' };
}

/** The hex fields every signed record of a proof carries. */
export type SignedFields = { key_id?: unknown; public_key?: unknown; signature?: unknown; signed_payload?: unknown };

export type SignedRecordResult = {
  /** The raw public key; null when public_key is not 32 bytes of hex. */
  publicKey: Uint8Array | null;
  /** key_id derived from the public key (null without one) and whether the stated key_id is it. */
  computedKeyId: string | null;
  keyIdOk: boolean;
  /** The signed bytes (null when signed_payload is not hex) and whether signature is 64 bytes of hex. */
  message: Uint8Array | null;
  signatureShapeOk: boolean;
  /** Ed25519 over the signed bytes under the public key; false when any part is malformed. */
  signatureOk: boolean;
  /** The signed bytes as a JSON object, why not, and whether they are exactly its canonical encoding. */
  signed: Record<string, unknown> | null;
  decodeError: 'not_json' | 'not_object' | null;
  canonical: boolean;
};

/**
 * The checks every signed record shares: key shape, key_id = first 16 hex of SHA-256(public key), the Ed25519
 * signature over the hex-decoded signed bytes, and that those bytes are the canonical JSON of what they decode to.
 */
export function checkSignedRecord(p: Primitives, r: SignedFields): SignedRecordResult {
  const publicKey = hexBytes(r.public_key, 32);
  const computedKeyId = publicKey ? keyIdOf(p.sha256, publicKey) : null;
  const sig = hexBytes(r.signature, 64);
  const message = hexBytes(r.signed_payload);
  const signatureOk = !!publicKey && !!sig && !!message && p.verify(publicKey, message, sig);
  const { signed, error } = message ? decodeSignedJson(message) : { signed: null, error: null };
  return {
    publicKey,
    computedKeyId,
    keyIdOk: computedKeyId !== null && computedKeyId === r.key_id,
    message,
    signatureShapeOk: sig !== null,
    signatureOk,
    signed,
    decodeError: error,
    canonical: !!signed && !!message && equalBytes(canonicalBytes(signed), message),
  };
}

/**
 * The check of a stored signed row, for every kind: the signed bytes rebuilt from its columns (null when they
 * cannot be), the stored copy of them (where the row keeps one) equal to them, the content hashes they carry
 * recomputed (`contentOk`, done by the kind) and the Ed25519 signature by the tenant's published key, or, for a
 * record signed by someone else (a SCITT statement), `signatureOk` as its kind checked it.
 */
export function checkStoredRow(
  p: Primitives,
  r: { bytes: Uint8Array | null; stored: Uint8Array | null; contentOk: boolean } & (
    | { publicKey: Uint8Array | null; signature: Uint8Array }
    | { signatureOk: boolean }
  ),
) {
  const bytesOk = !!r.bytes && (r.stored === null || equalBytes(r.bytes, r.stored));
  const keyKnown = 'signatureOk' in r || !!r.publicKey;
  const signatureOk =
    'signatureOk' in r
      ? r.signatureOk
      : !!r.bytes &&
        !!r.publicKey &&
        r.publicKey.length === 32 &&
        r.signature.length === 64 &&
        p.verify(r.publicKey, r.bytes, r.signature);
  const contentOk = !!r.bytes && r.contentOk;
  return { bytesOk, contentOk, keyKnown, signatureOk, valid: bytesOk && contentOk && signatureOk };
}

/** The fields of an audit event its signature covers (docs/audit.md#rows-and-what-is-signed), as a proof or the API shows them. */
export type AuditEventFields = Omit<AuditSignedInput, 'event_id'> & { readonly id: string };

/**
 * docs/audit.md#rows-and-what-is-signed: the signed bytes of an audit event are the canonical JSON of its signed data, payload_hash is
 * SHA-256 of those bytes and the signature is Ed25519 over them. `bytes` is null when the event cannot be encoded.
 */
export function checkAuditEvent(
  p: Primitives,
  e: AuditEventFields,
  payloadHash: unknown,
  publicKey: Uint8Array | null,
  signature: Uint8Array | null,
) {
  let bytes: Uint8Array | null = null;
  try {
    bytes = auditSignedBytes(e);
  } catch {
    bytes = null;
  }
  return { bytes, ...checkAuditSigned(p, bytes, payloadHash, publicKey, signature) };
}

/** The audit checks over signed bytes already rebuilt (the server rebuilds them from its stored columns). */
export function checkAuditSigned(
  p: Primitives,
  bytes: Uint8Array | null,
  payloadHash: unknown,
  publicKey: Uint8Array | null,
  signature: Uint8Array | null,
) {
  const computed = bytes ? sha256Hex(p.sha256, bytes) : null;
  const signatureOk =
    !!bytes &&
    !!publicKey &&
    !!signature &&
    publicKey.length === 32 &&
    signature.length === 64 &&
    p.verify(publicKey, bytes, signature);
  return { computed, hashOk: computed !== null && computed === payloadHash, signatureOk };
}

/** The canonical bytes an audit event's signature covers (and its log leaf data, docs/verification.md#12-the-transparency-log). Throws when not encodable. */
export function auditSignedBytes(e: AuditEventFields): Uint8Array {
  return canonicalBytes(auditSignedData({ ...e, event_id: e.id }));
}
