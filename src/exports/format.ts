// Owns the export file formats (docs/portal-and-exports.md#exports): the CSV columns and the record of one event; pure, shared with the portal page.
import type { AuditEventOut } from '../audit/service';
export const CSV_COLUMNS = [
  'id',
  'org_id',
  'seq',
  'schema_id',
  'occurred_at',
  'ingested_at',
  'action',
  'actor_type',
  'actor_id',
  'actor_name',
  'targets',
  'context',
  'metadata',
  'payload_hash',
  'signature',
  'actor_metadata',
] as const;
export const CSV_HEADER = CSV_COLUMNS.join(',') + '\n';

/**
 * csv-stringify options: a cell beginning with =, +, -, @, tab or carriage return is prefixed with '
 * (spreadsheet formula injection; numbers such as seq are left alone); then every cell holding a comma,
 * quote, CR or LF is quoted (RFC 4180). csv-stringify alone quotes only around its own record delimiter
 * (LF), so a bare CR would split the row for RFC 4180 readers.
 */
export const CSV_OPTIONS = { escape_formulas: true, record_delimiter: 'unix', quoted_match: /[\r\n",]/ } as const;

/**
 * One CSV record: objects as JSON text, a missing actor name or actor metadata as an empty cell.
 * docs/portal-and-exports.md#exports: actor_metadata (last) is part of the signed bytes, so every row verifies offline.
 */
export function csvRecord(e: AuditEventOut): Array<string | number> {
  return [
    e.id,
    e.org_id,
    e.seq,
    e.schema_id,
    e.occurred_at,
    e.ingested_at,
    e.action,
    e.actor.type,
    e.actor.id,
    e.actor.name ?? '',
    JSON.stringify(e.targets ?? []),
    JSON.stringify(e.context ?? {}),
    JSON.stringify(e.metadata ?? {}),
    e.payload_hash,
    e.signature,
    e.actor.metadata === undefined || e.actor.metadata === null ? '' : JSON.stringify(e.actor.metadata),
  ];
}

/** NDJSON: one event per line, exactly as GET /v1/audit/events returns it. */
export const ndjsonLine = (e: unknown): string => JSON.stringify(e) + '\n';
