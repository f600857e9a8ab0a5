// Owns the export file formats (DECISIONS 6): the CSV columns and the record of one event; pure, shared with the portal page.
export const CSV_COLUMNS = [
  'id', 'org_id', 'seq', 'schema_id', 'occurred_at', 'ingested_at', 'action', 'actor_type', 'actor_id', 'actor_name',
  'targets', 'context', 'metadata', 'payload_hash', 'signature',
] as const;
export const CSV_HEADER = CSV_COLUMNS.join(',') + '\n';

/**
 * csv-stringify options: a cell beginning with =, +, -, @, tab or carriage return is prefixed with '
 * (spreadsheet formula injection; numbers such as seq are left alone); quoting as RFC 4180.
 */
export const CSV_OPTIONS = { escape_formulas: true, record_delimiter: 'unix' } as const;

type EventLike = {
  id: string; org_id: string; seq: number; schema_id: string; occurred_at: string; ingested_at: string; action: string;
  actor: { type: string; id: string; name?: string }; targets: unknown; context: unknown; metadata: unknown;
  payload_hash: string; signature: string;
};

/** One CSV record: objects as JSON text, a missing actor name as an empty cell. */
export function csvRecord(e: EventLike): Array<string | number> {
  return [
    e.id, e.org_id, e.seq, e.schema_id, e.occurred_at, e.ingested_at, e.action, e.actor.type, e.actor.id, e.actor.name ?? '',
    JSON.stringify(e.targets ?? []), JSON.stringify(e.context ?? {}), JSON.stringify(e.metadata ?? {}), e.payload_hash, e.signature,
  ];
}

/** NDJSON: one event per line, exactly as GET /v1/audit/events returns it. */
export const ndjsonLine = (e: unknown): string => JSON.stringify(e) + '\n';
