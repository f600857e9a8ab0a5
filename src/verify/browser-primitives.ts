// Owns the browser primitives the pure checks run on in the page bundles: audited @noble code, synchronous.
import * as ed from '@noble/ed25519';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import type { Ed25519Verify, Primitives, Sha256 } from './primitives';

// noble needs a synchronous SHA-512 for ed.verify; the @noble/hashes one is bundled with it.
ed.hashes.sha512 = sha512;

export const browserSha256: Sha256 = (data) => sha256(data);
/** Strict RFC 8032 verification (zip215 off), the rule node:crypto / OpenSSL apply on the server; never throws. */
export const browserVerify: Ed25519Verify = (publicKey, message, signature) => {
  try {
    if (publicKey.length !== 32 || signature.length !== 64) return false;
    return ed.verify(signature, message, publicKey, { zip215: false });
  } catch {
    return false;
  }
};
export const browserPrimitives: Primitives = { sha256: browserSha256, verify: browserVerify };
