// Owns the audit area's public API, used by its routes, the CLI, workers and other areas (streams, portal, exports).
import { findTenant } from '../tenants/service';
import { integrityReport } from './verify';

export { createOrg, getOrg, isOrgArchived, lastSeq, listOrgs, orgOut, setArchived, setRetention } from './orgs';
export { ingestAuditEvent, onAuditApplied } from './ingest';
export { auditEventApplier, AUDIT_EVENT } from './append';
export { auditEventsAfter, getAuditEvent, queryEvents, streamAuditEvents } from './query';
export { integrityReport, verifyAuditEvent } from './verify';
export { deleteOrg, runAuditRetention } from './retention';
export { checkFilters, type AuditEventOut, type QueryFilters } from './model';

/** `svc audit integrity --tenant TENANT --org ORG_ID`: TENANT is a tenant id or domain. */
export function integrityForOperator(tenantRef: string, orgId: string) {
  return integrityReport(findTenant(tenantRef).tenant_id, orgId);
}
