// Owns the check that an item may join a trace (docs/traces.md#sealing-post-v1tracestraceidseal-scope-write).
import { ApiError } from '../errors';
import { isUuid } from '../crypto/ids';
import { traces, type TraceStatus } from './repo';

/**
 * Status changes made by this process but maybe not committed yet. The seal request sets 'sealing' here
 * synchronously, so an item checked after it is refused, and an item checked before it was enqueued
 * before the seal item and is therefore in the seal (the queue is drained in acceptance order).
 */
const pendingStatus = new Map<string, TraceStatus>();
export function notePendingStatus(tenantId: string, traceId: string, status: TraceStatus): void {
  pendingStatus.set(`${tenantId}/${traceId}`, status);
}
export function clearPendingStatus(tenantId: string, traceId: string): void {
  pendingStatus.delete(`${tenantId}/${traceId}`);
}
/**
 * Items accepted for each trace by this process (counted at acceptance, before they are written), so a seal
 * requested while items still wait on the intake queue is not refused as trace_empty.
 */
const acceptedItems = new Map<string, number>();
export function acceptedItemCount(tenantId: string, traceId: string): number {
  return acceptedItems.get(`${tenantId}/${traceId}`) ?? 0;
}
/** Once a seal is applied the trace takes no more items: its entries go, so the maps hold open traces only. */
export function forgetSealedTrace(tenantId: string, traceId: string): void {
  pendingStatus.delete(`${tenantId}/${traceId}`);
  acceptedItems.delete(`${tenantId}/${traceId}`);
}
export function traceStatus(tenantId: string, traceId: string): TraceStatus | undefined {
  return pendingStatus.get(`${tenantId}/${traceId}`) ?? traces().get([tenantId, traceId])?.status;
}

/** Returns the normalised trace_id when an item may be attached to it; throws the trace errors of docs/api.md#errors otherwise. */
export function assertTraceAcceptsItems(tenantId: string, traceId: unknown): string {
  if (typeof traceId !== 'string' || !isUuid(traceId))
    throw new ApiError('trace_not_found', 'trace_id does not name a trace of this tenant');
  const id = traceId.toLowerCase();
  const status = traceStatus(tenantId, id);
  if (status === undefined) throw new ApiError('trace_not_found', 'trace_id does not name a trace of this tenant');
  if (status === 'open') {
    const k = `${tenantId}/${id}`;
    acceptedItems.set(k, (acceptedItems.get(k) ?? 0) + 1);
    return id;
  }
  if (status === 'sealing') throw new ApiError('trace_sealing', 'Trace is being sealed');
  if (status === 'sealed') throw new ApiError('trace_sealed', 'Trace is sealed');
  throw new ApiError('trace_not_open', 'Items only go to open traces');
}
