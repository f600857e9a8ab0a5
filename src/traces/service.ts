// Owns traces (docs/traces.md): create, read, the public flag, the seal request and the seal worker.
import { ApiError } from '../errors';
import { isPlainObject } from '../crypto/json-value';
import { transact } from '../store/env';
import { submit } from '../store/writer';
import type { Applier } from '../store/writer-core';
import { canonicalBytes } from '../crypto/canonical';
import { uuidv7 } from '../crypto/ids';
import { log } from '../log';
import { compositeHashOf, sealPayloadOf } from '../verify/recompute';
import type { TenantRow } from '../tenants/service';
import { storeAnswerInTxn, type IdemClaim } from '../route-kit/idempotent';
import { assertQuotaLeft, chargeWrite, settleWrite, storeUsageInTxn } from '../usage/service';
import { acceptedItemCount, clearPendingStatus, forgetSealedTrace, notePendingStatus, traceStatus } from './gate';
import { traceItemCount, traceItems } from './items';
import { findTrace, traceLabels, traces, tracePathId, traceTenants, type TraceRow } from './repo';

const METADATA_LIMIT = 16 * 1024;
const LABEL_MAX = 255;

/** GET /v1/traces/{id} fields (docs/traces.md#reading-a-trace); the status includes a seal accepted but not yet committed. */
export function traceView(row: TraceRow): Record<string, unknown> {
  const status = traceStatus(row.tenant_id, row.trace_id) ?? row.status;
  const out: Record<string, unknown> = {
    trace_id: row.trace_id,
    label: row.label,
    status,
    metadata: row.metadata,
    public: row.public,
    created_at: row.created_at,
    item_count: row.status === 'sealed' ? row.item_count : traceItemCount(row.tenant_id, row.trace_id),
  };
  if (row.status === 'sealed')
    Object.assign(out, {
      sealed_at: row.sealed_at,
      composite_hash: row.composite_hash,
      seal_event_id: row.seal_event_id,
    });
  return out;
}

export const getTrace = (tenant: TenantRow, id: string) => traceView(findTrace(tenant.tenant_id, tracePathId(id)));

// ---------- create ----------

/** docs/traces.md#creating-a-trace-post-v1traces-scope-write: label 1-255 characters (code points), not blank; a missing label is invalid_label. */
function checkLabel(v: unknown): string {
  if (typeof v !== 'string' || v.trim() === '')
    throw new ApiError('invalid_label', 'label is required: a string of 1-255 characters');
  if ([...v].length > LABEL_MAX) throw new ApiError('invalid_label', `label is over ${LABEL_MAX} characters`);
  return v;
}

/** docs/traces.md#creating-a-trace-post-v1traces-scope-write: metadata is an optional object of at most 16 KB as canonical JSON. */
function checkMetadata(v: unknown): Record<string, unknown> | null {
  if (v === undefined || v === null) return null;
  if (!isPlainObject(v)) throw new ApiError('invalid_metadata', 'metadata must be a JSON object');
  const size = canonicalBytes(v).length;
  if (size > METADATA_LIMIT)
    throw new ApiError(
      'metadata_too_large',
      `metadata is ${size} bytes as canonical JSON; the limit is ${METADATA_LIMIT}`,
    );
  return v;
}

/** A label is taken while the trace holding it is open (sealing and sealed traces free it). */
function labelHolder(tenantId: string, label: string): string | undefined {
  const holder = traceLabels().get([tenantId, label]);
  return holder && traces().get([tenantId, holder])?.status === 'open' ? holder : undefined;
}

/**
 * POST /v1/traces after authentication and requirePaid. The quota is checked before the body (the
 * order of docs/api.md#authentication-and-the-order-of-checks) but counted only for a trace actually created (docs/operations.md#counting-and-limits). The label check and the writes run
 * inside one write transaction, so two concurrent creations with one label cannot both win.
 */
