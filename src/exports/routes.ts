// Owns the export endpoints (docs/portal-and-exports.md#exports): create and status (scope audit:read), and the presigned download (no key).
import { Elysia } from 'elysia';
import { Type as t } from '@sinclair/typebox';
import type { Guards } from '../route-kit/guards';
import { doc } from '../route-kit/doc';
import { createdBy, IDEMPOTENT_ERRORS, idempotentDoc } from '../route-kit/idempotent';
import { ExportIn, ExportJob, ExportQueued } from './model';
import { createExport, downloadFile, getExport } from './service';

const tag = 'exports';

export const exportRoutes = (guards: Guards) =>
  new Elysia()
    .use(guards)
    .post(
      '/v1/audit/exports',
      createdBy(202, ({ principal, body }, claim) => createExport(principal.tenant, body, claim)),
      {
        auth: ['audit:read'],
        detail: doc({
          summary: 'Queue an export (hot and cold storage, one file)',
          tag,
          body: ExportIn,
          ok: { 202: ExportQueued },
          ...idempotentDoc(202),
          errors: [
            ...IDEMPOTENT_ERRORS,
            'invalid_organization_id',
            'invalid_format',
            'bad_request',
            'invalid_payload',
            'not_found',
            'org_not_found',
            'org_archived',
          ],
        }),
      },
    )
    .get('/v1/audit/exports/:id', ({ params, principal }) => getExport(principal.tenant.tenant_id, params.id), {
      auth: ['audit:read'],
      detail: doc({ summary: 'Export job status', tag, ok: { 200: ExportJob }, errors: ['not_found'] }),
    })
    .get(
      '/v1/audit/exports/:id/download',
      ({ request, params }) => {
        // The raw query, not the parsed one: a parser forgives spellings (repeats, leading zeros) the signature does not cover.
        const f = downloadFile(params.id, request.url);
        return new Response(Bun.file(f.path), {
          headers: {
            'content-type': f.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
            'content-disposition': `attachment; filename="${f.name}"`,
            'cache-control': 'private, no-store',
            'x-content-type-options': 'nosniff',
          },
        });
      },
      {
        // The signed URL is the credential; the client IP's public budget applies.
        publicRate: true,
        detail: doc({
          summary: 'Download a ready export through its signed URL (no key)',
          tag,
          ok: { 200: 'download' },
          okHeaders: { 'Content-Disposition': 'attachment, named after the organization and the export' },
          query: { expires: t.Integer({ description: 'Unix seconds' }), sig: t.String({ description: 'hex HMAC' }) },
          errors: ['invalid_download_signature', 'download_expired', 'not_found'],
        }),
      },
    );
