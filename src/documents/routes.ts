// Owns the document anchoring HTTP routes: anchor, get, original bytes, verify, public proof and public verify.
import { Elysia } from 'elysia';
import { authorize, requirePaid } from '../http/auth';
import { limitPublic } from '../http/limits';
import { anchorDocument, documentOriginal, documentProof, getDocument, verifyDocument, verifyDocumentPublic } from './service';

export const documentRoutes = new Elysia()
  .post('/v1/document/anchor', async ({ request, body, set }) => {
    const p = authorize(request, ['write']);
    requirePaid(p);
    const r = await anchorDocument(p.tenant, p.key, body);
    set.status = 201;
    return r;
  })
  .get('/v1/document/:event_id', ({ request, params }) => {
    const p = authorize(request, ['read']);
    return getDocument(p.tenant, params.event_id);
  })
  .get('/v1/document/:event_id/original', ({ request, params, set }) => {
    const p = authorize(request, ['read']);
    const bytes = documentOriginal(p.tenant, params.event_id);
    set.headers['content-type'] = 'application/octet-stream';
    set.headers['content-disposition'] = `attachment; filename="${params.event_id.toLowerCase()}"`;
    return new Uint8Array(bytes);
  })
  .post('/v1/document/:event_id/verify', ({ request, params, body }) => {
    const p = authorize(request, ['read', 'write']);
    requirePaid(p);
    return verifyDocument(p.tenant, params.event_id, body);
  })
  .get('/v1/proof/document/:event_id', ({ request, params }) => {
    limitPublic(request);
    return documentProof(params.event_id);
  })
  .post('/v1/proof/document/:event_id/verify', ({ request, params, body }) => {
    limitPublic(request);
    return verifyDocumentPublic(params.event_id, body);
  });
