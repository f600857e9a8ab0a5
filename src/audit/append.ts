// Owns appending audit rows (docs/audit.md#write-path), run by the writer thread: the idempotency claim, seq assignment and
// signing outside the transaction; the row, its indexes, the org head and the idempotency record inside it.
import { CanonicalText, canonicalBytes } from '../crypto/canonical';
import { sha256Hex } from '../crypto/hash';
import type { Applier, Prepared } from '../store/writer-core';
import { tenantSigner } from '../signing/keys';
import { sandboxMark } from '../tenants/service';
import { rowSignedData } from './event-row';
import { FIVE_YEARS_MS, SCHEMA_ID, type AuditRow, type IdemRow, type IngestItem } from './model';
import { events, heads, idem, idemExpiry, indexInTxn } from './repo';
import { appendOrgLeafInTxn } from '../tlog/index';
import { idemLive } from '../idempotency';

export const AUDIT_EVENT = 'audit.event';
const orgKey = (t: string, o: string) => `${t}\u0000${o}`;

/** An accepted event and, when it carried an Idempotency-Key, the record that claims the key. */
export type AuditWrite = { item: IngestItem; idem: { key: string; record: IdemRow } | null };
/** conflict: a live record already holds the key (nothing was written, no seq was used). */
export type AuditWriteResult = { conflict?: IdemRow; seq?: number };

// The last seq handed out per org by this writer. Rows are prepared before earlier transactions commit, so the
// durable head lags behind; apply() checks that each row continues the head exactly (gapless, never reused).
// A failed transaction ends the writer thread, and a new one starts again from the durable heads.
const assigned = new Map<string, number>();
// Idempotency keys claimed by rows prepared but not yet committed.
const claimed = new Map<string, IdemRow>();
// The heads of the orgs appended to in the current transaction: read from the store by the first row of an
// org, then kept here and written once at the end of the transaction (flushAuditHeadsInTxn), which clears
// them, so nothing carries over to a later transaction (an org may be deleted between two).
type Head = { last_seq: number; last_ingested_at: string; max_lag_ms: number };
const txnHeads = new Map<string, { t: string; o: string; head: Head }>();

/** Inside the writer's transaction, after its items: stores the head of every org appended to. */
export function flushAuditHeadsInTxn(): void {
  for (const { t, o, head } of txnHeads.values()) heads().putSync([t, o], head);
  txnHeads.clear();
}

/**
 * The signed data of a row being appended. Its JSON columns were made by canonicalJson at acceptance, so they
 * are spliced in as they are (CanonicalText) instead of being parsed and canonicalized again; the bytes are
 * those of signedDataOf, which verification uses on stored rows (a unit test holds the two equal).
 */
export function newRowSignedData(r: AuditRow) {
  return rowSignedData(r, (text) => new CanonicalText(text));
}

/** Signs the next row of the org; `apply` writes it inside the transaction. Exported for the fixture builder. */
export function prepareAuditEvent(item: IngestItem): Prepared<AuditWriteResult> & { seq: number } {
  const t = item.tenant_id;
  const o = item.org_id;
  const k = orgKey(t, o);
  const seq = (assigned.get(k) ?? heads().get([t, o])?.last_seq ?? 0) + 1;
  const signer = tenantSigner(t);
  const row: AuditRow = {
    id: item.event_id,
    org_id: o,
    seq,
    schema_id: SCHEMA_ID,
    occurred_at: item.occurred_at,
    occurred_ms: item.occurred_ms,
    ingested_at: item.ingested_at,
    action: item.action,
    actor_json: item.actor_json,
    targets_json: item.targets_json,
    context_json: item.context_json,
    metadata_json: item.metadata_json,
    actor_id: item.actor_id,
    target_ids: item.target_ids,
    payload_hash: '',
    signature: Buffer.alloc(0),
    key_id: signer.key_id,
    public_key: signer.public_key,
    ...sandboxMark(t),
  };
  const bytes = canonicalBytes(newRowSignedData(row));
  row.payload_hash = sha256Hex(bytes);
  row.signature = signer.sign(bytes);
  assigned.set(k, seq);
  const lag = Date.parse(item.ingested_at) - item.occurred_ms;
  return {
    seq,
    apply() {
      const head = txnHeads.get(k)?.head ?? heads().get([t, o]);
      const last = head?.last_seq ?? 0;
      if (last !== seq - 1) throw new Error(`audit seq out of step for an org: head ${last}, next ${seq}`);
      appendOrgLeafInTxn(t, o, seq, bytes);
      events().appendInTxn([t, o, seq], row);
      indexInTxn(t, row);
      txnHeads.set(k, {
        t,
        o,
        head: {
          last_seq: seq,
          last_ingested_at: item.ingested_at,
          max_lag_ms: Math.max(head ? (head.max_lag_ms ?? FIVE_YEARS_MS) : -Infinity, lag),
        },
      });
      return { seq };
    },
  };
}

/** The writer's applier for audit events: a key already claimed (committed or in flight) is a conflict, decided before a seq is used. */
export const auditEventApplier: Applier<AuditWrite, AuditWriteResult> = {
  prepare({ item, idem: claim }) {
    if (!claim) return prepareAuditEvent(item);
    const ck = orgKey(item.tenant_id, claim.key);
    const live = claimed.get(ck) ?? idem().get([item.tenant_id, claim.key]);
    if (live && idemLive(live.at, claim.record.at)) return { apply: () => ({ conflict: live }) };
    const p = prepareAuditEvent(item);
    claimed.set(ck, claim.record);
    return {
      apply() {
        const r = p.apply();
        idem().putSync([item.tenant_id, claim.key], claim.record);
        idemExpiry().putSync([claim.record.at, item.tenant_id, claim.key], 1);
        return r;
      },
      done: () => claimed.delete(ck),
    };
  },
};
