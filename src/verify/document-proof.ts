// Owns the rules of a document proof, GET /v1/proof/document/{event_id} (docs/ai-and-documents.md#document-anchors-post-v1documentanchor-scope-write-bodies-up-to-8-mb): the anchor's signed
// bytes bind document_hash, its reference and time; and the anchor's place in the tenant's log.
import { checkProofLog, checkProofRecord } from './event-proof';
import type { Ctx, Obj } from './report';
import { checkClaims } from './signed-rules';

/** Returns the fields no signature covers. */
export function verifyDocumentProof(x: Ctx, d: Obj): string[] {
  const item = 'record';
  checkProofRecord(x, item, d, 'document', (s) => [
    ['event_id', s.event_id, d.event_id],
    ['document_hash', s.document_hash, d.document_hash],
    ['document_ref', s.document_ref, d.document_ref],
    ['created_at', s.created_at, d.created_at],
  ]);
  checkClaims(x, item, [['signature_valid', d.signature_valid]]);
  checkProofLog(x, item, d);
  return ['organization'];
}
