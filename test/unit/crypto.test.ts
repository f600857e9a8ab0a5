// Ed25519 against RFC 8032 vectors and the encryption of signing keys at rest.
import { describe, expect, it } from 'bun:test';
import { createPublicKey, randomBytes, verify } from 'node:crypto';
import { generateSigningKey, privateKeyObject, signBytes, verifyBytes } from '../../src/crypto/ed25519';
import { keyIdOf } from '../../src/verify/records';
import { nodeSha256 } from '../../src/verify/node-primitives';
import { open, seal } from '../../src/crypto/keywrap';
import { sha256Hex } from '../../src/crypto/hash';

// RFC 8032 section 7.1, TEST 2 (one-byte message 0x72).
const SEED = '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb';
const PUB = '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c';
const SIG =
  '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00';

describe('Ed25519', () => {
  it('signs the RFC 8032 test vector byte for byte', () => {
    const sig = signBytes(privateKeyObject(Buffer.from(SEED, 'hex')), Buffer.from('72', 'hex'));
    expect(sig.toString('hex')).toBe(SIG);
    expect(verifyBytes(Buffer.from(PUB, 'hex'), Buffer.from('72', 'hex'), sig)).toBe(true);
  });
  it('rejects a changed message or signature', () => {
    const sig = Buffer.from(SIG, 'hex');
    expect(verifyBytes(Buffer.from(PUB, 'hex'), Buffer.from('73', 'hex'), sig)).toBe(false);
    sig[0]! ^= 1;
    expect(verifyBytes(Buffer.from(PUB, 'hex'), Buffer.from('72', 'hex'), sig)).toBe(false);
  });
  it('key_id is the first 16 hex characters of SHA-256 of the raw public key', () => {
    expect(keyIdOf(nodeSha256, Buffer.from(PUB, 'hex'))).toBe(sha256Hex(Buffer.from(PUB, 'hex')).slice(0, 16));
    expect(keyIdOf(nodeSha256, Buffer.from(PUB, 'hex'))).toHaveLength(16);
  });
  it('generated keys verify with a plain node:crypto SPKI key', () => {
    const { publicKey, seed } = generateSigningKey();
    const msg = randomBytes(100);
    const sig = signBytes(privateKeyObject(seed), msg);
    const spki = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: publicKey.toString('base64url') },
      format: 'jwk',
    });
    expect(verify(null, msg, spki, sig)).toBe(true);
  });
});

describe('key encryption at rest', () => {
  it('round-trips under AES-256-GCM and refuses a changed blob or key_id', () => {
    const master = randomBytes(32);
    const secret = randomBytes(32);
    const blob = seal(master, secret, 'kid1');
    expect(blob.includes(secret)).toBe(false);
    expect(open(master, blob, 'kid1').equals(secret)).toBe(true);
    expect(() => open(master, blob, 'kid2')).toThrow();
    const bad = Buffer.from(blob);
    bad[bad.length - 1]! ^= 1;
    expect(() => open(master, bad, 'kid1')).toThrow();
    expect(() => open(randomBytes(32), blob, 'kid1')).toThrow();
  });
});
