// Owns Ed25519 key pairs, signing and verification with node:crypto (key_id: verify/records.ts keyIdOf).
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';

const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export type SigningKeyPair = { publicKey: Buffer; seed: Buffer };

/** A new key pair: the raw 32-byte public key and the raw 32-byte private seed (RFC 8032). */
export function generateSigningKey(): SigningKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' });
  return { publicKey: Buffer.from(spki.subarray(12)), seed: Buffer.from(pkcs8.subarray(16)) };
}

export function privateKeyObject(seed: Uint8Array): KeyObject {
  return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

const publicCache = new Map<string, KeyObject>();
/** node:crypto KeyObject for a raw 32-byte public key (cached: keys are immutable). */
export function publicKeyObject(publicKey: Uint8Array): KeyObject {
  const hex = Buffer.from(publicKey).toString('hex');
  let k = publicCache.get(hex);
  if (!k) {
    k = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' });
    if (publicCache.size > 10000) publicCache.clear();
    publicCache.set(hex, k);
  }
  return k;
}

/** 64-byte Ed25519 signature over `message`. */
export function signBytes(key: KeyObject, message: Uint8Array): Buffer {
  return sign(null, message, key);
}

/** True when `signature` is a valid Ed25519 signature of `message` under the raw `publicKey`; never throws. */
export function verifyBytes(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  try {
    if (publicKey.length !== 32 || signature.length !== 64) return false;
    return verify(null, message, publicKeyObject(publicKey), signature);
  } catch {
    return false;
  }
}
