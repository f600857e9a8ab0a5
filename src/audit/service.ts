// Owns the audit area's public API, used by its routes, the CLI, workers and other areas (streams, portal, exports).
import { findTenant } from '../tenants/service';
import { integrityReport } from './verify';
import { orgs } from './repo';

export { createOrg, getOrg, isOrgArchived, lastSeq, listOrgs, orgOut, setArchived, setRetention } from './orgs';
export { ingestAuditEvent, onAuditApplied } from './ingest';
export { auditEventApplier, AUDIT_EVENT } from './append';
export { auditEventsAfter, getAuditEvent, queryEvents, streamAuditEvents } from './query';
export { auditRowChecks, integrityReport, verifyAuditEvent } from './verify';
export { clearRetentionLock, deleteOrg, runAuditRetention, withRetentionLock } from './retention';
export { checkFilters, type AuditEventOut, type QueryFilters } from './model';

/** `svc audit integrity --tenant TENANT --org ORG_ID`: TENANT is a tenant id or domain. */
export function integrityForOperator(tenantRef: string, orgId: string) {
  return integrityReport(findTenant(tenantRef).tenant_id, orgId);
}


/** Every audit org of every tenant, as [tenant_id, organization_id] (restore verification walks them). */
export function allOrgKeys(): Array<[string, string]> {
  return [...orgs().getKeys({})] as Array<[string, string]>;
}
