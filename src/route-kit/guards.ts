// Owns the guards an area route declares (API key with scopes, paid plan, public per-IP limit, portal viewer
// session, raw body): an Elysia macro plugin whose checks the HTTP layer supplies, so areas never import http/.
import { Elysia } from 'elysia';
import type { ErrorCode } from '../errors';
import type { ApiKeyRow } from '../api-keys/service';
import type { TenantRow } from '../tenants/service';
import type { sessionOf } from '../portal/service';
import type { OperatorTokenRow } from '../operator-tokens/service';

export type Scope = 'read' | 'write' | 'audit:read' | 'audit:write' | 'admin';
/** What the `auth` guard resolves: the request's API key and its tenant. */
export type Principal = { key: ApiKeyRow; tenant: TenantRow };
/** What the `operator` guard resolves: the platform operator token of the request (never its plaintext or hash). */
export type OperatorPrincipal = Pick<OperatorTokenRow, 'token_id' | 'name'>;
/** What the `viewer` guard resolves: the portal session of the request's bearer token. */
export type Viewer = ReturnType<typeof sessionOf>;

/** The checks behind the guards, implemented by the HTTP layer (src/http/guards.ts). */
export type GuardChecks = {
  /** The order of docs/api.md#authentication-and-the-order-of-checks, then scope (any of `anyOf`), then the per-key rate limit; once per request. */
  authorize(request: Request, anyOf: Scope[]): Principal;
  /** docs/api.md#the-operator-api: a platform operator token, never an API key (401 otherwise). */
  authorizeOperator(request: Request): OperatorPrincipal;
  /** docs/api.md#authentication-and-the-order-of-checks: 402 for a tenant marked past due; runs after `authorize`. */
  requirePaid(request: Request): void;
  /** The per-client-IP budget of an unauthenticated route. */
  limitPublic(request: Request): void;
  /** The portal session (401 when invalid), charged to its per-session rate limit. */
  viewer(request: Request): Viewer;
  /** The request body as received (hashes that follow the request text); '' without a body. */
  rawBody(request: Request): string;
};

/** What each guard adds to the route's OpenAPI operation: its security scheme and the errors it can answer. */
type GuardDoc = { security?: Record<string, string[]>[]; 'x-errors': ErrorCode[]; 'x-scopes'?: Scope[] };
const KEY_ERRORS: ErrorCode[] = [
  'missing_api_key',
  'invalid_authorization_scheme',
  'invalid_api_key_format',
  'invalid_api_key',
  'api_key_revoked',
  'ip_not_allowed',
  'insufficient_scope',
  'rate_limited',
];
const OPERATOR_ERRORS: ErrorCode[] = [
  'missing_operator_token',
  'invalid_authorization_scheme',
  'invalid_operator_token',
  'operator_token_revoked',
];
// Elysia types `detail` as an OpenAPI operation without extensions; the x- fields are read by src/http/openapi.ts.
const guardDoc = (d: GuardDoc) => d as { security?: Record<string, string[]>[] };

/**
 * The guard plugin. A route opts in with options: `auth: ['read', 'write']` (resolves `principal`), `operator: true`
 * (a platform operator token; resolves `operator`),
 * `paid: true` (listed after `auth`), `publicRate: true`, `viewer: true` (resolves `viewer`), `rawBody: true`
 * (resolves `rawBody`). The checks run in the transform phase, before body validation (docs/api.md#authentication-and-the-order-of-checks: auth,
 * scope, rate limit, 402, quota, then the body), in the order the options are written, after the route's own
 * transform (the ledger's Idempotency-Key check comes first, docs/api.md#idempotency).
 */
export const guardPlugin = (c: GuardChecks) =>
  new Elysia({ name: 'guards' }).macro({
    auth: (anyOf: Scope[]) => ({
      detail: guardDoc({
        security: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
        'x-errors': KEY_ERRORS,
        'x-scopes': anyOf,
      }),
      transform: ({ request }: { request: Request }) => void c.authorize(request, anyOf),
      // The principal was stored by the transform above: this is a lookup, not a second check.
      resolve: ({ request }: { request: Request }) => ({ principal: c.authorize(request, anyOf) }),
    }),
    operator: {
      detail: guardDoc({ security: [{ operatorToken: [] }], 'x-errors': OPERATOR_ERRORS }),
      transform: ({ request }: { request: Request }) => void c.authorizeOperator(request),
      resolve: ({ request }: { request: Request }) => ({ operator: c.authorizeOperator(request) }),
    },
    // `void`: these checks are synchronous and return nothing. Elysia takes a transform written `=> x.y(...)` for
    // one that may return a promise and awaits it, a microtask per request; `=> void x.y(...)` it calls plainly.
    paid: {
      detail: guardDoc({ 'x-errors': ['payment_required'] }),
      transform: ({ request }: { request: Request }) => void c.requirePaid(request),
    },
    publicRate: {
      detail: guardDoc({ security: [], 'x-errors': ['rate_limited'] }),
      transform: ({ request }: { request: Request }) => void c.limitPublic(request),
    },
    viewer: {
      detail: guardDoc({
        security: [{ portalSession: [] }],
        'x-errors': ['missing_api_key', 'invalid_authorization_scheme', 'invalid_or_used_link', 'rate_limited'],
      }),
      resolve: ({ request }: { request: Request }) => ({ viewer: c.viewer(request) }),
    },
    rawBody: {
      resolve: ({ request }: { request: Request }) => ({ rawBody: c.rawBody(request) }),
    },
  });

/** The guard plugin's type: area routes take it as their argument and `.use()` it for the typed options. */
export type Guards = ReturnType<typeof guardPlugin>;
