// Owns the evidence pack routes (docs/api.md#evidence-packs): one ZIP per record or trace bundle, with the access of
// the JSON proof it holds (no key for public proofs, read for a tenant's traces, audit:read for audit events).
import { Elysia } from 'elysia';
import type { Guards } from '../route-kit/guards';
import { doc } from '../route-kit/doc';
import type { ErrorCode } from '../errors';
import {
  auditEvidence,
  publicTraceEvidence,
  recordEvidence,
  traceEvidence,
  type EvidencePack,
  type VerifierHtml,
} from './service';

const zipReply = (p: EvidencePack): Response =>
  new Response(new Uint8Array(p.zip), {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${p.filename}"`,
    },
  });

const packDoc = (what: string, file: string, errors: ErrorCode[]) =>
  doc({
    summary: `Evidence pack of ${what} (ZIP)`,
    description:
      'The JSON proof with its COSE Receipts, C2SP tlog-proofs, keys, witness policy, time-stamp tokens, the ' +
      'single-file verifier and a README for auditors; see docs/verification.md#22-evidence-packs',
    tag: 'proofs',
    ok: { 200: 'zip' },
    okHeaders: { 'Content-Disposition': `attachment; filename="${file}"` },
    errors: [...errors, 'leaf_pending'],
  });
const PUBLIC_ERRORS: ErrorCode[] = ['invalid_path_parameter', 'proof_not_found'];

/** `html`: the single-file verifier every pack carries (verify.html). */
export const evidencePackRoutes = (guards: Guards, html: VerifierHtml) =>
  new Elysia()
    .use(guards)
    .get(
      '/v1/proof/event/:event_id/evidence',
      async ({ params }) => zipReply(await recordEvidence('event', params.event_id, html)),
      {
        publicRate: true,
        detail: packDoc('a ledger event (a trace seal too)', 'evidence-event-<event_id>.zip', PUBLIC_ERRORS),
      },
    )
    .get(
      '/v1/proof/ai/:attestation_id/evidence',
      async ({ params }) => zipReply(await recordEvidence('ai', params.attestation_id, html)),
      { publicRate: true, detail: packDoc('an AI attestation', 'evidence-ai-<attestation_id>.zip', PUBLIC_ERRORS) },
    )
    .get(
      '/v1/proof/document/:event_id/evidence',
      async ({ params }) => zipReply(await recordEvidence('document', params.event_id, html)),
      { publicRate: true, detail: packDoc('a document anchor', 'evidence-document-<event_id>.zip', PUBLIC_ERRORS) },
    )
    .get(
      '/v1/proof/trace/:trace_id/evidence',
      async ({ params }) => zipReply(await publicTraceEvidence(params.trace_id, html)),
      {
        publicRate: true,
        detail: packDoc('a public sealed trace (its public bundle)', 'evidence-trace-<trace_id>.zip', [
          'proof_not_found',
        ]),
      },
    )
    .get(
      '/v1/traces/:trace_id/evidence',
      async ({ params, principal }) => zipReply(await traceEvidence(principal.tenant, params.trace_id, html)),
      {
        auth: ['read'],
        detail: packDoc('a sealed trace (its bundle)', 'evidence-trace-<trace_id>.zip', [
          'invalid_path_parameter',
          'trace_not_found',
          'trace_not_sealed',
          'db_error',
        ]),
      },
    )
    .get(
      '/v1/audit/events/:id/evidence',
      async ({ params, principal }) => zipReply(await auditEvidence(principal.tenant.tenant_id, params.id, html)),
      { auth: ['audit:read'], detail: packDoc('an audit event', 'evidence-audit-<event_id>.zip', ['not_found']) },
    );
