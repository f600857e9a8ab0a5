// Owns the tenant log report (GET /v1/log/integrity, `svc log verify`): each leaf's record found by the reference
// stored with the leaf and its signed bytes rebuilt from the row's columns, never from a stored copy.
import { canonicalBytes, canonicalJson } from '../crypto/canonical';
import { sha256Hex } from '../crypto/hash';
import { aiSignedPayload, documentSignedPayload, ledgerSignedPayload } from '../crypto/signed';
import { aiPayloadHashOf, metadataHashOf } from '../proof/recompute';
import { findLedgerRow } from '../ledger/service';
import { findAttestation } from '../ai/service';
import { findDocument } from '../documents/service';
import { findTenant } from '../tenants/service';
import { decodeRef } from './repo';
import { checkLog, type LogReport } from './integrity';
import { migratedLeafIndex, tenantLog, type LogRow } from './service';

/** Signed bytes of the record a tenant leaf names, rebuilt from its columns; null when absent or misplaced. */
function rebuild(log: LogRow, index: number, stored: Buffer | undefined): Uint8Array | null {
  const ref = stored ? decodeRef(stored) : null;
  if (!ref) return null;
  const placed = (r: { tenant_id: string; leaf_index?: number | null } | undefined, id: string) =>
    !!r && r.tenant_id === log.tenant_id && (r.leaf_index ?? migratedLeafIndex(log.num, id)) === index;
  try {
    if (ref.kind === 'e') {
      const r = findLedgerRow(ref.id);
      if (!r || !placed(r, ref.id)) return null;
      return canonicalBytes(ledgerSignedPayload({ ...r, payload_hash: sha256Hex(canonicalJson(r.payload)) }));
    }
    if (ref.kind === 'a') {
      const r = findAttestation(ref.id);
      if (!r || !placed(r, ref.id)) return null;
      return canonicalBytes(aiSignedPayload({ ...r, payload_hash: aiPayloadHashOf(r) }));
    }
    if (ref.kind === 'd') {
      const r = findDocument(ref.id);
      if (!r || !placed(r, ref.id)) return null;
      return canonicalBytes(documentSignedPayload({ ...r, metadata_hash: metadataHashOf(r.metadata) }));
    }
  } catch {
    return null; // a column that no longer parses: the record cannot be rebuilt
  }
  return null;
}

/** GET /v1/log/integrity (read scope). */
export function tenantLogReport(tenantId: string, onProgress?: (done: number) => void): LogReport & { tenant_id: string } {
  const log = tenantLog(tenantId);
  return { tenant_id: tenantId, ...checkLog(log, (i, stored) => (log ? rebuild(log, i, stored) : null), onProgress) };
}

/** `svc log verify --tenant T`: T is a tenant id or domain. */
export const tenantLogReportForOperator = (ref: string, onProgress?: (done: number) => void) => tenantLogReport(findTenant(ref).tenant_id, onProgress);

/** The data of a tenant log's leaf (its record's signed bytes, rebuilt from the row) for entry bundles; null when it cannot be rebuilt. */
export const tenantLeafData = (log: LogRow, index: number, entry: Buffer): Uint8Array | null => rebuild(log, index, entry);
