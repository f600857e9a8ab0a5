// Owns the signing key sub-databases: every tenant's Ed25519 keys and the platform key (sealed seeds).
import { subDb } from '../store/env';

export type SigningKeyRow = {
  key_id: string;
  tenant_id: string;
  public_key: Buffer;
  sealed_seed: Buffer;
  valid_from: string;
  valid_until: string | null;
};

/** Key [tenant_id, key_id]. */
export const signingKeys = () => subDb<SigningKeyRow, [string, string]>('signing_keys');
/** Key 'platform'. */
export const platformKeys = () => subDb<SigningKeyRow, string>('platform_key');
