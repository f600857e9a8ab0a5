// Owns the audit HTTP endpoints (docs/audit.md): parse, call the service, shape the reply; the
// guards (auth, scope, rate limit, 402) run before.
import { Elysia } from 'elysia';
import { Type as t } from '@sinclair/typebox';
import type { Guards } from '../route-kit/guards';
import { keyActor, type ActionsBy } from '../operator-actions/port';
import { doc, type QueryParams } from '../route-kit/doc';
import { createdBy, IDEMPOTENT_ERRORS, idempotentDoc } from '../route-kit/idempotent';
import { AuditEvent, AuditEventsPage, AuditQuery, AuditVerify, Deleted, Processing } from '../route-kit/schemas';
import { checkRetentionBody } from './org-input';
import { checkOrgListQuery, checkQuery } from './query-input';
import { AuditAccepted, AuditIn, Integrity, Org, OrgIn, OrgListQuery, OrgPage, Retention, RetentionIn } from './model';
import { coseReply, evidenceDoc, textReply } from '../route-kit/evidence';
import { recordReceipt, recordTlogProof } from '../tlog/index';
import {
  auditLeaf,
  createOrg,
  getAuditEvent,
  getOrg,
  ingestAuditEvent,
  integrityReport,
  listOrgs,
  orgOut,
  queryEvents,
  setRetention,
  verifyAuditEvent,
} from './service';

const tag = 'audit';
const ORG = ['not_found', 'org_not_found'] as const;

