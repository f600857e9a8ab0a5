// Owns finding a record's leaf in a log by its id (inclusion ?record_id=), through the record table: the tenant-log
// kinds (ledger events, AI attestations, document anchors, traces by their seal) in a tenant log, the org-log kind
// (audit events) in an org log.
import { isUuid } from '../crypto/ids';
import { kindsOfLog } from '../records/table';
import { migratedLeafIndex, type LogRow } from './logs';

/** The leaf index of a record of the tenant's log, or undefined when the id names none of its records. */
export function tenantRecordLeaf(log: LogRow, id: string): number | undefined {
  if (!isUuid(id)) return undefined;
  for (const kind of kindsOfLog('tenant')) {
    const row = kind.find(id, log.tenant_id);
    if (row === undefined) continue;
    const p = kind.placement(row);
    const leaf = p.tenant_id === log.tenant_id ? (p.leaf_index ?? migratedLeafIndex(log.num, kind.id(row))) : undefined;
    if (leaf !== undefined) return leaf;
  }
  return undefined;
}

/** The leaf index (seq - 1) of an audit event of the org, or undefined. */
export function orgRecordLeaf(log: LogRow, id: string): number | undefined {
  for (const kind of kindsOfLog('org')) {
    const row = kind.find(id, log.tenant_id);
    const p = row === undefined ? undefined : kind.placement(row);
    if (p && p.org_id === log.org_id && p.leaf_index !== null) return p.leaf_index;
  }
  return undefined;
}
