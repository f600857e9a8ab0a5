// Owns the browser primitives the pure checks run on in the page bundles: audited @noble code, synchronous.
import { etc, Point } from '@noble/ed25519';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { L, littleEndian, strictEd25519 } from './ed25519-rules';
import { concat, equalBytes, type Ed25519Verify, type Primitives, type Sha256 } from './primitives';

export const browserSha256: Sha256 = (data) => sha256(data);

/**
 * The cofactorless RFC 8032 equation, as OpenSSL checks it: [S]B - [k]A re-encoded must be the signature's R bytes
 * (@noble's own verify multiplies by the cofactor, which accepts what OpenSSL refuses).
 */
const cofactorless: Ed25519Verify = (publicKey, message, signature) => {
  try {
    const a = Point.fromBytes(publicKey, false);
    const r = signature.subarray(0, 32);
    const k = etc.mod(littleEndian(sha512(concat(r, publicKey, message))), L);
    const s = littleEndian(signature.subarray(32));
    return equalBytes(Point.BASE.multiply(s, false).subtract(a.multiply(k, false)).toBytes(), r);
  } catch {
    return false;
  }
};

/** docs/verification.md#ed25519: the rule node:crypto applies on the server, on @noble; never throws. */
export const browserVerify: Ed25519Verify = strictEd25519(cofactorless);
export const browserPrimitives: Primitives = { sha256: browserSha256, verify: browserVerify };
