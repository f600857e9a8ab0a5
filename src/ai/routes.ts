// Owns the AI attestation HTTP routes: create, get, public proof and public content-hash comparison.
import { Elysia } from 'elysia';
import type { Guards } from '../route-kit/guards';
import { doc, publicProofRoute, readOneRoute } from '../route-kit/doc';
import { checkIdempotencyKey } from '../idempotency';
import { IDEMPOTENT_ERRORS, idempotentDoc, reply } from '../route-kit/idempotent';
import { Processing } from '../route-kit/schemas';
import { AiProof, AiVerify, Attestation, AttestationCreated, AttestationIn, ContentHashIn } from './model';
import { coseReply, evidenceDoc, textReply } from '../route-kit/evidence';
import { recordReceipt, recordTlogProof } from '../tlog/index';
import { TRACE_ITEM_ERRORS } from '../traces/model';
import { aiLeaf, aiProof, attest, getAttestation, verifyAiContent } from './service';

export const aiRoutes = (guards: Guards) =>
  new Elysia()
    .use(guards)
    .post(
      '/v1/ai/attestations',
      async ({ request, body, set, principal }) => {
        // docs/api.md#authentication-and-the-order-of-checks: the guards answered auth, scope, rate limit and 402; the optional Idempotency-Key is checked with the body.
        const idempotencyKey = checkIdempotencyKey(request.headers.get('idempotency-key'));
        return reply(set, await attest({ tenant: principal.tenant, key: principal.key, body, idempotencyKey }));
      },
      {
        auth: ['write'],
        paid: true,
        detail: doc({
          summary: 'Create an AI attestation',
          tag: 'ai',
          body: AttestationIn,
          ok: { 201: AttestationCreated, 202: Processing },
          ...idempotentDoc(),
          errors: [
            ...IDEMPOTENT_ERRORS,
            'invalid_attestation_type',
            'empty_payload',
            'invalid_context',
            'invalid_payload',
            'subject_too_large',
            'subject_too_many_keys',
            ...TRACE_ITEM_ERRORS,
            'quota_exceeded',
            'overloaded',
          ],
        }),
      },
    )
    .get(
      '/v1/ai/attestations/:attestation_id',
      ({ params, principal }) => getAttestation(principal.tenant, params.attestation_id),
      readOneRoute('ai', 'Get an AI attestation', Attestation, 'attestation_not_found'),
    )
    .get(
      '/v1/proof/ai/:attestation_id',
      ({ params }) => aiProof(params.attestation_id),
      publicProofRoute('Public proof of an AI attestation', AiProof),
    )
    .get(
      '/v1/proof/ai/:attestation_id/receipt',
      ({ params }) => coseReply(recordReceipt(aiLeaf(params.attestation_id))),
      {
        publicRate: true,
        detail: evidenceDoc('receipt', 'an AI attestation', ['invalid_path_parameter', 'proof_not_found']),
      },
    )
    .get(
      '/v1/proof/ai/:attestation_id/tlog-proof',
      ({ params }) => textReply(recordTlogProof(aiLeaf(params.attestation_id))),
      {
        publicRate: true,
        detail: evidenceDoc('tlog-proof', 'an AI attestation', ['invalid_path_parameter', 'proof_not_found']),
      },
    )
    .post('/v1/proof/ai/:attestation_id/verify', ({ params, body }) => verifyAiContent(params.attestation_id, body), {
      publicRate: true,
      detail: doc({
        summary: 'Compare a content hash with an AI attestation',
        tag: 'proofs',
        body: ContentHashIn,
        ok: { 200: AiVerify },
        errors: ['bad_request', 'invalid_path_parameter', 'proof_not_found'],
      }),
    });
