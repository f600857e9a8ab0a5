// Owns API keys (docs/api.md#tenant-administration): create (plaintext shown once), list, revoke, lookup by hash, last-use tracking.
import { ApiError } from '../errors';
import { sha256Hex } from '../crypto/hash';
import { secretToken, uuidv7 } from '../crypto/ids';
import { transact, type AlsoInTxn } from '../store/env';
import { bumpEpochInTxn, epochCache } from '../store/epoch';
import { submitInternal } from '../store/writer';
import type { Applier } from '../store/writer-core';
import { findTenant } from '../tenants/service';
import { apiKeyIds, apiKeys, apiKeysByTenant, type ApiKeyRow } from './repo';
import { parseRange, rangeText } from '../cidr';

export type { ApiKeyRow };
/** docs/api.md#authentication-and-the-order-of-checks: `admin` is the tenant's own administration (/v1/admin/). */
export const SCOPES = ['read', 'write', 'audit:read', 'audit:write', 'admin'] as const;
export const KEY_PREFIX = 'svc_live_';
/** The shape of every key createApiKey issues: the prefix and 32 random bytes as base64url (43 characters). */
const KEY_SHAPE = /^svc_live_[A-Za-z0-9_-]{43}$/;

/** True when `plaintext` has the shape of an issued key; anything else is refused before it is hashed or looked up. */
export const isWellFormedApiKey = (plaintext: string): boolean => KEY_SHAPE.test(plaintext);

/** Parses CIDRs (a bare address means /32 or /128); throws ApiError bad_request naming the bad entry. */
export function parseAllowlist(list: string[]): string[] {
  return list.map((c) => {
    const r = parseRange(c);
    if (!r) throw new ApiError('bad_request', `invalid CIDR: ${c.trim()}`);
    return rangeText(r);
  });
}

export type CreateKeyIn = { tenant: string; name: string; scopes: string[]; allowIp?: string[] };
export type CreatedKey = {
  key_id: string;
  api_key: string;
  tenant_id: string;
  name: string;
  scopes: string[];
  ip_allowlist: string[];
};

/**
 * Creates a key (`also` runs in the same transaction); the plaintext is in this return value only and is stored as
 * SHA-256.
 */
export async function createApiKey(input: CreateKeyIn, also?: AlsoInTxn<CreatedKey>): Promise<CreatedKey> {
  const t = findTenant(input.tenant);
  const name = (input.name ?? '').trim();
  if (!name || name.length > 255) throw new ApiError('invalid_name', 'name must be 1-255 characters');
  const scopes = [...new Set(input.scopes.map((s) => s.trim()).filter(Boolean))];
  if (!scopes.length || scopes.some((s) => !(SCOPES as readonly string[]).includes(s))) {
    throw new ApiError('bad_request', `scopes must be some of ${SCOPES.join(', ')}`);
  }
  const ip_allowlist = parseAllowlist(input.allowIp ?? []);
  const api_key = secretToken(KEY_PREFIX);
  const hash = sha256Hex(api_key);
  const row: ApiKeyRow = {
    // Time-ordered (docs/api.md#conventions): the id and per-tenant indexes then grow at their right edge, so a commit
    // of many creations writes a few B-tree pages instead of one page per key in each of them (it waits on fsync).
    key_id: uuidv7(),
    tenant_id: t.tenant_id,
    name,
    scopes,
    ip_allowlist,
    created_at: new Date().toISOString(),
    revoked_at: null,
    last_used_at: null,
  };
  const out: CreatedKey = { key_id: row.key_id, api_key, tenant_id: t.tenant_id, name, scopes, ip_allowlist };
  await transact(() => {
    bumpEpochInTxn(EPOCH);
    apiKeys().putSync(hash, row);
    apiKeyIds().putSync(row.key_id, hash);
    apiKeysByTenant().putSync([t.tenant_id, row.key_id], hash);
    also?.(out);
  });
  return out;
}

export function listApiKeys(tenantRef: string): ApiKeyRow[] {
  const t = findTenant(tenantRef);
  const out: ApiKeyRow[] = [];
  for (const { value: hash } of apiKeysByTenant().getRange({ start: [t.tenant_id], end: [t.tenant_id, '\uffff'] })) {
    const row = apiKeys().get(hash as string);
    const used = lastUsed.get(row?.key_id ?? '');
    if (row) out.push({ ...row, last_used_at: used !== undefined ? new Date(used).toISOString() : row.last_used_at });
  }
  return out;
}

