// Owns monthly quota counting (docs/operations.md#counting-and-limits): counted in memory on the request path; a unit that belongs to a
// record is stored by the writer in that record's own transaction, the others are flushed in batches.
import { ApiError } from '../errors';
import { config } from '../config';
import { submitInternal } from '../store/writer';
import type { Applier } from '../store/writer-core';
import { planOf, type Plan } from '../plans/plans';
import type { TenantRow } from '../tenants/service';
import { usageCounters } from './repo';

export type Resource =
  | 'events_per_month'
  | 'api_verifications_per_month'
  | 'ai_attestations_per_month'
  | 'traces_per_month';
export const RESOURCES: Resource[] = [
  'events_per_month',
  'api_verifications_per_month',
  'ai_attestations_per_month',
  'traces_per_month',
];

// The month of "now" changes once a month: kept with the instants it holds for (charged on every request).
let nowMonth = { from: 0, to: -1, month: '' };
/** UTC calendar month of `ms`, as 'YYYY-MM'. */
export function monthOf(ms = Date.now()): string {
  if (ms >= nowMonth.from && ms < nowMonth.to) return nowMonth.month;
  const d = new Date(ms);
  const month = d.toISOString().slice(0, 7);
  nowMonth = {
    from: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
    to: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1),
    month,
  };
  return month;
}

const pending = new Map<string, number>(); // "tenant|month|resource" -> not yet flushed
const flushing = new Map<string, number>(); // handed to a transaction that has not committed yet
const inWrites = new Map<string, number>(); // carried by record writes not yet committed (chargeWrite)
const add = (m: Map<string, number>, k: string, n: number) => {
  const v = (m.get(k) ?? 0) + n;
  if (v) m.set(k, v);
  else m.delete(k);
};

// The server is the only writer of the stored counters (flushUsage, and the units of its record writes), so it keeps
// what it read of them in memory and adds its own flushes: no LMDB read per request. Other processes
// (CLI, console) read the store each time.
let stored: Map<string, number> | null = null;
/** Server only: keep the stored counters in memory from now on (`false` drops them). */
export function cacheStoredUsage(on: boolean): void {
  stored = on ? new Map() : null;
}

function storedUsage(k: string, tenantId: string, month: string, resource: Resource): number {
  let v = stored?.get(k);
  if (v === undefined) {
    v = usageCounters().get([tenantId, month, resource]) ?? 0;
    stored?.set(k, v);
  }
  return v;
}

/** Usage so far this month, including counts not yet flushed or still being flushed. */
export function currentUsage(tenantId: string, resource: Resource, month = monthOf()): number {
  const k = `${tenantId}|${month}|${resource}`;
  return (
    storedUsage(k, tenantId, month, resource) + (pending.get(k) ?? 0) + (flushing.get(k) ?? 0) + (inWrites.get(k) ?? 0)
  );
}

/**
 * Counts `n` units against the tenant's monthly quota. Throws feature_not_available when the plan
 * limit is 0 and quota_exceeded (with the fields of docs/api.md#errors) when the limit is reached.
 */
export function chargeQuota(tenant: TenantRow, resource: Resource, n = 1): void {
  add(pending, checkQuota(tenant, resource, n), counted(tenant, n));
}

/** docs/api.md#sandbox-tenants: a sandbox tenant's requests count against no quota (its plan's features still apply). */
const counted = (tenant: TenantRow, n: number): number => (tenant.sandbox === true ? 0 : n);

/** Throws like chargeQuota when `n` more units would pass the limit in `month`; the counter key otherwise. */
function checkQuota(tenant: TenantRow, resource: Resource, n: number, month = monthOf()): string {
  const plan: Plan = planOf(tenant.plan);
  const limit = plan[resource];
  if (limit === 0) throw new ApiError('feature_not_available', `${resource} is not in the ${tenant.plan} plan`);
  if (limit !== null && counted(tenant, n) > 0) {
    const used = currentUsage(tenant.tenant_id, resource, month);
    if (used + n > limit) {
      // docs/api.md#errors: Retry-After on every 429; a monthly quota frees up at the start of the next UTC month.
      const now = new Date();
      const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
      throw new ApiError('quota_exceeded', `Monthly ${resource} quota reached`, {
        resource,
        current_usage: used,
        plan_limit: limit,
        plan_tier: tenant.plan,
        upgrade_url: config().upgradeUrl,
      }).withHeaders({ 'Retry-After': String(Math.ceil((nextMonth - now.getTime()) / 1000)) });
    }
  }
  return `${tenant.tenant_id}|${month}|${resource}`;
}

/** A quota unit charged for the write of the record it counts (chargeWrite): [counter key, units, month]. */
export type UsageUnit = [key: string, n: number, month: string];
/**
 * A write item carrying its unit: the month (YYYY-MM) it was charged in, as `chargedMonth` gives it. The writer
 * counts one unit of the item kind's resource for the item's tenant in that month (countUsageInTxn): the counter
 * key is not sent along, as the tenant and the resource are known there already. Items queued by earlier versions
 * carry none.
 */
