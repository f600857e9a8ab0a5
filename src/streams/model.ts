// Owns the audit stream's shapes (docs/webhooks.md): the stored row, the create body, the reply.
import { Type as t } from '@sinclair/typebox';
import { ApiError } from '../errors';
import { isPlainObject } from '../crypto/json-value';
import { Nullable, Stream, open } from '../route-kit/schemas';
import { decodeCursor, encodeCursor, intParam } from '../params';

/** POST /v1/audit/orgs/{id}/streams as documented (checked by the service, named error codes). */
export const StreamIn = t.Object({ type: t.Literal('webhook'), url: t.String({ format: 'uri' }) });

export type StreamState = 'active' | 'failing' | 'paused';

export type StreamRow = {
  id: string;
  tenant_id: string;
  org_id: string;
  type: 'webhook';
  endpoint: string;
  state: StreamState;
  /** Seq of the last event the receiver acknowledged (2xx); the org's last seq when the stream was created. */
  cursor_seq: number;
  /** The signing secret, AES-256-GCM under the master key (shown in clear once, at creation). */
  secret_sealed: Buffer;
  created_at: string;
  /** Failed attempts since the last success. */
  failures: number;
  failing_since: string | null;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_delivered_at: string | null;
  /** Short reason of the last failed attempt (status code or network error), never a response body. */
  last_error: string | null;
  delivered_events: number;
};

/** GET /v1/audit/orgs/{id}/streams: one page in stream id (creation) order. */
export const StreamListQuery = {
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 100 })),
  cursor: t.Optional(t.String({ description: 'next_cursor of the previous page' })),
};
export const StreamPage = open({ streams: t.Array(Stream), next_cursor: Nullable(t.String()) });

/** The stream list's paging: limit default 100, clamped to 1-100 (a non-integer is plain text); cursor opaque. */
export function checkStreamListQuery(q: Record<string, string | undefined>): { limit: number; after: string | null } {
  const limit = Math.min(100, Math.max(1, intParam(q.limit, 100, 'limit must be an integer')));
  return { limit, after: q.cursor ? decodeCursor('t', q.cursor, /^[0-9a-f-]{36}$/) : null };
}
export const encodeStreamCursor = (streamId: string): string => encodeCursor('t', streamId);

/** docs/webhooks.md#what-a-delivery-looks-like: a delivery carries at most 100 events, in seq order. */
export const BATCH_MAX = 100;
/** docs/webhooks.md#what-a-delivery-looks-like: a 2xx within 10 s counts as delivered. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** A stream still failing after this long is paused (it resumes on POST .../resume). */
export const PAUSE_AFTER_MS = 72 * 3600_000;

/** docs/webhooks.md#creating-a-stream: only the generic webhook type exists. */
export function checkStreamType(body: unknown): 'webhook' {
  const type = isPlainObject(body) ? body.type : undefined;
  if (type !== 'webhook') throw new ApiError('unsupported_stream_type', 'type must be "webhook"');
  return 'webhook';
}

/** The stream as the API shows it; the secret never (it is returned once by create only). */
export function streamOut(r: StreamRow) {
  return {
    id: r.id,
    type: r.type,
    endpoint: r.endpoint,
    state: r.state,
    cursor_seq: r.cursor_seq,
    created_at: r.created_at,
    organization_id: r.org_id,
    delivered_events: r.delivered_events,
    last_delivered_at: r.last_delivered_at,
    last_attempt_at: r.last_attempt_at,
    failures: r.failures,
    next_attempt_at: r.next_attempt_at,
    last_error: r.last_error,
  };
}
