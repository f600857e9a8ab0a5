// Owns audit orgs (docs/audit.md#orgs): create, list, get, archive/unarchive, retention setting.
import { ApiError } from '../errors';
import { transact, updateRow, type AlsoInTxn } from '../store/env';
import { bumpEpochInTxn, epochCache } from '../store/epoch';
import { planOf } from '../plans/plans';
import type { TenantRow } from '../tenants/service';
import { getTenant } from '../tenants/service';
import { storeAnswerInTxn, type IdemClaim } from '../route-kit/idempotent';
import type { OrgRow } from './model';
import { checkOrgBody } from './org-input';
import { encodeOrgCursor } from './query-input';
import { heads, orgs, storage } from './repo';

/** The exclusive end of every key that starts with `prefix` (a string suffix of \0 sorts after all of them). */
export function prefixEnd(prefix: string[]): string[] {
  return [...prefix.slice(0, -1), prefix[prefix.length - 1] + '\u0000'];
}

/** The org; throws ApiError not_found (docs/audit.md#orgs: an org not visible to the key). */
export function getOrg(tenantId: string, orgId: string): OrgRow {
  const o = orgs().get([tenantId, orgId]);
  if (!o) throw new ApiError('not_found', 'No such audit organization');
  return o;
}
/** Every change of an org row (create, update, delete, in any process) bumps this epoch, in its transaction. */
export const ORGS_EPOCH = 'audit_orgs';
// Audit ingest reads the org on every event: decoded rows are kept until any process changes one.
const cachedOrg = epochCache<OrgRow>(ORGS_EPOCH, (k) => {
  const at = k.indexOf('\u0000');
  return orgs().get([k.slice(0, at), k.slice(at + 1)]);
});
/** The org row, or undefined (read through the cache: callers must not change it). */
export const findOrg = (tenantId: string, orgId: string): OrgRow | undefined => cachedOrg(`${tenantId}\u0000${orgId}`);
export const isOrgArchived = (tenantId: string, orgId: string): boolean => getOrg(tenantId, orgId).archived;

export const lastSeq = (tenantId: string, orgId: string): number => heads().get([tenantId, orgId])?.last_seq ?? 0;
export const storageOf = (tenantId: string, orgId: string) =>
  storage().get([tenantId, orgId]) ?? { evacuated_through_seq: 0, purged_through_seq: 0 };

/** The retention actually enforced: the org's setting, never above the tenant's current plan cap. */
export function effectiveRetentionDays(org: OrgRow): number {
  const t = getTenant(org.tenant_id);
  const cap = t ? planOf(t.plan).audit_retention_cap_days : org.retention_days;
  return Math.min(org.retention_days, cap);
}

export function orgOut(o: OrgRow) {
  const out: Record<string, unknown> = {
    organization_id: o.organization_id,
    name: o.name,
    created_at: o.created_at,
    archived: o.archived,
    retention_days: effectiveRetentionDays(o),
    last_seq: lastSeq(o.tenant_id, o.organization_id),
  };
  if (o.archived) out.archived_at = o.archived_at;
  return out;
}

/** POST /v1/audit/orgs: validation, then org_exists, then the plan's org limit (too_many_orgs), atomically. */
export async function createOrg(tenant: TenantRow, body: unknown, claim: IdemClaim | null = null) {
  const { organization_id, name } = checkOrgBody(body);
  const plan = planOf(tenant.plan);
  const t = tenant.tenant_id;
  const row: OrgRow = {
    tenant_id: t,
    organization_id,
    name,
    created_at: new Date().toISOString(),
    archived: false,
    archived_at: null,
    retention_days: plan.audit_retention_cap_days,
    requested_days: plan.audit_retention_cap_days,
  };
  const outcome = await transact(() => {
    if (orgs().get([t, organization_id])) return 'exists';
    if (plan.audit_orgs !== null && orgs().getCount({ start: [t], end: prefixEnd([t]) }) >= plan.audit_orgs)
      return 'limit';
    orgs().putSync([t, organization_id], row);
    bumpEpochInTxn(ORGS_EPOCH);
    if (claim) storeAnswerInTxn(claim, { status: 201, body: orgOut(row) });
    return 'ok';
  });
  if (outcome === 'exists') throw new ApiError('org_exists', `organization_id ${organization_id} already exists`);
  if (outcome === 'limit')
    throw new ApiError('too_many_orgs', `The ${tenant.plan} plan allows ${plan.audit_orgs} audit orgs`);
  return orgOut(row);
}

/** GET /v1/audit/orgs: in organization_id order, keyset-paged by organization_id. */
export function listOrgs(tenantId: string, limit: number, after: string | null) {
  const start = after === null ? [tenantId] : [tenantId, after + '\u0000'];
  const rows = [...orgs().getRange({ start, end: prefixEnd([tenantId]), limit: limit + 1 })].map(
    (e) => e.value as OrgRow,
  );
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  return { orgs: page.map(orgOut), next_cursor: more ? encodeOrgCursor(page[page.length - 1]!.organization_id) : null };
}

/** Changes the org's row in one transaction; `also` runs in it with the new row. */
async function updateOrg(
  tenantId: string,
  orgId: string,
  change: (o: OrgRow) => Partial<OrgRow>,
  also?: AlsoInTxn<OrgRow>,
): Promise<OrgRow> {
  getOrg(tenantId, orgId);
  const next = await updateRow(orgs(), [tenantId, orgId], change, (row) => {
    bumpEpochInTxn(ORGS_EPOCH);
    also?.(row);
  });
  if (!next) throw new ApiError('not_found', 'No such audit organization');
  return next;
}

/** Archive and unarchive are idempotent; archived_at keeps the first archive time. `also` runs in the same transaction. */
export async function setArchived(
  tenantId: string,
  orgId: string,
  archived: boolean,
  also?: AlsoInTxn<ReturnType<typeof orgOut>>,
) {
  const o = await updateOrg(
    tenantId,
    orgId,
    (cur) => ({
      archived,
      archived_at: archived ? (cur.archived_at ?? new Date().toISOString()) : null,
    }),
    also && ((row) => also(orgOut(row))),
  );
  return orgOut(o);
}

/** PUT /v1/audit/orgs/{id}/retention: requests above the plan cap are clamped, not rejected. */
export async function setRetention(tenant: TenantRow, orgId: string, days: number) {
  const cap = planOf(tenant.plan).audit_retention_cap_days;
  const retention_days = Math.min(days, cap);
  await updateOrg(tenant.tenant_id, orgId, () => ({ retention_days, requested_days: days }));
  return { org_id: orgId, retention_days, requested_days: days, clamped: days > cap, plan_cap_days: cap };
}
