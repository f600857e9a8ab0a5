// Owns the signed bytes of every record kind: one function each, used by writers, verifiers, proofs and `svc verify`.

/**
 * docs/verification.md#sandbox-records: a sandbox tenant's record carries `"sandbox": true` in its signed bytes; every
 * other record's bytes have no such field (they are unchanged by it). Only the value true adds it.
 */
const sandboxField = (r: { sandbox?: unknown }): { sandbox?: true } => (r.sandbox === true ? { sandbox: true } : {});

/** What a ledger event's signature covers (ledgerSignedPayload). */
export type LedgerSigned = {
  event_id: string;
  event_type: string;
  ingested_at: string;
  payload_hash: string;
  request_hash: string;
  sandbox?: true;
  tenant_id: string;
  v: number;
};

/** docs/verification.md#4-the-signed-payload-of-each-record-kind: Ed25519 covers canonical {v, event_id, tenant_id, event_type, payload_hash, request_hash, ingested_at}. */
export function ledgerSignedPayload(r: {
  event_id: string;
  tenant_id: string;
  event_type: string;
  payload_hash: string;
  request_hash: string;
  ingested_at: string;
  sandbox?: unknown;
}): LedgerSigned {
  // Keys in canonical (code point) order, so canonicalJson need not sort them on the write path. Built as one
  // literal, the object every event is signed with but a sandbox tenant's, whose mark
  // (docs/verification.md#sandbox-records) goes in its canonical place, before tenant_id.
  const payload: LedgerSigned = {
    event_id: r.event_id,
    event_type: r.event_type,
    ingested_at: r.ingested_at,
    payload_hash: r.payload_hash,
    request_hash: r.request_hash,
    tenant_id: r.tenant_id,
    v: 1,
  };
  if (r.sandbox !== true) return payload;
  const { tenant_id, v, ...before } = payload;
  return { ...before, sandbox: true, tenant_id, v };
}

/** docs/verification.md#4-the-signed-payload-of-each-record-kind: canonical {v: 1, attestation_id, tenant_id, attestation_type, payload_hash, input_hash, output_hash, created_at}. */
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

/** docs/verification.md#4-the-signed-payload-of-each-record-kind: canonical {v: 1, event_id, tenant_id, document_hash, document_ref, metadata_hash, created_at}. */
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
 * docs/audit.md#rows-and-what-is-signed: the fields of an audit event's signed data, the one list the writer, the
 * stored-row check and the offline verifier build it from (the Python verifier's AUDIT_SIGNED is the same list).
 */
export const AUDIT_SIGNED_FIELDS = [
  'action',
  'actor',
  'context',
  'event_id',
  'ingested_at',
  'metadata',
  'occurred_at',
  'org_id',
  'schema_id',
  'seq',
  'targets',
] as const;
export type AuditSignedField = (typeof AUDIT_SIGNED_FIELDS)[number];
/** The optional objects of an audit event: signed as null when absent. */
const AUDIT_NULLABLE: ReadonlySet<AuditSignedField> = new Set(['context', 'metadata']);

/** What an audit event's signed data is made of (more fields may be present; only the signed ones are taken). */
export type AuditSignedInput = { readonly [K in Exclude<AuditSignedField, 'context' | 'metadata'>]: unknown } & {
  readonly context?: unknown;
  readonly metadata?: unknown;
  /** Only on a sandbox tenant's events (docs/verification.md#sandbox-records). */
  readonly sandbox?: unknown;
};

/** The signed data of an audit event: exactly AUDIT_SIGNED_FIELDS (absent optional objects as null). */
export function auditSignedData(r: AuditSignedInput): Record<AuditSignedField, unknown> {
  const out = {} as Record<AuditSignedField, unknown>;
  for (const f of AUDIT_SIGNED_FIELDS) out[f] = AUDIT_NULLABLE.has(f) ? (r[f] ?? null) : r[f];
  // docs/verification.md#sandbox-records: an audit event document carries every signed field, so a `sandbox` it
  // carries is signed whatever its value (only a sandbox tenant's events have it, always true).
  if (r.sandbox !== undefined) (out as Record<string, unknown>).sandbox = r.sandbox;
  return out;
}

/** docs/verification.md#8-where-the-keys-come-from: a published key record's platform signature covers canonical {domain, key_id, public_key (base64url)}. */
export function keyRecordSignedPayload(r: { domain: string; public_key: string; key_id: string }) {
  return { domain: r.domain, key_id: r.key_id, public_key: r.public_key };
}
