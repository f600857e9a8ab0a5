// Owns the append contract of the transparency logs: called by the writers INSIDE their write transaction,
// it assigns each record its gapless leaf_index and stores the leaf hash. Everything else (subtree nodes,
// checkpoints) is the integrator's, behind the write path.
import { config } from '../config';
import { putGrowing } from '../store/append-only';
import { sha256Raw } from '../crypto/hash';
import { recordTable } from '../records/table';
import { encodeLeaf, heads, logIds, logs, migratedRefs, type LogRow } from './repo';
import { putLeavesInTxn } from './leaf-runs';

let scratch = Buffer.alloc(4096);
/**
 * RFC 6962 leaf hash SHA-256(0x00 || data), the prefixed data built in a reused buffer and hashed in one call
 * (cheaper than a streaming hash object): this runs once per appended record. A unit test holds it equal to
 * verify/merkle's leafHash.
 */
export function appendLeafHash(data: Uint8Array): Buffer {
  if (data.length + 1 > scratch.length) scratch = Buffer.alloc(2 * (data.length + 1));
  scratch[0] = 0;
  scratch.set(data, 1);
  return sha256Raw(scratch.subarray(0, data.length + 1));
}

/** host[:port] of a public URL: the first part of every origin (docs/transparency-logs.md#origin). */
export const publicHostOf = (url: string): string => new URL(url).host;

/** The origin of a log, from the public host and the tenant's domain (and the org, for an org log). */
export const originOf = (host: string, domain: string, orgId: string | null): string =>
  orgId === null ? `${host}/${domain}` : `${host}/${domain}/audit/${orgId}`;

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
  const domain = recordTable().tenants.domainOf(tenantId);
  if (domain === undefined) throw new Error('transparency log for an unknown tenant');
  const url = config().publicUrl;
  const row: LogRow = {
    num,
    tenant_id: tenantId,
    org_id: orgId,
    domain,
    origin: url ? originOf(publicHostOf(url), domain, orgId) : null,
    created_at: new Date().toISOString(),
  };
  logs().putSync(num, row);
  logIds().putSync(key, num);
  return num;
}

/**
 * The writer thread's view of the logs it appends to: the next leaf index of each log number, read from the
 * store on first use and kept here, and (tenant logs, which are never retired) the tenant's log number. Only
 * the writer appends to logs once the server runs (the first-start migration ends before it starts; a log
 * number is never reused), and a failed transaction ends the thread, so this view never holds an append that
 * did not commit. The leaves appended in a transaction are kept here and stored as runs, with the heads, once
 * per transaction (flushLogsInTxn). Org logs are looked up by org each time: deleting an org retires its log
 * outside the writer.
 */
type Head = { num: number; next: number; first: number; pending: Buffer[] };
const headsByNum = new Map<number, Head>();
const tenantLogNums = new Map<string, number>();
const dirtyHeads = new Set<Head>();

function headOf(num: number): Head {
  let h = headsByNum.get(num);
  if (!h) {
    h = { num, next: heads().get(num) ?? 0, first: 0, pending: [] };
    headsByNum.set(num, h);
  }
  return h;
}

function appendInTxn(head: Head, leafData: Uint8Array, ref: string | null): number {
  const index = head.next++;
  if (!head.pending.length) {
    head.first = index;
    dirtyHeads.add(head);
  }
  head.pending.push(encodeLeaf(appendLeafHash(leafData), ref));
  return index;
}

/** Inside the writer's transaction, after its items: stores the new leaves and the head of every log appended to. */
export function flushLogsInTxn(): void {
  for (const h of dirtyHeads) {
    putLeavesInTxn(h.num, h.first, h.pending);
    h.pending = [];
    heads().putSync(h.num, h.next);
  }
  dirtyHeads.clear();
}

/**
 * Inside a write transaction (first-start migration only): appends leaves whose hashes are already computed
 * to the log's end, with their record ids for lookup (their rows cannot carry leaf_index). Returns the first index.
 */
export function appendMigratedLeavesInTxn(
  num: number,
  batch: Array<{ hash: Uint8Array; ref: string | null; id: string | null }>,
): number {
  const first = heads().get(num) ?? 0;
  putLeavesInTxn(
    num,
    first,
    batch.map((l) => encodeLeaf(l.hash, l.ref)),
  );
  // Time-ordered ids in roughly time order: mostly appended in place.
  batch.forEach((l, k) => l.id && putGrowing(migratedRefs(), [num, l.id], first + k));
  heads().putSync(num, first + batch.length);
  return first;
}

/**
 * Inside the write transaction that appends the record: adds its leaf to the tenant's log (created on first
 * use) and returns its leaf_index (0-based, gapless). `leafData` = the exact bytes the record's signature
 * covers; `ref` = `<kind>:<id>` with kind e (ledger event, trace seal), a (AI attestation) or d (document).
 */
export function appendTenantLeafInTxn(tenantId: string, leafData: Uint8Array, ref: string): number {
  let num = tenantLogNums.get(tenantId);
  if (num === undefined) {
    num = logNumInTxn(tenantId, null);
    tenantLogNums.set(tenantId, num);
  }
  return appendInTxn(headOf(num), leafData, ref);
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
  const head = headOf(logNumInTxn(tenantId, orgId));
  if (head.next !== seq - 1) throw new Error(`org log out of step: next leaf ${head.next}, seq ${seq}`);
  appendInTxn(head, leafData, null);
}
