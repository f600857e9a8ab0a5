// Owns the export endpoints (DECISIONS 6): create and status (scope audit:read), and the presigned download (no key).
import { Elysia } from 'elysia';
import { authorize } from '../http/auth';
import { limitPublic } from '../http/limits';
import { createExport, downloadFile, getExport } from './service';

export const exportRoutes = new Elysia()
  .post('/v1/audit/exports', async ({ request, body, set }) => {
    const p = authorize(request, ['audit:read']);
    const out = await createExport(p.tenant, body);
    set.status = 202;
    return out;
  })
  .get('/v1/audit/exports/:id', ({ request, params }) => getExport(authorize(request, ['audit:read']).tenant.tenant_id, params.id))
  .get('/v1/audit/exports/:id/download', ({ request, params }) => {
    limitPublic(request);
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
  });
