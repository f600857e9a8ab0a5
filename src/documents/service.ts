// Owns document reads, verification and proofs (docs/ai-and-documents.md#document-anchors-post-v1documentanchor-scope-write-bodies-up-to-8-mb): get, original bytes, verify, public proof.
import { ApiError } from '../errors';
import { isPlainObject } from '../crypto/json-value';
import { HEX64 } from '../verify/records';
import { uuidParam } from '../params';
import { getTenant, issuerBlock, type TenantRow } from '../tenants/service';
import { pinnedPublicKey, proofSignature } from '../signing/keys';
import { chargeQuota } from '../usage/service';
import { documentRows, originals, type DocumentRow } from './repo';
import { documentAnchorKind } from './kind';
import { logBlockFor, type RecordLeaf } from '../tlog/index';
import { checkRow } from '../records/check';

export type { DocumentRow };
export { anchorDocument } from './ingest';
export { documentAnchorApplier, DOCUMENT_ANCHOR } from './append';

// ---------- reads ----------

function tenantDocument(tenant: TenantRow, id: string): DocumentRow {
  const row = documentRows().get(uuidParam(id, 'event_id'));
  if (!row || row.tenant_id !== tenant.tenant_id) throw new ApiError('document_not_found', 'No such document');
  return row;
}

/** GET /v1/document/{event_id} (docs/ai-and-documents.md#document-anchors-post-v1documentanchor-scope-write-bodies-up-to-8-mb). */
export function getDocument(tenant: TenantRow, id: string) {
  const row = tenantDocument(tenant, id);
  return {
    event_id: row.event_id,
    document_hash: row.document_hash,
    document_ref: row.document_ref,
    metadata: row.metadata,
    created_at: row.created_at,
    has_original_bytes: row.has_original_bytes,
    trace_id: row.trace_id,
    key_id: row.key_id,
    public_key: Buffer.from(row.public_key).toString('hex'),
    signature: Buffer.from(row.signature).toString('hex'),
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
  if (typeof h !== 'string' || !HEX64.test(h))
    throw new ApiError('invalid_document_hash', 'document_hash must be a SHA-256 as 64 lowercase hex characters');
  return h;
}

function verifyResult(row: DocumentRow, tenant: TenantRow, submitted: string) {
  return {
    event_id: row.event_id,
    match_result: submitted === row.document_hash,
    document_ref: row.document_ref,
    anchored_hash: row.document_hash,
    submitted_hash: submitted,
    anchored_at: row.created_at,
    organization: issuerBlock(tenant),
  };
}

/** POST /v1/document/{event_id}/verify: counts one verification first (as ledger verify), then compares. */
export function verifyDocument(tenant: TenantRow, id: string, body: unknown) {
  chargeQuota(tenant, 'api_verifications_per_month');
  const eventId = uuidParam(id, 'event_id');
  const submitted = submittedHash(body);
  return verifyResult(tenantDocument(tenant, eventId), tenant, submitted);
}

// ---------- public proof ----------

function proofRow(id: string): { row: DocumentRow; tenant: TenantRow } {
  const row = documentRows().get(uuidParam(id, 'event_id'));
  const tenant = row ? getTenant(row.tenant_id) : undefined;
  if (!row || !tenant) throw new ApiError('proof_not_found', 'No proof for this document');
  return { row, tenant };
}

/** Pinned-key signature over stored bytes that must equal the bytes rebuilt from the row, metadata hash recomputed (records/check). */
const signatureValid = (row: DocumentRow): boolean => checkRow(documentAnchorKind, row, pinnedPublicKey).valid;

/** The log leaf of a public document proof: what its receipt and tlog-proof are built on (errors as the proof's). */
export function documentLeaf(id: string): RecordLeaf {
  const { row } = proofRow(id);
  return { tenantId: row.tenant_id, leafIndex: row.leaf_index ?? null, id: row.event_id };
}

/** GET /v1/proof/document/{event_id}: hex key material and signed bytes; never metadata contents or the bytes. */
export function documentProof(id: string) {
  const { row, tenant } = proofRow(id);
  return {
    event_id: row.event_id,
    document_hash: row.document_hash,
    document_ref: row.document_ref,
    created_at: row.created_at,
    ...proofSignature(row),
    signature_valid: signatureValid(row),
    organization: issuerBlock(tenant),
    log: logBlockFor(row.tenant_id, { leaf_index: row.leaf_index, id: row.event_id }),
  };
}

/** POST /v1/proof/document/{event_id}/verify: the verify result (docs/ai-and-documents.md#document-anchors-post-v1documentanchor-scope-write-bodies-up-to-8-mb), without a key. */
export function verifyDocumentPublic(id: string, body: unknown) {
  const { row, tenant } = proofRow(id);
  return { ...verifyResult(row, tenant, submittedHash(body)), signature_valid: signatureValid(row) };
}
