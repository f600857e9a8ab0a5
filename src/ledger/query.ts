// Owns ledger reads (GET /v1/events, GET /v1/events/{id}; docs/operations.md#ledger): rows by id, the list over its indexes, retention fields.
import { ApiError } from '../errors';
import { intParam, uuidParam } from '../params';
import { planOf, retentionPolicy } from '../plans/plans';
import { issuerBlock, type TenantRow } from '../tenants/service';
import { pinnedPublicKey } from '../signing/keys';
import { parseIso8601 } from '../time';
import { activeCounts, byTime, byType, ledgerRows, sealedRows, storedHashes, type LedgerRow } from './repo';

/** Active rows of a tenant ingested in [fromIso, toIso) (console ingest rate); counts index keys only. */
export function countLedgerRows(tenantId: string, fromIso: string, toIso: string): number {
  return byTime().getCount({ start: [tenantId, fromIso], end: [tenantId, toIso] });
}

/** The row decoded, with the tenant's pinned key and the signed bytes rebuilt from its columns. */
export function findLedgerRow(eventId: string): LedgerRow | undefined {
  return ledgerRows.get(eventId.toLowerCase(), pinnedPublicKey);
}
export const isSealed = (row: LedgerRow): boolean => sealedRows().doesExist([row.tenant_id, row.event_id]);

const DAY = 86400_000;
/** expires_at and retention_policy follow the tenant's current plan (docs/operations.md#ledger). */
export function retentionOf(tenant: TenantRow, ingestedAt: string) {
  const days = planOf(tenant.plan).ledger_retention_days;
  const policy = retentionPolicy(days);
  const expires_at =
    policy === 'indefinite' || days === null ? null : new Date(Date.parse(ingestedAt) + days * DAY).toISOString();
  return { retention_policy: policy, expires_at };
}

export function assertEventId(id: string): string {
  return uuidParam(id, 'event_id');
}

/** GET /v1/events/{id}: the ledger event (docs/operations.md#ledger); 410 retention_expired once sealed. */
export function getEvent(tenant: TenantRow, eventId: string) {
  const row = findLedgerRow(assertEventId(eventId));
  if (!row || row.tenant_id !== tenant.tenant_id)
    throw new ApiError('event_not_found', 'No such event (it may not be written yet)');
  if (isSealed(row)) throw new ApiError('retention_expired', 'Event sealed by retention');
  const out: Record<string, unknown> = {
    event_id: row.event_id,
    tenant_id: row.tenant_id,
    event_type: row.event_type,
    payload: row.payload,
    event_time: row.event_time,
    ...retentionOf(tenant, row.ingested_at),
    api_key_id: row.api_key_id,
  };
  if (row.user_id) out.user_id = row.user_id;
  Object.assign(out, {
    ingested_at: row.ingested_at,
    payload_hash: row.payload_hash,
    request_hash: row.request_hash,
    event_hash: row.event_hash,
    idempotency_key: row.idempotency_key,
    organization: issuerBlock(tenant),
  });
  return out;
}

function isoParam(v: string | undefined, name: string): string | null {
  if (v === undefined || v === '') return null;
  const ms = parseIso8601(v);
  if (ms === null) throw new ApiError('bad_request', `${name} must be an ISO 8601 timestamp`);
  return new Date(ms).toISOString();
}

const PAGING = 'page and limit must be integers';

type ListResult = { events: unknown[]; page: number; limit: number; total: number; has_more: boolean };
const listCache = new Map<string, { at: number; value: ListResult }>();
const LIST_TTL = 30_000;

/** GET /v1/events: newest first over the (tenant, ingested_at) index; cached 30 s per tenant and query (docs/operations.md#ledger). */
export function listEvents(
  tenant: TenantRow,
  q: { page?: string; limit?: string; date_from?: string; date_to?: string; event_type?: string },
): ListResult {
  const page = Math.max(1, intParam(q.page, 1, PAGING));
  const limit = Math.min(500, Math.max(1, intParam(q.limit, 50, PAGING)));
  const from = isoParam(q.date_from, 'date_from');
  const to = isoParam(q.date_to, 'date_to');
  const type = q.event_type;
  const cacheKey = `${tenant.tenant_id}|${page}|${limit}|${from}|${to}|${type ?? ''}`;
  const hit = listCache.get(cacheKey);
  if (hit && Date.now() - hit.at < LIST_TTL) return hit.value;
  const pre: string[] = type !== undefined ? [tenant.tenant_id, type] : [tenant.tenant_id];
  // Keys are [...pre, ingested_at, event_id]: [...pre, to] excludes `to` itself, [...pre, from] includes `from`.
  const hi = to ? [...pre, to] : [...pre, '\uffff'];
  const lo = from ? [...pre, from] : pre;
  const index = type !== undefined ? byType() : byTime();
  const events: unknown[] = [];
  for (const key of (index as any).getKeys({
    start: hi,
    end: lo,
    reverse: true,
    offset: (page - 1) * limit,
    limit,
  }) as Iterable<string[]>) {
    const id = key[key.length - 1]!;
    const row = ledgerRows.raw(id);
    if (row) events.push(listItem(tenant, { ...row, ...storedHashes(row) }));
  }
  const total =
    !from && !to && type === undefined
      ? (activeCounts().get(tenant.tenant_id) ?? 0)
      : (index as any).getCount({ start: lo, end: hi });
  const value = { events, page, limit, total, has_more: page * limit < total };
  // Keys follow client queries: the cache is emptied when it grows past a bound instead of growing forever.
  if (listCache.size > 10_000) listCache.clear();
  listCache.set(cacheKey, { at: Date.now(), value });
  return value;
}

function listItem(
  tenant: TenantRow,
  row: Pick<
    LedgerRow,
    'event_id' | 'event_type' | 'payload_hash' | 'event_hash' | 'ingested_at' | 'event_time' | 'idempotency_key'
  >,
) {
  const o: Record<string, unknown> = {
    event_id: row.event_id,
    event_type: row.event_type,
    payload_hash: row.payload_hash,
    event_hash: row.event_hash,
    retention_policy: retentionOf(tenant, row.ingested_at).retention_policy,
    ingested_at: row.ingested_at,
  };
  if (row.event_time !== null) o.event_time = row.event_time;
  if (row.idempotency_key !== null) o.idempotency_key = row.idempotency_key;
  return o;
}
