// Owns finding a record's leaf in a log by its id (inclusion ?record_id=): ledger events, AI attestations,
// document anchors and traces (their seal event) in a tenant log; audit events in an org log.
import { isUuid } from '../crypto/ids';
import { findLedgerRow } from '../ledger/service';
import { findAttestation } from '../ai/service';
import { findDocument } from '../documents/service';
import { findTrace } from '../traces/service';
import { getAuditEvent } from '../audit/service';
import { migratedLeafIndex, type LogRow } from './service';

type Logged = { tenant_id: string; leaf_index?: number | null } | undefined;

/** The leaf index of a record of the tenant's log, or undefined when the id names none of its records. */
export function tenantRecordLeaf(log: LogRow, id: string): number | undefined {
  if (!isUuid(id)) return undefined;
  const own = (r: Logged, recordId: string) => (r && r.tenant_id === log.tenant_id ? r.leaf_index ?? migratedLeafIndex(log.num, recordId) : undefined);
  const direct = own(findLedgerRow(id), id) ?? own(findAttestation(id), id) ?? own(findDocument(id), id);
  if (direct !== undefined) return direct;
  let sealId: string | null | undefined;
  try {
    sealId = findTrace(log.tenant_id, id.toLowerCase()).seal_event_id;
  } catch {
    sealId = undefined;
  }
  return sealId ? own(findLedgerRow(sealId), sealId) : undefined;
}

/** The leaf index (seq - 1) of an audit event of the org, or undefined. */
export function orgRecordLeaf(log: LogRow, id: string): number | undefined {
  try {
    const e = getAuditEvent(log.tenant_id, id);
    return e.org_id === log.org_id ? e.seq - 1 : undefined;
  } catch {
    return undefined;
  }
}
