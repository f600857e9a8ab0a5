// Owns portal links and viewer sessions (docs/portal-and-exports.md#portal-links-and-sessions) and the read-only viewer API.
import { publicUrl } from '../config';
import { ApiError } from '../errors';
import { sha256Hex } from '../crypto/hash';
import { secretToken, uuidv7 } from '../crypto/ids';
import { transact } from '../store/env';
import { storeAnswerInTxn, type IdemClaim } from '../route-kit/idempotent';
import { getTenant, issuerBlock, type TenantRow } from '../tenants/service';
import { checkQuery, getAuditEvent, getOrg, queryEvents, verifyAuditEvent } from '../audit/service';
import { orgStreams } from '../streams/service';
import { checkMintBody, type Intent, type LinkRow, type SessionRow } from './model';
import { expiry, links, sessions } from './repo';
import { orgCheckpoint } from '../tlog/index';

const LINK_PREFIX = 'plk_';
const SESSION_PREFIX = 'pss_';
const SWEEP_MAX = 200;

/** Inside transact(): removes up to SWEEP_MAX links and sessions that have expired. */
function sweepInTxn(now: number): void {
  for (const { key } of expiry().getRange({ end: [now], limit: SWEEP_MAX })) {
    const [, kind, hash] = key as [number, string, string];
    (kind === 'link' ? links() : sessions()).removeSync(hash);
    expiry().removeSync(key as [number, string, string]);
  }
}

/**
 * POST /v1/audit/portal_sessions: validation, org (404), org_archived, then a one-time link. The
 * token is returned once and stored only as its SHA-256.
 */
export async function mintPortalSession(tenant: TenantRow, body: unknown, claim: IdemClaim | null = null) {
  const { orgId, intent, sessionS, linkS } = checkMintBody(body);
  const org = getOrg(tenant.tenant_id, orgId);
  if (org.archived) throw new ApiError('org_archived', 'The organization is archived; it accepts no new portal links');
  const token = secretToken(LINK_PREFIX);
  const hash = sha256Hex(token);
  const now = Date.now();
  const row: LinkRow = {
    id: uuidv7(),
    tenant_id: tenant.tenant_id,
    org_id: orgId,
    intent,
    session_duration_s: sessionS,
    created_at: new Date(now).toISOString(),
    expires_ms: now + linkS * 1000,
    used_at: null,
  };
  const out = {
    id: row.id,
    intent,
    url: `${publicUrl()}/portal#link=${token}`,
    token,
    link_expires_in: linkS,
    session_expires_in: sessionS,
    organization_id: orgId,
    link_expires_at: new Date(row.expires_ms).toISOString(),
    created_at: row.created_at,
  };
  await transact(() => {
    sweepInTxn(now);
    links().putSync(hash, row);
    expiry().putSync([row.expires_ms, 'link', hash], 1);
    if (claim) storeAnswerInTxn(claim, { status: 201, body: out });
  });
  return out;
}

const invalidLink = () => new ApiError('invalid_or_used_link', 'The portal link is invalid, expired or already used');

/**
 * POST /v1/audit/portal/exchange {token}: marks the link used and creates the session in one
 * transaction, so of two concurrent exchanges only one gets a session. An optional `intent`
 * in the body that differs from the link's answers 403 wrong_intent (the link stays unused).
 */
export async function exchangeLink(body: unknown) {
  const b = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (typeof b.token !== 'string' || !b.token.startsWith(LINK_PREFIX) || b.token.length > 100) throw invalidLink();
  const hash = sha256Hex(b.token);
  const now = Date.now();
  const peek = links().get(hash);
  if (peek && b.intent !== undefined && b.intent !== peek.intent)
    throw new ApiError('wrong_intent', `This link was minted for ${peek.intent}`);
  const sessionToken = secretToken(SESSION_PREFIX);
  const sessionHash = sha256Hex(sessionToken);
  const session = await transact(() => {
    const link = links().get(hash);
    if (!link || link.used_at !== null || link.expires_ms <= now) return null;
    links().putSync(hash, { ...link, used_at: new Date(now).toISOString() });
    const s: SessionRow = {
      link_id: link.id,
      tenant_id: link.tenant_id,
      org_id: link.org_id,
      intent: link.intent,
      created_at: new Date(now).toISOString(),
      expires_ms: now + link.session_duration_s * 1000,
    };
    sessions().putSync(sessionHash, s);
    expiry().putSync([s.expires_ms, 'session', sessionHash], 1);
    return s;
  });
  if (!session) throw invalidLink();
  const tenant = getTenant(session.tenant_id);
  const org = getOrg(session.tenant_id, session.org_id);
  return {
    session_token: sessionToken,
    expires_at: new Date(session.expires_ms).toISOString(),
    organization_id: session.org_id,
    intent: session.intent,
    organization_name: org.name,
    issuer: tenant ? issuerBlock(tenant) : null,
  };
}

// ---- the viewer API (Authorization: Bearer <session_token>) ----

/** The session behind a bearer token; 401 when absent, unknown or expired (its rate limit: http/limits.ts). */
export function sessionOf(headers: Headers): SessionRow {
  const auth = headers.get('authorization');
  if (auth === null) throw new ApiError('missing_api_key', 'Send Authorization: Bearer <session_token>');
  const m = /^Bearer[ ]+(\S+)$/i.exec(auth.trim());
  if (!m) throw new ApiError('invalid_authorization_scheme');
  const token = m[1]!;
  const hash = sha256Hex(token);
  const s = token.startsWith(SESSION_PREFIX) ? sessions().get(hash) : undefined;
  if (!s || s.expires_ms <= Date.now())
    throw new ApiError('invalid_or_used_link', 'The portal session is invalid or has expired; open a new link');
  return s;
}

function requireIntent(s: SessionRow, intent: Intent): void {
  if (s.intent !== intent) throw new ApiError('wrong_intent', `This session was opened for ${s.intent}`);
}

/** GET /v1/portal/audit/events: the query of GET /v1/audit/events, pinned to the session's org. */
export function portalEvents(s: SessionRow, query: Record<string, string | undefined>) {
  requireIntent(s, 'audit_logs');
  if (query.organization_id !== undefined && query.organization_id !== s.org_id)
    throw new ApiError('not_found', 'No such audit organization');
  return queryEvents(s.tenant_id, checkQuery({ ...query, organization_id: s.org_id }));
}

export function portalEvent(s: SessionRow, id: string) {
  requireIntent(s, 'audit_logs');
  const e = getAuditEvent(s.tenant_id, id);
  if (e.org_id !== s.org_id) throw new ApiError('not_found', 'No such audit event');
  return e;
}

export function portalVerify(s: SessionRow, id: string) {
  portalEvent(s, id);
  return verifyAuditEvent(s.tenant_id, id);
}

/** GET /v1/portal/streams: the org's streams and their state (never a secret). */
export function portalStreams(s: SessionRow) {
  requireIntent(s, 'log_streams');
  return { organization_id: s.org_id, streams: orgStreams(s.tenant_id, s.org_id) };
}

/** GET /v1/portal/audit/checkpoint: the org's latest signed log checkpoint (docs/transparency-logs.md#distribution), or null before the first. */
export function portalCheckpoint(s: SessionRow) {
  requireIntent(s, 'audit_logs');
  return { organization_id: s.org_id, checkpoint: orgCheckpoint(s.tenant_id, s.org_id) };
}
