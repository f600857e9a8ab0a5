// Owns tenants (docs/api.md#tenant-administration): creation with a first signing key, plans, past-due flag, domain verification,
// key rotation and the published key document (the keys themselves live in src/signing/).
import { resolveTxt } from 'node:dns/promises';
import { ApiError } from '../errors';
import { uuidv7, isUuid } from '../crypto/ids';
import { transact, updateRow, type AlsoInTxn } from '../store/env';
import { bumpEpochInTxn, epochCache } from '../store/epoch';
import { isPlanName, PLAN_NAMES, type PlanName } from '../plans/plans';
import { newKeyRow, putKeyInTxn, retireKeyInTxn, tenantKeys } from '../signing/keys';
import { signKeyRecord } from '../signing/platform';
import { tenantDomains, tenants, type TenantRow } from './repo';

export type { TenantRow };

/** docs/transparency-logs.md#origin: domains that would give a tenant log a platform log's origin (head, operator) or the witness key's name. */
export const RESERVED_DOMAINS: readonly string[] = ['head', 'operator', 'witness'];
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

export type CreateTenantIn = { name: string; domain: string; issuerName?: string; plan?: string; sandbox?: boolean };
export type CreatedTenant = {
  tenant_id: string;
  name: string;
  primary_domain: string;
  plan: PlanName;
  key_id: string;
  public_key: string;
  sandbox: boolean;
};

/**
 * Creates a tenant with its first Ed25519 key; `also` runs in the same transaction. Throws ApiError bad_request on
 * invalid input or a taken domain.
 */
export async function createTenant(input: CreateTenantIn, also?: AlsoInTxn<CreatedTenant>): Promise<CreatedTenant> {
  const name = (input.name ?? '').trim();
  const domain = (input.domain ?? '').trim().toLowerCase();
  const plan = input.plan ?? 'builder';
  if (!name || name.length > 255) throw new ApiError('invalid_name', 'name must be 1-255 characters');
  if (!DOMAIN.test(domain)) throw new ApiError('bad_request', `invalid domain: ${domain}`);
  // docs/transparency-logs.md#origin: these would give the tenant's log the origin of a platform log (or the witness key's name).
  if (RESERVED_DOMAINS.includes(domain))
    throw new ApiError('invalid_payload', `the domain ${domain} is reserved for the appliance's own logs`);
  if (!isPlanName(plan)) throw new ApiError('bad_request', `plan must be one of ${PLAN_NAMES.join(', ')}`);
  const now = new Date().toISOString();
  // Time-ordered (docs/api.md#conventions): the tenant's rows and its key's then go in at the right edge of their
  // indexes, so a commit of many creations writes a few B-tree pages instead of one page per tenant in each.
  const tenant_id = uuidv7();
  const row = newKeyRow(tenant_id, now);
  const t: TenantRow = {
    tenant_id,
    name,
    issuer_name: (input.issuerName ?? '').trim() || name,
    primary_domain: domain,
    domain_verified: false,
    domain_verified_at: null,
    logo_url: null,
    plan,
    past_due: false,
    created_at: now,
    active_key_id: row.key_id,
    ...(input.sandbox === true ? { sandbox: true as const } : {}),
  };
  const out: CreatedTenant = {
    tenant_id,
    name,
    primary_domain: domain,
    plan,
    key_id: row.key_id,
    public_key: row.public_key.toString('hex'),
    sandbox: input.sandbox === true,
  };
  const ok = await transact(() => {
    if (tenantDomains().doesExist(domain)) return false;
    bumpEpochInTxn(EPOCH);
    tenantDomains().putSync(domain, tenant_id);
    tenants().putSync(tenant_id, t);
    putKeyInTxn(row);
    also?.(out);
    return true;
  });
  if (!ok) throw new ApiError('bad_request', `domain already registered: ${domain}`);
  return out;
}

/** The tenant by id or primary domain; throws ApiError not_found. */
export function findTenant(ref: string): TenantRow {
  const id = isUuid(ref) ? ref : tenantDomains().get(ref.toLowerCase());
  // The cached row (read-only, as every caller treats it): decoding a tenant row is most of a key creation's reads.
  const t = id ? cachedTenant(id) : undefined;
  if (!t) throw new ApiError('not_found', `no tenant ${ref}`);
  return t;
}
// Tenant rows change through this file only (in any process); each change bumps the epoch.
const EPOCH = 'tenants';
const cachedTenant = epochCache<TenantRow>(EPOCH, (id) => tenants().get(id));
/** The tenant row, cached until any process changes a tenant (read on every authenticated request). */
export const getTenant = (tenantId: string): TenantRow | undefined => cachedTenant(tenantId);

/**
 * docs/api.md#sandbox-tenants: whether the tenant is a sandbox one, whose records carry `"sandbox": true` in their
 * signed bytes, count against no quota and whose checkpoints never enter the head.
 */
export const isSandbox = (tenantId: string): boolean => getTenant(tenantId)?.sandbox === true;
/** The field a sandbox tenant's new record rows carry (and their signed bytes with them); nothing for other tenants. */
export const sandboxMark = (tenantId: string): { sandbox?: true } => (isSandbox(tenantId) ? { sandbox: true } : {});

export function listTenants(): TenantRow[] {
  return [...tenants().getRange({})].map((e) => e.value as TenantRow);
}

