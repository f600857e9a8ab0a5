// Owns the traces area's sub-databases.
import { ApiError } from '../errors';
import { uuidParam } from '../params';
import { subDb } from '../store/env';

export type TraceStatus = 'open' | 'sealing' | 'sealed';
export type TraceRow = {
  trace_id: string;
  tenant_id: string;
  label: string;
  status: TraceStatus;
  metadata: Record<string, unknown> | null;
  public: boolean;
  created_at: string;
  sealed_at?: string;
  composite_hash?: string;
  seal_event_id?: string;
  item_count?: number;
};
/** Key [tenant_id, trace_id]. */
export const traces = () => subDb<TraceRow, [string, string]>('traces');

export type TraceItemType = 'event' | 'ai_attestation' | 'document';
export type TraceItemEntry = { type: TraceItemType; content_hash: string };
/** Key [tenant_id, trace_id, timestamp, item id] -> {type, content_hash}: the trace's items in seal order. */
export const traceItemIndex = () => subDb<TraceItemEntry, [string, string, string, string]>('trace_items');
/** Key [tenant_id, trace_id] -> number of items written (kept in the same transactions as the index). */
export const traceItemCounts = () => subDb<number, [string, string]>('trace_item_counts');
/** Key [tenant_id, label] -> trace_id of the open trace holding the label (stale once that trace left open). */
export const traceLabels = () => subDb<string, [string, string]>('trace_labels');
/** Key [trace_id] -> tenant_id: public proof lookups come without a tenant. */
export const traceTenants = () => subDb<string, string>('trace_tenants');

/** Path ids: a malformed one is invalid_path_parameter; ids are stored lowercase. */
export function tracePathId(id: string): string {
  return uuidParam(id, 'trace_id');
}

/** The tenant's trace, or 404 trace_not_found (another tenant's trace is not disclosed). */
export function findTrace(tenantId: string, traceId: string): TraceRow {
  const row = traces().get([tenantId, traceId]);
  if (!row) throw new ApiError('trace_not_found', 'No such trace for this tenant');
  return row;
}
