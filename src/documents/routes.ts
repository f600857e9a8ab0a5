// Owns the document anchoring HTTP routes: anchor, get, original bytes, verify, public proof and public verify.
import { Elysia } from 'elysia';
import type { Guards } from '../route-kit/guards';
import { doc, publicProofRoute, readOneRoute } from '../route-kit/doc';
import { createdBy, IDEMPOTENT_ERRORS, idempotentDoc } from '../route-kit/idempotent';
import { HashVerify, Processing } from '../route-kit/schemas';
import { Anchored, AnchorIn, DocHashIn, Document, DocumentProof } from './model';
import { coseReply, evidenceDoc, textReply } from '../route-kit/evidence';
import { recordReceipt, recordTlogProof } from '../tlog/index';
import { TRACE_ITEM_ERRORS } from '../traces/model';
import {
  anchorDocument,
  documentLeaf,
  documentOriginal,
  documentProof,
  getDocument,
  verifyDocument,
  verifyDocumentPublic,
} from './service';

export const documentRoutes = (guards: Guards) =>
  new Elysia()
    .use(guards)
    .post(
      '/v1/document/anchor',
      createdBy(201, ({ principal, body }, claim) => anchorDocument(principal.tenant, principal.key, body, claim)),
      {
        auth: ['write'],
        paid: true,
        detail: doc({
          summary: 'Anchor a document hash (body up to 8 MB)',
          tag: 'documents',
          body: AnchorIn,
          ok: { 201: Anchored, 202: Processing },
          ...idempotentDoc(),
          errors: [
            ...IDEMPOTENT_ERRORS,
            'invalid_document_hash',
            'invalid_payload',
            'invalid_metadata',
            'metadata_too_large',
            'invalid_original_bytes_base64',
            'original_bytes_empty',
            'original_bytes_too_large',
            'original_bytes_hash_mismatch',
            'document_already_anchored',
            ...TRACE_ITEM_ERRORS,
            'quota_exceeded',
            'payload_too_large',
            'overloaded',
          ],
        }),
      },
    )
    .get(
      '/v1/document/:event_id',
      ({ params, principal }) => getDocument(principal.tenant, params.event_id),
      readOneRoute('documents', 'Get an anchored document record', Document, 'document_not_found'),
    )
    .get(
      '/v1/document/:event_id/original',
      ({ params, set, principal }) => {
        const bytes = documentOriginal(principal.tenant, params.event_id);
        set.headers['content-type'] = 'application/octet-stream';
        set.headers['content-disposition'] = `attachment; filename="${params.event_id.toLowerCase()}"`;
        return new Uint8Array(bytes);
      },
      {
        auth: ['read'],
        detail: doc({
          summary: 'The stored original bytes of a document',
          tag: 'documents',
          ok: { 200: 'bytes' },
          okHeaders: { 'Content-Disposition': 'attachment, named after the event id' },
          errors: ['invalid_path_parameter', 'document_not_found'],
        }),
      },
    )
    .post(
      '/v1/document/:event_id/verify',
      ({ params, body, principal }) => verifyDocument(principal.tenant, params.event_id, body),
      {
        auth: ['read', 'write'],
        paid: true,
        detail: doc({
          summary: 'Compare a document hash with an anchor',
          tag: 'documents',
          body: DocHashIn,
          ok: { 200: HashVerify },
          errors: ['invalid_document_hash', 'invalid_path_parameter', 'document_not_found', 'quota_exceeded'],
        }),
      },
    )
    .get(
      '/v1/proof/document/:event_id',
      ({ params }) => documentProof(params.event_id),
      publicProofRoute('Public proof of a document anchor', DocumentProof),
    )
    .get(
      '/v1/proof/document/:event_id/receipt',
      ({ params }) => coseReply(recordReceipt(documentLeaf(params.event_id))),
      {
        publicRate: true,
        detail: evidenceDoc('receipt', 'a document anchor', ['invalid_path_parameter', 'proof_not_found']),
      },
    )
    .get(
      '/v1/proof/document/:event_id/tlog-proof',
      ({ params }) => textReply(recordTlogProof(documentLeaf(params.event_id))),
      {
        publicRate: true,
        detail: evidenceDoc('tlog-proof', 'a document anchor', ['invalid_path_parameter', 'proof_not_found']),
      },
    )
    .post('/v1/proof/document/:event_id/verify', ({ params, body }) => verifyDocumentPublic(params.event_id, body), {
      publicRate: true,
      detail: doc({
        summary: 'Public comparison of a document hash',
        tag: 'proofs',
        body: DocHashIn,
        ok: { 200: HashVerify },
        errors: ['invalid_document_hash', 'invalid_path_parameter', 'proof_not_found'],
      }),
    });
