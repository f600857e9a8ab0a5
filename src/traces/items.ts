// Owns the trace item index: every record that carries a trace_id is listed here, in seal order.
import { appendTenantLeafInTxn } from '../tlog/index';
import { traceItemCounts, traceItemIndex, type TraceItemType } from './repo';

export type TraceItemRef = {
  tenant_id: string;
  trace_id: string;
  type: TraceItemType;
  id: string;
  timestamp: string;
  content_hash: string;
};

/**
 * Inside the item's append transaction: indexes it under its trace and bumps the trace's item count.
 * The key sorts by service timestamp, then by id (UUIDv7 from one monotonic generator = acceptance order).
 */
export function recordTraceItemInTxn(item: TraceItemRef): void {
  const key: [string, string, string, string] = [item.tenant_id, item.trace_id, item.timestamp, item.id];
  if (!traceItemIndex().putSync(key, { type: item.type, content_hash: item.content_hash }, { noOverwrite: true }))
    return;
  const ck: [string, string] = [item.tenant_id, item.trace_id];
  traceItemCounts().putSync(ck, (traceItemCounts().get(ck) ?? 0) + 1);
}

/**
 * Inside a tenant-signed record's append transaction, before its row: its leaf in its tenant's log (`ref` the leaf's
 * kind byte; the index is returned for the row), then its entry under the trace it names, if any.
 */
export function appendTracedLeafInTxn(
  r: { tenant_id: string; trace_id: string | null; signed_bytes: Uint8Array },
  ref: 'e' | 'a' | 'd',
  item: Omit<TraceItemRef, 'tenant_id' | 'trace_id'>,
): number {
  const leafIndex = appendTenantLeafInTxn(r.tenant_id, r.signed_bytes, `${ref}:${item.id}`);
  if (r.trace_id) recordTraceItemInTxn({ tenant_id: r.tenant_id, trace_id: r.trace_id, ...item });
  return leafIndex;
}

/** The trace's items in order (service timestamp, ties by id). */
export function traceItems(tenantId: string, traceId: string): TraceItemRef[] {
  const out: TraceItemRef[] = [];
  for (const { key, value } of traceItemIndex().getRange({
    start: [tenantId, traceId],
    end: [tenantId, traceId, '\uffff'],
  })) {
    const k = key as [string, string, string, string];
    out.push({
      tenant_id: tenantId,
      trace_id: traceId,
      timestamp: k[2],
      id: k[3],
      type: value.type,
      content_hash: value.content_hash,
    });
  }
  return out;
}

/** Number of items written to the trace so far. */
export function traceItemCount(tenantId: string, traceId: string): number {
  return traceItemCounts().get([tenantId, traceId]) ?? 0;
}
