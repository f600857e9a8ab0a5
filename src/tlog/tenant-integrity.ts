// Owns the tenant log report (GET /v1/log/integrity, `svc log verify`): each leaf's record found through the record
// table by the reference stored with the leaf, and its signed bytes rebuilt from the row's columns, never from a
// stored copy.
import { rebuildRow } from '../records/check';
import { kindsOfLog, recordTable, type RecordKind } from '../records/table';
import { decodeRef } from './repo';
import { checkLog, type LogReport } from './integrity';
import { migratedLeafIndex, tenantLog, type LogRow } from './logs';

/** What a leaf is compared with when its row's content no longer matches the hashes in its columns: never a leaf. */
const TAMPERED = new Uint8Array(0);

/** Signed bytes of the record a tenant leaf names, rebuilt from its columns; null when absent or misplaced. */
function rebuild(kinds: Map<string, RecordKind<unknown>>, log: LogRow, index: number, stored: Buffer | undefined): Uint8Array | null {
  const ref = stored ? decodeRef(stored) : null;
  const kind = ref ? kinds.get(ref.kind) : undefined;
  if (!ref || !kind) return null;
  const row = kind.find(ref.id, log.tenant_id);
  if (row === undefined) return null;
  const p = kind.placement(row);
  if (p.tenant_id !== log.tenant_id || (p.leaf_index ?? migratedLeafIndex(log.num, ref.id)) !== index) return null;
  const r = rebuildRow(kind, row);
  // A column that no longer parses: the record cannot be rebuilt.
  if (!r.bytes) return null;
  return r.contentOk ? r.bytes : TAMPERED;
}

/** GET /v1/log/integrity (read scope). */
export function tenantLogReport(tenantId: string, onProgress?: (done: number) => void): LogReport & { tenant_id: string } {
  const log = tenantLog(tenantId);
  const kinds = new Map(kindsOfLog('tenant').flatMap((k) => (k.ref ? [[k.ref, k] as const] : [])));
  return { tenant_id: tenantId, ...checkLog(log, (i, stored) => (log ? rebuild(kinds, log, i, stored) : null), onProgress) };
}

/** `svc log verify --tenant T`: T is a tenant id or domain. */
export const tenantLogReportForOperator = (ref: string, onProgress?: (done: number) => void) => tenantLogReport(recordTable().tenants.idOf(ref), onProgress);
