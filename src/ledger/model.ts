// Owns the ledger's request schemas (Elysia t) and the shapes of its replies.
import { Type as t } from '@sinclair/typebox';
import { Hex64, Issuer, LogBlock, Nullable, SignatureFields, Ts, Uuid, open } from '../route-kit/schemas';

/** docs/api.md#errors: a body lacking event_type or payload is the framework's plain-text rejection. */
// TypeBox lets a missing Unknown/Any member pass, so "present" is spelled out as any JSON value.
const JsonValue = t.Union([
  t.String(),
  t.Number(),
  t.Boolean(),
  t.Null(),
  t.Array(t.Unknown()),
  t.Record(t.String(), t.Unknown()),
]);
export const EventIn = t.Object(
  { event_type: JsonValue, payload: JsonValue, event_time: t.Optional(t.Unknown()), trace_id: t.Optional(t.Unknown()) },
  { additionalProperties: true },
);
export type EventIn = typeof EventIn.static;
/** EventIn as documented: what the service then requires of each field (named 400 codes). */
export const EventInDoc = open({
  event_type: t.String({ minLength: 1, maxLength: 128 }),
  payload: t.Unknown(),
  event_time: t.Optional(Ts),
  trace_id: t.Optional(Uuid),
});

/** Paging values stay strings here: a non-integer is answered with the plain-text 400 of docs/api.md#errors, not a 422. */
export const ListQuery = t.Object(
  {
    page: t.Optional(t.String()),
    limit: t.Optional(t.String()),
    date_from: t.Optional(t.String()),
    date_to: t.Optional(t.String()),
    event_type: t.Optional(t.String()),
  },
  { additionalProperties: true },
);
export type ListQuery = typeof ListQuery.static;
/** ListQuery as documented: the integers the service reads (page below 1 is 1, limit clamped to 1-500). */
export const ListQueryDoc = {
  page: t.Optional(t.Integer({ default: 1 })),
  limit: t.Optional(t.Integer({ default: 50, description: '1-500, clamped' })),
  date_from: t.Optional(t.String({ description: 'ISO 8601, inclusive, on ingested_at' })),
  date_to: t.Optional(t.String({ description: 'ISO 8601, exclusive, on ingested_at' })),
  event_type: t.Optional(t.String({ description: 'exact match' })),
};

export const VerifyIn = t.Union([t.Object({ payload_hash: Hex64 }), t.Object({ payload: t.Unknown() })]);

export const EventCreated = open({ event_id: Uuid, ingested_at: Ts });
export { Processing } from '../route-kit/schemas';
export const EventOut = open(
  {
    event_id: Uuid,
    tenant_id: Uuid,
    event_type: t.String(),
    payload: t.Unknown(),
    event_time: Nullable(Ts),
    retention_policy: t.Union(['short', 'standard', 'extended', 'regulatory', 'indefinite'].map((v) => t.Literal(v))),
    expires_at: Nullable(Ts),
    api_key_id: Nullable(Uuid),
    ingested_at: Ts,
    payload_hash: Hex64,
    request_hash: Hex64,
    event_hash: Hex64,
    idempotency_key: Nullable(t.String()),
    organization: Issuer,
  },
  'Ledger event',
);
export const EventListItem = open({
  event_id: Uuid,
  event_type: t.String(),
  payload_hash: Hex64,
  event_hash: Hex64,
  retention_policy: t.String(),
  ingested_at: Ts,
  event_time: t.Optional(Ts),
  idempotency_key: t.Optional(t.String()),
});
export const EventPage = open({
  events: t.Array(EventListItem),
  page: t.Integer(),
  limit: t.Integer(),
  total: t.Integer(),
  has_more: t.Boolean(),
});
export const EventProof = open({
  event_id: Uuid,
  ...SignatureFields,
  payload_hash: Hex64,
  ingested_at: Ts,
  signature_valid: t.Boolean(),
  organization: Issuer,
  log: t.Optional(LogBlock),
});
