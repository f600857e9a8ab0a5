// Owns the audit area's sub-databases and their key layouts; nothing outside src/audit/ touches them.
import type { Database } from 'lmdb';
import { appendOnly } from '../store/append-only';
import { subDb } from '../store/env';
import { sha256Hex } from '../crypto/hash';
import type { AuditRow, HeadRow, IdemRow, OrgRow, StorageRow } from './model';

/** [tenant_id, organization_id] -> org record. */
export const orgs = () => subDb<OrgRow, [string, string]>('audit_orgs');
/** [tenant_id, organization_id] -> sequencing head; written only by the applier, in the txn that appends the row. */
export const heads = () => subDb<HeadRow, [string, string]>('audit_heads');
/** [tenant_id, organization_id] -> where the hot range starts; written only by retention. */
export const storage = () => subDb<StorageRow, [string, string]>('audit_storage');
/** [tenant_id, idempotency_key] -> the event it produced; written with the queue item in one commit. */
export const idem = () => subDb<IdemRow, [string, string]>('audit_idem');
/** [accepted_ms, tenant_id, idempotency_key] -> 1: lets the retention pass drop expired records by range. */
export const idemExpiry = () => subDb<number, [number, string, string]>('audit_idem_expiry');

/** 'lock' -> the process running a retention pass (one at a time per data directory). */
export const retentionLock = () => subDb<{ pid: number; at: number }, string>('audit_retention_lock');

const EVENTS = 'audit_events';
/** [tenant_id, organization_id, seq] -> signed row. Append-only; retention is the one remover (see evictInTxn). */
export const events = () => appendOnly<AuditRow>(EVENTS);

/**
 * Inside transact(): removes hot rows that retention has moved to a durable cold segment or purged.
 * This is the only removal path for audit rows; nothing else may call it.
 */
export function evictInTxn(tenantId: string, orgId: string, seq: number): void {
  subDb(EVENTS).removeSync([tenantId, orgId, seq]);
}

/** Number of hot rows with seq in from..to (inclusive): a native count, no key decoded. */
export function countEvents(tenantId: string, orgId: string, from: number, to: number): number {
  return subDb(EVENTS).getCount({ start: [tenantId, orgId, from], end: [tenantId, orgId, to + 1] });
}
/** Seqs of hot rows in from..to ascending, reading keys only. */
export function eventSeqs(tenantId: string, orgId: string, from: number, to: number): Iterable<number> {
  return subDb(EVENTS)
    .getKeys({ start: [tenantId, orgId, from], end: [tenantId, orgId, to + 1] })
    .map((k) => (k as unknown[])[2] as number);
}

/** Derived indexes: key [tenant, org, value, seq], value empty. Kept for cold events until they are purged. */
const ONE = Buffer.alloc(1);
const ix = (name: string) => () => subDb<Buffer>(name, { encoding: 'binary' });
export const byAction = ix('audit_ix_action');
export const byActor = ix('audit_ix_actor');
export const byTarget = ix('audit_ix_target');
/** [tenant, org, occurred_ms, seq]. */
export const byTime = ix('audit_ix_time');
/** [tenant_id, event_id] -> [organization_id, seq]. */
export const byId = () => subDb<[string, number], [string, string]>('audit_ids');

/** Index key part of an id or action: long values are indexed by their hash so every key stays far below LMDB's key size limit. */
export const ixValue = (s: string): string => (Buffer.byteLength(s) > 256 ? '#' + sha256Hex(s) : s);

type IndexedRow = Pick<AuditRow, 'id' | 'org_id' | 'seq' | 'action' | 'actor_id' | 'target_ids' | 'occurred_ms'>;

/** Inside transact(): writes every index entry of a row. */
export function indexInTxn(tenantId: string, r: IndexedRow): void {
  byAction().putSync([tenantId, r.org_id, r.action, r.seq], ONE);
  byActor().putSync([tenantId, r.org_id, ixValue(r.actor_id), r.seq], ONE);
  for (const id of r.target_ids) byTarget().putSync([tenantId, r.org_id, ixValue(id), r.seq], ONE);
  byTime().putSync([tenantId, r.org_id, r.occurred_ms, r.seq], ONE);
  byId().putSync([tenantId, r.id], [r.org_id, r.seq]);
}

/** Inside transact(): removes every index entry of a purged row. */
export function unindexInTxn(tenantId: string, r: IndexedRow): void {
  byAction().removeSync([tenantId, r.org_id, r.action, r.seq]);
  byActor().removeSync([tenantId, r.org_id, ixValue(r.actor_id), r.seq]);
  for (const id of r.target_ids) byTarget().removeSync([tenantId, r.org_id, ixValue(id), r.seq]);
  byTime().removeSync([tenantId, r.org_id, r.occurred_ms, r.seq]);
  byId().removeSync([tenantId, r.id]);
}

export type IndexDb = Database<Buffer>;
