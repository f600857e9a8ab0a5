// Owns the AI attestation HTTP routes: create, get, public proof and public content-hash comparison.
import { Elysia } from 'elysia';
import { authorize, requirePaid } from '../http/auth';
import { limitPublic } from '../http/limits';
import { checkIdempotencyKey } from '../ledger/service';
import { aiProof, attest, getAttestation, verifyAiContent } from './service';

export const aiRoutes = new Elysia()
  .post('/v1/ai/attestations', async ({ request, body, set }) => {
    // DECISIONS 9: auth, scope, rate limit, 402, then the body; the optional Idempotency-Key is checked with it.
    const p = authorize(request, ['write']);
    requirePaid(p);
    const idempotencyKey = checkIdempotencyKey(request.headers.get('idempotency-key'));
    const r = await attest({ tenant: p.tenant, key: p.key, body, idempotencyKey });
    set.status = 201;
    if (r.replayed) set.headers['idempotent-replayed'] = 'true';
    return r.body;
  })
  .get('/v1/ai/attestations/:attestation_id', ({ request, params }) => {
    const p = authorize(request, ['read']);
    return getAttestation(p.tenant, params.attestation_id);
  })
  .get('/v1/proof/ai/:attestation_id', ({ request, params }) => {
    limitPublic(request);
    return aiProof(params.attestation_id);
  })
  .post('/v1/proof/ai/:attestation_id/verify', ({ request, params, body }) => {
    limitPublic(request);
    return verifyAiContent(params.attestation_id, body);
  });
