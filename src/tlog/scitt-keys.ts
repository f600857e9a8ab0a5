// Owns the receipt key set (docs/verification.md#18-cose-receipts): every key that signs receipts, the tenants' keys,
// current and retired, and the platform key (head receipts), as COSE_Keys whose kid is their RFC 9679 thumbprint.
import { encodeCbor } from '../crypto/cbor';
import { allTenantPublicKeys } from '../signing/keys';
import { platformPublicKey } from '../signing/platform';
import { coseKey, coseThumbprint } from '../verify/cose';
import { fromBase64Url } from '../verify/primitives';
import { sha } from './logs';

type KeySet = { tenantKeys: Buffer[]; set: Uint8Array; byKid: Map<string, Uint8Array> };
// Rebuilt when the tenant key list changes (a new tenant, a rotation); the platform key never changes.
let built: KeySet | null = null;

function keySet(): KeySet {
  const tenantKeys = allTenantPublicKeys();
  if (built?.tenantKeys === tenantKeys) return built;
  const keys = [platformPublicKey(), ...tenantKeys].map((k) => {
    const kid = coseThumbprint(sha, k);
    return { kid, key: coseKey(k, kid) };
  });
  built = {
    tenantKeys,
    set: encodeCbor(keys.map((k) => k.key)),
    byKid: new Map(keys.map((k) => [Buffer.from(k.kid).toString('base64url'), encodeCbor(k.key)])),
  };
  return built;
}

/** GET /.well-known/scitt-keys: the COSE Key Set (application/cbor), platform key first. */
export const receiptKeySet = (): Uint8Array => keySet().set;

/** GET /.well-known/scitt-keys/{kid}: the COSE_Key of a kid written in base64url without padding, or null. */
export function receiptKey(kid: string): Uint8Array | null {
  const raw = fromBase64Url(kid);
  if (raw?.length !== 32) return null;
  return keySet().byKid.get(Buffer.from(raw).toString('base64url')) ?? null;
}
