// Owns the SCITT Transparency Service routes (docs/scitt.md, SCITT reference API): POST /entries, GET /entries/{id}
// and GET /entries/{id}/statement. Their bodies are COSE; their errors RFC 9290 concise problem details, rendered for
// these paths by the app (src/http/app.ts).
import { Elysia } from 'elysia';
import type { Guards } from '../route-kit/guards';
import { doc } from '../route-kit/doc';
import { createdBy, IDEMPOTENT_ERRORS, idempotentDoc } from '../route-kit/idempotent';
import { coseReply } from '../route-kit/evidence';
import { sha256Hex } from '../crypto/hash';
import { entryState, registeredState, registerStatement, transparentStatementOf, type EntryState } from './service';

const tag = 'scitt';
const LOCATION = 'The entry: /entries/{id}';
const RETRY = 'Seconds until the checkpoint that will cover the entry';

/**
 * The answer about an entry (SCITT reference API): its receipt once a checkpoint covers it (201 to the registration,
 * 200 to a poll), else a redirect to itself with Retry-After (303 to the registration, 302 to a poll). The headers the
 * route set (Idempotent-Replayed, the rate limit's) are added by the framework.
 */
function entryReply(e: EntryState, registration: boolean): Response {
  const location = `/entries/${e.entry_id}`;
  if ('receipt' in e)
    return new Response(new Uint8Array(e.receipt), {
      status: registration ? 201 : 200,
      headers: { location, 'content-type': 'application/cose' },
    });
  return new Response(null, {
    status: registration ? 303 : 302,
    headers: { location, 'retry-after': String(e.retryAfter) },
  });
}

export const scittRoutes = (guards: Guards) =>
  new Elysia()
    .use(guards)
    .post(
      '/entries',
      async (c) => {
        const bytes = c.body instanceof Uint8Array ? c.body : new Uint8Array(0);
        // The Idempotency-Key's request is the statement's bytes, by their digest.
        const register = createdBy(201, ({ principal, request }, claim) =>
          registerStatement(principal.tenant, principal.key, request.headers.get('content-type'), bytes, claim),
        );
        const out = await register({ ...c, body: { sha256: sha256Hex(bytes) } });
        if (typeof out.entry_id !== 'string') return out;
        // A new entry comes with its leaf index; a known one (or a replayed answer) is read.
        const state =
          typeof out.leaf_index === 'number'
            ? registeredState(c.principal.tenant.tenant_id, out.entry_id, out.leaf_index)
            : entryState(out.entry_id);
        return entryReply(state, true);
      },
      {
        auth: ['write'],
        paid: true,
        detail: doc({
          summary: 'Register a SCITT Signed Statement (COSE_Sign1, at most 1 MiB) in the tenant log',
          description:
            "201 with the entry's COSE Receipt when a checkpoint already covers it, else 303 See Other to the entry " +
            'with Retry-After. The same registered form again is the same entry. Errors are RFC 9290 concise problem ' +
            'details (application/concise-problem-details+cbor): title = the error code; see docs/scitt.md.',
          tag,
          body: 'cose',
          ok: { 201: 'cose', 303: 'none' },
          ...idempotentDoc(),
          statusHeaders: {
            ...idempotentDoc().statusHeaders,
            201: { ...idempotentDoc().statusHeaders[201], Location: LOCATION },
            303: { ...idempotentDoc().statusHeaders[201], Location: LOCATION, 'Retry-After': RETRY },
          },
          problems: true,
          errors: [
            ...IDEMPOTENT_ERRORS,
            'unsupported_media_type',
            'invalid_statement',
            'unsupported_algorithm',
            'missing_claims',
            'statement_rejected',
            'quota_exceeded',
            'payload_too_large',
            'overloaded',
          ],
        }),
      },
    )
    .get('/entries/:id', ({ params }) => entryReply(entryState(params.id), false), {
      publicRate: true,
      detail: doc({
        summary: "An entry's registration status: its COSE Receipt once a checkpoint covers it",
        description:
          '200 with the receipt (application/cose), or 302 Found to itself with Retry-After while no checkpoint ' +
          'covers it yet. Errors are RFC 9290 concise problem details.',
        tag,
        ok: { 200: 'cose', 302: 'none' },
        okHeaders: { Location: LOCATION },
        statusHeaders: { 302: { 'Retry-After': RETRY } },
        problems: true,
        errors: ['invalid_path_parameter', 'entry_not_found'],
      }),
    })
    .get(
      '/entries/:id/statement',
      ({ params, principal }) => coseReply(transparentStatementOf(principal.tenant.tenant_id, params.id)),
      {
        auth: ['read'],
        detail: doc({
          summary: "The entry's Transparent Statement: the registered statement with its receipts in header 394",
          description:
            'The log receipt, then the head receipt once the head holding its checkpoint is published. Another ' +
            "tenant's entry is 404. Errors are RFC 9290 concise problem details.",
          tag,
          ok: { 200: 'cose' },
          problems: true,
          errors: ['invalid_path_parameter', 'entry_not_found', 'leaf_pending'],
        }),
      },
    );
