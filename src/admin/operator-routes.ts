// Owns /v1/operator/: platform administration with an operator token (docs/api.md#the-operator-api): tenants and
// their keys, retention runs, the operator log, witnessed logs and backups, as the CLI does them. Each change is one
// operator-log entry made by `token:<token_id>`.
import { Elysia } from 'elysia';
import type { Guards } from '../route-kit/guards';
import { tokenActor, type ActionsBy } from '../operator-actions/port';
import { doc, type QueryParams } from '../route-kit/doc';
import { Processing } from '../route-kit/schemas';
import { answerInTxn, createdBy, IDEMPOTENT_ERRORS, idempotentDoc, tokenScope } from '../route-kit/idempotent';
import { describeWitnessKey, listLogs } from '../witness/service';
import { operatorLogPage } from '../tlog/index';
import { listIssuers } from '../scitt/service';
import { ScittIssuer, ScittIssuerIn, ScittIssuerList, ScittIssuerRevokeIn } from '../scitt/model';
import { adminKeys, createdKeyOut, operatorTenant, tenantOut, tenantPage } from './service';
import {
  backupBody,
  entryPageQuery,
  issuerBody,
  issuerRevokeBody,
  keyBody,
  pageLimit,
  pastDueBody,
  planBody,
  retentionBody,
  tenantBody,
  verifyDomainBody,
  witnessLogBody,
} from './input';
import {
  AdminKeyCreated,
  AdminKeyIn,
  AdminKeyList,
  AdminKeyRevoked,
  BackupDone,
  BackupIn,
  OperatorLogPage,
  PageQuery,
  PastDueIn,
  PlanIn,
  RetentionReport,
  RetentionRunIn,
  SigningKeyRotated,
  Tenant,
  TenantCreated,
  TenantIn,
  TenantPage,
  VerifyDomainIn,
  WitnessedLog,
  WitnessLogIn,
  WitnessLogs,
} from './model';

const tag = 'operator';
const TENANT = ['not_found'] as const;

