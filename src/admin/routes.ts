// Owns /v1/admin/: a tenant's own administration with an API key of scope admin (docs/api.md#tenant-administration):
// its API keys, its signing key, its audit orgs and its activity in the operator log. Each change is one
// operator-log entry made by `key:<key_id>`.
import { Elysia } from 'elysia';
import type { Guards } from '../route-kit/guards';
import { keyActor, type ActionsBy } from '../operator-actions/port';
import { doc, type QueryParams } from '../route-kit/doc';
import { Processing } from '../route-kit/schemas';
import { answerInTxn, createdBy, IDEMPOTENT_ERRORS, idempotentDoc } from '../route-kit/idempotent';
import { checkOrgListQuery, listOrgs } from '../audit/service';
import { OrgListQuery, OrgPage } from '../audit/model';
import { tenantActivityPage } from '../tlog/index';
import { adminKeys, createdKeyOut } from './service';
import { entryPageQuery, keyBody } from './input';
import {
  AdminKeyCreated,
  AdminKeyIn,
  AdminKeyList,
  AdminKeyRevoked,
  OperatorLogPage,
  PageQuery,
  SigningKeyRotated,
} from './model';

const tag = 'admin';
const auth: ['admin'] = ['admin'];

export const adminRoutes = (guards: Guards, actionsBy: ActionsBy) =>
  new Elysia()
    .use(guards)
    .get('/v1/admin/keys', ({ principal }) => adminKeys(principal.tenant.tenant_id), {
      auth,
      detail: doc({
        summary: "The tenant's API keys (never a key itself nor its hash)",
        tag,
        ok: { 200: AdminKeyList },
      }),
    })
    .post(
      '/v1/admin/keys',
      createdBy(201, ({ body, principal }, claim) =>
        actionsBy(keyActor(principal))
          .createApiKey(
            { tenant: principal.tenant.tenant_id, ...keyBody(body) },
            answerInTxn(claim, 201, createdKeyOut),
          )
          .then(createdKeyOut),
      ),
      {
        auth,
        detail: doc({
          summary: 'Create an API key of the tenant (the key is shown in this answer, and in its replays, only)',
          tag,
          body: AdminKeyIn,
          ok: { 201: AdminKeyCreated, 202: Processing },
          ...idempotentDoc(),
          errors: [...IDEMPOTENT_ERRORS, 'invalid_payload', 'invalid_name', 'bad_request'],
        }),
      },
    )
    .post(
      '/v1/admin/keys/:key_id/revoke',
      async ({ params, principal }) => {
        const r = await actionsBy(keyActor(principal)).revokeApiKey(params.key_id, principal.tenant.tenant_id);
        return { key_id: r.key_id, revoked_at: r.revoked_at };
      },
      {
        auth,
        detail: doc({
          summary: "Revoke one of the tenant's API keys (refused from the next request on)",
          tag,
          ok: { 200: AdminKeyRevoked },
          errors: ['not_found'],
        }),
      },
    )
    .post(
      '/v1/admin/signing-key/rotate',
      ({ principal }) => actionsBy(keyActor(principal)).rotateKey(principal.tenant.tenant_id),
      {
        auth,
        detail: doc({
          summary: "Rotate the tenant's signing key (the old one stays published and keeps verifying)",
          tag,
          ok: { 200: SigningKeyRotated },
        }),
      },
    )
    .get(
      '/v1/admin/orgs',
      ({ query, principal }) => {
        const { limit, after } = checkOrgListQuery(query as QueryParams);
        return listOrgs(principal.tenant.tenant_id, limit, after);
      },
      {
        auth,
        detail: doc({
          summary: "The tenant's audit organizations, archived ones included",
          tag,
          query: OrgListQuery,
          ok: { 200: OrgPage },
          errors: ['bad_request'],
        }),
      },
    )
    .get(
      '/v1/admin/activity',
      ({ query, principal }) => {
        const { from, limit } = entryPageQuery(query as QueryParams);
        return tenantActivityPage(principal.tenant.tenant_id, from, limit);
      },
      {
        auth,
        detail: doc({
          summary: 'The operator-log entries about this tenant, oldest first',
          description: "Changes made by the platform operator, by this tenant's admin keys and by the CLI and console.",
          tag,
          query: PageQuery,
          ok: { 200: OperatorLogPage },
          errors: ['bad_request'],
        }),
      },
    );
