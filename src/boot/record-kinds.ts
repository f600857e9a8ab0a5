// Owns the record table: every kind of signed record and the area entry that finds, places, rebuilds and checks
// it, with what the logs need of tenants and audit orgs, built explicitly in one place (as the applier table) and
// handed in at boot to the areas that read it (tlog, traces); the areas register nothing themselves.
import { aiAttestationKind } from '../ai/kind';
import { auditEventKind } from '../audit/kind';
import { allOrgKeys, auditSignedBytes, getOrg, integrityReport, lastSeq } from '../audit/service';
import { documentAnchorKind } from '../documents/kind';
import { ledgerEventKind } from '../ledger/kind';
import { statementKind } from '../scitt/kind';
import { useRecordTable, type RecordKinds, type RecordTable } from '../records/table';
import { findTenant, getTenant, isSandbox, listTenants } from '../tenants/service';
import { pinnedPublicKey, tenantSigner } from '../signing/keys';
import { platformPublicKey, platformSigner } from '../signing/platform';
import { traceSealKind } from '../traces/kind';
import { withHeadVerifierKey, withNoteVerifierKeys } from '../tlog/index';

/** In table order: an inclusion request by record id tries the tenant-log kinds in this order. */
export const recordKinds: RecordKinds = Object.freeze({
  ledger_event: ledgerEventKind,
  ai_attestation: aiAttestationKind,
  document_anchor: documentAnchorKind,
  trace_seal: traceSealKind(ledgerEventKind),
  audit_event: auditEventKind,
  statement: statementKind,
});

const table: RecordTable = Object.freeze({
  kinds: recordKinds,
  tenants: {
    ids: () => listTenants().map((t) => t.tenant_id),
    idOf: (ref: string) => findTenant(ref).tenant_id,
    domainOf: (tenantId: string) => getTenant(tenantId)?.primary_domain,
    signer: tenantSigner,
    sandbox: isSandbox,
    publishedKey: pinnedPublicKey,
    platformSigner,
    platformPublicKey,
  },
  orgs: {
    all: allOrgKeys,
    assert: (tenantId: string, orgId: string) => void getOrg(tenantId, orgId),
    lastSeq,
    signedBytesAt: auditSignedBytes,
    integrity: (tenantId: string, orgId: string) => integrityReport(tenantId, orgId),
  },
  logs: { withNoteVerifierKeys, withHeadVerifierKey },
});

/** Boot of every process and thread that appends, logs, bundles or checks records (server, writer thread, CLI, console, scans). */
export function wireRecordTable(): void {
  useRecordTable(table);
}
