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

/** The kinds of a tenant log by the kind byte its leaves store. */
const tenantKinds = (): Map<string, RecordKind<unknown>> =>
  new Map(kindsOfLog('tenant').flatMap((k) => (k.ref ? [[k.ref, k] as const] : [])));

/** The record a tenant leaf names, with its kind; null when absent or misplaced. */
function recordOf(
  kinds: Map<string, RecordKind<unknown>>,
  log: LogRow,
  index: number,
  stored: Buffer | undefined,
): { kind: RecordKind<unknown>; row: unknown } | null {
  const ref = stored ? decodeRef(stored) : null;
  const kind = ref ? kinds.get(ref.kind) : undefined;
  if (!ref || !kind) return null;
  const row = kind.find(ref.id, log.tenant_id);
  if (row === undefined) return null;
  const p = kind.placement(row);
  if (p.tenant_id !== log.tenant_id || (p.leaf_index ?? migratedLeafIndex(log.num, ref.id)) !== index) return null;
  return { kind, row };
}

/** Signed bytes of the record a tenant leaf names, rebuilt from its columns; null when absent or misplaced. */
function rebuild(
  kinds: Map<string, RecordKind<unknown>>,
  log: LogRow,
  index: number,
  stored: Buffer | undefined,
): Uint8Array | null {
  const rec = recordOf(kinds, log, index, stored);
  if (!rec) return null;
  const r = rebuildRow(rec.kind, rec.row);
  // A column that no longer parses: the record cannot be rebuilt.
  if (!r.bytes) return null;
  return r.contentOk ? r.bytes : TAMPERED;
}

/** GET /v1/log/integrity (read scope). */
export function tenantLogReport(
  tenantId: string,
  onProgress?: (done: number) => void,
): LogReport & { tenant_id: string } {
  const log = tenantLog(tenantId);
  const kinds = tenantKinds();
  return {
    tenant_id: tenantId,
    ...checkLog(log, (i, stored) => (log ? rebuild(kinds, log, i, stored) : null), onProgress),
  };
}

/** `svc log verify --tenant T`: T is a tenant id or domain. */
export const tenantLogReportForOperator = (ref: string, onProgress?: (done: number) => void) =>
  tenantLogReport(recordTable().tenants.idOf(ref), onProgress);

/**
 * The data of a tenant log's leaves for entry bundles: each record's signed bytes rebuilt from its columns as the
 * row now reads (a row whose content was altered but not its signed columns still yields the logged bytes; the
 * row checks catch the content); null when the record is gone or a column no longer parses.
 */
export function tenantLeafData(log: LogRow): (index: number, entry: Buffer) => Uint8Array | null {
  const kinds = tenantKinds();
  return (index, entry) => {
    const rec = recordOf(kinds, log, index, entry);
    if (!rec) return null;
    try {
      return rec.kind.signedBytes(rec.row);
    } catch {
      return null;
    }
  };
}
