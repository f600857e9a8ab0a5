// Owns the read side of the administration API: a tenant's keys as its administrator sees them, tenants as the
// platform operator sees them (paged), and the opaque cursor of that list. State changes go through the operator
// actions (src/operator-actions/port.ts), so that each one is an operator-log entry.
import { ApiError } from '../errors';
import { describeApiKey, listApiKeys, type ApiKeyRow, type CreatedKey } from '../api-keys/service';
import { describeTenant, findTenant, listTenantsAfter, type TenantRow } from '../tenants/service';
import { usageReport } from '../usage/service';

/** A key as listed by GET /v1/admin/keys: never the plaintext nor its hash. */
export function adminKeyOut(k: ApiKeyRow) {
  const { ip_allowlist, tenant_id: _tenant, ...rest } = describeApiKey(k);
  return { ...rest, allow_ips: ip_allowlist };
}

/** A tenant's keys, oldest first. */
export const adminKeys = (tenantId: string) => ({
  keys: listApiKeys(tenantId)
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .map(adminKeyOut),
});

/** What createApiKey answered, in the API's field names (the plaintext is in this answer only). */
export function createdKeyOut(r: CreatedKey) {
  return {
    key_id: r.key_id,
    api_key: r.api_key,
    tenant_id: r.tenant_id,
    name: r.name,
    scopes: r.scopes,
    allow_ips: r.ip_allowlist,
  };
}

/** A tenant as the operator sees it (as `svc tenant show --json`): public keys and this month's usage. */
export const tenantOut = (t: TenantRow) => ({ ...describeTenant(t), usage: usageReport(t) });
export const operatorTenant = (ref: string) => tenantOut(findTenant(ref));

// A tenant cursor is base64url of "t:<tenant_id>", opaque to clients.
const encodeTenantCursor = (id: string): string => Buffer.from(`t:${id}`).toString('base64url');
function decodeTenantCursor(cursor: string | undefined): string | null {
  if (cursor === undefined || cursor === '') return null;
  const m = /^t:([0-9a-f-]{36})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m || encodeTenantCursor(m[1]!) !== cursor)
    throw new ApiError('bad_request', 'cursor is not one this service issued');
  return m[1]!;
}

/** GET /v1/operator/tenants: tenant_id order, keyset-paged. */
export function tenantPage(cursor: string | undefined, limit: number) {
  const { tenants, more } = listTenantsAfter(decodeTenantCursor(cursor), limit);
  return {
    tenants: tenants.map(tenantOut),
    next_cursor: more ? encodeTenantCursor(tenants[tenants.length - 1]!.tenant_id) : null,
  };
}
