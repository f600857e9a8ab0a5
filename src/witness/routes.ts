// Owns the witness HTTP endpoints (DECISIONS 11): GET /.well-known/svc-witness-key and POST /witness/add-checkpoint.
import { Elysia } from 'elysia';
import { ApiError } from '../errors';
import { addCheckpoint, witnessKeyDoc } from './service';
import { SIZE_CONTENT_TYPE } from './protocol';

/**
 * The witness routes, public (no key). `limitPublic` is the per-IP rate limit of the other public routes,
 * handed in by the server so that this area does not depend on the HTTP layer.
 */
export const witnessRoutes = (limitPublic: (request: Request) => void) =>
  new Elysia()
    .get('/.well-known/svc-witness-key', ({ request }) => {
      limitPublic(request);
      return witnessKeyDoc();
    })
    // The server hands this route its body as text, whatever the Content-Type (C2SP names none).
    .post('/witness/add-checkpoint', async ({ request, body }) => {
      limitPublic(request);
      if (typeof body !== 'string') throw new ApiError('bad_request', 'the body must be an add-checkpoint request (text)');
      const r = await addCheckpoint(body);
      return r.status === 200
        ? new Response(r.cosignatures, { headers: { 'content-type': 'text/plain; charset=utf-8' } })
        : new Response(`${r.size}\n`, { status: 409, headers: { 'content-type': SIZE_CONTENT_TYPE } });
    });
