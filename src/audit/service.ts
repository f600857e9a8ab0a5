// Owns the audit area's public API, used by its routes, the CLI, workers and other areas (streams, portal, exports).
import { findTenant } from '../tenants/service';
import { integrityReport } from './verify';
import { orgs, pending } from './repo';

export { createOrg, getOrg, isOrgArchived, lastSeq, listOrgs, orgOut, setArchived, setRetention } from './orgs';
export { ingestAuditEvent } from './ingest';
export { auditEventsAfter, getAuditEvent, queryEvents, streamAuditEvents } from './query';
export { auditRowChecks, integrityReport, verifyAuditEvent } from './verify';
export { clearRetentionLock, deleteOrg, runAuditRetention, withRetentionLock } from './retention';
export { onAuditApplied } from './writer';
export { checkFilters, type AuditEventOut, type QueryFilters } from './model';

/** `svc audit integrity --tenant TENANT --org ORG_ID`: TENANT is a tenant id or domain. */
export function integrityForOperator(tenantRef: string, orgId: string) {
  return integrityReport(findTenant(tenantRef).tenant_id, orgId);
}

/** Audit events accepted but not yet appended by the writer thread, and the age of the oldest (metrics, doctor). */
export function auditBacklog(): { depth: number; oldestAgeMs: number } {
  const depth = pending().getCount();
  for (const { value } of pending().getRange({ limit: 1 })) {
    const at = Date.parse((JSON.parse(value) as { ingested_at: string }).ingested_at);
    return { depth, oldestAgeMs: Number.isFinite(at) ? Math.max(0, Date.now() - at) : 0 };
  }
  return { depth, oldestAgeMs: 0 };
}

/** Every audit org of every tenant, as [tenant_id, organization_id] (restore verification walks them). */
export function allOrgKeys(): Array<[string, string]> {
  return [...orgs().getKeys({})] as Array<[string, string]>;
}
