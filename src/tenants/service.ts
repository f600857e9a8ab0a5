// Owns tenants (DECISIONS 1): creation, plans, past-due flag, domain verification, signing keys and rotation.
import { resolveTxt } from 'node:dns/promises';
import type { KeyObject } from 'node:crypto';
import { config } from '../config';
import { ApiError } from '../errors';
import { canonicalBytes } from '../crypto/canonical';
import { generateSigningKey, keyIdOf, privateKeyObject, signBytes, verifyBytes } from '../crypto/ed25519';
import { open as unseal, seal } from '../crypto/keywrap';
import { uuidv4, isUuid } from '../crypto/ids';
import { masterKey } from '../store/master-key';
import { transact, updateRow } from '../store/env';
import { bumpEpochInTxn, epochCache } from '../store/epoch';
import { isPlanName, PLAN_NAMES, type PlanName } from '../plans/plans';
import { platformKeys, signingKeys, tenantDomains, tenants, type SigningKeyRow, type TenantRow } from './repo';

export type { TenantRow };
export type Signer = { key_id: string; public_key: Buffer; sign(message: Uint8Array): Buffer };

/** DECISIONS 11: domains that would give a tenant log a platform log's origin (head, operator) or the witness key's name. */
export const RESERVED_DOMAINS: readonly string[] = ['head', 'operator', 'witness'];
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

function newKeyRow(tenantId: string, now: string): { row: SigningKeyRow; seed: Buffer } {
  const { publicKey, seed } = generateSigningKey();
  const key_id = keyIdOf(publicKey);
  return {
    row: { key_id, tenant_id: tenantId, public_key: publicKey, sealed_seed: seal(masterKey(config().masterKeyFile), seed, key_id), valid_from: now, valid_until: null },
    seed,
  };
}

export type CreateTenantIn = { name: string; domain: string; issuerName?: string; plan?: string };

/** Creates a tenant with its first Ed25519 key. Throws ApiError bad_request on invalid input or a taken domain. */
export async function createTenant(input: CreateTenantIn) {
  const name = (input.name ?? '').trim();
  const domain = (input.domain ?? '').trim().toLowerCase();
  const plan = input.plan ?? 'builder';
  if (!name || name.length > 255) throw new ApiError('invalid_name', 'name must be 1-255 characters');
  if (!DOMAIN.test(domain)) throw new ApiError('bad_request', `invalid domain: ${domain}`);
  // DECISIONS 11: these would give the tenant's log the origin of a platform log (or the witness key's name).
  if (RESERVED_DOMAINS.includes(domain)) throw new ApiError('invalid_payload', `the domain ${domain} is reserved for the appliance's own logs`);
  if (!isPlanName(plan)) throw new ApiError('bad_request', `plan must be one of ${PLAN_NAMES.join(', ')}`);
  const now = new Date().toISOString();
  const tenant_id = uuidv4();
  const { row } = newKeyRow(tenant_id, now);
  const t: TenantRow = {
    tenant_id, name, issuer_name: (input.issuerName ?? '').trim() || name, primary_domain: domain,
    domain_verified: false, domain_verified_at: null, logo_url: null, plan, past_due: false, created_at: now,
    active_key_id: row.key_id,
  };
  const ok = await tenantDomains().ifNoExists(domain, () => {
    bumpEpochInTxn(EPOCH);
    tenantDomains().put(domain, tenant_id);
    tenants().put(tenant_id, t);
    signingKeys().put([tenant_id, row.key_id], row);
  });
  if (!ok) throw new ApiError('bad_request', `domain already registered: ${domain}`);
  return { tenant_id, name, primary_domain: domain, plan, key_id: row.key_id, public_key: row.public_key.toString('hex') };
}

