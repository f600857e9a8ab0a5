// Owns the ledger's HTTP routes: POST/GET /v1/events, GET /v1/events/{id}, verify, public proof.
import { Elysia } from 'elysia';
import { authorize, requirePaid } from '../http/auth';
import { requestState } from '../http/context';
import { limitPublic } from '../http/limits';
import { EventIn, ListQuery } from './model';
import { checkIdempotencyKey, eventProof, getEvent, ingestEvent, listEvents, verifyEvent } from './service';

export const ledgerRoutes = new Elysia()
  .post('/v1/events', async ({ request, body, set }) => {
    const idempotencyKey = checkIdempotencyKey(request.headers.get('idempotency-key'));
    const p = authorize(request, ['write']);
    const r = await ingestEvent(
      { tenant: p.tenant, key: p.key, body: body as Record<string, unknown>, rawBody: requestState(request).rawBody ?? '', idempotencyKey },
      () => requirePaid(p),
    );
    set.status = r.status;
    if (r.replayed) set.headers['idempotent-replayed'] = 'true';
    return r.body;
  }, {
    body: EventIn,
    // Runs before schema validation: SPEC rule 4 checks the Idempotency-Key format before the API key,
    // and a request that fails authentication is answered as such whatever its body holds.
    transform: ({ request }) => {
      checkIdempotencyKey(request.headers.get('idempotency-key'));
      requirePaid(authorize(request, ['write'])); // DECISIONS 9: 402 before the body is looked at
    },
  })
  .get('/v1/events', ({ request, query }) => {
    const p = authorize(request, ['read', 'write']);
    return listEvents(p.tenant, query);
  }, { query: ListQuery })
  .get('/v1/events/:event_id', ({ request, params }) => {
    const p = authorize(request, ['read', 'write']);
    return getEvent(p.tenant, params.event_id);
  })
  .post('/v1/events/:event_id/verify', ({ request, params, body }) => {
    const p = authorize(request, ['read', 'write']);
    requirePaid(p);
    return verifyEvent(p.tenant, p.key.key_id, params.event_id, body);
  })
  .get('/v1/proof/event/:event_id', ({ request, params }) => {
    limitPublic(request);
    return eventProof(params.event_id);
  });