export async function createTrace(tenant: TenantRow, body: unknown, claim: IdemClaim | null = null) {
  assertQuotaLeft(tenant, 'traces_per_month'); // docs/api.md#authentication-and-the-order-of-checks: refused before validation, counted once created
  const b = isPlainObject(body) ? body : {};
  const label = checkLabel(b.label);
  const metadata = checkMetadata(b.metadata);
  if (b.public !== undefined && b.public !== null && typeof b.public !== 'boolean')
    throw new ApiError('invalid_payload', 'public must be a boolean');
  if (labelHolder(tenant.tenant_id, label))
    throw new ApiError('trace_label_in_use', 'An open trace of this tenant already has this label');
  // The unit is stored in the trace's own transaction; nothing created, nothing stored.
  const usage = chargeWrite(tenant, 'traces_per_month');
  const row: TraceRow = {
    trace_id: uuidv7(),
    tenant_id: tenant.tenant_id,
    label,
    status: 'open',
    metadata,
    public: b.public === true,
    created_at: new Date().toISOString(),
  };
  const out = {
    trace_id: row.trace_id,
    label,
    status: 'open',
    metadata,
    public: row.public,
    created_at: row.created_at,
  };
  let created = false;
  try {
    created = await transact(() => {
      if (labelHolder(tenant.tenant_id, label)) return false;
      traceLabels().putSync([tenant.tenant_id, label], row.trace_id);
      traceTenants().putSync(row.trace_id, tenant.tenant_id);
      traces().putSync([tenant.tenant_id, row.trace_id], row);
      storeUsageInTxn(usage);
      if (claim) storeAnswerInTxn(claim, { status: 201, body: out });
      return true;
    });
  } finally {
    settleWrite(usage, created);
  }
  if (!created) throw new ApiError('trace_label_in_use', 'An open trace of this tenant already has this label');
  return out;
}

// ---------- public flag ----------

/** POST /v1/traces/{id}/public {enabled}: opt in or out of public verification (docs/traces.md#public-verification). */
export async function setTracePublic(tenant: TenantRow, id: string, body: unknown) {
  const traceId = tracePathId(id);
  findTrace(tenant.tenant_id, traceId);
  const enabled = isPlainObject(body) ? body.enabled : undefined;
  if (typeof enabled !== 'boolean') throw new ApiError('invalid_payload', 'enabled must be a boolean');
  const row = await transact(() => {
    const cur = traces().get([tenant.tenant_id, traceId])!;
    const next = { ...cur, public: enabled };
    traces().putSync([tenant.tenant_id, traceId], next);
    return next;
  });
  return traceView(row);
}

// ---------- seal request ----------

function refuseUnlessOpen(status: string | undefined): void {
  if (status === undefined) throw new ApiError('trace_not_found', 'No such trace for this tenant');
  if (status === 'sealing') throw new ApiError('trace_sealing', 'Trace is being sealed');
  if (status === 'sealed') throw new ApiError('trace_sealed', 'Trace is already sealed');
  if (status !== 'open')
    throw new ApiError('trace_invalid_status', `Trace status ${status} is not open, sealing or sealed`);
}

type SealItem = { tenant_id: string; trace_id: string; requested_at: string; legacy?: true };
/** refused: the status that stopped the seal (another seal won); sealed: whether the trace is now sealed. */
type SealResult = { refused?: string; sealed: boolean };
export const TRACE_SEAL = 'trace.seal';

/**
 * POST /v1/traces/{id}/seal. Everything up to notePendingStatus is synchronous, so of two concurrent requests
 * the second sees 'sealing'. The seal goes to the writer after every item accepted before it (the writer
 * applies in acceptance order), and is applied in one transaction with the items before it in view.
 */
export async function sealTrace(tenant: TenantRow, id: string) {
  const traceId = tracePathId(id);
  findTrace(tenant.tenant_id, traceId);
  refuseUnlessOpen(traceStatus(tenant.tenant_id, traceId));
  if (traceItemCount(tenant.tenant_id, traceId) === 0 && acceptedItemCount(tenant.tenant_id, traceId) === 0) {
    throw new ApiError('trace_empty', 'A trace needs at least one item to be sealed');
  }
  notePendingStatus(tenant.tenant_id, traceId, 'sealing');
  let r: SealResult;
  try {
    r = await submit<SealItem, SealResult>(TRACE_SEAL, {
      tenant_id: tenant.tenant_id,
      trace_id: traceId,
      requested_at: new Date().toISOString(),
    });
  } finally {
    clearPendingStatus(tenant.tenant_id, traceId);
  }
  if (r.sealed) forgetSealedTrace(tenant.tenant_id, traceId);
  if (r.refused) refuseUnlessOpen(r.refused);
  return {
    trace_id: traceId,
    status: 'sealing',
    message: `Sealing started; poll GET /v1/traces/${traceId} until status is sealed, then fetch /v1/traces/${traceId}/proof`,
  };
}

// ---------- seal (writer thread) ----------

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

export { traceSealKind } from './kind';
export { publicTraceBundle, traceBundle } from './bundle';
export { findTrace, tracePathId } from './repo';