/** The tenant a key belongs to, or undefined for an unknown key id. */
export function tenantOfApiKey(keyId: string): string | undefined {
  const hash = apiKeyIds().get(keyId);
  return hash ? apiKeys().get(hash)?.tenant_id : undefined;
}

export type RevokedKey = { key_id: string; tenant_id: string; revoked_at: string };

/**
 * Revokes a key (`also` runs in the same transaction); in force on the server's next request (the server reads key
 * status on every request). With `tenantId`, a key of another tenant is not_found, as an unknown one is (a tenant's
 * administrator sees its own).
 */
export async function revokeApiKey(
  keyId: string,
  tenantId?: string,
  also?: AlsoInTxn<RevokedKey>,
): Promise<RevokedKey> {
  const hash = apiKeyIds().get(keyId);
  const owner = hash ? apiKeys().get(hash)?.tenant_id : undefined;
  if (!hash || !owner || (tenantId !== undefined && owner !== tenantId))
    throw new ApiError('not_found', `no API key ${keyId}`);
  return transact(() => {
    const row = apiKeys().get(hash)!;
    const revoked_at = row.revoked_at ?? new Date().toISOString();
    apiKeys().putSync(hash, { ...row, revoked_at });
    bumpEpochInTxn(EPOCH);
    const out: RevokedKey = { key_id: keyId, tenant_id: row.tenant_id, revoked_at };
    also?.(out);
    return out;
  });
}

// Key rows change here only (creation, revocation; last_used_at is not status), each change bumping the epoch,
// so a revocation by the CLI is in force on the server's next request.
const EPOCH = 'api_keys';
const cachedKey = epochCache<ApiKeyRow>(EPOCH, (hash) => apiKeys().get(hash));

// Presented plaintext -> its SHA-256, so that a client's repeated requests are not hashed each time. It holds
// only well-formed keys requests carried; the row lookup below still decides, and is cached by epoch.
const hashOfPresented = new Map<string, string>();
const PRESENTED_MAX = 10_000;

/** The key by hash of the presented plaintext; no scan; cached until any process creates or revokes a key. */
export function findApiKeyByPlaintext(plaintext: string): ApiKeyRow | undefined {
  let hash = hashOfPresented.get(plaintext);
  if (hash === undefined) {
    hash = sha256Hex(plaintext);
    if (hashOfPresented.size >= PRESENTED_MAX) hashOfPresented.clear();
    hashOfPresented.set(plaintext, hash);
  }
  return cachedKey(hash);
}

// last_used_at is kept in memory on the request path and written in batches (no write per request).
const lastUsed = new Map<string, number>();
export function markUsed(keyId: string): void {
  lastUsed.set(keyId, Date.now());
}
export const KEYS_LAST_USED = 'keys.last_used';
type LastUsed = Array<[keyId: string, at: string]>;

/** The writer's applier: stores last_used_at values. */
export const lastUsedApplier: Applier<LastUsed, null> = {
  prepare: (pending) => ({
    apply() {
      for (const [keyId, at] of pending) {
        const hash = apiKeyIds().get(keyId);
        const row = hash ? apiKeys().get(hash) : undefined;
        if (row) apiKeys().putSync(hash!, { ...row, last_used_at: at });
      }
      return null;
    },
  }),
};

/** Hands pending last_used_at values to the writer (server only). */
export async function flushLastUsed(): Promise<void> {
  if (!lastUsed.size) return;
  const pending: LastUsed = [...lastUsed].map(([keyId, ms]) => [keyId, new Date(ms).toISOString()]);
  lastUsed.clear();
  await submitInternal<LastUsed, null>(KEYS_LAST_USED, pending);
}

/** A key as listed: never the plaintext nor its hash. */
export function describeApiKey(k: ApiKeyRow) {
  return {
    key_id: k.key_id,
    tenant_id: k.tenant_id,
    name: k.name,
    scopes: k.scopes,
    ip_allowlist: k.ip_allowlist,
    created_at: k.created_at,
    last_used_at: k.last_used_at,
    revoked_at: k.revoked_at,
  };
}
