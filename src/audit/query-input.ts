// Owns the input rules of audit reads: event query filters and paging, the org list's paging, and the opaque
// cursors of both (one decoder, one error for a cursor this service did not issue).
import { ApiError } from '../errors';
import { decodeCursor as decode, encodeCursor as encode, intParam } from '../params';
import { parseRfc3339 } from '../time';
import type { QueryFilters, QueryIn } from './model';
import { checkOrgId } from './org-input';

export const encodeSeqCursor = (seq: number): string => encode('s', String(seq));
const decodeSeqCursor = (c: string): number => Number(decode('s', c, /^\d{1,15}$/));
export const encodeOrgCursor = (organizationId: string): string => encode('o', organizationId);
const decodeOrgCursor = (c: string): string => decode('o', c, /^[\s\S]{1,255}$/);

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
  const actions = acts
    .filter((a): a is string => typeof a === 'string')
    .map((a) => a.trim())
    .filter(Boolean);
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
  // docs/api.md#errors: a non-integer limit is the framework's plain-text 400.
  const limit = Math.min(100, Math.max(1, intParam(q.limit, 50, 'limit must be an integer')));
  const before = q.cursor ? decodeSeqCursor(q.cursor) : null;
  return { orgId, filters: checkFilters(q), limit, before };
}

/** GET /v1/audit/orgs parameters: limit default 100, clamped to 1-1000; cursor opaque, checked like the events cursor. */
export function checkOrgListQuery(q: Record<string, string | undefined>): { limit: number; after: string | null } {
  const limit = Math.min(1000, Math.max(1, intParam(q.limit, 100, 'limit must be an integer')));
  return { limit, after: q.cursor ? decodeOrgCursor(q.cursor) : null };
}
