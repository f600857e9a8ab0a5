// Owns the traces HTTP routes: create, get, seal, public flag, JSON and PDF proof bundle, public trace proof.
import { Elysia } from 'elysia';
import type { Guards } from '../route-kit/guards';
import { doc, readOneRoute } from '../route-kit/doc';
import { createdBy, IDEMPOTENT_ERRORS, idempotentDoc } from '../route-kit/idempotent';
import { Processing } from '../route-kit/schemas';
import { renderBundlePdf } from '../pdf/pdf';
import { publicTraceBundle, traceBundle, tracePdfBundle } from './bundle';
import { Bundle, PublicIn, Sealing, Trace, TraceIn } from './model';
import { createTrace, getTrace, sealTrace, setTracePublic } from './service';

export const traceRoutes = (guards: Guards) =>
  new Elysia()
    .use(guards)
    .post(
      '/v1/traces',
      createdBy(201, ({ principal, body }, claim) => createTrace(principal.tenant, body, claim)),
      {
        auth: ['write'],
        paid: true,
        detail: doc({
          summary: 'Create a trace',
          tag: 'traces',
          body: TraceIn,
          ok: { 201: Trace, 202: Processing },
          ...idempotentDoc(),
          errors: [
            ...IDEMPOTENT_ERRORS,
            'invalid_label',
            'invalid_metadata',
            'metadata_too_large',
            'invalid_payload',
            'trace_label_in_use',
            'quota_exceeded',
            'overloaded',
          ],
        }),
      },
    )
    .get(
      '/v1/traces/:trace_id',
      ({ params, principal }) => getTrace(principal.tenant, params.trace_id),
      readOneRoute('traces', 'Trace status', Trace, 'trace_not_found'),
    )
    .post(
      '/v1/traces/:trace_id/seal',
      async ({ params, set, principal }) => {
        const r = await sealTrace(principal.tenant, params.trace_id);
        set.status = 202;
        return r;
      },
      {
        auth: ['write'],
        detail: doc({
          summary: 'Start sealing a trace',
          tag: 'traces',
          ok: { 202: Sealing },
          errors: [
            'invalid_path_parameter',
            'trace_empty',
            'trace_not_found',
            'trace_sealing',
            'trace_sealed',
            'trace_invalid_status',
            'overloaded',
          ],
        }),
      },
    )
    .post(
      '/v1/traces/:trace_id/public',
      ({ params, body, principal }) => setTracePublic(principal.tenant, params.trace_id, body),
      {
        auth: ['write'],
        detail: doc({
          summary: 'Enable or disable public verification of a trace',
          tag: 'traces',
          body: PublicIn,
          ok: { 200: Trace },
          errors: ['invalid_payload', 'invalid_path_parameter', 'trace_not_found'],
        }),
      },
    )
    .get('/v1/traces/:trace_id/proof', ({ params, principal }) => traceBundle(principal.tenant, params.trace_id), {
      auth: ['read'],
      detail: doc({
        summary: 'Proof bundle of a sealed trace (JSON)',
        tag: 'traces',
        ok: { 200: Bundle },
        errors: ['invalid_path_parameter', 'trace_not_found', 'trace_not_sealed', 'db_error'],
      }),
    })
    .get(
      '/v1/traces/:trace_id/proof.pdf',
      async ({ params, principal }) => {
        const { bundle, publicPage } = tracePdfBundle(principal.tenant, params.trace_id);
        const pdf = await renderBundlePdf(bundle, { publicPage });
        return new Response(new Uint8Array(pdf), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="trace-${bundle.header.trace_id}.pdf"`,
          },
        });
      },
      {
        auth: ['read'],
        detail: doc({
          summary: 'Proof bundle of a sealed trace (PDF with QR code)',
          tag: 'traces',
          ok: { 200: 'pdf' },
          okHeaders: { 'Content-Disposition': 'attachment; filename="trace-<trace_id>.pdf"' },
          errors: ['invalid_path_parameter', 'trace_not_found', 'trace_not_sealed', 'db_error'],
        }),
      },
    )
    .get('/v1/proof/trace/:trace_id', ({ params }) => publicTraceBundle(params.trace_id), {
      publicRate: true,
      detail: doc({
        summary: 'Public proof bundle of a trace with public verification on',
        tag: 'proofs',
        ok: { 200: Bundle },
        errors: ['proof_not_found'],
      }),
    });
