// Owns the tenants' SCITT issuers (docs/scitt.md#issuers): the keys an operator registers per tenant and iss
// (`svc issuer add|list|revoke`, the operator API), and the look-ups of the registration policy and the row check.
import { ApiError } from '../errors';
import { ALG_NAMES, issuerKeyPem, readIssuerKey } from '../crypto/issuer-keys';
import { transact, type AlsoInTxn } from '../store/env';
import { bumpEpochInTxn, epochCache } from '../store/epoch';
import { findTenant } from '../tenants/service';
import type { IssuerRow } from './model';
import { issuers } from './repo';

const EPOCH = 'scitt_issuers';
const MAX_ISS = 1024;

/** An issuer as the CLI and the operator API show it (the key as PEM, never anything secret: it is a public key). */
export const issuerOut = (r: IssuerRow) => ({
  tenant_id: r.tenant_id,
  iss: r.iss,
  key_id: r.key_id,
  alg: ALG_NAMES[r.alg],
  public_key_pem: issuerKeyPem(r.spki),
  added_at: r.added_at,
  revoked_at: r.revoked_at,
});

/** Every key registered for `iss` of the tenant, revoked ones included. */
const keysOf = (tenantId: string, iss: string): IssuerRow[] =>
  [...issuers().getRange({ start: [tenantId, iss], end: [tenantId, iss, '\uffff'] })].map((e) => e.value);

function checkIss(iss: unknown): string {
  if (typeof iss !== 'string' || !iss || iss.length > MAX_ISS || /\p{Cc}/u.test(iss))
    throw new ApiError('bad_request', `iss must be 1-${MAX_ISS} characters of text without control characters`);
  return iss;
}

export type AddIssuerIn = { tenant: string; iss: string; publicKeyPem: string };

export type IssuerOut = ReturnType<typeof issuerOut>;

/**
 * Registers `publicKeyPem` as the key of issuer `iss` for the tenant: its statements register from now on. 409
 * issuer_exists while the issuer has a key that is not revoked, or when this very key was revoked for it (a revoked key
 * is never trusted again); 400 bad_request for a key that is not an Ed25519 or P-256 public key. `also` runs in the
 * transaction that adds it (the operator-log entry).
 */
export async function addIssuer(input: AddIssuerIn, also?: AlsoInTxn<IssuerOut>) {
  const tenantId = findTenant(input.tenant).tenant_id;
  const iss = checkIss(input.iss);
  let key: ReturnType<typeof readIssuerKey>;
  try {
    key = readIssuerKey(String(input.publicKeyPem ?? ''));
  } catch (e) {
    throw new ApiError('bad_request', `the issuer key: ${(e as Error).message}`);
  }
  const row: IssuerRow = {
    tenant_id: tenantId,
    iss,
    key_id: key.key_id,
    alg: key.alg,
    spki: key.spki,
    added_at: new Date().toISOString(),
    revoked_at: null,
  };
  // Checked and written in one transaction, so two adds of one iss cannot both succeed; nothing is thrown inside it.
  const refusal = await transact(() => {
    const held = keysOf(tenantId, iss);
    const active = held.find((r) => r.revoked_at === null);
    if (active) return `${iss} already has key ${active.key_id}; revoke it before adding another`;
    if (held.some((r) => r.key_id === key.key_id))
      return `key ${key.key_id} was revoked for ${iss} and is not trusted again`;
    issuers().putSync([tenantId, iss, key.key_id], row);
    bumpEpochInTxn(EPOCH);
    also?.(issuerOut(row));
    return null;
  });
  if (refusal) throw new ApiError('issuer_exists', refusal);
  return issuerOut(row);
}

/**
 * Revokes the issuer's key: nothing new registers under `iss` (statements registered before stay). 404 not_found.
 * `also` runs in the transaction that revokes it (the operator-log entry).
 */
export async function revokeIssuer(tenantRef: string, iss: string, also?: AlsoInTxn<IssuerOut>) {
  const tenantId = findTenant(tenantRef).tenant_id;
  const row = await transact(() => {
    const active = keysOf(tenantId, iss).find((r) => r.revoked_at === null);
    if (!active) return null;
    const revoked = { ...active, revoked_at: new Date().toISOString() };
    issuers().putSync([tenantId, iss, active.key_id], revoked);
    bumpEpochInTxn(EPOCH);
    also?.(issuerOut(revoked));
    return revoked;
  });
  if (!row) throw new ApiError('not_found', `the tenant has no issuer ${iss} (or it is revoked already)`);
  return issuerOut(row);
}

/** Every issuer key of the tenant, by iss, revoked ones included. */
export function listIssuers(tenantRef: string) {
  const tenantId = findTenant(tenantRef).tenant_id;
  return [...issuers().getRange({ start: [tenantId], end: [tenantId, '\uffff'] })].map((e) => issuerOut(e.value));
}

const activeByIss = epochCache<IssuerRow | null>(EPOCH, (k) => {
  const [tenantId, iss] = JSON.parse(k) as [string, string];
  return keysOf(tenantId, iss).find((r) => r.revoked_at === null) ?? null;
});

/** The key `iss` registers with for the tenant now, null when it has none (unknown, or revoked). */
export const activeIssuer = (tenantId: string, iss: string): IssuerRow | null =>
  activeByIss(JSON.stringify([tenantId, iss])) ?? null;

/** A key the tenant registered for `iss`, revoked or not (what checks a statement registered with it). */
export const issuerKey = (tenantId: string, iss: string, keyId: string): IssuerRow | undefined =>
  issuers().get([tenantId, iss, keyId]);
