// Owns the ledger's request schemas (Elysia t) and its response shapes.
import { t } from 'elysia';

/** SPEC rule 6: a body lacking event_type or payload is the framework's plain-text rejection. */
// TypeBox lets a missing Unknown/Any member pass, so "present" is spelled out as any JSON value.
const JsonValue = t.Union([t.String(), t.Number(), t.Boolean(), t.Null(), t.Array(t.Unknown()), t.Record(t.String(), t.Unknown())]);
export const EventIn = t.Object({ event_type: JsonValue, payload: JsonValue, event_time: t.Optional(t.Unknown()), trace_id: t.Optional(t.Unknown()) }, { additionalProperties: true });
export type EventIn = typeof EventIn.static;

/** Paging values stay strings here: a non-integer is answered with SPEC's plain-text 400, not a 422. */
export const ListQuery = t.Object({
  page: t.Optional(t.String()), limit: t.Optional(t.String()), date_from: t.Optional(t.String()),
  date_to: t.Optional(t.String()), event_type: t.Optional(t.String()),
}, { additionalProperties: true });
export type ListQuery = typeof ListQuery.static;
