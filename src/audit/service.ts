// Owns the audit area's public API, used by its routes, the CLI, workers and other areas (streams, portal, exports).
import { findTenant } from '../tenants/service';
import { canonicalBytes } from '../crypto/canonical';
import { signedDataOf } from './event-row';
import { getRow } from './query';
import { storageOf } from './orgs';
import { integrityReport } from './verify';
import { orgs } from './repo';

export { createOrg, getOrg, isOrgArchived, lastSeq, listOrgs, orgOut, setArchived, setRetention } from './orgs';
import { listOrgs } from './orgs';
export { ingestAuditEvent, onAuditApplied } from './ingest';
export { auditEventApplier, AUDIT_EVENT, flushAuditHeadsInTxn } from './append';
export { auditEventsAfter, getAuditEvent, queryEvents, streamAuditEvents } from './query';
export { auditRowChecks, integrityReport, verifyAuditEvent } from './verify';
export { clearRetentionLock, deleteOrg, runAuditRetention, withRetentionLock } from './retention';
export type { AuditEventOut, QueryFilters } from './model';
export { checkFilters } from './query-input';

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
  if (row) return canonicalBytes(signedDataOf(row));
  return seq <= storageOf(tenantId, orgId).purged_through_seq ? 'unavailable' : null;
}

/** Every (tenant, org) pair with audit orgs, archived ones included (the transparency logs' migration). */
export function allOrgs(tenantId: string): string[] {
  const out: string[] = [];
  let after: string | null = null;
  do {
    const page: { orgs: Array<Record<string, unknown>>; next_cursor: string | null } = listOrgs(tenantId, 1000, after);
    for (const o of page.orgs) out.push(o.organization_id as string);
    after = page.next_cursor ? out[out.length - 1]! : null;
  } while (after);
  return out;
}

/** Every audit org of every tenant, as [tenant_id, organization_id] (restore verification walks them). */
export function allOrgKeys(): Array<[string, string]> {
  return [...orgs().getKeys({})] as Array<[string, string]>;
}
