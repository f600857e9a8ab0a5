// Owns the API key sub-databases: records by SHA-256 of the plaintext, and indexes by key id and tenant.
import { subDb } from '../store/env';

export type ApiKeyRow = {
  key_id: string;
  tenant_id: string;
  name: string;
  scopes: string[];
  ip_allowlist: string[];
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
};
/** Key: SHA-256 hex of the plaintext. The plaintext itself is never stored. */
export const apiKeys = () => subDb<ApiKeyRow, string>('api_keys');
/** Key: [key_id] -> plaintext hash. */
export const apiKeyIds = () => subDb<string, string>('api_key_ids');
/** Key: [tenant_id, key_id] -> plaintext hash. */
export const apiKeysByTenant = () => subDb<string, [string, string]>('api_keys_by_tenant');
