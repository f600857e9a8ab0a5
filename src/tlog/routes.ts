// Owns the transparency log endpoints (docs/transparency-logs.md): checkpoint, inclusion and consistency for the tenant
// log (/v1/log, scope read), an org log (/v1/audit/orgs/{id}/log, audit:read) and the public tenant log.
import { Elysia } from 'elysia';
import type { Guards } from '../route-kit/guards';
import { doc, type QueryParams } from '../route-kit/doc';
import { ApiError, type ErrorCode } from '../errors';
import { isUuid } from '../crypto/ids';
import { recordTable } from '../records/table';
import { checkpointOut, consistencyOut, inclusionOut, orgLog, tenantLog, type LogRow } from './index';
import { orgRecordLeaf, tenantRecordLeaf } from './records';
import { tenantLogReport } from './tenant-integrity';
import { Checkpoint, Consistency, ConsistencyQuery, Inclusion, InclusionQuery, LogIntegrity } from './model';

type Read = 'checkpoint' | 'inclusion' | 'consistency';

/** The three reads of a log, given how to find it and how to resolve a record id in it. */
function logReads(
  log: LogRow | undefined,
  query: QueryParams,
  what: Read,
  resolve: (log: LogRow, id: string) => number | undefined,
) {
  if (what === 'checkpoint') return checkpointOut(log);
  if (what === 'inclusion') return inclusionOut(log, query, (id) => (log ? resolve(log, id) : undefined));
  return consistencyOut(log, query);
}

function publicTenantId(domain: string): string {
  if (isUuid(domain)) throw new ApiError('not_found', `no tenant for domain ${domain}`);
  return recordTable().tenants.idOf(domain);
}

const tag = 'logs';
const LOG_ERRORS: ErrorCode[] = [
  'invalid_leaf_index',
  'invalid_tree_size',
  'leaf_pending',
  'leaf_not_found',
  'checkpoint_not_found',
];
/** The documentation of one read; `errors`: what finding the log adds (an unknown org or domain). */
const readDoc = (what: Read, errors: ErrorCode[]) =>
  doc(
    what === 'checkpoint'
      ? {
          summary: 'Latest signed checkpoint of the log',
          tag,
          ok: { 200: Checkpoint },
          errors: ['checkpoint_not_found', ...errors],
        }
      : what === 'inclusion'
        ? {
            summary: 'Inclusion proof of a leaf (by leaf_index or record_id)',
            tag,
            query: InclusionQuery,
            ok: { 200: Inclusion },
            errors: [...LOG_ERRORS, ...errors],
          }
        : {
            summary: 'Consistency proof between two tree sizes',
            tag,
            query: ConsistencyQuery,
            ok: { 200: Consistency },
            errors: ['invalid_tree_size', ...errors],
          },
  );

// One route per read (not a `:what` parameter), so that each has its own entry in the OpenAPI document.
const READS: Read[] = ['checkpoint', 'inclusion', 'consistency'];

export const logRoutes = (guards: Guards) => {
  const app = new Elysia()
    .use(guards)
    .get('/v1/log/integrity', ({ principal }) => tenantLogReport(principal.tenant.tenant_id), {
      auth: ['read'],
      detail: doc({ summary: "Integrity report of the tenant's log", tag, ok: { 200: LogIntegrity } }),
    });
  // Elysia registers a route on the instance it is called on (the chain returns that same instance).
  for (const what of READS) {
    app
      .get(
        `/v1/log/${what}`,
        ({ principal, query }) =>
          logReads(tenantLog(principal.tenant.tenant_id), query as QueryParams, what, tenantRecordLeaf),
        {
          auth: ['read'],
          detail: readDoc(what, []),
        },
      )
      .get(
        `/v1/audit/orgs/:id/log/${what}`,
        ({ principal, params, query }) => {
          recordTable().orgs.assert(principal.tenant.tenant_id, params.id);
          return logReads(orgLog(principal.tenant.tenant_id, params.id), query as QueryParams, what, orgRecordLeaf);
        },
        { auth: ['audit:read'], detail: readDoc(what, ['not_found']) },
      )
      .get(
        `/v1/proof/log/:domain/${what}`,
        ({ params, query }) =>
          logReads(tenantLog(publicTenantId(params.domain)), query as QueryParams, what, tenantRecordLeaf),
        {
          publicRate: true,
          detail: readDoc(what, ['not_found']),
        },
      );
  }
  return app;
};
