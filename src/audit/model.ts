// Owns the audit area's shapes: constants, stored rows, the queued ingest item, the API event and query types, and
// the routes' request and reply schemas as the API documents them (bodies are checked by the service: named error
// codes, docs/api.md#errors; the audit event, its page and its verdict are shared with the portal in route-kit/schemas).
// Input rules live beside it: org-input.ts, ingest-input.ts, query-input.ts; row conversions in event-row.ts.
import { Type as t } from '@sinclair/typebox';
import { Actor as ActorSchema, Obj, Ts, Nullable, open } from '../route-kit/schemas';

/** docs/audit.md#rows-and-what-is-signed: the schema tag of every audit event written by this version. */
export const SCHEMA_ID = 'svc.audit/1';
export const EVENT_ID = /^aevt_[0-9A-HJKMNP-TV-Z]{26}$/;
export const MAX_TARGETS = 20;
export const MAX_ID_LEN = 255;
export const DAY_MS = 86_400_000;
/** The widest ingested_at - occurred_at the window allows (also assumed for heads written before max_lag_ms existed). */
export const FIVE_YEARS_MS = 1827 * DAY_MS;

export type Actor = { type: string; id: string; name?: string; metadata?: Record<string, unknown> };
export type Target = { type: string; id: string } & Record<string, unknown>;

export type OrgRow = {
  tenant_id: string;
  organization_id: string;
  name: string;
  created_at: string;
  archived: boolean;
  archived_at: string | null;
  retention_days: number;
  requested_days: number;
};
/**
 * The per-org sequencing counter: seq of the last appended row (gapless, survives crashes), and the
 * largest ingested_at - occurred_at seen, which bounds where a time range can start in seq order.
 */
export type HeadRow = { last_seq: number; last_ingested_at: string; max_lag_ms?: number };
/** Retention state: rows at or below evacuated_through_seq are no longer hot; at or below purged_through_seq, gone. */
export type StorageRow = { evacuated_through_seq: number; purged_through_seq: number };
export type IdemRow = { event_id: string; body_hash: string; org_id: string; at: number };

/**
 * A validated ingest, as queued; seq, hash and signature are added by the applier. The JSON-valued
 * columns travel and are stored as JSON text: msgpack would not round-trip every JSON object
 * (a "__proto__" key, for one), and the signed bytes must be rebuilt exactly.
 */
export type IngestItem = {
  tenant_id: string;
  event_id: string;
  org_id: string;
  ingested_at: string;
  occurred_at: string;
  occurred_ms: number;
  action: string;
  actor_json: string;
  targets_json: string;
  context_json: string;
  metadata_json: string;
  /** Derived, for the indexes; not signed. */
  actor_id: string;
  target_ids: string[];
};
/** A stored row: the signed columns plus hash, signature and the key that signed. */
export type AuditRow = Omit<IngestItem, 'tenant_id' | 'event_id'> & {
  id: string;
  seq: number;
  schema_id: string;
  payload_hash: string;
  signature: Buffer;
  key_id: string;
  public_key: Buffer;
  /** docs/api.md#sandbox-tenants: a sandbox tenant's event; its signed data say "sandbox": true. */
  sandbox?: true;
};

/** An audit event as the API returns it (docs/audit.md#write-path) (and written to cold segments and exports). */
export type AuditEventOut = {
  id: string;
  org_id: string;
  seq: number;
  schema_id: string;
  occurred_at: string;
  ingested_at: string;
  action: string;
  actor: Actor;
  targets: Target[];
  context: Record<string, unknown>;
  metadata: Record<string, unknown>;
  payload_hash: string;
  signature: string;
  signing_public_key: string;
  key_id: string;
  /** Only on a sandbox tenant's event: true, and signed (docs/api.md#sandbox-tenants). */
  sandbox?: true;
};

/** A validated ingest body (docs/audit.md#write-path). */
export type IngestFields = {
  org_id: string;
  action: string;
  actor: Actor;
  targets: Target[];
  metadata: Record<string, unknown>;
  context: Record<string, unknown>;
  occurred_at: string | null;
  occurred_ms: number;
};

export type QueryFilters = {
  actions?: string[];
  actor_id?: string;
  target_id?: string;
  range_start?: number;
  range_end?: number;
};
export type QueryIn = { orgId: string; filters: QueryFilters; limit: number; before: number | null };

// ---------- route schemas ----------

export const OrgIn = open({
  organization_id: t.String({ maxLength: 255 }),
  name: t.Optional(t.String({ maxLength: 255 })),
  retention_days: t.Optional(t.Integer()),
});
export const Org = open({
  organization_id: t.String(),
  name: t.String(),
  created_at: Ts,
  archived: t.Boolean(),
  retention_days: t.Integer(),
  last_seq: t.Integer(),
});
export const OrgPage = open({ orgs: t.Array(Org), next_cursor: Nullable(t.String()) });
export const OrgListQuery = {
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 1000 })),
  cursor: t.Optional(t.String({ description: 'next_cursor of the previous page' })),
};
export const RetentionIn = t.Object({ days: t.Integer({ minimum: 1 }) });
export const Retention = open({
  org_id: t.String(),
  retention_days: t.Integer(),
  requested_days: t.Integer(),
  clamped: t.Boolean(),
  plan_cap_days: t.Integer(),
});
export const Integrity = open({
  org_id: t.String(),
  from: t.Integer(),
  to: t.Integer(),
  last_seq: t.Integer(),
  evacuated_through_seq: t.Integer(),
  count: t.Integer(),
  expected: t.Integer(),
  contiguous: t.Boolean(),
  gaps: t.Array(t.Object({ from: t.Integer(), to: t.Integer() })),
  gaps_truncated: t.Boolean(),
  note: t.String(),
});
export const AuditIn = open({
  organization_id: t.String(),
  action: t.String(),
  actor: ActorSchema,
  targets: t.Optional(t.Array(open({ type: t.String(), id: t.String() }), { maxItems: 20 })),
  metadata: t.Optional(Obj),
  context: t.Optional(Obj),
  occurred_at: t.Optional(Ts),
});
export const AuditAccepted = t.Object({ event_id: t.String(), status: t.Literal('accepted') });