/** Archive, unarchive and delete are tenant administration: each is an operator-log entry (docs/audit.md). */
export const auditRoutes = (guards: Guards, actionsBy: ActionsBy) =>
  new Elysia()
    .use(guards)
    .post(
      '/v1/audit/orgs',
      createdBy(201, ({ principal, body }, claim) => createOrg(principal.tenant, body, claim)),
      {
        auth: ['audit:write'],
        detail: doc({
          summary: 'Create an audit organization',
          tag,
          body: OrgIn,
          ok: { 201: Org, 202: Processing },
          ...idempotentDoc(),
          errors: [...IDEMPOTENT_ERRORS, 'invalid_organization_id', 'invalid_name', 'org_exists', 'too_many_orgs'],
        }),
      },
    )
    .get(
      '/v1/audit/orgs',
      ({ query, principal }) => {
        const { limit, after } = checkOrgListQuery(query as QueryParams);
        return listOrgs(principal.tenant.tenant_id, limit, after);
      },
      {
        auth: ['audit:read'],
        detail: doc({ summary: 'List audit organizations', tag, query: OrgListQuery, ok: { 200: OrgPage } }),
      },
    )
    .get('/v1/audit/orgs/:id', ({ params, principal }) => orgOut(getOrg(principal.tenant.tenant_id, params.id)), {
      auth: ['audit:read'],
      detail: doc({ summary: 'Get an audit organization', tag, ok: { 200: Org }, errors: [...ORG] }),
    })
    .post(
      '/v1/audit/orgs/:id/archive',
      ({ params, principal }) =>
        actionsBy(keyActor(principal)).setOrgArchived(principal.tenant.tenant_id, params.id, true),
      {
        auth: ['audit:write'],
        detail: doc({
          summary: 'Archive an organization (refuses new events)',
          tag,
          ok: { 200: Org },
          errors: [...ORG],
        }),
      },
    )
    .post(
      '/v1/audit/orgs/:id/unarchive',
      ({ params, principal }) =>
        actionsBy(keyActor(principal)).setOrgArchived(principal.tenant.tenant_id, params.id, false),
      {
        auth: ['audit:write'],
        detail: doc({ summary: 'Unarchive an organization', tag, ok: { 200: Org }, errors: [...ORG] }),
      },
    )
    .delete(
      '/v1/audit/orgs/:id',
      ({ params, principal }) => actionsBy(keyActor(principal)).deleteOrg(principal.tenant.tenant_id, params.id),
      {
        auth: ['audit:write'],
        detail: doc({
          summary: 'Delete an organization whose history aged out',
          tag,
          ok: { 200: Deleted },
          errors: [...ORG, 'org_not_deletable'],
        }),
      },
    )
    .put(
      '/v1/audit/orgs/:id/retention',
      ({ params, body, principal }) => setRetention(principal.tenant, params.id, checkRetentionBody(body)),
      {
        auth: ['audit:write'],
        detail: doc({
          summary: 'Set retention days (clamped to the plan cap)',
          tag,
          body: RetentionIn,
          ok: { 200: Retention },
          errors: ['invalid_payload', ...ORG],
        }),
      },
    )
    .get(
      '/v1/audit/orgs/:id/integrity',
      ({ params, principal }) => integrityReport(principal.tenant.tenant_id, params.id),
      {
        auth: ['audit:read'],
        detail: doc({ summary: 'Sequence and log integrity report', tag, ok: { 200: Integrity }, errors: [...ORG] }),
      },
    )
    .post(
      '/v1/audit/events',
      async ({ request, body, set, principal }) => {
        const out = await ingestAuditEvent(principal.tenant, request.headers.get('idempotency-key'), body);
        set.status = 201;
        return out;
      },
      {
        auth: ['audit:write'],
        paid: true,
        detail: doc({
          summary: 'Ingest an audit event',
          tag,
          body: AuditIn,
          ok: { 201: AuditAccepted },
          headers: {
            'Idempotency-Key': {
              required: true,
              schema: t.String({ minLength: 1, maxLength: 255 }),
              description: 'Required; the same key and body again is 409 duplicate_event',
            },
          },
          errors: [
            'missing_idempotency_key',
            'invalid_idempotency_key',
            'invalid_payload',
            'invalid_organization_id',
            'invalid_action',
            'invalid_actor',
            'invalid_target',
            'too_many_targets',
            'invalid_occurred_at',
            'occurred_at_out_of_window',
            'invalid_context',
            'invalid_metadata',
            'org_not_found',
            'org_archived',
            'duplicate_event',
            'idempotency_key_reuse_mismatch',
            'ingest_failed',
            'overloaded',
          ],
        }),
      },
    )
    .get(
      '/v1/audit/events',
      ({ query, principal }) => queryEvents(principal.tenant.tenant_id, checkQuery(query as QueryParams)),
      {
        auth: ['audit:read'],
        detail: doc({
          summary: 'Query audit events, newest first (keyset pagination)',
          tag,
          query: { organization_id: t.String(), ...AuditQuery },
          ok: { 200: AuditEventsPage },
          // bad_request: a malformed cursor or range timestamp.
          errors: ['bad_request', 'invalid_organization_id', ...ORG, 'invalid_payload'],
        }),
      },
    )
    .get('/v1/audit/events/:id', ({ params, principal }) => getAuditEvent(principal.tenant.tenant_id, params.id), {
      auth: ['audit:read'],
      detail: doc({ summary: 'Get one audit event', tag, ok: { 200: AuditEvent }, errors: ['not_found'] }),
    })
    .get(
      '/v1/audit/events/:id/receipt',
      ({ params, principal }) => coseReply(recordReceipt(auditLeaf(principal.tenant.tenant_id, params.id))),
      { auth: ['audit:read'], detail: evidenceDoc('receipt', 'an audit event in its org log', ['not_found']) },
    )
    .get(
      '/v1/audit/events/:id/tlog-proof',
      ({ params, principal }) => textReply(recordTlogProof(auditLeaf(principal.tenant.tenant_id, params.id))),
      { auth: ['audit:read'], detail: evidenceDoc('tlog-proof', 'an audit event in its org log', ['not_found']) },
    )
    .get(
      '/v1/audit/events/:id/verify',
      ({ params, principal }) => verifyAuditEvent(principal.tenant.tenant_id, params.id),
      {
        auth: ['audit:read'],
        paid: true,
        detail: doc({
          summary: 'Verify one audit event server-side',
          tag,
          ok: { 200: AuditVerify },
          errors: ['not_found'],
        }),
      },
    );
