// Owns the platform key (docs/verification.md#8-where-the-keys-come-from): the appliance's own Ed25519 key, created on first start, which signs
// the tenant key records published at GET /keys/{domain} and the checkpoints of the head and operator logs.
import { ApiError } from '../errors';
import { canonicalBytes } from '../crypto/canonical';
import { signBytes } from '../crypto/ed25519';
import { keyRecordSignedPayload } from '../crypto/signed';
import { newKeyRow, privateFor, type Signer } from './keys';
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
  return {
    algorithm: 'ed25519',
    public_key: r.public_key.toString('base64url'),
    key_id: r.key_id,
    created_at: r.valid_from,
  };
}

/** The platform signature (hex) over a published key record (public_key as base64url). */
export function signKeyRecord(record: { domain: string; public_key: string; key_id: string }): string {
  return signBytes(privateFor(platformRow()), canonicalBytes(keyRecordSignedPayload(record))).toString('hex');
}

/** The platform key's public half (it also signs the head and operator logs' checkpoints, docs/transparency-logs.md#platform-logs-the-head-log-and-the-operator-log). */
export const platformPublicKey = (): Buffer => platformRow().public_key;

let platform: Signer | null = null;
/** The platform key as a signer of log checkpoints; the private half stays inside this area. */
export function platformSigner(): Signer {
  if (!platform) {
    const row = platformRow();
    const key = privateFor(row);
    platform = { key_id: row.key_id, public_key: row.public_key, sign: (m) => signBytes(key, m) };
  }
  return platform;
}
