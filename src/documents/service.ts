// Owns document anchoring (SPEC "Document anchor", DECISIONS 5/9): anchor once per tenant, signed append, get, original bytes, verify, public proof.
import { ApiError } from '../errors';
import { canonicalBytes, canonicalJson } from '../crypto/canonical';
import { HEX64, sha256Hex } from '../crypto/hash';
import { isUuid, uuidv7 } from '../crypto/ids';
import { verifyBytes } from '../crypto/ed25519';
import { documentSignedPayload } from '../crypto/signed';
import { metadataHashOf } from '../proof/recompute';
import { enqueue } from '../store/queue';
import { getTenant, issuerBlock, pinnedPublicKey, tenantSigner, type TenantRow } from '../tenants/service';
import { assertQuotaLeft, chargeQuota } from '../usage/service';
import { onNotice, registerApplier } from '../workers/intake';
import { assertTraceAcceptsItems } from '../traces/gate';
import { recordTraceItemInTxn } from '../traces/items';
import type { ApiKeyRow } from '../keys/service';
import { byDocumentHash, documentRows, originals, type Anchored, type DocumentRow } from './repo';

export type { DocumentRow };
const KB = 1024;
const MB = 1024 * KB;
const METADATA_MAX_BYTES = 16 * KB;
const ORIGINAL_MAX_BYTES = 5 * MB;
/** How long an anchor request waits for its signed row before answering anyway (the item is durable either way). */
const APPLY_WAIT_MS = 5000;
const BASE64 = /^(?:[A-Za-z0-9+/]*|[A-Za-z0-9_-]*)={0,2}$/;
const utf8 = new TextEncoder();

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

// ---------- anchor ----------

type Validated = { document_hash: string; document_ref: string | null; metadata: Record<string, unknown> | null; original: Buffer | null; trace_id: string | null };

/** Standard or URL-safe base64 (line breaks tolerated, padding optional) -> bytes; null when it is not base64. */
function decodeBase64(s: string): Buffer | null {
  const t = s.replace(/[\r\n]/g, '');
  if (!BASE64.test(t) || t.replace(/=+$/, '').length % 4 === 1 || (t.includes('=') && t.length % 4 !== 0)) return null;
  return Buffer.from(t, t.includes('-') || t.includes('_') ? 'base64url' : 'base64');
}

/** SPEC "Document anchor" rules in the order of its error list (DECISIONS 9: missing document_hash = invalid_document_hash). */
function validateAnchor(body: unknown): Validated {
  if (body !== null && body !== undefined && !isPlainObject(body)) throw new ApiError('invalid_payload', 'The body must be a JSON object');
  const b = (body ?? {}) as Record<string, unknown>;
  const document_hash = b.document_hash;
  if (typeof document_hash !== 'string' || !HEX64.test(document_hash)) throw new ApiError('invalid_document_hash', 'document_hash must be a SHA-256 as 64 lowercase hex characters');
  if (b.document_ref !== undefined && b.document_ref !== null && typeof b.document_ref !== 'string') throw new ApiError('invalid_payload', 'document_ref must be a string');
  let metadata: Record<string, unknown> | null = null;
  if (b.metadata !== undefined && b.metadata !== null) {
    if (!isPlainObject(b.metadata)) throw new ApiError('invalid_metadata', 'metadata must be a JSON object');
    if (utf8.encode(canonicalJson(b.metadata)).length > METADATA_MAX_BYTES) throw new ApiError('metadata_too_large', `metadata is over ${METADATA_MAX_BYTES} bytes as canonical JSON`);
    metadata = b.metadata;
  }
  let original: Buffer | null = null;
  if (b.original_bytes !== undefined && b.original_bytes !== null) {
    if (typeof b.original_bytes !== 'string') throw new ApiError('invalid_original_bytes_base64', 'original_bytes must be a base64 string');
    if (b.original_bytes === '') throw new ApiError('original_bytes_empty', 'original_bytes is empty');
    // Refused from the encoded length before anything is decoded (4 characters carry 3 bytes).
    if (Math.floor((b.original_bytes.replace(/[\r\n=]/g, '').length * 3) / 4) > ORIGINAL_MAX_BYTES) throw new ApiError('original_bytes_too_large', 'original_bytes is over 5 MB');
    original = decodeBase64(b.original_bytes);
    if (original === null) throw new ApiError('invalid_original_bytes_base64', 'original_bytes is not base64');
    if (original.length === 0) throw new ApiError('original_bytes_empty', 'original_bytes decodes to no bytes');
    if (sha256Hex(original) !== document_hash) throw new ApiError('original_bytes_hash_mismatch', 'SHA-256 of original_bytes differs from document_hash');
  }
  const trace_id = b.trace_id ?? null;
  if (trace_id !== null && typeof trace_id !== 'string') throw new ApiError('invalid_payload', 'trace_id must be a string');
  return { document_hash, document_ref: (b.document_ref as string | undefined) ?? null, metadata, original, trace_id };
}


const alreadyAnchored = (a: Anchored) => new ApiError('document_already_anchored', 'This document hash is already anchored', { event_id: a.event_id, anchored_at: a.created_at });

