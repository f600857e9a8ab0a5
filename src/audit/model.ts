// Owns the audit area's shapes and input rules: orgs, ingest bodies, query parameters, timestamps.
import { ApiError, type ErrorCode, PlainError } from '../errors';
import { canonicalJson } from '../crypto/canonical';
import { headerText } from '../crypto/utf8';
import { parseRfc3339 } from '../time';
import { auditSignedData } from '../crypto/signed';
import { isPlainObject } from '../crypto/json-value';

/** DECISIONS 0: the schema tag of every audit event written by this version. */
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
};

/** SPEC "Audit event" as returned by the API (and written to cold segments and exports). */
export type AuditEventOut = {
  id: string; org_id: string; seq: number; schema_id: string; occurred_at: string; ingested_at: string;
  action: string; actor: Actor; targets: Target[]; context: Record<string, unknown>; metadata: Record<string, unknown>;
  payload_hash: string; signature: string; signing_public_key: string; key_id: string;
};

/** DECISIONS 0: the signed data rebuilt from the stored columns (writer and verifier share this). */
export function signedDataOf(r: AuditRow) {
  return auditSignedData({
    action: r.action, actor: JSON.parse(r.actor_json), context: JSON.parse(r.context_json), event_id: r.id,
    ingested_at: r.ingested_at, metadata: JSON.parse(r.metadata_json), occurred_at: r.occurred_at, org_id: r.org_id,
    schema_id: r.schema_id, seq: r.seq, targets: JSON.parse(r.targets_json),
  });
}

/** A JSON column as stored; a column that no longer parses (altered storage) is shown as its raw text. */
function column(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function toEventOut(r: AuditRow): AuditEventOut {
  return {
    id: r.id, org_id: r.org_id, seq: r.seq, schema_id: r.schema_id, occurred_at: r.occurred_at, ingested_at: r.ingested_at,
    action: r.action, actor: column(r.actor_json), targets: column(r.targets_json), context: column(r.context_json),
    metadata: column(r.metadata_json), payload_hash: r.payload_hash, signature: Buffer.from(r.signature).toString('hex'),
    signing_public_key: Buffer.from(r.public_key).toString('hex'), key_id: r.key_id,
  };
}
/** The stored row of an event read back from a cold segment line. */
export function fromEventOut(e: AuditEventOut): AuditRow {
  return {
    id: e.id, org_id: e.org_id, seq: e.seq, schema_id: e.schema_id, occurred_at: e.occurred_at, occurred_ms: Date.parse(e.occurred_at),
    ingested_at: e.ingested_at, action: e.action, actor_json: canonicalJson(e.actor), targets_json: canonicalJson(e.targets),
    context_json: canonicalJson(e.context), metadata_json: canonicalJson(e.metadata), actor_id: e.actor.id,
    target_ids: [...new Set(e.targets.map((t) => t.id))], payload_hash: e.payload_hash, signature: Buffer.from(e.signature, 'hex'),
    key_id: e.key_id, public_key: Buffer.from(e.signing_public_key, 'hex'),
  };
}

const ACTION = /^[a-z0-9][a-z0-9_-]*(\.[a-z0-9][a-z0-9_-]*){1,2}$/;
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;

/** SPEC: organization_id is a string of at most 255 characters; missing -> invalid_organization_id (DECISIONS 9). */
export function checkOrgId(v: unknown): string {
  if (typeof v !== 'string' || v.length === 0 || v.length > MAX_ID_LEN) {
    throw new ApiError('invalid_organization_id', 'organization_id must be a string of 1-255 characters');
  }
  return v;
}

export function checkOrgBody(body: unknown): { organization_id: string; name: string } {
  if (!isPlainObject(body)) throw new ApiError('invalid_organization_id', 'body must be a JSON object with organization_id');
  const organization_id = checkOrgId(body.organization_id);
  const name = body.name ?? organization_id;
  if (typeof name !== 'string' || name.length > MAX_ID_LEN) throw new ApiError('invalid_name', 'name must be a string of at most 255 characters');
  return { organization_id, name };
}

export function checkRetentionBody(body: unknown): number {
  const days = isPlainObject(body) ? body.days : undefined;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 1) throw new ApiError('invalid_payload', 'days must be a positive integer'); // DECISIONS 9: no named code
  return days;
}

/** SPEC: Idempotency-Key required on audit ingest, at most 255 characters, not empty. */
export function checkIdempotencyKey(v: string | null): string {
  if (v === null) throw new ApiError('missing_idempotency_key', 'Idempotency-Key header is required');
  const k = headerText(v)?.trim();
  if (k === undefined) throw new ApiError('invalid_idempotency_key', 'Idempotency-Key must be UTF-8');
  if (!k || [...k].length > MAX_ID_LEN) throw new ApiError('invalid_idempotency_key', 'Idempotency-Key must be 1-255 characters');
  return k;
}

function checkActor(v: unknown): Actor {
  if (!isPlainObject(v) || !nonEmpty(v.type) || !nonEmpty(v.id)) throw new ApiError('invalid_actor', 'actor.type and actor.id are required strings');
  const a: Actor = { type: v.type, id: v.id };
  if (v.name !== undefined && v.name !== null) {
    if (typeof v.name !== 'string') throw new ApiError('invalid_actor', 'actor.name must be a string');
    a.name = v.name;
  }
  if (v.metadata !== undefined && v.metadata !== null) {
    if (!isPlainObject(v.metadata)) throw new ApiError('invalid_actor', 'actor.metadata must be an object');
    a.metadata = v.metadata;
  }
  return a;
}

