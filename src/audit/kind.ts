// Owns the audit event's entry in the record table: how the org logs, restore verification and the row check
// find, place and rebuild an event (its leaf is at seq - 1 of its org's log).
import { canonicalBytes } from '../crypto/canonical';
import { sha256Hex } from '../crypto/hash';
import type { RecordKind } from '../records/table';
import type { AuditRow } from './model';
import { signedDataOf } from './event-row';
import { rowById } from './query';
import { events } from './repo';

/** A row with its tenant: rows are keyed by tenant and do not carry it. */
export type AuditRecord = { tenant_id: string; row: AuditRow };

/** Every hot row with its tenant, in key order (restore verification). */
function* auditRecords(): Generator<AuditRecord> {
  // Read in chunks: a check may renew the read transaction (key caches), which would end an open cursor.
  let after: [string, string, number] | null = null;
  for (;;) {
    const chunk = [...events().range(after ? { start: after, limit: 1001 } : { limit: 1000 })].filter(
      (e, i) => !(after && i === 0 && String(e.key) === String(after)),
    );
    if (!chunk.length) return;
    for (const { key, value } of chunk) yield { tenant_id: (key as [string, string, number])[0], row: value };
    after = chunk[chunk.length - 1]!.key as [string, string, number];
  }
}

export const auditEventKind: RecordKind<AuditRecord> = {
  name: 'audit_event',
  label: 'audit event',
  log: 'org',
  ref: null,
  find(id, tenantId) {
    try {
      return { tenant_id: tenantId, row: rowById(tenantId, id) };
    } catch {
      return undefined;
    }
  },
  id: (r) => r.row.id,
  placement: (r) => ({ tenant_id: r.tenant_id, org_id: r.row.org_id, leaf_index: r.row.seq - 1 }),
  signedBytes: (r) => canonicalBytes(signedDataOf(r.row)),
  // docs/audit.md#rows-and-what-is-signed: payload_hash is SHA-256 of the signed bytes themselves.
  contentOk: (r, bytes) => sha256Hex(bytes) === r.row.payload_hash,
  signature: (r) => ({ key_id: r.row.key_id, signature: r.row.signature, stored: null }),
  rows: auditRecords,
};
