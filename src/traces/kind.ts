// Owns the trace seal's entry in the record table: a seal is the trace's `trace.sealed` ledger event, found by the
// trace's id; everything else about it (leaf, signed bytes, checks, bundle record) is the ledger event's.
import { isUuid } from '../crypto/ids';
import type { RecordKind } from '../records/table';
import { traces } from './repo';

/**
 * Built by the record table from the ledger event's entry (this area does not import the ledger). Its rows are
 * ledger rows, so they are listed, checked and migrated as ledger events, not again here.
 */
export function traceSealKind<Row>(sealEvents: RecordKind<Row>): RecordKind<Row> {
  const { rows: _rows, logged: _logged, ...event } = sealEvents;
  return {
    ...event,
    name: 'trace_seal',
    label: 'trace seal',
    ref: null,
    find(traceId, tenantId) {
      const sealId = isUuid(traceId) ? traces().get([tenantId, traceId.toLowerCase()])?.seal_event_id : undefined;
      return sealId ? sealEvents.find(sealId, tenantId) : undefined;
    },
  };
}
