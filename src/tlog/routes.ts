// Owns the transparency log endpoints (DECISIONS 10): checkpoint, inclusion and consistency for the tenant
// log (/v1/log, scope read), an org log (/v1/audit/orgs/{id}/log, audit:read) and the public tenant log.
import { Elysia } from 'elysia';
import { authorize } from '../http/auth';
import { limitPublic } from '../http/limits';
import { ApiError } from '../errors';
import { isUuid } from '../crypto/ids';
import { recordTable } from '../records/table';
import { checkpointOut, consistencyOut, inclusionOut, orgLog, tenantLog, type LogRow } from './service';
import { orgRecordLeaf, tenantRecordLeaf } from './records';
import { tenantLogReport } from './tenant-integrity';

type Q = Record<string, string | undefined>;

/** The three reads of a log, given how to find it and how to resolve a record id in it. */
function logReads(log: LogRow | undefined, query: Q, what: string, resolve: (log: LogRow, id: string) => number | undefined) {
  if (what === 'checkpoint') return checkpointOut(log);
  if (what === 'inclusion') return inclusionOut(log, query, (id) => (log ? resolve(log, id) : undefined));
  return consistencyOut(log, query);
}

function publicTenantId(domain: string): string {
  if (isUuid(domain)) throw new ApiError('not_found', `no tenant for domain ${domain}`);
  return recordTable().tenants.idOf(domain);
}

// One route per read (not a `:what` parameter), so that each has its own entry in the OpenAPI document.
const tenantReads = (request: Request, query: Q, what: string) => logReads(tenantLog(authorize(request, ['read']).tenant.tenant_id), query, what, tenantRecordLeaf);
function orgReads(request: Request, id: string, query: Q, what: string) {
  const p = authorize(request, ['audit:read']);
  recordTable().orgs.assert(p.tenant.tenant_id, id);
  return logReads(orgLog(p.tenant.tenant_id, id), query, what, orgRecordLeaf);
}
function publicReads(request: Request, domain: string, query: Q, what: string) {
  limitPublic(request);
  return logReads(tenantLog(publicTenantId(domain)), query, what, tenantRecordLeaf);
}

export const logRoutes = new Elysia()
  .get('/v1/log/integrity', ({ request }) => tenantLogReport(authorize(request, ['read']).tenant.tenant_id))
  .get('/v1/log/checkpoint', ({ request, query }) => tenantReads(request, query as Q, 'checkpoint'))
  .get('/v1/log/inclusion', ({ request, query }) => tenantReads(request, query as Q, 'inclusion'))
  .get('/v1/log/consistency', ({ request, query }) => tenantReads(request, query as Q, 'consistency'))
  .get('/v1/audit/orgs/:id/log/checkpoint', ({ request, params, query }) => orgReads(request, params.id, query as Q, 'checkpoint'))
  .get('/v1/audit/orgs/:id/log/inclusion', ({ request, params, query }) => orgReads(request, params.id, query as Q, 'inclusion'))
  .get('/v1/audit/orgs/:id/log/consistency', ({ request, params, query }) => orgReads(request, params.id, query as Q, 'consistency'))
  .get('/v1/proof/log/:domain/checkpoint', ({ request, params, query }) => publicReads(request, params.domain, query as Q, 'checkpoint'))
  .get('/v1/proof/log/:domain/inclusion', ({ request, params, query }) => publicReads(request, params.domain, query as Q, 'inclusion'))
  .get('/v1/proof/log/:domain/consistency', ({ request, params, query }) => publicReads(request, params.domain, query as Q, 'consistency'));
