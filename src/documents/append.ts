// Owns the signed append of document anchors (docs/verification.md#4-the-signed-payload-of-each-record-kind), run by the writer thread: signing
// outside the transaction; the claim, the original bytes, the row and its trace item entry inside it.
import { canonicalBytes } from '../crypto/canonical';
import { documentSignedPayload } from '../crypto/signed';
import { metadataHashOf } from '../verify/recompute';
import type { Applier } from '../store/writer-core';
import { signedColumns, tenantSigner } from '../signing/keys';
import { sandboxMark } from '../tenants/service';
import { appendTracedLeafInTxn } from '../traces/service';
import { byDocumentHash, documentRows, originals, type Anchored, type DocumentRow } from './repo';
import { storeAnswerInTxn, type Created, type IdemClaim } from '../route-kit/idempotent';

export const DOCUMENT_ANCHOR = 'document.anchor';

export type DocQueueItem = {
  event_id: string;
  tenant_id: string;
  api_key_id: string;
  created_at: string;
  has_original_bytes: boolean;
  document_hash: string;
  document_ref: string | null;
  metadata: Record<string, unknown> | null;
  trace_id: string | null;
  /** The original bytes as base64 (items travel to the writer as JSON). */
  original: string | null;
  /** Queued by an earlier version, whose enqueue already wrote the claim and the original bytes. */
  legacy?: true;
  /** The request's Idempotency-Key and the 201 to store under it with the anchor (docs/api.md#idempotency). */
  replay?: { claim: IdemClaim; answer: Created };
};
/** existing: the anchor that holds the claim already (nothing was written for this one). */
export type DocWriteResult = { existing?: Anchored };

/** Signs one anchor (docs/verification.md#4-the-signed-payload-of-each-record-kind) with the tenant's active key. */
export function buildDocumentRow(d: DocQueueItem): DocumentRow {
  const signer = tenantSigner(d.tenant_id);
  const metadata_hash = metadataHashOf(d.metadata);
  const sandbox = sandboxMark(d.tenant_id);
  const signed_bytes = Buffer.from(canonicalBytes(documentSignedPayload({ ...d, metadata_hash, ...sandbox })));
  return {
    v: 1,
    event_id: d.event_id,
    tenant_id: d.tenant_id,
    api_key_id: d.api_key_id,
    document_hash: d.document_hash,
    document_ref: d.document_ref,
    metadata: d.metadata,
    metadata_hash,
    has_original_bytes: d.has_original_bytes,
    trace_id: d.trace_id,
    created_at: d.created_at,
    ...signedColumns(signer, signed_bytes, sandbox),
  };
}

export const documentAnchorApplier: Applier<DocQueueItem, DocWriteResult> = {
  prepare(data) {
    const row = buildDocumentRow(data);
    return {
      apply() {
        const claim: [string, string] = [row.tenant_id, row.document_hash];
        if (!data.legacy) {
          const existing = byDocumentHash().get(claim);
          if (existing) return { existing };
          byDocumentHash().putSync(claim, { event_id: row.event_id, created_at: row.created_at });
          if (data.original) originals().putSync(row.event_id, Buffer.from(data.original, 'base64'));
        }
        row.leaf_index = appendTracedLeafInTxn(row, 'd', {
          type: 'document',
          id: row.event_id,
          timestamp: row.created_at,
          content_hash: row.document_hash,
        });
        documentRows().appendInTxn(row.event_id, row);
        if (data.replay) storeAnswerInTxn(data.replay.claim, data.replay.answer);
        return {};
      },
    };
  },
};
