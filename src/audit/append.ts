// Owns appending audit rows: seq assignment, signing and the writes of one row, used by the audit writer.
import { canonicalBytes } from '../crypto/canonical';
import { sha256Hex } from '../crypto/hash';
import { tenantSigner } from '../tenants/service';
import { FIVE_YEARS_MS, SCHEMA_ID, signedDataOf, type AuditRow, type IngestItem } from './model';
import { events, heads, indexInTxn } from './repo';
import { appendOrgLeafInTxn } from '../tlog/append';

const orgKey = (t: string, o: string) => `${t}\u0000${o}`;

// Seqs handed out to rows prepared in the running batch. The durable truth is audit_heads, written
// in the transaction that appends the rows; each batch starts again from it (beginBatch).
const assigned = new Map<string, number>();
// Orgs whose stored head was already checked inside the running transaction, with its max_lag_ms.
const checked = new Map<string, number>();
// Largest ingested_at - occurred_at of the rows prepared in the running batch, per org.
const lags = new Map<string, number>();

/** Forgets the state of the previous batch (committed or failed): the next one re-reads the heads. */
export function beginBatch(): void {
  assigned.clear();
  checked.clear();
  lags.clear();
}

/**
 * Signs the next row of the org (outside the transaction) and returns its writes. apply() checks,
 * inside the transaction, that the stored head is exactly where this batch continues from and moves
 * it together with the rows: seq is gapless and strictly increasing whatever crashes or retries happen.
 */
export function prepareAuditEvent(item: IngestItem): { apply(): void; tenantId: string; orgId: string } {
  const t = item.tenant_id;
  const o = item.org_id;
  const k = orgKey(t, o);
  const seq = (assigned.get(k) ?? heads().get([t, o])?.last_seq ?? 0) + 1;
  const signer = tenantSigner(t);
  const row: AuditRow = {
    id: item.event_id, org_id: o, seq, schema_id: SCHEMA_ID, occurred_at: item.occurred_at, occurred_ms: item.occurred_ms,
    ingested_at: item.ingested_at, action: item.action, actor_json: item.actor_json, targets_json: item.targets_json,
    context_json: item.context_json, metadata_json: item.metadata_json, actor_id: item.actor_id, target_ids: item.target_ids,
    payload_hash: '', signature: Buffer.alloc(0), key_id: signer.key_id, public_key: signer.public_key,
  };
  const bytes = canonicalBytes(signedDataOf(row));
  row.payload_hash = sha256Hex(bytes);
  row.signature = signer.sign(bytes);
  assigned.set(k, seq);
  const lag = Date.parse(item.ingested_at) - item.occurred_ms;
  lags.set(k, Math.max(lags.get(k) ?? -Infinity, lag));
  return {
    tenantId: t,
    orgId: o,
    apply() {
      if (!checked.has(k)) {
        const head = heads().get([t, o]);
        const last = head?.last_seq ?? 0;
        if (last !== seq - 1) throw new Error(`audit seq out of step for an org: head ${last}, next ${seq}`);
        checked.set(k, head ? head.max_lag_ms ?? FIVE_YEARS_MS : -Infinity);
      }
      appendOrgLeafInTxn(t, o, seq, bytes);
      events().appendInTxn([t, o, seq], row);
      indexInTxn(t, row);
      // Every prepare of a batch runs before its applies: only the org's last row of the batch moves the head.
      if (assigned.get(k) === seq) {
        heads().putSync([t, o], { last_seq: seq, last_ingested_at: item.ingested_at, max_lag_ms: Math.max(checked.get(k)!, lags.get(k)!) });
      }
    },
  };
}
