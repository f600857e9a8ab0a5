// Owns the trace seal's write, run by the writer thread (docs/traces.md): the seal applier, which reads the trace's
// items, computes the composite hash and appends the signed `trace.sealed` event in one transaction.
import type { Applier } from '../store/writer-core';
import { log } from '../log';
import { compositeHashOf, sealPayloadOf } from '../verify/recompute';
import { traceItems } from './items';
import { traceLabels, traces } from './repo';

export type SealItem = { tenant_id: string; trace_id: string; requested_at: string; legacy?: true };
/** refused: the status that stopped the seal (another seal won); sealed: whether the trace is now sealed. */
export type SealResult = { refused?: string; sealed: boolean };
export const TRACE_SEAL = 'trace.seal';

/**
 * How the seal's `trace.sealed` ledger event is made: hashed and signed when called, appended by `appendInTxn`
 * inside the seal's transaction. The ledger's prepareSystemEvent, handed in by the applier table (the ledger
 * imports this area's gate and item index, so this area does not import the ledger).
 */
export type PrepareSealEvent = (e: {
  tenant_id: string;
  event_type: string;
  payload: unknown;
  ingested_at: string;
}) => { event_id: string; appendInTxn(): void };

/**
 * Inside the writer's transaction, after every item accepted before the seal was applied: reads the items in
 * order, computes the composite hash over their raw digests, appends the signed `trace.sealed` event (system
 * source, no quota) and marks the trace sealed, all in this one transaction: a crash leaves the trace open
 * (the seal was never answered as started) or sealed, never half-sealed.
 */
export function applySeal(s: SealItem, prepareEvent: PrepareSealEvent): SealResult {
  const key: [string, string] = [s.tenant_id, s.trace_id];
  const row = traces().get(key);
  if (!row) return { refused: 'missing', sealed: false };
  // A seal accepted by an earlier version waits on its queue with the trace already in 'sealing'.
  if (row.status !== 'open' && !(s.legacy && row.status === 'sealing')) return { refused: row.status, sealed: false };
  const items = traceItems(s.tenant_id, s.trace_id);
  let sealed: { event: ReturnType<PrepareSealEvent>; composite_hash: string; sealed_at: string } | null = null;
  // Everything that can fail happens before the first write; a failure must not block the queue behind it.
  try {
    if (items.length > 0) {
      const composite_hash = compositeHashOf(items.map((i) => i.content_hash));
      const sealed_at = new Date().toISOString();
      const event = prepareEvent({
        tenant_id: s.tenant_id,
        ingested_at: sealed_at,
        event_type: 'trace.sealed',
        payload: sealPayloadOf({
          trace_id: s.trace_id,
          composite_hash,
          item_count: items.length,
          metadata: row.metadata,
          sealed_at,
        }),
      });
      sealed = { event, composite_hash, sealed_at };
    }
  } catch (e) {
    log('error', 'trace seal failed', { trace_id: s.trace_id, error: String((e as Error).message) });
  }
  if (!sealed) {
    // No item was ever written (accepted items whose write failed), or the seal could not be built: the trace
    // goes back to open, as the state table has it for an empty trace, rather than staying in sealing.
    traces().putSync(key, { ...row, status: 'open' });
    if (!traceLabels().get([s.tenant_id, row.label])) traceLabels().putSync([s.tenant_id, row.label], row.trace_id);
    return { sealed: false };
  }
  sealed.event.appendInTxn();
  traces().putSync(key, {
    ...row,
    status: 'sealed',
    sealed_at: sealed.sealed_at,
    composite_hash: sealed.composite_hash,
    seal_event_id: sealed.event.event_id,
    item_count: items.length,
  });
  if (traceLabels().get([s.tenant_id, row.label]) === row.trace_id) traceLabels().removeSync([s.tenant_id, row.label]);
  return { sealed: true };
}

/** The writer's applier for seals: all the work happens inside the transaction, where the items written before it are visible. */
export const traceSealApplier = (prepareEvent: PrepareSealEvent): Applier<SealItem, SealResult> => ({
  prepare: (data) => ({ apply: () => applySeal(data, prepareEvent) }),
});