export type Charged = { tenant_id: string; usage?: string };
/** What an item carries to the writer for its unit (Charged): nothing for a unit that counts 0 (a sandbox tenant's). */
export const chargedMonth = (unit: UsageUnit): string | undefined => (unit[1] === 0 ? undefined : unit[2]);

/**
 * Counts one unit of `resource` as chargeQuota does (same refusals), for a record about to be handed to the
 * writer with it: the writer stores the unit in the record's own transaction (countUsageInTxn), so a record and
 * its count are durable together (a kill -9 loses neither alone). Settle it with settleWrite.
 */
export function chargeWrite(tenant: TenantRow, resource: Resource): UsageUnit {
  const month = monthOf();
  const k = checkQuota(tenant, resource, 1, month);
  // The stored count is cached before the write can commit, so the cache never reads the unit and then adds it again.
  storedUsage(k, tenant.tenant_id, month, resource);
  const n = counted(tenant, 1);
  add(inWrites, k, n);
  return [k, n, month];
}

/**
 * After the write of a unit from chargeWrite: `created` when its transaction committed the unit (the record was
 * created); otherwise nothing was stored for it, and the unit is dropped, or with `keep` still counted (flushed
 * with the others: a ledger ingest counts (docs/operations.md#counting-and-limits) before validation, whatever becomes of it).
 */
export function settleWrite([k, n]: UsageUnit, created: boolean, keep = false): void {
  add(inWrites, k, -n);
  if (created) {
    if (stored?.has(k)) stored.set(k, stored.get(k)! + n);
  } else if (keep) add(pending, k, n);
}

/**
 * Refuses (feature_not_available, quota_exceeded) when no unit of `resource` is left, without counting one:
 * for routes that check the quota before validation but count only records actually created (docs/operations.md#counting-and-limits).
 */
export function assertQuotaLeft(tenant: TenantRow, resource: Resource): void {
  const limit = planOf(tenant.plan)[resource];
  const full = limit !== null && counted(tenant, 1) > 0 && currentUsage(tenant.tenant_id, resource) >= limit;
  if (limit === 0 || full) chargeQuota(tenant, resource);
}

// ---- writer thread ----

/** Units of the records applied in the current writer transaction, written once at its end (flushUsageInTxn). */
const unitsInTxn = new Map<string, number>();

/** Inside the writer transaction of a record that was created: its unit (Charged) counts with it. */
export function countUsageInTxn(item: Charged, resource: Resource): void {
  if (item.usage) add(unitsInTxn, `${item.tenant_id}|${item.usage}|${resource}`, 1);
}

/** Inside a write transaction: adds `n` to the stored counter `k` ("tenant|month|resource"). */
function addStoredInTxn(k: string, n: number): void {
  if (n === 0) return;
  const [t, m, r] = k.split('|') as [string, string, string];
  usageCounters().putSync([t, m, r], (usageCounters().get([t, m, r]) ?? 0) + n);
}

/** Runs after the items of each writer transaction: one read-modify-write per counter touched, not per record. */
export function flushUsageInTxn(): void {
  for (const [k, n] of unitsInTxn) addStoredInTxn(k, n);
  unitsInTxn.clear();
}

/** Inside a write transaction of the main thread that creates a record (a trace): its unit, stored with it. */
export function storeUsageInTxn([k, n]: UsageUnit): void {
  addStoredInTxn(k, n);
}

const USAGE_FLUSH = 'usage.flush';
type Counts = Array<[key: string, n: number]>;

/** The writer's applier: adds counts to the stored counters (read-modify-write inside the transaction). */
export const usageFlushApplier: Applier<Counts, null> = {
  prepare: (counts) => ({
    apply() {
      for (const [k, n] of counts) addStoredInTxn(k, n);
      return null;
    },
  }),
};
export { USAGE_FLUSH };

/** After this server's writer stored `counts`: the counters it keeps in memory follow. */
function addToStored(counts: Iterable<[string, number]>): void {
  if (stored) for (const [k, n] of counts) if (stored.has(k)) stored.set(k, stored.get(k)! + n);
}

/** Replication: the primary's writer stored counts a standby forwarded ([writer kind, data] pairs): counted here too. */
export function noteForwarded(items: ReadonlyArray<[string, unknown]>): void {
  for (const [kind, data] of items) if (kind === USAGE_FLUSH) addToStored(data as Counts);
}

/** Hands pending counts to the writer (server only: the main thread opens no write transaction on the request path). */
export async function flushUsage(): Promise<void> {
  if (!pending.size || flushing.size) return;
  for (const [k, n] of pending) flushing.set(k, n);
  pending.clear();
  try {
    await submitInternal<Counts, null>(USAGE_FLUSH, [...flushing]);
    addToStored(flushing);
  } catch (e) {
    for (const [k, n] of flushing) pending.set(k, (pending.get(k) ?? 0) + n);
    throw e;
  } finally {
    // Cleared in the same turn as the commit resolves, so no read sees the counts twice or not at all.
    flushing.clear();
  }
}

/** This month's usage of every resource against the plan (console, CLI). */
export function usageReport(tenant: TenantRow) {
  const plan = planOf(tenant.plan);
  return Object.fromEntries(RESOURCES.map((r) => [r, { used: currentUsage(tenant.tenant_id, r), limit: plan[r] }]));
}
