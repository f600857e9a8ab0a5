// Signing keys made ahead of need (src/signing/key-pool.ts): each key is handed out once, its sealed seed opens with
// the master key and signs what its public key verifies (node:crypto), and the pool fills itself again once quiet.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createHash, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { loadConfig, setConfig } from '../../src/config';
import { open as unseal } from '../../src/crypto/keywrap';
import { masterKey } from '../../src/store/master-key';
import {
  newSealedKey,
  READY_MAX,
  readyKeys,
  startKeyPool,
  stopKeyPool,
  type SealedKey,
} from '../../src/signing/key-pool';
import { cleanup, tempDir, until } from '../helpers';

const dir = tempDir();
let file = '';
beforeAll(() => {
  file = setConfig(loadConfig({ SVC_DATA_DIR: dir })).masterKeyFile;
});
afterAll(() => {
  stopKeyPool();
  cleanup(dir);
});

/** The key works as an Ed25519 pair, checked with node:crypto from the raw bytes (RFC 8410 DER prefixes). */
function checkPair(k: SealedKey): void {
  const seed = unseal(masterKey(file), k.sealed_seed, k.key_id);
  const priv = createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const pub = createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), k.public_key]),
    format: 'der',
    type: 'spki',
  });
  const msg = Buffer.from(`signed by ${k.key_id}`);
  expect(verify(null, msg, pub, sign(null, msg, priv))).toBe(true);
  // The key id is the first 16 hex digits of the public key's SHA-256 (docs/verification.md).
  expect(k.key_id).toBe(createHash('sha256').update(k.public_key).digest('hex').slice(0, 16));
  expect(k.sealed_seed.includes(seed)).toBe(false);
}

describe('the signing key pool', () => {
  it('makes a key on the spot when none is ready (the CLI), a working pair', () => {
    checkPair(newSealedKey());
  });

  it('fills up in the background once started, hands each key out once, and fills again after a quiet moment', async () => {
    startKeyPool();
    await until(() => readyKeys() === READY_MAX, 5000);
    // A burst empties the pool, then keys are made on the spot; every key is a new one.
    const taken = Array.from({ length: READY_MAX + 5 }, () => newSealedKey());
    expect(readyKeys()).toBe(0);
    expect(new Set(taken.map((k) => k.key_id)).size).toBe(READY_MAX + 5);
    for (const k of [...taken.slice(0, 3), ...taken.slice(-3)]) checkPair(k);
    // Quiet again: the pool fills up with keys never handed out before.
    await until(() => readyKeys() === READY_MAX, 5000);
    const again = Array.from({ length: READY_MAX }, () => newSealedKey());
    expect(again.some((k) => taken.some((t) => t.key_id === k.key_id))).toBe(false);
    stopKeyPool();
    await Bun.sleep(100);
    expect(readyKeys()).toBe(0);
  });
});
