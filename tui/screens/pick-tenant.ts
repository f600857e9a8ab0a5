// Owns choosing the console's current tenant (Keys and Integrity screens work on it).
import { listTenants } from '../../src/tenants/service';
import type { App } from '../app';
import { pick } from '../widgets/dialog';

export async function pickTenant(app: App): Promise<void> {
  const items = listTenants().map((t) => ({ id: t.tenant_id, label: `${t.name}  (${t.primary_domain}, ${t.plan})` }));
  const id = await pick(app, 'Choose a tenant', items, app.tenantId);
  if (id) app.tenantId = id;
}
