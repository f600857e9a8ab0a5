// Owns the stream endpoints (docs/webhooks.md#creating-a-stream, scope audit:write): create, list, delete, pause, resume.
import { Elysia } from 'elysia';
import type { Guards } from '../route-kit/guards';
import { keyActor, type ActionsBy } from '../operator-actions/port';
import { doc } from '../route-kit/doc';
import { createdBy, IDEMPOTENT_ERRORS, idempotentDoc } from '../route-kit/idempotent';
import { Deleted, Processing, Stream } from '../route-kit/schemas';
import { checkStreamListQuery, StreamIn, StreamListQuery, StreamPage } from './model';
import { createStream, listStreams, setPaused } from './service';

const tag = 'streams';

/** Deleting a stream is tenant administration: an operator-log entry (docs/webhooks.md). */
export const streamRoutes = (guards: Guards, actionsBy: ActionsBy) =>
  new Elysia()
    .use(guards)
    .post(
      '/v1/audit/orgs/:id/streams',
      createdBy(201, ({ principal, params, body }, claim) => createStream(principal.tenant, params.id, body, claim)),
      {
        auth: ['audit:write'],
        detail: doc({
          summary: 'Create a webhook stream (signing secret shown once)',
          tag,
          body: StreamIn,
          ok: { 201: Stream, 202: Processing },
          ...idempotentDoc(),
          errors: [
            ...IDEMPOTENT_ERRORS,
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
    .get(
      '/v1/audit/orgs/:id/streams',
      ({ params, query, principal }) => {
        const { limit, after } = checkStreamListQuery(query as Record<string, string | undefined>);
        return listStreams(principal.tenant.tenant_id, params.id, limit, after);
      },
      {
        auth: ['audit:write'],
        detail: doc({
          summary: 'List the streams of an organization, in creation order (cursor paging)',
          tag,
          query: StreamListQuery,
          ok: { 200: StreamPage },
          errors: ['bad_request', 'not_found', 'org_not_found'],
        }),
      },
    )
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
