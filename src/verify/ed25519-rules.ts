// Owns the one Ed25519 rule every verifier applies (docs/verification.md#ed25519): a public key is the canonical
// encoding of a point of prime order, S is below the group order L, and the equation is the cofactorless one
// [S]B = R + [k]A checked by re-encoding (so R must be canonical too). node:crypto and @noble apply it alike.
import { Point } from '@noble/ed25519';
import { toHex, type Ed25519Verify } from './primitives';

/** The order of the Ed25519 base point. */
export const L = 2n ** 252n + 27742317777372353535851937790883648493n;

/** The little-endian integer of `b`. */
export function littleEndian(b: Uint8Array): bigint {
  let n = 0n;
  for (let i = b.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(b[i]!);
  return n;
}

/** True when the signature is 64 bytes and its S half (little-endian) is below L. */
export const scalarCanonical = (signature: Uint8Array): boolean =>
  signature.length === 64 && littleEndian(signature.subarray(32)) < L;

function pointOfPrimeOrder(publicKey: Uint8Array): boolean {
  try {
    // Strict decoding (zip215 off): y < p, and no x = 0 with the sign bit set.
    const a = Point.fromBytes(publicKey, false);
    return !a.isSmallOrder() && a.isTorsionFree();
  } catch {
    return false;
  }
}

// A verdict per key: keys are few (a tenant's, the platform's, the witnesses'), the check costs a scalar multiplication.
const MAX_KEYS = 1024;
const keyVerdicts = new Map<string, boolean>();

/**
 * True when `publicKey` is 32 bytes encoding a curve point canonically (y < p, no negative zero), of prime order L:
 * neither of small order nor with a small-order component (a "mixed-order" key). Remembered per key; never throws.
 */
export function primeOrderKey(publicKey: Uint8Array): boolean {
  if (publicKey.length !== 32) return false;
  const k = toHex(publicKey);
  let v = keyVerdicts.get(k);
  if (v === undefined) {
    v = pointOfPrimeOrder(publicKey);
    if (keyVerdicts.size >= MAX_KEYS) keyVerdicts.delete(keyVerdicts.keys().next().value!);
    keyVerdicts.set(k, v);
  }
  return v;
}

/**
 * `verify` (a cofactorless RFC 8032 verification) behind the rule's checks on the key and on S, so that every
 * implementation answers alike: OpenSSL and @noble differ on mixed-order keys and on the cofactor.
 */
export const strictEd25519 =
  (verify: Ed25519Verify): Ed25519Verify =>
  (publicKey, message, signature) =>
    publicKey.length === 32 &&
    signature.length === 64 &&
    scalarCanonical(signature) &&
    primeOrderKey(publicKey) &&
    verify(publicKey, message, signature);