/** At most `limit` tenants in tenant_id order after `after` (keyset paging), and whether more follow. */
export function listTenantsAfter(after: string | null, limit: number): { tenants: TenantRow[]; more: boolean } {
  const rows = [...tenants().getRange({ start: after === null ? undefined : `${after}\u0000`, limit: limit + 1 })].map(
    (e) => e.value as TenantRow,
  );
  return { tenants: rows.slice(0, limit), more: rows.length > limit };
}

/** A tenant as shown by the CLI and console: the row plus its keys' public halves, never a private key. */
export function describeTenant(t: TenantRow) {
  return {
    tenant_id: t.tenant_id,
    name: t.name,
    issuer_name: t.issuer_name,
    primary_domain: t.primary_domain,
    domain_verified: t.domain_verified,
    domain_verified_at: t.domain_verified_at,
    logo_url: t.logo_url,
    plan: t.plan,
    past_due: t.past_due,
    created_at: t.created_at,
    active_key_id: t.active_key_id,
    sandbox: t.sandbox === true,
    keys: tenantKeys(t.tenant_id).map((k) => ({
      key_id: k.key_id,
      public_key: k.public_key.toString('hex'),
      valid_from: k.valid_from,
      valid_until: k.valid_until,
    })),
  };
}

/** Changes the tenant's row in one transaction; `also` runs in it with the new row. */
async function updateTenant(
  ref: string,
  change: (t: TenantRow) => Partial<TenantRow>,
  also?: AlsoInTxn<TenantRow>,
): Promise<TenantRow> {
  const t = findTenant(ref);
  const updated = await updateRow(tenants(), t.tenant_id, change, (next) => {
    bumpEpochInTxn(EPOCH);
    also?.(next);
  });
  if (!updated) throw new ApiError('not_found', 'No such tenant');
  return updated;
}

export const setPlan = (ref: string, plan: string, also?: AlsoInTxn<TenantRow>) => {
  if (!isPlanName(plan)) throw new ApiError('bad_request', `plan must be one of ${PLAN_NAMES.join(', ')}`);
  return updateTenant(ref, () => ({ plan: plan as PlanName }), also);
};
export const setPastDue = (ref: string, on: boolean, also?: AlsoInTxn<TenantRow>) =>
  updateTenant(ref, () => ({ past_due: on }), also);

/** DNS TXT `_svc-verify.DOMAIN` must hold `svc-verify=<tenant_id>`; `force` records an operator attestation. */
export async function verifyDomain(ref: string, force = false, also?: AlsoInTxn<TenantRow>): Promise<TenantRow> {
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
      throw new ApiError(
        'bad_request',
        `DNS TXT _svc-verify.${t.primary_domain} does not hold ${want}; use --force to attest`,
      );
    }
  }
  return updateTenant(
    t.tenant_id,
    () => ({ domain_verified: true, domain_verified_at: new Date().toISOString() }),
    also,
  );
}

export type RotatedKey = { key_id: string; public_key: string };

/**
 * Rotates the tenant's signing key (`also` runs in the same transaction); the old key stays published with
 * valid_until set and keeps verifying.
 */
export async function rotateKey(ref: string, also?: AlsoInTxn<RotatedKey>): Promise<RotatedKey> {
  const t = findTenant(ref);
  const now = new Date().toISOString();
  const row = newKeyRow(t.tenant_id, now);
  const out: RotatedKey = { key_id: row.key_id, public_key: row.public_key.toString('hex') };
  await transact(() => {
    const cur = tenants().get(t.tenant_id)!;
    retireKeyInTxn(t.tenant_id, cur.active_key_id, now);
    putKeyInTxn(row);
    tenants().putSync(t.tenant_id, { ...cur, active_key_id: row.key_id });
    bumpEpochInTxn(EPOCH);
    also?.(out);
  });
  return out;
}

/** The issuer block (docs/verification.md#5-event-proof): domain_verified_at and logo_url omitted when absent. */
export function issuerBlock(t: TenantRow) {
  const o: Record<string, unknown> = {
    name: t.name,
    issuer_name: t.issuer_name,
    primary_domain: t.primary_domain,
    domain_verified: t.domain_verified,
  };
  if (t.domain_verified && t.domain_verified_at) o.domain_verified_at = t.domain_verified_at;
  if (t.logo_url) o.logo_url = t.logo_url;
  return o;
}

/** GET /keys/{domain}: the active key, every key with its validity, each signed by the platform key. */
export function domainKeysDoc(domain: string) {
  const id = tenantDomains().get(domain.toLowerCase());
  const t = id ? tenants().get(id) : undefined;
  if (!t) throw new ApiError('not_found', `no tenant for domain ${domain}`);
  const keys = tenantKeys(t.tenant_id).map((k) => {
    const public_key = k.public_key.toString('base64url');
    const platform_signature = signKeyRecord({ domain: t.primary_domain, public_key, key_id: k.key_id });
    return {
      key_id: k.key_id,
      public_key,
      algorithm: 'ed25519',
      valid_from: k.valid_from,
      valid_until: k.valid_until,
      platform_signature,
    };
  });
  const active = keys.find((k) => k.key_id === t.active_key_id)!;
  return {
    domain: t.primary_domain,
    public_key: active.public_key,
    algorithm: 'ed25519',
    key_id: active.key_id,
    platform_signature: active.platform_signature,
    domain_verified: t.domain_verified,
    issuer_name: t.issuer_name,
    keys,
  };
}
