// Owns the audit export job's shapes (docs/portal-and-exports.md#exports): stored row, create body, reply.
import { Type as t } from '@sinclair/typebox';
import { ApiError } from '../errors';
import { checkFilters, checkOrgId, type QueryFilters } from '../audit/service';
import { isPlainObject } from '../crypto/json-value';
import { Nullable, Obj, Processing, Ts, open } from '../route-kit/schemas';

export type ExportFormat = 'csv' | 'ndjson';
export type ExportStatus = 'pending' | 'running' | 'ready' | 'failed';

/** Filters as requested (normalized), kept to show them back and to run the job. */
export type ExportFilters = {
  actions?: string[];
  actor_id?: string;
  target_id?: string;
  range_start?: string;
  range_end?: string;
};

export type ExportRow = {
  id: string;
  tenant_id: string;
  org_id: string;
  format: ExportFormat;
  filters: ExportFilters;
  status: ExportStatus;
  row_count: number | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  /** Unix seconds after which the download URL answers 403 and the file is removed. */
  expires_at: number | null;
  bytes: number | null;
  file_removed: boolean;
  /** docs/transparency-logs.md#distribution: the org checkpoint when the file was completed; it covers the exported rows with seq <= tree_size. */
  checkpoint?: { tree_size: number; root_hash: string; note: string } | null;
};

/** docs/portal-and-exports.md#exports: download_url valid 24 hours (from the moment the file is ready). */
export const DOWNLOAD_TTL_S = 24 * 3600;

/** POST /v1/audit/exports as documented (checked by checkExportBody: named error codes). */
export const ExportIn = open({
  organization_id: t.String(),
  format: t.Union([t.Literal('csv'), t.Literal('ndjson')]),
  filters: t.Optional(Obj),
});
export const ExportJob = open({
  id: t.String(),
  status: t.Union(['pending', 'running', 'ready', 'failed'].map((v) => t.Literal(v))),
  format: t.String(),
  created_at: Ts,
  row_count: t.Optional(Nullable(t.Integer())),
  error: t.Optional(Nullable(t.String())),
  completed_at: t.Optional(Nullable(Ts)),
  download_url: t.Optional(t.String()),
});
/** The 202 of POST /v1/audit/exports: the queued job, or {status: processing} while its key's first request runs. */
export const ExportQueued = t.Union([ExportJob, Processing]);

/** POST /v1/audit/exports body: organization_id, format (csv|ndjson), filters (as the query; actions array or comma string). */
export function checkExportBody(body: unknown): {
  orgId: string;
  format: ExportFormat;
  filters: ExportFilters;
  query: QueryFilters;
} {
  if (!isPlainObject(body))
    throw new ApiError('invalid_organization_id', 'body must be a JSON object with organization_id');
  const orgId = checkOrgId(body.organization_id);
  if (body.format !== 'csv' && body.format !== 'ndjson')
    throw new ApiError('invalid_format', 'format must be csv or ndjson');
  const raw = body.filters ?? {};
  if (!isPlainObject(raw)) throw new ApiError('bad_request', 'filters must be an object');
  for (const k of ['actor_id', 'target_id', 'range_start', 'range_end'] as const) {
    if (raw[k] !== undefined && raw[k] !== null && typeof raw[k] !== 'string')
      throw new ApiError('bad_request', `filters.${k} must be a string`);
  }
  if (
    raw.actions !== undefined &&
    raw.actions !== null &&
    typeof raw.actions !== 'string' &&
    !(Array.isArray(raw.actions) && raw.actions.every((a) => typeof a === 'string'))
  ) {
    throw new ApiError('bad_request', 'filters.actions must be an array of strings or a comma-separated string');
  }
  const query = checkFilters(raw);
  const filters: ExportFilters = {};
  if (query.actions) filters.actions = query.actions;
  if (query.actor_id !== undefined) filters.actor_id = query.actor_id;
  if (query.target_id !== undefined) filters.target_id = query.target_id;
  if (typeof raw.range_start === 'string' && raw.range_start) filters.range_start = raw.range_start;
  if (typeof raw.range_end === 'string' && raw.range_end) filters.range_end = raw.range_end;
  return { orgId, format: body.format, filters, query };
}
