// Owns the conversions of a stored audit row: its signed data (docs/audit.md#rows-and-what-is-signed), the API shape, and back from a cold segment line.
import { canonicalJson } from '../crypto/canonical';
import { auditSignedData } from '../crypto/signed';
import type { AuditEventOut, AuditRow } from './model';

/**
 * docs/audit.md#rows-and-what-is-signed: the signed data of a stored row; `json` turns its canonical JSON columns
 * (`<field>_json`) into values (parsed here; the writer splices them in as they are).
 */
export function rowSignedData(r: AuditRow, json: (text: string) => unknown) {
  return auditSignedData({
    ...r,
    event_id: r.id,
    actor: json(r.actor_json),
    context: json(r.context_json),
    metadata: json(r.metadata_json),
    targets: json(r.targets_json),
  });
}

/** The signed data rebuilt from the stored columns (writer and verifier share this). */
export const signedDataOf = (r: AuditRow) => rowSignedData(r, JSON.parse);

/** A JSON column as stored; a column that no longer parses (altered storage) is shown as its raw text. */
function column(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function toEventOut(r: AuditRow): AuditEventOut {
  return {
    id: r.id,
    org_id: r.org_id,
    seq: r.seq,
    schema_id: r.schema_id,
    occurred_at: r.occurred_at,
    ingested_at: r.ingested_at,
    action: r.action,
    actor: column(r.actor_json),
    targets: column(r.targets_json),
    context: column(r.context_json),
    metadata: column(r.metadata_json),
    payload_hash: r.payload_hash,
    signature: Buffer.from(r.signature).toString('hex'),
    signing_public_key: Buffer.from(r.public_key).toString('hex'),
    key_id: r.key_id,
    ...(r.sandbox ? { sandbox: true as const } : {}),
  };
}
/** The stored row of an event read back from a cold segment line. */
export function fromEventOut(e: AuditEventOut): AuditRow {
  return {
    id: e.id,
    org_id: e.org_id,
    seq: e.seq,
    schema_id: e.schema_id,
    occurred_at: e.occurred_at,
    occurred_ms: Date.parse(e.occurred_at),
    ingested_at: e.ingested_at,
    action: e.action,
    actor_json: canonicalJson(e.actor),
    targets_json: canonicalJson(e.targets),
    context_json: canonicalJson(e.context),
    metadata_json: canonicalJson(e.metadata),
    actor_id: e.actor.id,
    target_ids: [...new Set(e.targets.map((t) => t.id))],
    payload_hash: e.payload_hash,
    signature: Buffer.from(e.signature, 'hex'),
    key_id: e.key_id,
    public_key: Buffer.from(e.signing_public_key, 'hex'),
    ...(e.sandbox === true ? { sandbox: true as const } : {}),
  };
}
