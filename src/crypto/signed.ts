// Owns the signed bytes of every record kind: one function each, used by writers, verifiers, proofs and `svc verify`.

/**
 * docs/verification.md#sandbox-records: a sandbox tenant's record carries `"sandbox": true` in its signed bytes; every
 * other record's bytes have no such field (they are unchanged by it). Only the value true adds it.
 */
const sandboxField = (r: { sandbox?: unknown }): { sandbox?: true } => (r.sandbox === true ? { sandbox: true } : {});

/** DECISIONS 2: Ed25519 covers canonical {v, event_id, tenant_id, event_type, payload_hash, request_hash, ingested_at}. */
export function ledgerSignedPayload(r: {
  event_id: string;
  tenant_id: string;
  event_type: string;
  payload_hash: string;
  request_hash: string;
  ingested_at: string;
  sandbox?: unknown;
}) {
  // Keys in canonical (code point) order, so canonicalJson need not sort them on the write path.
  return {
    event_id: r.event_id,
    event_type: r.event_type,
    ingested_at: r.ingested_at,
    payload_hash: r.payload_hash,
    request_hash: r.request_hash,
    ...sandboxField(r),
    tenant_id: r.tenant_id,
    v: 1,
  };
}

/** DECISIONS 4: canonical {v: 1, attestation_id, tenant_id, attestation_type, payload_hash, input_hash, output_hash, created_at}. */
export function aiSignedPayload(r: {
  attestation_id: string;
  tenant_id: string;
  attestation_type: string;
  payload_hash: string;
  input_hash: string;
  output_hash: string;
  created_at: string;
  sandbox?: unknown;
}) {
  return {
    v: 1,
    attestation_id: r.attestation_id,
    tenant_id: r.tenant_id,
    attestation_type: r.attestation_type,
    payload_hash: r.payload_hash,
    input_hash: r.input_hash,
    output_hash: r.output_hash,
    created_at: r.created_at,
    ...sandboxField(r),
  };
}

/** DECISIONS 9: canonical {v: 1, event_id, tenant_id, document_hash, document_ref, metadata_hash, created_at}. */
export function documentSignedPayload(r: {
  event_id: string;
  tenant_id: string;
  document_hash: string;
  document_ref: string | null;
  metadata_hash: string | null;
  created_at: string;
  sandbox?: unknown;
}) {
  return {
    v: 1,
    event_id: r.event_id,
    tenant_id: r.tenant_id,
    document_hash: r.document_hash,
    document_ref: r.document_ref ?? null,
    metadata_hash: r.metadata_hash ?? null,
    created_at: r.created_at,
    ...sandboxField(r),
  };
}

/**
 * DECISIONS 0: the signed data of an audit event (absent optional objects as null). An audit event document carries
 * every signed field, so a `sandbox` it carries is signed whatever its value (only a sandbox tenant's say true).
 */
export function auditSignedData(r: {
  action: string;
  actor: unknown;
  context?: unknown;
  event_id: string;
  ingested_at: string;
  metadata?: unknown;
  occurred_at: string;
  org_id: string;
  schema_id: string;
  seq: number;
  targets: unknown;
  sandbox?: unknown;
}) {
  return {
    action: r.action,
    actor: r.actor,
    context: r.context ?? null,
    event_id: r.event_id,
    ingested_at: r.ingested_at,
    metadata: r.metadata ?? null,
    occurred_at: r.occurred_at,
    org_id: r.org_id,
    ...(r.sandbox !== undefined ? { sandbox: r.sandbox } : {}),
    schema_id: r.schema_id,
    seq: r.seq,
    targets: r.targets,
  };
}

/** DECISIONS 7: a published key record's platform signature covers canonical {domain, key_id, public_key (base64url)}. */
export function keyRecordSignedPayload(r: { domain: string; public_key: string; key_id: string }) {
  return { domain: r.domain, key_id: r.key_id, public_key: r.public_key };
}
