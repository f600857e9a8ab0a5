// Owns AI attestation reads and proofs (docs/ai-and-documents.md#ai-attestations-post-v1aiattestations-scope-write): get, public proof, content-hash comparison.
import { ApiError } from '../errors';
import { isPlainObject } from '../crypto/json-value';
import { HEX64 } from '../verify/records';
import { uuidParam } from '../params';
import { getTenant, issuerBlock, type TenantRow } from '../tenants/service';
import { pinnedPublicKey, proofSignature } from '../signing/keys';
import { findAttestation, type AiRow } from './repo';
import { aiAttestationKind, hashesOf, modelOf } from './kind';
import { logBlockFor, type RecordLeaf } from '../tlog/index';
import { checkRow } from '../records/check';

export type { AiRow };
export { attest, type AttestInput, type AttestResult } from './ingest';
export { aiAttestationApplier, AI_ATTESTATION } from './append';

// ---------- reads ----------

/** GET /v1/ai/attestations/{id} (docs/ai-and-documents.md#ai-attestations-post-v1aiattestations-scope-write); input/output only when they were stored. */
export function getAttestation(tenant: TenantRow, id: string) {
  uuidParam(id, 'attestation_id');
  const row = findAttestation(id);
  if (!row || row.tenant_id !== tenant.tenant_id)
    throw new ApiError('attestation_not_found', 'No such attestation (it may not be written yet)');
  const out: Record<string, unknown> = {
    attestation_id: row.attestation_id,
    attestation_type: row.attestation_type,
    created_at: row.created_at,
    ...hashesOf(row),
    ...modelOf(row),
    subject: row.subject,
    trace_id: row.trace_id,
    key_id: row.key_id,
    public_key: Buffer.from(row.public_key).toString('hex'),
    signature: Buffer.from(row.signature).toString('hex'),
  };
  if ('input' in row) Object.assign(out, { input: row.input, output: row.output });
  return out;
}

/** The proof's two verdicts (records/check): the pinned-key signature over stored bytes equal to the ones rebuilt from the columns, and the payload hash. */
function proofChecks(row: AiRow): { signature_valid: boolean; payload_hash_valid: boolean } {
  const c = checkRow(aiAttestationKind, row, pinnedPublicKey);
  return { signature_valid: c.bytesOk && c.signatureOk, payload_hash_valid: c.contentOk };
}

// ---------- public proof ----------

function proofRow(id: string): { row: AiRow; tenant: TenantRow } {
  uuidParam(id, 'attestation_id');
  const row = findAttestation(id);
  const tenant = row ? getTenant(row.tenant_id) : undefined;
  if (!row || !tenant) throw new ApiError('proof_not_found', 'No proof for this attestation');
  return { row, tenant };
}

/** The log leaf of a public attestation proof: what its receipt and tlog-proof are built on (errors as the proof's). */
export function aiLeaf(id: string): RecordLeaf {
  const { row } = proofRow(id);
  return { tenantId: row.tenant_id, leafIndex: row.leaf_index ?? null, id: row.attestation_id };
}

/** GET /v1/proof/ai/{id} (docs/verification.md#6-ai-proof): hash-only record, hex key material, checks recomputed now with the pinned key. */
export function aiProof(id: string) {
  const { row, tenant } = proofRow(id);
  return {
    attestation_id: row.attestation_id,
    record: {
      attestation_type: row.attestation_type,
      ...hashesOf(row),
      ...modelOf(row),
      created_at: row.created_at,
    },
    ...proofSignature(row),
    verification: proofChecks(row),
    organization: issuerBlock(tenant),
    log: logBlockFor(row.tenant_id, { leaf_index: row.leaf_index, id: row.attestation_id }),
  };
}

const MATCH_FIELDS = ['input_hash', 'output_hash', 'payload_hash'] as const;

/** POST /v1/proof/ai/{id}/verify: compares a SHA-256 with input_hash, output_hash and payload_hash, in that order. */
export function verifyAiContent(id: string, body: unknown) {
  const { row, tenant } = proofRow(id);
  const h = isPlainObject(body) && typeof body.content_hash === 'string' ? body.content_hash.toLowerCase() : '';
  if (!HEX64.test(h)) throw new ApiError('bad_request', 'content_hash must be a SHA-256 as 64 hex characters');
  const matched_field = MATCH_FIELDS.find((f) => row[f] === h) ?? null;
  return {
    attestation_id: row.attestation_id,
    match: matched_field !== null,
    matched_field,
    signature_valid: proofChecks(row).signature_valid,
    signed_by: tenant.issuer_name,
    signed_at: row.created_at,
  };
}
