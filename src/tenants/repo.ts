// Owns the tenants area's sub-databases: tenants, domain index, signing keys, the platform key.
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
};
export type SigningKeyRow = {
  key_id: string;
  tenant_id: string;
  public_key: Buffer;
  sealed_seed: Buffer;
  valid_from: string;
  valid_until: string | null;
};

export const tenants = () => subDb<TenantRow, string>('tenants');
export const tenantDomains = () => subDb<string, string>('tenant_domains');
/** Key [tenant_id, key_id]. */
export const signingKeys = () => subDb<SigningKeyRow, [string, string]>('signing_keys');
/** Key 'platform'. */
export const platformKeys = () => subDb<SigningKeyRow, string>('platform_key');
