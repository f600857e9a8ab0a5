// Owns the document anchor's entry in the record table: how the logs, trace bundles and row checks find, place and
// rebuild an anchor.
import { canonicalBytes } from '../crypto/canonical';
import { documentSignedPayload } from '../crypto/signed';
import type { RecordKind } from '../records/table';
import { inTenantLog, keptSignedBytes, signedBundleRecord } from '../records/tenant-kind';
import { pinnedPublicKey } from '../signing/keys';
import { metadataHashOf } from '../verify/recompute';
import { documentRows, findDocument, type DocumentRow } from './repo';

/**
 * One anchor as a trace bundle item: payload {document_hash, document_ref, metadata, created_at}; with
 * `hashOnly` (public trace pages) metadata is replaced by its metadata_hash.
 */
function bundleItem(row: DocumentRow, hashOnly: boolean) {
  const payload: Record<string, unknown> = { document_hash: row.document_hash, document_ref: row.document_ref };
  if (hashOnly) payload.metadata_hash = row.metadata_hash;
  else payload.metadata = row.metadata;
  payload.created_at = row.created_at;
  return signedBundleRecord(row, payload, pinnedPublicKey(row.tenant_id, row.key_id));
}

export const documentAnchorKind: RecordKind<DocumentRow> = {
  ...inTenantLog('document_anchor', 'document anchor', 'd', findDocument, (r) => r.event_id),
  signedBytes: (r) => canonicalBytes(documentSignedPayload(r)),
  signedPayload: (f) => documentSignedPayload(f as Parameters<typeof documentSignedPayload>[0]),
  contentOk: (r) => metadataHashOf(r.metadata) === r.metadata_hash,
  ...keptSignedBytes(documentRows, (r) => r.event_id),
  bundleItem,
};
