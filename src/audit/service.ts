// Owns the audit area's public API, used by its routes, the CLI, workers and other areas (streams, portal, exports).
import { findTenant } from '../tenants/service';
import { getRow } from './query';
import { auditEventKind } from './kind';
import { storageOf } from './orgs';
import { integrityReport } from './verify';
import { orgs } from './repo';

export { createOrg, getOrg, isOrgArchived, lastSeq, listOrgs, orgOut, setArchived, setRetention } from './orgs';
export { ingestAuditEvent, onAuditApplied } from './ingest';
export { auditEventApplier, AUDIT_EVENT, flushAuditHeadsInTxn } from './append';
export { auditEventsAfter, auditLeaf, getAuditEvent, queryEvents, streamAuditEvents } from './query';
export { integrityReport, verifyAuditEvent } from './verify';
export { clearRetentionLock, deleteOrg, runAuditRetention, withRetentionLock } from './retention';
export type { AuditEventOut, QueryFilters } from './model';
export { checkFilters, checkOrgListQuery, checkQuery } from './query-input';
export { checkOrgId } from './org-input';

/** `svc audit integrity --tenant TENANT --org ORG_ID`: TENANT is a tenant id or domain. */
export function integrityForOperator(tenantRef: string, orgId: string) {
  return integrityReport(findTenant(tenantRef).tenant_id, orgId);
}

/**
 * The canonical bytes audit event `seq` is signed over, rebuilt from its row's columns (hot or cold storage):
 * 'unavailable' once retention purged it, null when it is missing otherwise. Throws when a column no longer parses.
 */
export function auditSignedBytes(tenantId: string, orgId: string, seq: number): Uint8Array | 'unavailable' | null {
  const row = getRow(tenantId, orgId, seq);
  if (row) return auditEventKind.signedBytes({ tenant_id: tenantId, row });
  return seq <= storageOf(tenantId, orgId).purged_through_seq ? 'unavailable' : null;
}

/** Every audit org of every tenant, archived ones included, as [tenant_id, organization_id] (restore verification, the transparency logs' migration). */
export function allOrgKeys(): Array<[string, string]> {
  return [...orgs().getKeys({})] as Array<[string, string]>;
}
