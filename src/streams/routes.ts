// Owns the stream endpoints (DECISIONS 6, scope audit:write): create, list, delete, pause, resume.
import { Elysia } from 'elysia';
import { authorize } from '../http/auth';
import { createStream, deleteStream, listStreams, setPaused } from './service';

export const streamRoutes = new Elysia()
  .post('/v1/audit/orgs/:id/streams', async ({ request, params, body, set }) => {
    const p = authorize(request, ['audit:write']);
    const out = await createStream(p.tenant, params.id, body);
    set.status = 201;
    return out;
  })
  .get('/v1/audit/orgs/:id/streams', ({ request, params }) => listStreams(authorize(request, ['audit:write']).tenant.tenant_id, params.id))
  .delete('/v1/audit/orgs/:id/streams/:stream_id', ({ request, params }) =>
    deleteStream(authorize(request, ['audit:write']).tenant.tenant_id, params.id, params.stream_id))
  .post('/v1/audit/orgs/:id/streams/:stream_id/pause', ({ request, params }) =>
    setPaused(authorize(request, ['audit:write']).tenant.tenant_id, params.id, params.stream_id, true))
  .post('/v1/audit/orgs/:id/streams/:stream_id/resume', ({ request, params }) =>
    setPaused(authorize(request, ['audit:write']).tenant.tenant_id, params.id, params.stream_id, false));
