// Owns the stream endpoints (DECISIONS 6, scope audit:write): create, list, delete, pause, resume.
import { Elysia } from 'elysia';
import type { Guards } from '../api/guards';
import { keyActor, type ActionsBy } from '../api/actions';
import { doc } from '../api/doc';
import { Deleted, Stream, StreamList } from '../api/schemas';
import { StreamIn } from './model';
import { createStream, listStreams, setPaused } from './service';

const tag = 'streams';

/** Deleting a stream is tenant administration: an operator-log entry (docs/webhooks.md). */
export const streamRoutes = (guards: Guards, actionsBy: ActionsBy) =>
  new Elysia()
    .use(guards)
    .post(
      '/v1/audit/orgs/:id/streams',
      async ({ params, body, set, principal }) => {
        const out = await createStream(principal.tenant, params.id, body);
        set.status = 201;
        return out;
      },
      {
        auth: ['audit:write'],
        detail: doc({
          summary: 'Create a webhook stream (signing secret shown once)',
          tag,
          body: StreamIn,
          ok: { 201: Stream },
          errors: [
            'unsupported_stream_type',
            'too_many_streams',
            'invalid_url',
            'not_https',
            'forbidden_destination',
            'not_found',
            'org_not_found',
            'org_archived',
          ],
        }),
      },
    )
    .get('/v1/audit/orgs/:id/streams', ({ params, principal }) => listStreams(principal.tenant.tenant_id, params.id), {
      auth: ['audit:write'],
      detail: doc({
        summary: 'List the streams of an organization',
        tag,
        ok: { 200: StreamList },
        errors: ['not_found', 'org_not_found'],
      }),
    })
    .delete(
      '/v1/audit/orgs/:id/streams/:stream_id',
      ({ params, principal }) =>
        actionsBy(keyActor(principal)).deleteStream(principal.tenant.tenant_id, params.id, params.stream_id),
      {
        auth: ['audit:write'],
        detail: doc({ summary: 'Delete a stream', tag, ok: { 200: Deleted }, errors: ['not_found'] }),
      },
    )
    .post(
      '/v1/audit/orgs/:id/streams/:stream_id/pause',
      ({ params, principal }) => setPaused(principal.tenant.tenant_id, params.id, params.stream_id, true),
      {
        auth: ['audit:write'],
        detail: doc({ summary: 'Pause a stream', tag, ok: { 200: Stream }, errors: ['not_found'] }),
      },
    )
    .post(
      '/v1/audit/orgs/:id/streams/:stream_id/resume',
      ({ params, principal }) => setPaused(principal.tenant.tenant_id, params.id, params.stream_id, false),
      {
        auth: ['audit:write'],
        detail: doc({ summary: 'Resume a paused or failing stream', tag, ok: { 200: Stream }, errors: ['not_found'] }),
      },
    );
