// Owns writing audit events: seq assignment, signing and the append, run by the single intake worker.
import { canonicalBytes } from '../crypto/canonical';
import { sha256Hex } from '../crypto/hash';
import { tenantSigner } from '../tenants/service';
import { registerApplier, type Prepared } from '../workers/intake';
import { SCHEMA_ID, signedDataOf, type AuditRow, type IngestItem } from './model';
import { events, heads, indexInTxn } from './repo';

export const AUDIT_KIND = 'audit.event';

// Seqs handed out to prepared (signed, not yet committed) rows. The durable truth is audit_heads,
// written in the transaction that appends the row; this map is dropped when a commit fails.
const assigned = new Map<string, number>();
const orgKey = (t: string, o: string) => `${t}\u0000${o}`;

type Listener = (touched: Array<[tenantId: string, orgId: string]>) => void;
const listeners = new Set<Listener>();
let touched = new Map<string, [string, string]>();
let emitScheduled = false;

/** Called after each committed batch with the (tenant, org) pairs it appended to (streams wake up on it). */
export function onAuditApplied(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emitSoon(tenantId: string, orgId: string): void {
  touched.set(orgKey(tenantId, orgId), [tenantId, orgId]);
  if (emitScheduled) return;
  emitScheduled = true;
  // after() runs once per item right after the commit; a microtask gathers the whole batch.
  queueMicrotask(() => {
    const pairs = [...touched.values()];
    touched = new Map();
    emitScheduled = false;
    for (const l of listeners) l(pairs);
  });
}

/** Forgets the seq of an org whose head was removed (org deleted) so a re-created org starts at 1. */
export function forgetSeq(tenantId: string, orgId: string): void {
  assigned.delete(orgKey(tenantId, orgId));
}

/**
 * Signs the next row of the org (outside the transaction) and returns the writes. apply() checks,
 * inside the transaction, that the stored head is exactly seq - 1 and moves it to seq together
 * with the row: seq is gapless and strictly increasing whatever crashes or retries happen.
 */
export function prepareAuditEvent(item: IngestItem): Prepared {
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
  return {
    apply() {
      const head = heads().get([t, o]);
      if ((head?.last_seq ?? 0) !== seq - 1) throw new Error(`audit seq out of step for an org: head ${head?.last_seq ?? 0}, next ${seq}`);
      events().appendInTxn([t, o, seq], row);
      indexInTxn(t, row);
      heads().putSync([t, o], { last_seq: seq, last_ingested_at: item.ingested_at });
    },
    after: () => emitSoon(t, o),
  };
}

registerApplier(AUDIT_KIND, (data: IngestItem) => prepareAuditEvent(data), () => assigned.clear());