/** The tenant by id or primary domain; throws ApiError not_found. */
export function findTenant(ref: string): TenantRow {
  const id = isUuid(ref) ? ref : tenantDomains().get(ref.toLowerCase());
  const t = id ? tenants().get(id) : undefined;
  if (!t) throw new ApiError('not_found', `no tenant ${ref}`);
  return t;
}
// Tenant rows change through this file only (in any process); each change bumps the epoch.
const EPOCH = 'tenants';
const cachedTenant = epochCache<TenantRow>(EPOCH, (id) => tenants().get(id));
/** The tenant row, cached until any process changes a tenant (read on every authenticated request). */
export const getTenant = (tenantId: string): TenantRow | undefined => cachedTenant(tenantId);

export function listTenants(): TenantRow[] {
  return [...tenants().getRange({})].map((e) => e.value as TenantRow);
}

export function tenantKeys(tenantId: string): SigningKeyRow[] {
  return [...signingKeys().getRange({ start: [tenantId], end: [tenantId, '\uffff'] })].map((e) => e.value as SigningKeyRow);
}

/** A tenant as shown by the CLI and console: the row plus its keys' public halves, never a private key. */
export function describeTenant(t: TenantRow) {
  return {
    tenant_id: t.tenant_id, name: t.name, issuer_name: t.issuer_name, primary_domain: t.primary_domain,
    domain_verified: t.domain_verified, domain_verified_at: t.domain_verified_at, logo_url: t.logo_url, plan: t.plan,
    past_due: t.past_due, created_at: t.created_at, active_key_id: t.active_key_id,
    keys: tenantKeys(t.tenant_id).map((k) => ({ key_id: k.key_id, public_key: k.public_key.toString('hex'), valid_from: k.valid_from, valid_until: k.valid_until })),
  };
}

async function updateTenant(ref: string, change: (t: TenantRow) => Partial<TenantRow>): Promise<TenantRow> {
  const t = findTenant(ref);
  const updated = await updateRow(tenants(), t.tenant_id, change, () => bumpEpochInTxn(EPOCH));
  if (!updated) throw new ApiError('not_found', 'No such tenant');
  return updated;
}

export const setPlan = (ref: string, plan: string) => {
  if (!isPlanName(plan)) throw new ApiError('bad_request', `plan must be one of ${PLAN_NAMES.join(', ')}`);
  return updateTenant(ref, () => ({ plan: plan as PlanName }));
};
export const setPastDue = (ref: string, on: boolean) => updateTenant(ref, () => ({ past_due: on }));

/** DNS TXT `_svc-verify.DOMAIN` must hold `svc-verify=<tenant_id>`; `force` records an operator attestation. */
export async function verifyDomain(ref: string, force = false): Promise<TenantRow> {
  const t = findTenant(ref);
  if (!force) {
    let records: string[][] = [];
    try {
      records = await resolveTxt(`_svc-verify.${t.primary_domain}`);
    } catch {
      records = [];
    }
    const want = `svc-verify=${t.tenant_id}`;
    if (!records.some((r) => r.join('') === want)) {
      throw new ApiError('bad_request', `DNS TXT _svc-verify.${t.primary_domain} does not hold ${want}; use --force to attest`);
    }
  }
  return updateTenant(t.tenant_id, () => ({ domain_verified: true, domain_verified_at: new Date().toISOString() }));
}

/** Rotates the tenant's signing key; the old key stays published with valid_until set and keeps verifying. */
export async function rotateKey(ref: string) {
  const t = findTenant(ref);
  const now = new Date().toISOString();
  const { row } = newKeyRow(t.tenant_id, now);
  await transact(() => {
    const cur = tenants().get(t.tenant_id)!;
    const old = signingKeys().get([t.tenant_id, cur.active_key_id]);
    if (old) signingKeys().putSync([t.tenant_id, old.key_id], { ...old, valid_until: now });
    signingKeys().putSync([t.tenant_id, row.key_id], row);
    tenants().putSync(t.tenant_id, { ...cur, active_key_id: row.key_id });
    bumpEpochInTxn(EPOCH);
  });
  return { key_id: row.key_id, public_key: row.public_key.toString('hex') };
}

const privateCache = new Map<string, KeyObject>();
function privateFor(row: SigningKeyRow): KeyObject {
  let k = privateCache.get(row.key_id);
  if (!k) {
    k = privateKeyObject(unseal(masterKey(config().masterKeyFile), row.sealed_seed, row.key_id));
    privateCache.set(row.key_id, k);
  }
  return k;
}

