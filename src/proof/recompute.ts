// Owns the hash recomputations a proof relies on (composite hash, AI payload_hash, seal payload, metadata_hash), shared by writers and verifiers.
import { canonicalBytes } from '../crypto/canonical';
import { HEX64, sha256Hex } from '../crypto/hash';

/**
 * DECISIONS 3: SHA-256 over the concatenation of the items' content hashes as raw 32-byte digests, in
 * bundle order. Throws when a content hash is not 64 lowercase hex characters.
 */
export function compositeHashOf(contentHashes: readonly string[]): string {
  const raw = Buffer.alloc(contentHashes.length * 32);
  contentHashes.forEach((h, i) => {
    if (typeof h !== 'string' || !HEX64.test(h)) throw new Error(`content hash ${i + 1} is not 64 lowercase hex characters`);
    raw.write(h, i * 32, 'hex');
  });
  return sha256Hex(raw);
}

/** DECISIONS 4: input_hash / output_hash = SHA-256 of the UTF-8 string, or of the canonical bytes of any other JSON value. */
export function valueHashOf(value: unknown): string {
  return typeof value === 'string' ? sha256Hex(value) : sha256Hex(canonicalBytes(value));
}

/** DECISIONS 4: the object whose canonical bytes give an attestation's payload_hash (absent fields as null; trace_id excluded). */
export function aiPayloadOf(r: { attestation_type?: unknown; input_hash?: unknown; output_hash?: unknown; model_provider?: unknown; model_name?: unknown; model_version?: unknown; subject?: unknown }) {
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
export const aiPayloadHashOf = (r: Parameters<typeof aiPayloadOf>[0]): string => sha256Hex(canonicalBytes(aiPayloadOf(r)));

/** DECISIONS 3: the payload of the `trace.sealed` ledger event; its payload_hash is SHA-256 of its canonical bytes. */
export function sealPayloadOf(r: { trace_id: string; composite_hash: string; item_count: number; metadata: unknown; sealed_at: string }) {
  return { trace_id: r.trace_id, composite_hash: r.composite_hash, item_count: r.item_count, metadata: r.metadata ?? null, sealed_at: r.sealed_at };
}

/** DECISIONS 9: a document's metadata_hash = SHA-256 hex of the canonical metadata, null when there is none. */
export function metadataHashOf(metadata: unknown): string | null {
  return metadata === undefined || metadata === null ? null : sha256Hex(canonicalBytes(metadata));
}
