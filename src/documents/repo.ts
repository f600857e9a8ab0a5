// Owns the document anchoring sub-databases: signed anchors (append-only), the per-tenant hash index, original bytes.
import { appendOnly } from '../store/append-only';
import { subDb } from '../store/env';
import { isUuid } from '../crypto/ids';
import type { TenantSigned } from '../records/tenant-kind';

export type DocumentRow = TenantSigned & {
  v: 1;
  event_id: string;
  api_key_id: string;
  document_hash: string;
  document_ref: string | null;
  metadata: Record<string, unknown> | null;
  metadata_hash: string | null;
  has_original_bytes: boolean;
  trace_id: string | null;
};
export type Anchored = { event_id: string; created_at: string };

/** Key [event_id]: the signed anchors; never updated, never deleted. */
export const documentRows = () => appendOnly<DocumentRow>('documents');
/** Key [tenant_id, document_hash]: claimed with the queue item, so a hash is anchored once per tenant even under a race. */
export const byDocumentHash = () => subDb<Anchored, [string, string]>('documents_by_hash');
/** Key [event_id] -> the original bytes, only when the client supplied them (kept apart from the small rows). */
export const originals = () => subDb<Buffer, string>('document_originals', { encoding: 'binary' });

export const findDocument = (id: string): DocumentRow | undefined =>
  isUuid(id) ? documentRows().get(id.toLowerCase()) : undefined;
