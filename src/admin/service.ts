// Owns the read side of the administration API: a tenant's keys as its administrator sees them, tenants as the
// platform operator sees them (paged), and the opaque cursor of that list. State changes go through the operator
// actions (src/operator-actions/port.ts), so that each one is an operator-log entry.
import { decodeCursor, encodeCursor } from '../params';
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

// A tenant cursor names the tenant_id it follows, opaque to clients (src/params.ts, kind t).
const encodeTenantCursor = (id: string): string => encodeCursor('t', id);
const decodeTenantCursor = (cursor: string | undefined): string | null =>
  cursor === undefined || cursor === '' ? null : decodeCursor('t', cursor, /^[0-9a-f-]{36}$/);

/** GET /v1/operator/tenants: tenant_id order, keyset-paged. */
export function tenantPage(cursor: string | undefined, limit: number) {
  const { tenants, more } = listTenantsAfter(decodeTenantCursor(cursor), limit);
  return {
    tenants: tenants.map(tenantOut),
    next_cursor: more ? encodeTenantCursor(tenants[tenants.length - 1]!.tenant_id) : null,
  };
}