function checkTargets(v: unknown): Target[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new ApiError('invalid_target', 'targets must be an array');
  if (v.length > MAX_TARGETS) throw new ApiError('too_many_targets', `at most ${MAX_TARGETS} targets`);
  return v.map((t, i) => {
    if (!isPlainObject(t) || !nonEmpty(t.type) || !nonEmpty(t.id)) throw new ApiError('invalid_target', `targets[${i}] needs type and id strings`);
    return t as Target;
  });
}

function optionalObject(v: unknown, code: ErrorCode, field: string): Record<string, unknown> {
  if (v === undefined || v === null) return {};
  if (!isPlainObject(v)) throw new ApiError(code, `${field} must be a JSON object`);
  return v;
}

const FIVE_YEARS = (now: number) => {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - 5);
  return d.getTime();
};

/** Validates an ingest body (SPEC "POST /v1/audit/events"); the occurred_at window is checked against `now`. */
export type IngestFields = {
  org_id: string; action: string; actor: Actor; targets: Target[]; metadata: Record<string, unknown>;
  context: Record<string, unknown>; occurred_at: string | null; occurred_ms: number;
};
export function checkIngestBody(body: unknown, now: number): IngestFields {
  if (!isPlainObject(body)) throw new ApiError('invalid_payload', 'body must be a JSON object');
  const org_id = checkOrgId(body.organization_id);
  const action = body.action;
  if (typeof action !== 'string' || action.length > 128 || !ACTION.test(action)) {
    throw new ApiError('invalid_action', 'action must be lowercase, dot-segmented, 2-3 segments, at most 128 characters');
  }
  const actor = checkActor(body.actor);
  const targets = checkTargets(body.targets);
  const metadata = optionalObject(body.metadata, 'invalid_metadata', 'metadata');
  const context = optionalObject(body.context, 'invalid_payload', 'context');
  let occurred_at: string | null = null;
  let occurred_ms = now;
  if (body.occurred_at !== undefined && body.occurred_at !== null) {
    const t = parseRfc3339(body.occurred_at);
    if (!t) throw new ApiError('invalid_occurred_at', 'occurred_at must be an RFC 3339 timestamp');
    if (t.ms < FIVE_YEARS(now) || t.ms > now + DAY_MS) throw new ApiError('occurred_at_out_of_window', 'occurred_at must lie between now minus 5 years and now plus 24 hours');
    occurred_at = t.utc;
    occurred_ms = t.ms;
  }
  return { org_id, action, actor, targets, metadata, context, occurred_at, occurred_ms };
}

export type QueryFilters = { actions?: string[]; actor_id?: string; target_id?: string; range_start?: number; range_end?: number };
export type QueryIn = { orgId: string; filters: QueryFilters; limit: number; before: number | null };

const intParam = (v: string | undefined, def: number): number => {
  if (v === undefined || v === '') return def;
  // DECISIONS 9: a non-integer limit is the framework's plain-text 400.
  if (!/^-?\d+$/.test(v)) throw new PlainError(400, 'Bad Request: limit must be an integer');
  return Number(v);
};

export const encodeCursor = (seq: number): string => Buffer.from(`s:${seq}`).toString('base64url');
function decodeCursor(c: string): number {
  const m = /^s:(\d{1,15})$/.exec(Buffer.from(c, 'base64url').toString('utf8'));
  if (!m) throw new ApiError('bad_request', 'cursor is not one this service issued');
  return Number(m[1]);
}

function timeParam(v: string | undefined, name: string): number | undefined {
  if (v === undefined || v === '') return undefined;
  const t = parseRfc3339(v);
  if (!t) throw new ApiError('bad_request', `${name} must be an RFC 3339 timestamp`);
  return t.ms;
}

/** Shared by the query endpoint and exports: actions may be an array or a comma-separated string. */
export function checkFilters(q: Record<string, unknown>): QueryFilters {
  const f: QueryFilters = {};
  const acts = Array.isArray(q.actions) ? q.actions : typeof q.actions === 'string' ? q.actions.split(',') : [];
  const actions = acts.filter((a): a is string => typeof a === 'string').map((a) => a.trim()).filter(Boolean);
  if (actions.length) f.actions = [...new Set(actions)];
  if (typeof q.actor_id === 'string' && q.actor_id) f.actor_id = q.actor_id;
  if (typeof q.target_id === 'string' && q.target_id) f.target_id = q.target_id;
  const rs = timeParam(q.range_start as string | undefined, 'range_start');
  const re = timeParam(q.range_end as string | undefined, 'range_end');
  if (rs !== undefined) f.range_start = rs;
  if (re !== undefined) f.range_end = re;
  return f;
}

/** GET /v1/audit/events parameters: limit default 50, clamped to 1-100; cursor opaque. */
export function checkQuery(q: Record<string, string | undefined>): QueryIn {
  const orgId = checkOrgId(q.organization_id);
  const limit = Math.min(100, Math.max(1, intParam(q.limit, 50)));
  const before = q.cursor ? decodeCursor(q.cursor) : null;
  return { orgId, filters: checkFilters(q), limit, before };
}