// The intake worker asks for a signer per record: the tenant row is read every time (so a rotation made
// by the CLI applies to the next record), the decoded key pair is cached by key_id (keys never change).
const signers = new Map<string, Signer>();

/** The tenant's active signing key. The private half stays inside this module. */
export function tenantSigner(tenantId: string): Signer {
  const t = getTenant(tenantId);
  if (!t) throw new ApiError('not_found', 'tenant not found');
  let signer = signers.get(t.active_key_id);
  if (!signer) {
    const row = signingKeys().get([tenantId, t.active_key_id])!;
    const key = privateFor(row);
    signer = { key_id: row.key_id, public_key: row.public_key, sign: (m) => signBytes(key, m) };
    signers.set(row.key_id, signer);
  }
  return signer;
}

/** The pinned public key of `keyId` for the tenant (verification never trusts a key copied on a row). */
export function pinnedPublicKey(tenantId: string, keyId: string): Buffer | undefined {
  return signingKeys().get([tenantId, keyId])?.public_key;
}

/** SPEC "Issuer block": domain_verified_at and logo_url omitted when absent. */
export function issuerBlock(t: TenantRow) {
  const o: Record<string, unknown> = { name: t.name, issuer_name: t.issuer_name, primary_domain: t.primary_domain, domain_verified: t.domain_verified };
  if (t.domain_verified && t.domain_verified_at) o.domain_verified_at = t.domain_verified_at;
  if (t.logo_url) o.logo_url = t.logo_url;
  return o;
}

// ---- platform key (DECISIONS 7) ----

/** The appliance's own Ed25519 key, created on first use; it signs tenant key records. */
export async function ensurePlatformKey(): Promise<void> {
  if (platformKeys().get('platform')) return;
  const { row } = newKeyRow('platform', new Date().toISOString());
  await platformKeys().ifNoExists('platform', () => platformKeys().put('platform', row));
}
function platformRow(): SigningKeyRow {
  const r = platformKeys().get('platform');
  if (!r) throw new ApiError('not_found', 'platform key not created yet');
  return r;
}
export function platformKeyDoc() {
  const r = platformRow();
  return { algorithm: 'ed25519', public_key: r.public_key.toString('base64url'), key_id: r.key_id, created_at: r.valid_from };
}

/** The platform key's public half (it signs the head and operator logs' checkpoints, DECISIONS 11). */
export const platformPublicKey = (): Buffer => platformRow().public_key;

let platform: Signer | null = null;
/** The platform key as a signer; the private half stays inside this module. */
export function platformSigner(): Signer {
  if (!platform) {
    const row = platformRow();
    const key = privateFor(row);
    platform = { key_id: row.key_id, public_key: row.public_key, sign: (m) => signBytes(key, m) };
  }
  return platform;
}

/** GET /keys/{domain}: the active key, every key with its validity, each signed by the platform key. */
export function domainKeysDoc(domain: string) {
  const id = tenantDomains().get(domain.toLowerCase());
  const t = id ? tenants().get(id) : undefined;
  if (!t) throw new ApiError('not_found', `no tenant for domain ${domain}`);
  const platform = privateFor(platformRow());
  const keys = tenantKeys(t.tenant_id).map((k) => {
    const public_key = k.public_key.toString('base64url');
    const platform_signature = signBytes(platform, canonicalBytes({ domain: t.primary_domain, public_key, key_id: k.key_id })).toString('hex');
    return { key_id: k.key_id, public_key, algorithm: 'ed25519', valid_from: k.valid_from, valid_until: k.valid_until, platform_signature };
  });
  const active = keys.find((k) => k.key_id === t.active_key_id)!;
  return {
    domain: t.primary_domain, public_key: active.public_key, algorithm: 'ed25519', key_id: active.key_id,
    platform_signature: active.platform_signature, domain_verified: t.domain_verified, issuer_name: t.issuer_name, keys,
  };
}

export { verifyBytes };
