// Owns the tenants area's sub-databases: tenants and the domain index (signing keys live in src/signing/).
import { subDb } from '../store/env';

export type TenantRow = {
  tenant_id: string;
  name: string;
  issuer_name: string;
  primary_domain: string;
  domain_verified: boolean;
  domain_verified_at: string | null;
  logo_url: string | null;
  plan: string;
  past_due: boolean;
  created_at: string;
  active_key_id: string;
  /** docs/api.md#sandbox-tenants: set (true) only on a sandbox tenant; fixed at creation. */
  sandbox?: true;
};
export const tenants = () => subDb<TenantRow, string>('tenants');
export const tenantDomains = () => subDb<string, string>('tenant_domains');
