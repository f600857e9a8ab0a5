// Owns rate limits (docs/operations.md#counting-and-limits): per-key per-second, per-tenant per-minute, per-IP for public endpoints, per portal session.
import { ApiError } from '../errors';
import { config } from '../config';
import { planOf } from '../plans/plans';
import type { TenantRow } from '../tenants/service';
import { requestState } from './context';

type Window = { window: number; count: number };
const perKey = new Map<string, Window>();
const perTenant = new Map<string, Window>();
const perIp = new Map<string, Window>();
const perSession = new Map<string, Window>();

function hit(map: Map<string, Window>, id: string, window: number): Window {
  let w = map.get(id);
  if (!w || w.window !== window) {
    w = { window, count: 0 };
    map.set(id, w);
  }
  w.count++;
  return w;
}

/** Drops windows that have ended, so the maps hold only the current second (minute for tenants). */
function sweep(): void {
  const sec = Math.floor(Date.now() / 1000);
  for (const m of [perKey, perIp, perSession]) for (const [k, w] of m) if (w.window < sec) m.delete(k);
  for (const [k, w] of perTenant) if (w.window < Math.floor(sec / 60)) perTenant.delete(k);
}

let sweeper: ReturnType<typeof setInterval> | null = null;
/** Started with the listener (server.ts): old windows are dropped every minute. */
export function startRateLimits(): void {
  sweeper ??= setInterval(sweep, 60_000);
}
/** Stopped with the listener: the sweep ends and every window is forgotten. */
export function stopRateLimits(): void {
  if (sweeper) clearInterval(sweeper);
  sweeper = null;
  for (const m of [perKey, perTenant, perIp, perSession]) m.clear();
}

/**
 * Counts one request of `keyId`; returns the X-RateLimit-* headers, or throws 429 rate_limited with
 * retry_after, plan_tier, limit_per_sec and upgrade_url (headers attached to the error).
 */
export function chargeRate(keyId: string, tenant: TenantRow): Record<string, string> {
  const rps = planOf(tenant.plan).rps;
  const now = Date.now();
  const sec = Math.floor(now / 1000);
  const min = Math.floor(sec / 60);
  const k = hit(perKey, keyId, sec);
  const t = hit(perTenant, tenant.tenant_id, min);
  const perMinute = rps * 60;
  const remaining = Math.max(0, Math.min(rps - k.count, perMinute - t.count));
  const headers = { 'X-RateLimit-Limit': String(rps), 'X-RateLimit-Remaining': String(remaining) };
  if (k.count > rps || t.count > perMinute) {
    const retry =
      k.count > rps ? Math.max(1, Math.ceil(((sec + 1) * 1000 - now) / 1000)) : Math.max(1, (min + 1) * 60 - sec);
    throw new ApiError('rate_limited', 'Rate limit exceeded', {
      retry_after: retry,
      plan_tier: tenant.plan,
      limit_per_sec: rps,
      upgrade_url: config().upgradeUrl,
    }).withHeaders({ ...headers, 'Retry-After': String(retry) });
  }
  return headers;
}

/** Public (unauthenticated) endpoints: SVC_PUBLIC_RPS requests per second per client IP; returns the X-RateLimit-* headers. */
export function chargePublicRate(ip: string): Record<string, string> {
  const limit = config().publicRps;
  const w = hit(perIp, ip, Math.floor(Date.now() / 1000));
  const headers = { 'X-RateLimit-Limit': String(limit), 'X-RateLimit-Remaining': String(Math.max(0, limit - w.count)) };
  if (w.count > limit) {
    throw new ApiError('rate_limited', 'Rate limit exceeded', { retry_after: 1, limit_per_sec: limit }).withHeaders({
      ...headers,
      'Retry-After': '1',
    });
  }
  return headers;
}

/** Charges the public per-IP budget of an unauthenticated request; its headers go on the response. */
export function limitPublic(request: Request): void {
  const state = requestState(request);
  state.rateHeaders = chargePublicRate(state.ip);
}

/** Requests per second of one portal viewer session (the viewer pages page through events quickly). */
export const SESSION_RPS = 50;
/** Charges one request of a portal session (`sessionId`: its link id); 429 rate_limited past SESSION_RPS. */
export function limitSession(request: Request, sessionId: string): void {
  const w = hit(perSession, sessionId, Math.floor(Date.now() / 1000));
  const headers = {
    'X-RateLimit-Limit': String(SESSION_RPS),
    'X-RateLimit-Remaining': String(Math.max(0, SESSION_RPS - w.count)),
  };
  if (w.count > SESSION_RPS) {
    throw new ApiError('rate_limited', 'Rate limit exceeded', {
      retry_after: 1,
      limit_per_sec: SESSION_RPS,
    }).withHeaders({ ...headers, 'Retry-After': '1' });
  }
  requestState(request).rateHeaders = headers;
}
