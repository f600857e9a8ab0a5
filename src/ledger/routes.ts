// Owns the ledger's HTTP routes: POST/GET /v1/events, GET /v1/events/{id}, verify, public proof.
import { Elysia } from 'elysia';
import { Type as t } from '@sinclair/typebox';
import type { Guards } from '../route-kit/guards';
import { doc, publicProofRoute } from '../route-kit/doc';
import { HashVerify } from '../route-kit/schemas';
import {
  EventCreated,
  EventIn,
  EventInDoc,
  EventOut,
  EventPage,
  EventProof,
  ListQuery,
  ListQueryDoc,
  Processing,
  VerifyIn,
} from './model';
import { coseReply, evidenceDoc, textReply } from '../route-kit/evidence';
import { checkIdempotencyKey } from '../idempotency';
import { recordReceipt, recordTlogProof } from '../tlog/index';
import { eventLeaf, eventProof, getEvent, ingestEvent, listEvents, verifyEvent } from './service';

const IDEMPOTENCY_KEY = {
  schema: t.String({ minLength: 1, maxLength: 128 }),
  description: 'Client idempotency key, 1-128 bytes: a retry within 24 hours replays the stored 201',
};

export const ledgerRoutes = (guards: Guards) =>
  new Elysia()
    .use(guards)
    .post(
      '/v1/events',
      async ({ request, body, set, principal, rawBody }) => {
        const idempotencyKey = checkIdempotencyKey(request.headers.get('idempotency-key'));
        const r = await ingestEvent({
          tenant: principal.tenant,
          key: principal.key,
          body: body as Record<string, unknown>,
          rawBody,
          idempotencyKey,
        });
        set.status = r.status;
        if (r.replayed) set.headers['idempotent-replayed'] = 'true';
        // docs/api.md#idempotency: the first request with this key is still being written; ask again shortly.
        if (r.status === 202) set.headers['retry-after'] = '1';
        return r.body;
      },
      {
        // docs/api.md#authentication-and-the-order-of-checks: the Idempotency-Key format is checked before the API key (this transform runs before the guards').
        transform: ({ request }) => void checkIdempotencyKey(request.headers.get('idempotency-key')),
        auth: ['write'],
        paid: true,
        rawBody: true,
        body: EventIn,
        detail: doc({
          summary: 'Ingest a ledger event (201 once durable)',
          tag: 'ledger',
          body: EventInDoc,
          headers: { 'Idempotency-Key': IDEMPOTENCY_KEY },
          ok: { 201: EventCreated, 202: Processing },
          statusHeaders: {
            201: { 'Idempotent-Replayed': '"true" when the 201 is the replay of an earlier request with the same key' },
            202: {
              'Retry-After':
                'Seconds to wait before sending the same request with the same key again (its first request is still being written)',
            },
          },
          errors: [
            'invalid_event_type',
            'invalid_payload',
            'invalid_idempotency_key',
            'feature_not_available',
            'trace_not_found',
            'idempotency_key_reuse_mismatch',
            'trace_sealed',
            'trace_sealing',
            'trace_not_open',
            'quota_exceeded',
            'payload_too_large',
            'ingest_failed',
            'overloaded',
          ],
        }),
      },
    )
    .get('/v1/events', ({ query, principal }) => listEvents(principal.tenant, query), {
      auth: ['read', 'write'],
      query: ListQuery,
      detail: doc({
        summary: 'List ledger events, newest first',
        tag: 'ledger',
        query: ListQueryDoc,
        ok: { 200: EventPage },
        errors: ['bad_request', 'db_error'],
      }),
    })
    .get('/v1/events/:event_id', ({ params, principal }) => getEvent(principal.tenant, params.event_id), {
      auth: ['read', 'write'],
      detail: doc({
        summary: 'Get a ledger event',
        tag: 'ledger',
        ok: { 200: EventOut },
        errors: ['invalid_path_parameter', 'event_not_found', 'retention_expired'],
      }),
    })
    .post(
      '/v1/events/:event_id/verify',
      ({ params, body, principal }) => verifyEvent(principal.tenant, principal.key.key_id, params.event_id, body),
      {
        auth: ['read', 'write'],
        paid: true,
        detail: doc({
          summary: 'Compare a payload or hash with a ledger event',
          tag: 'ledger',
          body: VerifyIn,
          ok: { 200: HashVerify },
          errors: [
            'bad_request',
            'invalid_path_parameter',
            'feature_not_available',
            'event_not_found',
            'quota_exceeded',
          ],
        }),
      },
    )
    .get(
      '/v1/proof/event/:event_id',
      ({ params }) => eventProof(params.event_id),
      publicProofRoute('Public proof of a ledger event', EventProof),
    )
    .get('/v1/proof/event/:event_id/receipt', ({ params }) => coseReply(recordReceipt(eventLeaf(params.event_id))), {
      publicRate: true,
      detail: evidenceDoc('receipt', 'a ledger event (a trace seal too)', [
        'invalid_path_parameter',
        'proof_not_found',
      ]),
    })
    .get(
      '/v1/proof/event/:event_id/tlog-proof',
      ({ params }) => textReply(recordTlogProof(eventLeaf(params.event_id))),
      {
        publicRate: true,
        detail: evidenceDoc('tlog-proof', 'a ledger event (a trace seal too)', [
          'invalid_path_parameter',
          'proof_not_found',
        ]),
      },
    );
