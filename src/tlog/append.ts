// Owns the append contract of the transparency logs: called by the writers INSIDE their write transaction,
// it assigns each record its gapless leaf_index and stores the leaf hash. Everything else (subtree nodes,
// checkpoints) is the integrator's, behind the write path.
import { config } from '../config';
import { putGrowing } from '../store/append-only';
import { createHash } from 'node:crypto';
import { getTenant } from '../tenants/service';
import { encodeLeaf, heads, leaves, logIds, logs, migratedRefs, type LogRow } from './repo';

const LEAF_PREFIX = new Uint8Array([0]);
/**
 * RFC 6962 leaf hash SHA-256(0x00 || data), hashed in two parts rather than through verify/merkle's leafHash
 * (which must copy the data behind the prefix): this runs once per appended record. A unit test holds the two
 * equal.
 */
export const appendLeafHash = (data: Uint8Array): Buffer => createHash('sha256').update(LEAF_PREFIX).update(data).digest();

/** host[:port] of a public URL: the first part of every origin (DECISIONS 10). */
export const publicHostOf = (url: string): string => new URL(url).host;

/** The origin of a log, from the public host and the tenant's domain (and the org, for an org log). */
export const originOf = (host: string, domain: string, orgId: string | null): string => (orgId === null ? `${host}/${domain}` : `${host}/${domain}/audit/${orgId}`);

/**
 * Inside a write transaction: the log's number, creating its registry row on first use. The origin is fixed
 * here when the public URL is configured; otherwise (port chosen at bind time) by the integrator, once,
 * before the log's first checkpoint.
 */
export function logNumInTxn(tenantId: string, orgId: string | null): number {
  const key: [string, string] = [tenantId, orgId ?? ''];
  const found = logIds().get(key);
  if (found !== undefined) return found;
  let num = 1;
  for (const k of logs().getKeys({ reverse: true, limit: 1 })) num = (k as number) + 1;
  const tenant = getTenant(tenantId);
  if (!tenant) throw new Error('transparency log for an unknown tenant');
  const url = config().publicUrl;
  const row: LogRow = {
    num, tenant_id: tenantId, org_id: orgId, domain: tenant.primary_domain,
    origin: url ? originOf(publicHostOf(url), tenant.primary_domain, orgId) : null, created_at: new Date().toISOString(),
  };
  logs().putSync(num, row);
  logIds().putSync(key, num);
  return num;
}

function appendInTxn(num: number, index: number, leafData: Uint8Array, ref: string | null): void {
  putGrowing(leaves(), [num, index], encodeLeaf(appendLeafHash(leafData), ref));
  heads().putSync(num, index + 1);
}

/**
 * The writer thread's view of the tenant logs it appends to: log number and next leaf index, read from the
 * store on first use and kept here, so an append costs two writes instead of four reads and writes. Only the
 * writer appends to tenant logs once the server runs (the first-start migration ends before it starts), and a
 * failed transaction ends the thread, so this view never outlives a write that did not commit. The heads are
 * written once per transaction (flushTenantHeadsInTxn). Org logs are not kept here: deleting an org retires
 * its log outside the writer.
 */
const tenantLogs = new Map<string, { num: number; next: number }>();
const dirtyHeads = new Set<{ num: number; next: number }>();

/** Inside the writer's transaction, after its items: stores the head of every tenant log it appended to. */
export function flushTenantHeadsInTxn(): void {
  for (const log of dirtyHeads) heads().putSync(log.num, log.next);
  dirtyHeads.clear();
}

/**
 * Inside a write transaction (first-start migration only): appends leaves whose hashes are already computed
 * to the log's end, with their record ids for lookup (their rows cannot carry leaf_index). Returns the first index.
 */
export function appendMigratedLeavesInTxn(num: number, batch: Array<{ hash: Uint8Array; ref: string | null; id: string | null }>): number {
  const first = heads().get(num) ?? 0;
  batch.forEach((l, k) => {
    putGrowing(leaves(), [num, first + k], encodeLeaf(l.hash, l.ref));
    // Time-ordered ids in roughly time order: mostly appended in place.
    if (l.id) putGrowing(migratedRefs(), [num, l.id], first + k);
  });
  heads().putSync(num, first + batch.length);
  return first;
}

/**
 * Inside the write transaction that appends the record: adds its leaf to the tenant's log (created on first
 * use) and returns its leaf_index (0-based, gapless). `leafData` = the exact bytes the record's signature
 * covers; `ref` = `<kind>:<id>` with kind e (ledger event, trace seal), a (AI attestation) or d (document).
 */
export function appendTenantLeafInTxn(tenantId: string, leafData: Uint8Array, ref: string): number {
  let log = tenantLogs.get(tenantId);
  if (!log) {
    const num = logNumInTxn(tenantId, null);
    log = { num, next: heads().get(num) ?? 0 };
    tenantLogs.set(tenantId, log);
  }
  const index = log.next++;
  putGrowing(leaves(), [log.num, index], encodeLeaf(appendLeafHash(leafData), ref));
  dirtyHeads.add(log);
  return index;
}

/**
 * Inside the transaction that deletes an audit org: its log stops being the org's (leaves and checkpoints stay
 * under the old log number), so an org created again with the same id starts a new log at seq 1.
 */
export function retireOrgLogInTxn(tenantId: string, orgId: string): void {
  logIds().removeSync([tenantId, orgId]);
}

/**
 * Inside the write transaction that appends audit event `seq`: adds its leaf (the canonical bytes of its
 * signed data) to the org's log at leaf_index seq - 1. Throws when that is not the log's next index.
 */
export function appendOrgLeafInTxn(tenantId: string, orgId: string, seq: number, leafData: Uint8Array): void {
  const num = logNumInTxn(tenantId, orgId);
  const index = heads().get(num) ?? 0;
  if (index !== seq - 1) throw new Error(`org log out of step: next leaf ${index}, seq ${seq}`);
  appendInTxn(num, index, leafData, null);
}
