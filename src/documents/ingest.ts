// Owns document anchoring ingest (docs/ai-and-documents.md#document-anchors-post-v1documentanchor-scope-write-bodies-up-to-8-mb): validation, the once-per-tenant rule,
// quota, then the hand-over to the writer; the 201 goes out once the signed anchor is durable (and readable).
import { ApiError } from '../errors';
import { isPlainObject } from '../crypto/json-value';
import { canonicalJson } from '../crypto/canonical';
import { sha256Hex } from '../crypto/hash';
import { HEX64 } from '../verify/records';
import { uuidv7 } from '../crypto/ids';
import { submit } from '../store/writer';
import type { TenantRow } from '../tenants/service';
import { assertQuotaLeft, chargedMonth, chargeWrite, settleWrite, type Charged } from '../usage/service';
import { assertTraceAcceptsItems } from '../traces/service';
import type { ApiKeyRow } from '../api-keys/service';
import { DOCUMENT_ANCHOR, type DocQueueItem, type DocWriteResult } from './append';
import { byDocumentHash, type Anchored } from './repo';
import type { IdemClaim } from '../route-kit/idempotent';

const KB = 1024;
const MB = 1024 * KB;
const METADATA_MAX_BYTES = 16 * KB;
const ORIGINAL_MAX_BYTES = 5 * MB;
const BASE64 = /^(?:[A-Za-z0-9+/]*|[A-Za-z0-9_-]*)={0,2}$/;
const utf8 = new TextEncoder();

type Validated = {
  document_hash: string;
  document_ref: string | null;
  metadata: Record<string, unknown> | null;
  original: Buffer | null;
  trace_id: string | null;
};

/** Standard or URL-safe base64 (line breaks tolerated, padding optional) -> bytes; null when it is not base64. */
function decodeBase64(s: string): Buffer | null {
  const t = s.replace(/[\r\n]/g, '');
  if (!BASE64.test(t) || t.replace(/=+$/, '').length % 4 === 1 || (t.includes('=') && t.length % 4 !== 0)) return null;
  return Buffer.from(t, t.includes('-') || t.includes('_') ? 'base64url' : 'base64');
}

/** The rules of docs/ai-and-documents.md#document-anchors-post-v1documentanchor-scope-write-bodies-up-to-8-mb in the order of its error list (a missing document_hash = invalid_document_hash). */
function validateAnchor(body: unknown): Validated {
  if (body !== null && body !== undefined && !isPlainObject(body))
    throw new ApiError('invalid_payload', 'The body must be a JSON object');
  const b = (body ?? {}) as Record<string, unknown>;
  const document_hash = b.document_hash;
  if (typeof document_hash !== 'string' || !HEX64.test(document_hash))
    throw new ApiError('invalid_document_hash', 'document_hash must be a SHA-256 as 64 lowercase hex characters');
  if (b.document_ref !== undefined && b.document_ref !== null && typeof b.document_ref !== 'string')
    throw new ApiError('invalid_payload', 'document_ref must be a string');
  let metadata: Record<string, unknown> | null = null;
  if (b.metadata !== undefined && b.metadata !== null) {
    if (!isPlainObject(b.metadata)) throw new ApiError('invalid_metadata', 'metadata must be a JSON object');
    if (utf8.encode(canonicalJson(b.metadata)).length > METADATA_MAX_BYTES)
      throw new ApiError('metadata_too_large', `metadata is over ${METADATA_MAX_BYTES} bytes as canonical JSON`);
    metadata = b.metadata;
  }
  let original: Buffer | null = null;
  if (b.original_bytes !== undefined && b.original_bytes !== null) {
    if (typeof b.original_bytes !== 'string')
      throw new ApiError('invalid_original_bytes_base64', 'original_bytes must be a base64 string');
    if (b.original_bytes === '') throw new ApiError('original_bytes_empty', 'original_bytes is empty');
    // Refused from the encoded length before anything is decoded (4 characters carry 3 bytes).
    if (Math.floor((b.original_bytes.replace(/[\r\n=]/g, '').length * 3) / 4) > ORIGINAL_MAX_BYTES)
      throw new ApiError('original_bytes_too_large', 'original_bytes is over 5 MB');
    original = decodeBase64(b.original_bytes);
    if (original === null) throw new ApiError('invalid_original_bytes_base64', 'original_bytes is not base64');
    if (original.length === 0) throw new ApiError('original_bytes_empty', 'original_bytes decodes to no bytes');
    if (sha256Hex(original) !== document_hash)
      throw new ApiError('original_bytes_hash_mismatch', 'SHA-256 of original_bytes differs from document_hash');
  }
  const trace_id = b.trace_id ?? null;
  if (trace_id !== null && typeof trace_id !== 'string')
    throw new ApiError('invalid_payload', 'trace_id must be a string');
  return { document_hash, document_ref: (b.document_ref as string | undefined) ?? null, metadata, original, trace_id };
}

const alreadyAnchored = (a: Anchored) =>
  new ApiError('document_already_anchored', 'This document hash is already anchored', {
    event_id: a.event_id,
    anchored_at: a.created_at,
  });

/**
 * POST /v1/document/anchor after authentication and 402. The anchor, its [tenant, document_hash] claim and the
 * original bytes commit together, unless the claim is taken, so a hash is anchored once per tenant.
 */
export async function anchorDocument(tenant: TenantRow, key: ApiKeyRow, body: unknown, claim: IdemClaim | null = null) {
  assertQuotaLeft(tenant, 'events_per_month'); // docs/api.md#authentication-and-the-order-of-checks: refused before validation, counted once created
  const v = validateAnchor(body);
  const existing = byDocumentHash().get([tenant.tenant_id, v.document_hash]);
  if (existing) throw alreadyAnchored(existing);
  // The trace gate counts what it admits, so it is asked only for an anchor that is about to be written.
  if (v.trace_id !== null) v.trace_id = assertTraceAcceptsItems(tenant.tenant_id, v.trace_id);
  const anchored: Anchored = { event_id: uuidv7(), created_at: new Date().toISOString() };
  const out = {
    event_id: anchored.event_id,
    created_at: anchored.created_at,
    document_hash: v.document_hash,
    status: 'accepted' as const,
  };
  const { original, ...fields } = v;
  const item: DocQueueItem = {
    ...fields,
    ...anchored,
    tenant_id: tenant.tenant_id,
    api_key_id: key.key_id,
    has_original_bytes: original !== null,
    original: original?.toString('base64') ?? null,
    ...(claim ? { replay: { claim, answer: { status: 201, body: out } } } : {}),
  };
  // The unit travels with the anchor and is stored in its transaction.
  const usage = chargeWrite(tenant, 'events_per_month');
  let r: DocWriteResult | null = null;
  try {
    r = await submit<DocQueueItem & Charged, DocWriteResult>(DOCUMENT_ANCHOR, { ...item, usage: chargedMonth(usage) });
  } finally {
    // Nothing created (claim taken, write failed): no unit was stored.
    settleWrite(usage, !!r && !r.existing);
  }
  if (r.existing) throw alreadyAnchored(r.existing);
  return out;
}
