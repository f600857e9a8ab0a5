// Owns the platform key (DECISIONS 7): the appliance's own Ed25519 key, created on first start, which signs
// the tenant key records published at GET /keys/{domain}.
import { ApiError } from '../errors';
import { canonicalBytes } from '../crypto/canonical';
import { signBytes } from '../crypto/ed25519';
import { keyRecordSignedPayload } from '../crypto/signed';
import { newKeyRow, privateFor } from './keys';
import { platformKeys, type SigningKeyRow } from './repo';

/** Creates the platform key unless it exists (two processes racing: one wins, the other keeps it). */
export async function ensurePlatformKey(): Promise<void> {
  if (platformKeys().get('platform')) return;
  const row = newKeyRow('platform', new Date().toISOString());
  await platformKeys().ifNoExists('platform', () => platformKeys().put('platform', row));
}

function platformRow(): SigningKeyRow {
  const r = platformKeys().get('platform');
  if (!r) throw new ApiError('not_found', 'platform key not created yet');
  return r;
}

/** GET /.well-known/svc-platform-key. */
export function platformKeyDoc() {
  const r = platformRow();
  return { algorithm: 'ed25519', public_key: r.public_key.toString('base64url'), key_id: r.key_id, created_at: r.valid_from };
}

/** The platform signature (hex) over a published key record (public_key as base64url). */
export function signKeyRecord(record: { domain: string; public_key: string; key_id: string }): string {
  return signBytes(privateFor(platformRow()), canonicalBytes(keyRecordSignedPayload(record))).toString('hex');
}
