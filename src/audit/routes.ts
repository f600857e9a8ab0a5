// Owns the audit HTTP endpoints (SPEC "Audit logs", DECISIONS 6): parse, authorize, call the service, shape the reply.
import { Elysia } from 'elysia';
import { authorize, requirePaid } from '../http/auth';
import { checkRetentionBody } from './org-input';
import { checkOrgListQuery, checkQuery } from './query-input';
import {
  createOrg, deleteOrg, getAuditEvent, getOrg, ingestAuditEvent, integrityReport, listOrgs, orgOut, queryEvents,
  setArchived, setRetention, verifyAuditEvent,
} from './service';

type Q = Record<string, string | undefined>;

export const auditRoutes = new Elysia()
  .post('/v1/audit/orgs', async ({ request, body, set }) => {
    const p = authorize(request, ['audit:write']);
    const out = await createOrg(p.tenant, body);
    set.status = 201;
    return out;
  })
  .get('/v1/audit/orgs', ({ request, query }) => {
    const p = authorize(request, ['audit:read']);
    const { limit, after } = checkOrgListQuery(query as Q);
    return listOrgs(p.tenant.tenant_id, limit, after);
  })
  .get('/v1/audit/orgs/:id', ({ request, params }) => {
    const p = authorize(request, ['audit:read']);
    return orgOut(getOrg(p.tenant.tenant_id, params.id));
  })
  .post('/v1/audit/orgs/:id/archive', ({ request, params }) => setArchived(authorize(request, ['audit:write']).tenant.tenant_id, params.id, true))
  .post('/v1/audit/orgs/:id/unarchive', ({ request, params }) => setArchived(authorize(request, ['audit:write']).tenant.tenant_id, params.id, false))
  .delete('/v1/audit/orgs/:id', ({ request, params }) => deleteOrg(authorize(request, ['audit:write']).tenant.tenant_id, params.id))
  .put('/v1/audit/orgs/:id/retention', ({ request, params, body }) => {
    const p = authorize(request, ['audit:write']);
    return setRetention(p.tenant, params.id, checkRetentionBody(body));
  })
  .get('/v1/audit/orgs/:id/integrity', ({ request, params }) => integrityReport(authorize(request, ['audit:read']).tenant.tenant_id, params.id))
  .post('/v1/audit/events', async ({ request, body, set }) => {
    const p = authorize(request, ['audit:write']);
    requirePaid(p);
    const out = await ingestAuditEvent(p.tenant, request.headers.get('idempotency-key'), body);
    set.status = 201;
    return out;
  })
  .get('/v1/audit/events', ({ request, query }) => {
    const p = authorize(request, ['audit:read']);
    return queryEvents(p.tenant.tenant_id, checkQuery(query as Q));
  })
  .get('/v1/audit/events/:id', ({ request, params }) => getAuditEvent(authorize(request, ['audit:read']).tenant.tenant_id, params.id))
  .get('/v1/audit/events/:id/verify', ({ request, params }) => {
    const p = authorize(request, ['audit:read']);
    requirePaid(p);
    return verifyAuditEvent(p.tenant.tenant_id, params.id);
  });