type DocQueueItem = Omit<Validated, 'original'> & { event_id: string; tenant_id: string; api_key_id: string; created_at: string; has_original_bytes: boolean };

const waiters = new Map<string, () => void>();
/** Resolves once the worker has written `eventId`, or after `ms` (then the row follows moments later). */
function appliedOrTimeout(eventId: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiters.delete(eventId);
      resolve();
    }, ms);
    waiters.set(eventId, () => {
      clearTimeout(timer);
      waiters.delete(eventId);
      resolve();
    });
  });
}

/**
 * POST /v1/document/anchor after authentication and 402. The item, the [tenant, document_hash] claim and the
 * original bytes commit together, conditional on the claim being free, so a hash is anchored once per tenant.
 * Unlike attestations (SPEC property 7), the answer waits briefly for the signed row so a read right after
 * the 201 finds the anchor.
 */
export async function anchorDocument(tenant: TenantRow, key: ApiKeyRow, body: unknown) {
  assertQuotaLeft(tenant, 'events_per_month'); // DECISIONS 9: refused before validation, counted once created
  const v = validateAnchor(body);
  const claim: [string, string] = [tenant.tenant_id, v.document_hash];
  const existing = byDocumentHash().get(claim);
  if (existing) throw alreadyAnchored(existing);
  // The trace gate counts what it admits, so it is asked only for an anchor that is about to be enqueued.
  if (v.trace_id !== null) v.trace_id = assertTraceAcceptsItems(tenant.tenant_id, v.trace_id);
  const anchored: Anchored = { event_id: uuidv7(), created_at: new Date().toISOString() };
  const { original, ...fields } = v;
  const item: DocQueueItem = { ...fields, ...anchored, tenant_id: tenant.tenant_id, api_key_id: key.key_id, has_original_bytes: original !== null };
  const writes: Array<{ db: any; key: any; value: unknown }> = [{ db: byDocumentHash(), key: claim, value: anchored }];
  if (original) writes.push({ db: originals(), key: anchored.event_id, value: original });
  chargeQuota(tenant, 'events_per_month');
  const applied = appliedOrTimeout(anchored.event_id, APPLY_WAIT_MS);
  let won = false;
  try {
    won = await enqueue('document.anchor', item, { unlessExists: { db: byDocumentHash(), key: claim }, with: writes });
  } finally {
    if (!won) {
      // Nothing was created: the counted unit is given back and nobody waits for a row.
      chargeQuota(tenant, 'events_per_month', -1);
      waiters.get(anchored.event_id)?.();
    }
  }
  if (!won) throw alreadyAnchored(byDocumentHash().get(claim)!);
  await applied;
  return { event_id: anchored.event_id, created_at: anchored.created_at, document_hash: v.document_hash, status: 'accepted' as const };
}

// ---------- signed append (intake worker) ----------

/** Signs one anchor (DECISIONS 9 signed bytes) with the tenant's active key. */
export function buildDocumentRow(d: DocQueueItem): DocumentRow {
  const signer = tenantSigner(d.tenant_id);
  const metadata_hash = metadataHashOf(d.metadata);
  const signed_bytes = Buffer.from(canonicalBytes(documentSignedPayload({ ...d, metadata_hash })));
  return {
    v: 1, event_id: d.event_id, tenant_id: d.tenant_id, api_key_id: d.api_key_id, document_hash: d.document_hash,
    document_ref: d.document_ref, metadata: d.metadata, metadata_hash, has_original_bytes: d.has_original_bytes, trace_id: d.trace_id,
    created_at: d.created_at, key_id: signer.key_id, public_key: signer.public_key, signature: signer.sign(signed_bytes), signed_bytes,
  };
}

registerApplier('document.anchor', (data: DocQueueItem) => {
  const row = buildDocumentRow(data);
  return {
    apply() {
      documentRows().appendInTxn(row.event_id, row);
      if (row.trace_id) {
        recordTraceItemInTxn({ tenant_id: row.tenant_id, trace_id: row.trace_id, type: 'document', id: row.event_id, timestamp: row.created_at, content_hash: row.document_hash });
      }
    },
    notice: { topic: 'document.applied', data: row.event_id },
  };
});
onNotice('document.applied', (eventId: string) => waiters.get(eventId)?.());

// ---------- reads ----------

function assertEventId(id: string): string {
  if (!isUuid(id)) throw new ApiError('invalid_path_parameter', 'event_id must be a UUID');
  return id.toLowerCase();
}

function tenantDocument(tenant: TenantRow, id: string): DocumentRow {
  const row = documentRows().get(assertEventId(id));
  if (!row || row.tenant_id !== tenant.tenant_id) throw new ApiError('document_not_found', 'No such document');
  return row;
}

