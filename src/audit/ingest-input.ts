// Owns the input rules of audit ingest (docs/audit.md#write-path): the Idempotency-Key header and the body.
import { ApiError, type ErrorCode } from '../errors';
import { headerText } from '../crypto/utf8';
import { isPlainObject } from '../crypto/json-value';
import { parseRfc3339 } from '../time';
import { DAY_MS, MAX_ID_LEN, MAX_TARGETS, type Actor, type IngestFields, type Target } from './model';
import { checkOrgId } from './org-input';

const ACTION = /^[a-z0-9][a-z0-9_-]*(\.[a-z0-9][a-z0-9_-]*){1,2}$/;
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;

/** docs/api.md#idempotency: Idempotency-Key required on audit ingest, at most 255 characters, not empty. */
export function checkIdempotencyKey(v: string | null): string {
  if (v === null) throw new ApiError('missing_idempotency_key', 'Idempotency-Key header is required');
  const k = headerText(v)?.trim();
  if (k === undefined) throw new ApiError('invalid_idempotency_key', 'Idempotency-Key must be UTF-8');
  if (!k || [...k].length > MAX_ID_LEN)
    throw new ApiError('invalid_idempotency_key', 'Idempotency-Key must be 1-255 characters');
  return k;
}

function checkActor(v: unknown): Actor {
  if (!isPlainObject(v) || !nonEmpty(v.type) || !nonEmpty(v.id))
    throw new ApiError('invalid_actor', 'actor.type and actor.id are required strings');
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
    if (!isPlainObject(t) || !nonEmpty(t.type) || !nonEmpty(t.id))
      throw new ApiError('invalid_target', `targets[${i}] needs type and id strings`);
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

/** Validates an ingest body; the occurred_at window is checked against `now`. */
export function checkIngestBody(body: unknown, now: number): IngestFields {
  if (!isPlainObject(body)) throw new ApiError('invalid_payload', 'body must be a JSON object');
  const org_id = checkOrgId(body.organization_id);
  const action = body.action;
  if (typeof action !== 'string' || action.length > 128 || !ACTION.test(action)) {
    throw new ApiError(
      'invalid_action',
      'action must be lowercase, dot-segmented, 2-3 segments, at most 128 characters',
    );
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
    if (t.ms < FIVE_YEARS(now) || t.ms > now + DAY_MS)
      throw new ApiError(
        'occurred_at_out_of_window',
        'occurred_at must lie between now minus 5 years and now plus 24 hours',
      );
    occurred_at = t.utc;
    occurred_ms = t.ms;
  }
  return { org_id, action, actor, targets, metadata, context, occurred_at, occurred_ms };
}
