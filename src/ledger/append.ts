// Owns the signed append of ledger events (docs/verification.md#4-the-signed-payload-of-each-record-kind), run by the writer thread: hashing and signing
// outside the transaction, then the row, its list indexes, its idempotency record and its log leaf inside it.
import { CanonicalText, canonicalBytes, canonicalJson } from '../crypto/canonical';
import { sha256Hex } from '../crypto/hash';
import { uuidv7 } from '../crypto/ids';
import { ledgerSignedPayload } from '../crypto/signed';
import { putGrowing } from '../store/append-only';
import type { Applier } from '../store/writer-core';
import { tenantSigner } from '../signing/keys';
import { isSandbox } from '../tenants/service';
import { appendTracedLeafInTxn } from '../traces/service';
import { activeCounts, byTime, byType, idempotency, ledgerRows, type IdempotencyRecord, type LedgerRow } from './repo';
import { idemLive } from '../idempotency';

export const LEDGER_EVENT = 'ledger.event';

export type LedgerQueueItem = {
  event_id: string;
  tenant_id: string;
  api_key_id: string | null;
  ingested_at: string;
  idempotency_key: string | null;
  event_type: string;
  payload: unknown;
  payload_source: string | null;
  event_time: string | null;
  trace_id: string | null;
  /** Canonical JSON of the payload, computed once at acceptance (the size check needs it anyway). */
  payload_canonical?: string;
  /** The idempotency record to write with the row, unless a live one exists (then the row is not written). */
  idempotency?: { key: [string, string, string, string]; request_hash: string } | null;
  source?: 'api' | 'system';
};
/** What the writer answers for one event: the live record that won the key, when one did. */
export type LedgerEventResult = { replay?: IdempotencyRecord };

/** Hashes and signs one event (docs/verification.md#4-the-signed-payload-of-each-record-kind). Pure apart from reading the tenant's active key. */
export function buildLedgerRow(e: LedgerQueueItem): LedgerRow {
  const payloadCanonical = e.payload_canonical ?? canonicalJson(e.payload);
  const payload_hash = sha256Hex(payloadCanonical);
  const event_hash = sha256Hex(e.payload_source ?? JSON.stringify(e.payload));
  // The request_hash envelope of docs/verification.md#3-hashes-and-key-ids; keys in canonical order so canonicalJson need not sort them.
  const request_hash = sha256Hex(
    canonicalJson({
      api_key_id: e.api_key_id,
      event_id: e.event_id,
      event_time: e.event_time,
      event_type: e.event_type,
      idempotency_key: e.idempotency_key,
      ingested_at: e.ingested_at,
      payload: new CanonicalText(payloadCanonical),
      payload_hash,
      tenant_id: e.tenant_id,
      user_id: null,
      v: 1,
    }),
  );
  const signer = tenantSigner(e.tenant_id);
  const sandbox = isSandbox(e.tenant_id);
  const signed_bytes = Buffer.from(
    canonicalBytes(
      ledgerSignedPayload({
        event_id: e.event_id,
        tenant_id: e.tenant_id,
        event_type: e.event_type,
        payload_hash,
        request_hash,
        ingested_at: e.ingested_at,
        sandbox,
      }),
    ),
  );
  // The columns of signedColumns (signing/keys.ts) written in the literal, in its order: this row is built for every
  // ingest, and a literal is one allocation where a spread copies. The sandbox mark comes last, as there
  // (docs/api.md#sandbox-tenants): the stored row keeps its keys in this order.
  const row: LedgerRow = {
    v: 1,
    event_id: e.event_id,
    tenant_id: e.tenant_id,
    api_key_id: e.api_key_id,
    user_id: null,
    event_type: e.event_type,
    payload: e.payload,
    event_time: e.event_time,
    ingested_at: e.ingested_at,
    payload_hash,
    request_hash,
    event_hash,
    idempotency_key: e.idempotency_key,
    trace_id: e.trace_id,
    source: e.source ?? 'api',
    key_id: signer.key_id,
    public_key: signer.public_key,
    signature: signer.sign(signed_bytes),
    signed_bytes,
    leaf_index: null,
  };
  if (sandbox) row.sandbox = true;
  return row;
}

/**
 * An event the appliance writes itself (source system, no API key: the trace seal), hashed and signed now;
 * `appendInTxn` appends it inside the caller's write transaction.
 */
export function prepareSystemEvent(e: {
  tenant_id: string;
  event_type: string;
  payload: unknown;
  ingested_at: string;
}): { event_id: string; appendInTxn(): void } {
  const row = buildLedgerRow({
    event_id: uuidv7(),
    tenant_id: e.tenant_id,
    api_key_id: null,
    ingested_at: e.ingested_at,
    idempotency_key: null,
    event_type: e.event_type,
    payload: e.payload,
    payload_source: null,
    event_time: null,
    trace_id: null,
    source: 'system',
  });
  return { event_id: row.event_id, appendInTxn: () => appendLedgerRowInTxn(row) };
}

// Active-row counts gathered while a transaction applies its events, written once per tenant at its end.
const pendingCounts = new Map<string, number>();

/** Inside the write transaction: appends the row, its list index entries and its trace item entry, and counts it as active. */
export function appendLedgerRowInTxn(row: LedgerRow): void {
  row.leaf_index = appendTracedLeafInTxn(row, 'e', {
    type: 'event',
    id: row.event_id,
    timestamp: row.ingested_at,
    content_hash: row.payload_hash,
  });
  ledgerRows.appendInTxn(row);
  putGrowing(byTime(), [row.tenant_id, row.ingested_at, row.event_id], null);
  putGrowing(byType(), [row.tenant_id, row.event_type, row.ingested_at, row.event_id], null);
  pendingCounts.set(row.tenant_id, (pendingCounts.get(row.tenant_id) ?? 0) + 1);
}

/** The writer's applier for accepted events. */
export const ledgerEventApplier: Applier<LedgerQueueItem, LedgerEventResult> = {
  prepare(data) {
    const row = buildLedgerRow(data);
    return {
      apply() {
        const idem = data.idempotency;
        if (idem) {
          const live = idempotency().get(idem.key);
          if (live && idemLive(live.created_at)) return { replay: live };
          const rec: IdempotencyRecord = {
            request_hash: idem.request_hash,
            created_at: Date.now(),
            status: 201,
            body: { event_id: row.event_id, ingested_at: row.ingested_at },
          };
          idempotency().putSync(idem.key, rec);
        }
        appendLedgerRowInTxn(row);
        return {};
      },
    };
  },
};

/** Inside the writer's transaction, after its items: adds the events it appended to each tenant's active count. */
export function flushActiveCountsInTxn(): void {
  for (const [tenantId, n] of pendingCounts) activeCounts().putSync(tenantId, (activeCounts().get(tenantId) ?? 0) + n);
  pendingCounts.clear();
}