export const operatorRoutes = (guards: Guards, actionsBy: ActionsBy) =>
  new Elysia()
    .use(guards)
    .post(
      '/v1/operator/tenants',
      createdBy(
        201,
        ({ body, operator }, claim) =>
          actionsBy(tokenActor(operator)).createTenant(
            tenantBody(body),
            answerInTxn(claim, 201, (r) => r),
          ),
        tokenScope,
      ),
      {
        operator: true,
        detail: doc({
          summary: 'Create a tenant with its first signing key (as svc tenant create)',
          tag,
          body: TenantIn,
          ok: { 201: TenantCreated, 202: Processing },
          ...idempotentDoc(),
          errors: [...IDEMPOTENT_ERRORS, 'invalid_payload', 'invalid_name', 'bad_request'],
        }),
      },
    )
    .get(
      '/v1/operator/tenants',
      ({ query }) => tenantPage((query as QueryParams).cursor, pageLimit((query as QueryParams).limit)),
      {
        operator: true,
        detail: doc({
          summary: 'List tenants, with their public keys and usage this month',
          tag,
          query: PageQuery,
          ok: { 200: TenantPage },
          errors: ['bad_request'],
        }),
      },
    )
    .get('/v1/operator/tenants/:id', ({ params }) => operatorTenant(params.id), {
      operator: true,
      detail: doc({ summary: 'A tenant by id or primary domain', tag, ok: { 200: Tenant }, errors: [...TENANT] }),
    })
    .post(
      '/v1/operator/tenants/:id/plan',
      async ({ params, body, operator }) =>
        tenantOut(await actionsBy(tokenActor(operator)).setPlan(params.id, planBody(body))),
      {
        operator: true,
        detail: doc({
          summary: "Set a tenant's plan",
          tag,
          body: PlanIn,
          ok: { 200: Tenant },
          errors: ['invalid_payload', 'bad_request', ...TENANT],
        }),
      },
    )
    .post(
      '/v1/operator/tenants/:id/past-due',
      async ({ params, body, operator }) =>
        tenantOut(await actionsBy(tokenActor(operator)).setPastDue(params.id, pastDueBody(body))),
      {
        operator: true,
        detail: doc({
          summary: 'Mark a tenant past due (402 on its ingest and verify calls) or clear the mark',
          tag,
          body: PastDueIn,
          ok: { 200: Tenant },
          errors: ['invalid_payload', ...TENANT],
        }),
      },
    )
    .post(
      '/v1/operator/tenants/:id/verify-domain',
      async ({ params, body, operator }) =>
        tenantOut(await actionsBy(tokenActor(operator)).verifyDomain(params.id, verifyDomainBody(body))),
      {
        operator: true,
        detail: doc({
          summary: "Verify a tenant's domain by its DNS TXT record, or record the operator's attestation (force)",
          tag,
          body: VerifyDomainIn,
          ok: { 200: Tenant },
          errors: ['invalid_payload', 'bad_request', ...TENANT],
        }),
      },
    )
    .post(
      '/v1/operator/tenants/:id/rotate-key',
      ({ params, operator }) => actionsBy(tokenActor(operator)).rotateKey(params.id),
      {
        operator: true,
        detail: doc({
          summary: "Rotate a tenant's signing key",
          tag,
          ok: { 200: SigningKeyRotated },
          errors: [...TENANT],
        }),
      },
    )
    .get('/v1/operator/tenants/:id/keys', ({ params }) => adminKeys(operatorTenant(params.id).tenant_id), {
      operator: true,
      detail: doc({
        summary: "A tenant's API keys (never a key itself nor its hash)",
        tag,
        ok: { 200: AdminKeyList },
        errors: [...TENANT],
      }),
    })
    .post(
      '/v1/operator/tenants/:id/keys',
      createdBy(
        201,
        ({ params, body, operator }, claim) =>
          actionsBy(tokenActor(operator))
            .createApiKey({ tenant: params.id, ...keyBody(body) }, answerInTxn(claim, 201, createdKeyOut))
            .then(createdKeyOut),
        tokenScope,
      ),
      {
        operator: true,
        detail: doc({
          summary:
            'Create an API key for a tenant (as svc key create; the key is shown in this answer, and in its replays, only)',
          tag,
          body: AdminKeyIn,
          ok: { 201: AdminKeyCreated, 202: Processing },
          ...idempotentDoc(),
          errors: [...IDEMPOTENT_ERRORS, 'invalid_payload', 'invalid_name', 'bad_request', ...TENANT],
        }),
      },
    )
    .post(
      '/v1/operator/tenants/:id/keys/:key_id/revoke',
      async ({ params, operator }) => {
        const tenantId = operatorTenant(params.id).tenant_id;
        const r = await actionsBy(tokenActor(operator)).revokeApiKey(params.key_id, tenantId);
        return { key_id: r.key_id, revoked_at: r.revoked_at };
      },
      {
        operator: true,
        detail: doc({
          summary: "Revoke one of a tenant's API keys",
          tag,
          ok: { 200: AdminKeyRevoked },
          errors: [...TENANT],
        }),
      },
    )
    .get('/v1/operator/tenants/:id/issuers', ({ params }) => ({ issuers: listIssuers(params.id) }), {
      operator: true,
      detail: doc({
        summary: "A tenant's SCITT issuers and their keys, revoked ones too (as svc issuer list)",
        tag,
        ok: { 200: ScittIssuerList },
        errors: [...TENANT],
      }),
    })
    .post(
      '/v1/operator/tenants/:id/issuers',
      async ({ params, body, operator, set }) => {
        const r = await actionsBy(tokenActor(operator)).addIssuer({ tenant: params.id, ...issuerBody(body) });
        set.status = 201;
        return r;
      },
      {
        operator: true,
        detail: doc({
          summary: 'Register a SCITT issuer and its public key for a tenant (as svc issuer add)',
          description:
            "From then on POST /entries registers the tenant's statements whose iss is this one and whose signature " +
            'verifies with this key (Ed25519 or P-256); see docs/scitt.md.',
          tag,
          body: ScittIssuerIn,
          ok: { 201: ScittIssuer },
          errors: ['invalid_payload', 'bad_request', 'issuer_exists', ...TENANT],
        }),
      },
    )
    .post(
      '/v1/operator/tenants/:id/issuers/revoke',
      async ({ params, body, operator }) =>
        actionsBy(tokenActor(operator)).revokeIssuer(params.id, issuerRevokeBody(body)),
      {
        operator: true,
        detail: doc({
          summary: "Revoke a tenant's SCITT issuer (as svc issuer revoke): nothing new registers under its iss",
          tag,
          body: ScittIssuerRevokeIn,
          ok: { 200: ScittIssuer },
          errors: ['invalid_payload', ...TENANT],
        }),
      },
    )
    .post(
      '/v1/operator/retention/run',
      ({ body, operator }) => actionsBy(tokenActor(operator)).runRetention(retentionBody(body)),
      {
        operator: true,
        detail: doc({
          summary: 'Run the retention pass now (as svc retention run)',
          description: 'A future as_of removes audit events past their retention as of then, for good.',
          tag,
          body: RetentionRunIn,
          ok: { 200: RetentionReport },
          errors: ['invalid_payload', 'retention_busy', 'db_error'],
        }),
      },
    )
    .get(
      '/v1/operator/log',
      ({ query }) => {
        const { from, limit } = entryPageQuery(query as QueryParams);
        return operatorLogPage(from, limit);
      },
      {
        operator: true,
        detail: doc({
          summary: 'The operator log, oldest entry first',
          tag,
          query: PageQuery,
          ok: { 200: OperatorLogPage },
          errors: ['bad_request'],
        }),
      },
    )
    .get('/v1/operator/witness/logs', () => ({ witness: describeWitnessKey(), logs: listLogs() }), {
      operator: true,
      detail: doc({
        summary: "The appliance's witness key and the logs it cosigns (as svc witness list)",
        tag,
        ok: { 200: WitnessLogs },
      }),
    })
    .post(
      '/v1/operator/witness/logs',
      async ({ body, operator, set }) => {
        const { origin, vkey } = witnessLogBody(body);
        const r = await actionsBy(tokenActor(operator)).addWitnessedLog(origin, vkey);
        set.status = 201;
        return r;
      },
      {
        operator: true,
        detail: doc({
          summary: "Cosign a log's checkpoints as its witness (as svc witness add-log)",
          tag,
          body: WitnessLogIn,
          ok: { 201: WitnessedLog },
          errors: ['invalid_payload', 'bad_request'],
        }),
      },
    )
    .post(
      '/v1/operator/backups',
      createdBy(
        201,
        ({ body, operator }, claim) => {
          const { to, includeMasterKey } = backupBody(body);
          return actionsBy(tokenActor(operator)).backup(
            to,
            { includeMasterKey },
            answerInTxn(claim, 201, (r) => r),
          );
        },
        tokenScope,
      ),
      {
        operator: true,
        detail: doc({
          summary: 'Write an online backup into a directory on the appliance (as svc backup)',
          description:
            'Answers once the backup is complete. With include_master_key the backup alone can sign as every tenant.',
          tag,
          body: BackupIn,
          ok: { 201: BackupDone, 202: Processing },
          ...idempotentDoc(),
          errors: [...IDEMPOTENT_ERRORS, 'invalid_payload', 'bad_request', 'retention_busy', 'db_error'],
        }),
      },
    );
