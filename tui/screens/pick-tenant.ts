// Owns choosing the console's current tenant (Keys and Integrity screens work on it).
import { listTenants, type TenantRow } from '../../src/tenants/service';
import type { App } from '../app';
import { pick } from '../widgets/dialog';

/** Tenants in name order, as operators look for them. */
export const byName = (a: TenantRow, b: TenantRow): number =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.tenant_id.localeCompare(b.tenant_id);

export async function pickTenant(app: App): Promise<void> {
  const items = listTenants()
    .sort(byName)
    .map((t) => ({ id: t.tenant_id, label: `${t.name}  (${t.primary_domain}, ${t.plan})` }));
  const id = await pick(app, 'Choose a tenant', items, app.tenantId);
  if (id) app.tenantId = id;
}
