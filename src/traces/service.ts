// Owns traces (docs/traces.md): create, read, the public flag and the seal request; the public surface of the area
// (the seal applier, the trace gate and the item index the record areas use).
import { ApiError } from '../errors';
import { isPlainObject } from '../crypto/json-value';
import { transact } from '../store/env';
import { submit } from '../store/writer';
import { canonicalBytes } from '../crypto/canonical';
import { uuidv7 } from '../crypto/ids';
import type { TenantRow } from '../tenants/service';
import { storeAnswerInTxn, type IdemClaim } from '../route-kit/idempotent';
import { assertQuotaLeft, chargeWrite, settleWrite, storeUsageInTxn } from '../usage/service';
import { acceptedItemCount, clearPendingStatus, forgetSealedTrace, notePendingStatus, traceStatus } from './gate';
import { traceItemCount } from './items';
import { findTrace, traceLabels, traces, tracePathId, traceTenants, type TraceRow } from './repo';
import { TRACE_SEAL, type SealItem, type SealResult } from './append';

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

export { traceSealApplier, TRACE_SEAL, type PrepareSealEvent } from './append';
export { assertTraceAcceptsItems } from './gate';
export { appendTracedLeafInTxn } from './items';
export { publicTraceBundle, traceBundle } from './bundle';
export { findTrace, tracePathId } from './repo';
