// Owns tenant signing keys (docs/operations.md#keys): creation sealed under the master key, retirement on rotation, the
// pinned public keys verification trusts, and the signer of a tenant's active key. The private halves never leave.
import type { KeyObject } from 'node:crypto';
import { config } from '../config';
import { ApiError } from '../errors';
import { privateKeyObject, signBytes } from '../crypto/ed25519';
import { open as unseal } from '../crypto/keywrap';
import { masterKey } from '../store/master-key';
import { bumpEpochInTxn, epochCache } from '../store/epoch';
import { signingKeys, type SigningKeyRow } from './repo';
import { newSealedKey } from './key-pool';

export type { SigningKeyRow };
export type Signer = { key_id: string; public_key: Buffer; sign(message: Uint8Array): Buffer };

// Key rows change through this file only (in any process); each change bumps the epoch.
const EPOCH = 'signing_keys';

/** A new key row for `owner` (a tenant id, or 'platform'), its seed sealed under the master key; nothing is stored. */
export function newKeyRow(owner: string, now: string): SigningKeyRow {
  return { ...newSealedKey(), tenant_id: owner, valid_from: now, valid_until: null };
}

/** Inside a write transaction: stores a new tenant key. */
export function putKeyInTxn(row: SigningKeyRow): void {
  signingKeys().putSync([row.tenant_id, row.key_id], row);
  bumpEpochInTxn(EPOCH);
}

/** Inside a write transaction: marks a tenant key retired at `at`; it stays published and keeps verifying. */
export function retireKeyInTxn(tenantId: string, keyId: string, at: string): void {
  const old = signingKeys().get([tenantId, keyId]);
  if (old) signingKeys().putSync([tenantId, keyId], { ...old, valid_until: at });
  bumpEpochInTxn(EPOCH);
}

/** Every key of the tenant, current and retired, in key_id order. */
export function tenantKeys(tenantId: string): SigningKeyRow[] {
  return [...signingKeys().getRange({ start: [tenantId], end: [tenantId, '\uffff'] })].map(
    (e) => e.value as SigningKeyRow,
  );
}

/** The pinned public key of `keyId` for the tenant (verification never trusts a key copied on a row). */
export function pinnedPublicKey(tenantId: string, keyId: string): Buffer | undefined {
  return signingKeys().get([tenantId, keyId])?.public_key;
}

/** A stored signed record's signature as proofs show it. */
export type SignedRow = {
  tenant_id: string;
  key_id: string;
  public_key: Uint8Array;
  signature: Uint8Array;
  signed_bytes: Uint8Array;
};

/**
 * The signature fields of a record proof (docs/verification.md#1-encodings): algorithm, key_id, and hex of the public key (the
 * one pinned for key_id when the tenant still holds it, else the row's), the signature and the signed bytes.
 */
export function proofSignature(row: SignedRow) {
  const pinned = pinnedPublicKey(row.tenant_id, row.key_id);
  return {
    algorithm: 'ed25519' as const,
    key_id: row.key_id,
    public_key: Buffer.from(pinned ?? row.public_key).toString('hex'),
    signature: Buffer.from(row.signature).toString('hex'),
    signed_payload: Buffer.from(row.signed_bytes).toString('hex'),
  };
}

const privateCache = new Map<string, KeyObject>();
/** The private key of a stored row, unsealed once per process (keys never change). */
export function privateFor(row: SigningKeyRow): KeyObject {
  let k = privateCache.get(row.key_id);
  if (!k) {
    k = privateKeyObject(unseal(masterKey(config().masterKeyFile), row.sealed_seed, row.key_id));
    privateCache.set(row.key_id, k);
  }
  return k;
}

// The active key is the one not retired: creation and rotation write the keys in one transaction, so there
// is exactly one. Cached until any process changes a key (a rotation made by the CLI applies to the next record).
const activeKey = epochCache<SigningKeyRow>(EPOCH, (tenantId) =>
  tenantKeys(tenantId).find((k) => k.valid_until === null),
);
const signers = new Map<string, Signer>();

/** The tenant's active signing key, asked for per record by the writer. Throws ApiError not_found for an unknown tenant. */
export function tenantSigner(tenantId: string): Signer {
  const row = activeKey(tenantId);
  if (!row) throw new ApiError('not_found', 'tenant not found');
  let signer = signers.get(row.key_id);
  if (!signer) {
    const key = privateFor(row);
    signer = { key_id: row.key_id, public_key: row.public_key, sign: (m) => signBytes(key, m) };
    signers.set(row.key_id, signer);
  }
  return signer;
}

/**
 * The columns a row its tenant signs ends with, in this order: the signer's key, its signature over `signed_bytes`,
 * no log leaf yet (the append transaction places it) and the sandbox mark (docs/api.md#sandbox-tenants).
 */
export const signedColumns = (signer: Signer, signed_bytes: Buffer, sandbox: { sandbox?: true }) => ({
  key_id: signer.key_id,
  public_key: signer.public_key,
  signature: signer.sign(signed_bytes),
  signed_bytes,
  leaf_index: null,
  ...sandbox,
});

/**
 * A signer of the tenant's key `keyId`, current or retired: receipts of a checkpoint are signed by the key that
 * signed the checkpoint (docs/verification.md#18-cose-receipts), which a rotation retires but keeps. Undefined for
 * an unknown key.
 */
export function keySigner(tenantId: string, keyId: string): Signer | undefined {
  const row = signingKeys().get([tenantId, keyId]);
  if (!row) return undefined;
  let signer = signers.get(keyId);
  if (signer) return signer;
  const key = privateFor(row);
  signer = { key_id: row.key_id, public_key: row.public_key, sign: (m) => signBytes(key, m) };
  signers.set(row.key_id, signer);
  return signer;
}

// Every tenant key, for the receipt key set: cached until any process changes a key.
const everyKey = epochCache<Buffer[]>(EPOCH, () => [...signingKeys().getRange({})].map((e) => e.value.public_key));
/** The public half of every tenant's keys, current and retired, in [tenant_id, key_id] order. */
export const allTenantPublicKeys = (): Buffer[] => everyKey('') ?? [];
