// Owns the portal's shapes and input rules (docs/portal-and-exports.md#portal-links-and-sessions): links, sessions, the mint body.
import { Type as t } from '@sinclair/typebox';
import { ApiError, type ErrorCode } from '../errors';
import { checkOrgId } from '../audit/service';
import { isPlainObject } from '../crypto/json-value';
import { Nullable, Obj, Ts, open } from '../route-kit/schemas';

export type Intent = 'audit_logs' | 'log_streams';
export const INTENTS: Intent[] = ['audit_logs', 'log_streams'];

/** docs/portal-and-exports.md#portal-links-and-sessions: defaults link 300 s, session 3600 s; link 60-3600, session 60-86400. */
export const LINK_DEFAULT_S = 300;
export const SESSION_DEFAULT_S = 3600;

/** A minted one-time link, stored under the SHA-256 of its token (the token itself is never stored). */
export type LinkRow = {
  id: string;
  tenant_id: string;
  org_id: string;
  intent: Intent;
  session_duration_s: number;
  created_at: string;
  expires_ms: number;
  used_at: string | null;
};
/** A read-only viewer session, stored under the SHA-256 of its bearer token. */
export type SessionRow = {
  link_id: string;
  tenant_id: string;
  org_id: string;
  intent: Intent;
  created_at: string;
  expires_ms: number;
};

function duration(v: unknown, def: number, min: number, max: number, code: ErrorCode, field: string): number {
  if (v === undefined || v === null) return def;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw new ApiError(code, `${field} must be an integer from ${min} to ${max}`);
  return v;
}

/** POST /v1/audit/portal_sessions body, checked in the order of its fields. */
export function checkMintBody(body: unknown): { orgId: string; intent: Intent; sessionS: number; linkS: number } {
  if (!isPlainObject(body))
    throw new ApiError('invalid_organization_id', 'body must be a JSON object with organization_id');
  const orgId = checkOrgId(body.organization_id);
  if (!INTENTS.includes(body.intent as Intent))
    throw new ApiError('invalid_intent', 'intent must be audit_logs or log_streams');
  const sessionS = duration(
    body.session_duration_seconds,
    SESSION_DEFAULT_S,
    60,
    86400,
    'invalid_duration',
    'session_duration_seconds',
  );
  const linkS = duration(
    body.link_duration_seconds,
    LINK_DEFAULT_S,
    60,
    3600,
    'invalid_link_duration',
    'link_duration_seconds',
  );
  return { orgId, intent: body.intent as Intent, sessionS, linkS };
}

/** POST /v1/audit/portal_sessions as documented (checked by checkMintBody: named error codes). */
export const MintIn = open({
  organization_id: t.String(),
  intent: t.Union(INTENTS.map((i) => t.Literal(i))),
  session_duration_seconds: t.Optional(t.Integer({ minimum: 60, maximum: 86400 })),
  link_duration_seconds: t.Optional(t.Integer({ minimum: 60, maximum: 3600 })),
});
export const PortalLink = open({
  id: t.String(),
  intent: t.String(),
  url: t.String(),
  token: t.String(),
  link_expires_in: t.Integer(),
  session_expires_in: t.Integer(),
});
export const ExchangeIn = t.Object({ token: t.String(), intent: t.Optional(t.String()) });
export const Exchange = open({
  session_token: t.String(),
  expires_at: Ts,
  organization_id: t.String(),
  intent: t.String(),
});
export const PortalCheckpoint = open({ organization_id: t.String(), checkpoint: Nullable(Obj) });
