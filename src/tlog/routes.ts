// Owns the transparency log endpoints (DECISIONS 10): checkpoint, inclusion and consistency for the tenant
// log (/v1/log, scope read), an org log (/v1/audit/orgs/{id}/log, audit:read) and the public tenant log.
import { Elysia } from 'elysia';
import { authorize } from '../http/auth';
import { limitPublic } from '../http/limits';
import { ApiError } from '../errors';
import { isUuid } from '../crypto/ids';
import { findTenant } from '../tenants/service';
import { getOrg } from '../audit/service';
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
  return findTenant(domain).tenant_id;
}

export const logRoutes = new Elysia()
  .get('/v1/log/integrity', ({ request }) => tenantLogReport(authorize(request, ['read']).tenant.tenant_id))
  .get('/v1/log/:what', ({ request, params, query }) => {
    const p = authorize(request, ['read']);
    if (!['checkpoint', 'inclusion', 'consistency'].includes(params.what)) throw new ApiError('not_found', 'Not found');
    return logReads(tenantLog(p.tenant.tenant_id), query as Q, params.what, tenantRecordLeaf);
  })
  .get('/v1/audit/orgs/:id/log/:what', ({ request, params, query }) => {
    const p = authorize(request, ['audit:read']);
    if (!['checkpoint', 'inclusion', 'consistency'].includes(params.what)) throw new ApiError('not_found', 'Not found');
    getOrg(p.tenant.tenant_id, params.id);
    return logReads(orgLog(p.tenant.tenant_id, params.id), query as Q, params.what, orgRecordLeaf);
  })
  .get('/v1/proof/log/:domain/:what', ({ request, params, query }) => {
    limitPublic(request);
    if (!['checkpoint', 'inclusion', 'consistency'].includes(params.what)) throw new ApiError('not_found', 'Not found');
    return logReads(tenantLog(publicTenantId(params.domain)), query as Q, params.what, tenantRecordLeaf);
  });
