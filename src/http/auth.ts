// Owns API key authentication in the order of docs/api.md#authentication-and-the-order-of-checks, scopes and the per-key IP allowlist.
import ipaddr from 'ipaddr.js';
import { ApiError } from '../errors';
import { findApiKeyByPlaintext, isWellFormedApiKey, markUsed, type ApiKeyRow } from '../api-keys/service';
import { getTenant } from '../tenants/service';
import { isWellFormedOperatorToken } from '../operator-tokens/service';
import { chargeRate } from './limits';
import { requestState } from './context';
import { inRanges, parseRange } from '../cidr';
import type { Principal, Scope } from '../route-kit/guards';

/**
 * The credential of an Authorization header: it must use the Bearer scheme (401 invalid_authorization_scheme).
 * "Bearer" with no token is the right scheme with a malformed credential ('' here: refused by its shape check).
 */
export function bearerCredential(authorization: string): string {
  const m = /^Bearer(?:[ ]+(.*))?$/i.exec(authorization.trim());
  if (!m) throw new ApiError('invalid_authorization_scheme');
  return (m[1] ?? '').trim();
}

function presentedKey(headers: Headers): string {
  const auth = headers.get('authorization');
  if (auth !== null) return bearerCredential(auth);
  const x = headers.get('x-api-key');
  if (x === null) throw new ApiError('missing_api_key');
  return x.trim();
}

/** True when `ip` lies in one of `cidrs` (IPv4, IPv6, IPv4-mapped IPv6 treated as IPv4). */
export function ipAllowed(ip: string, cidrs: string[]): boolean {
  if (!cidrs.length) return true;
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.process(ip);
  } catch {
    return false;
  }
  return inRanges(
    addr,
    cidrs.map(parseRange).filter((r) => r !== null),
  );
}

/**
 * Checks, in the order of docs/api.md#authentication-and-the-order-of-checks: missing_api_key, invalid_authorization_scheme, invalid_api_key_format,
 * invalid_api_key, api_key_revoked, ip_not_allowed, insufficient_scope (any of `anyOf`), then the
 * rate limit. Key status is read from LMDB on every call so a revocation applies at once.
 */
export function authorize(request: Request, anyOf: Scope[]): Principal {
  const state = requestState(request);
  // The auth guard checks in the transform phase and hands the same principal to the handler.
  if (state.principal) return state.principal;
  const plaintext = presentedKey(request.headers);
  if (!isWellFormedApiKey(plaintext))
    throw new ApiError(
      'invalid_api_key_format',
      isWellFormedOperatorToken(plaintext)
        ? 'An operator token is accepted under /v1/operator/ only; send an API key'
        : undefined,
    );
  let key: ApiKeyRow | undefined;
  try {
    key = findApiKeyByPlaintext(plaintext);
  } catch {
    throw new ApiError('api_key_lookup_failed', 'Key lookup failed; safe to retry');
  }
  if (!key) throw new ApiError('invalid_api_key');
  if (key.revoked_at) throw new ApiError('api_key_revoked');
  // The client address is looked up only for keys that carry an allowlist.
  if (key.ip_allowlist.length && !ipAllowed(state.ip, key.ip_allowlist)) throw new ApiError('ip_not_allowed');
  const tenant = getTenant(key.tenant_id);
  if (!tenant) throw new ApiError('invalid_api_context', 'API key has no tenant');
  state.tenantId = tenant.tenant_id;
  if (!anyOf.some((s) => key.scopes.includes(s)))
    throw new ApiError('insufficient_scope', `API key needs scope ${anyOf.join(' or ')}`);
  state.rateHeaders = chargeRate(key.key_id, tenant);
  markUsed(key.key_id);
  const principal = { key, tenant };
  state.principal = principal;
  return principal;
}

/** docs/api.md#authentication-and-the-order-of-checks: 402 for ingest and verify calls of a tenant the operator marked past due (after `authorize`). */
export function requirePaid(request: Request): void {
  const p = requestState(request).principal;
  if (!p) throw new Error('the paid guard runs after the auth guard');
  if (p.tenant.past_due) throw new ApiError('payment_required');
}