/** GET /v1/document/{event_id} (DECISIONS 5). */
export function getDocument(tenant: TenantRow, id: string) {
  const row = tenantDocument(tenant, id);
  return {
    event_id: row.event_id, document_hash: row.document_hash, document_ref: row.document_ref, metadata: row.metadata,
    created_at: row.created_at, has_original_bytes: row.has_original_bytes, trace_id: row.trace_id, key_id: row.key_id,
    public_key: Buffer.from(row.public_key).toString('hex'), signature: Buffer.from(row.signature).toString('hex'),
  };
}

/** GET /v1/document/{event_id}/original: the stored bytes; document_not_found when none were supplied. */
export function documentOriginal(tenant: TenantRow, id: string): Buffer {
  const row = tenantDocument(tenant, id);
  const bytes = row.has_original_bytes ? originals().getBinary(row.event_id) : undefined;
  if (!bytes) throw new ApiError('document_not_found', 'No original bytes were stored for this document');
  return Buffer.from(bytes);
}

function submittedHash(body: unknown): string {
  const h = isPlainObject(body) ? body.document_hash : undefined;
  if (typeof h !== 'string' || !HEX64.test(h)) throw new ApiError('invalid_document_hash', 'document_hash must be a SHA-256 as 64 lowercase hex characters');
  return h;
}

function verifyResult(row: DocumentRow, tenant: TenantRow, submitted: string) {
  return {
    event_id: row.event_id, match_result: submitted === row.document_hash, document_ref: row.document_ref, anchored_hash: row.document_hash,
    submitted_hash: submitted, anchored_at: row.created_at, organization: issuerBlock(tenant),
  };
}

/** POST /v1/document/{event_id}/verify: counts one verification first (as ledger verify), then compares. */
export function verifyDocument(tenant: TenantRow, id: string, body: unknown) {
  chargeQuota(tenant, 'api_verifications_per_month');
  const eventId = assertEventId(id);
  const submitted = submittedHash(body);
  return verifyResult(tenantDocument(tenant, eventId), tenant, submitted);
}

/** Every document anchor with the result of its proof check (restore verification). */
export function* documentChecks(): Generator<{ id: string; ok: boolean }> {
  for (const { value } of documentRows().range({})) yield { id: value.event_id, ok: signatureValid(value) };
}

// ---------- public proof ----------

function proofRow(id: string): { row: DocumentRow; tenant: TenantRow } {
  const row = documentRows().get(assertEventId(id));
  const tenant = row ? getTenant(row.tenant_id) : undefined;
  if (!row || !tenant) throw new ApiError('proof_not_found', 'No proof for this document');
  return { row, tenant };
}

/** Pinned-key signature over stored bytes that must equal the bytes rebuilt from the row. */
function signatureValid(row: DocumentRow): boolean {
  const pinned = pinnedPublicKey(row.tenant_id, row.key_id);
  const rebuilt = Buffer.from(canonicalBytes(documentSignedPayload(row)));
  return !!pinned && rebuilt.equals(Buffer.from(row.signed_bytes)) && metadataHashOf(row.metadata) === row.metadata_hash && verifyBytes(pinned, row.signed_bytes, row.signature);
}

/** GET /v1/proof/document/{event_id}: hex key material and signed bytes; never metadata contents or the bytes. */
export function documentProof(id: string) {
  const { row, tenant } = proofRow(id);
  const pinned = pinnedPublicKey(row.tenant_id, row.key_id);
  return {
    event_id: row.event_id, document_hash: row.document_hash, document_ref: row.document_ref, created_at: row.created_at,
    algorithm: 'ed25519', key_id: row.key_id, public_key: Buffer.from(pinned ?? row.public_key).toString('hex'),
    signature: Buffer.from(row.signature).toString('hex'), signed_payload: Buffer.from(row.signed_bytes).toString('hex'),
    signature_valid: signatureValid(row), organization: issuerBlock(tenant),
  };
}

/** POST /v1/proof/document/{event_id}/verify: the verify result of SPEC, without a key. */
export function verifyDocumentPublic(id: string, body: unknown) {
  const { row, tenant } = proofRow(id);
  return { ...verifyResult(row, tenant, submittedHash(body)), signature_valid: signatureValid(row) };
}

// ---------- trace bundle ----------

/**
 * One anchor as a trace bundle item: payload {document_hash, document_ref, metadata, created_at}; with
 * `hashOnly` (public trace pages) metadata is replaced by its metadata_hash. undefined when not written.
 */
export function traceItemRecord(id: string, opts: { hashOnly?: boolean } = {}) {
  const row = isUuid(id) ? documentRows().get(id.toLowerCase()) : undefined;
  if (!row) return undefined;
  const pinned = pinnedPublicKey(row.tenant_id, row.key_id);
  const payload: Record<string, unknown> = { document_hash: row.document_hash, document_ref: row.document_ref };
  if (opts.hashOnly) payload.metadata_hash = row.metadata_hash;
  else payload.metadata = row.metadata;
  payload.created_at = row.created_at;
  return {
    type: 'document' as const, id: row.event_id, timestamp: row.created_at, payload, content_hash: row.document_hash,
    key_id: row.key_id, public_key: Buffer.from(pinned ?? row.public_key), signature: Buffer.from(row.signature),
    signed_payload: Buffer.from(row.signed_bytes),
  };
}
