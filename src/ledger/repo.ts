// Owns the event ledger's sub-databases: signed rows (append-only), list indexes, idempotency, verifications.
import { appendOnly } from '../store/append-only';
import { subDb } from '../store/env';

export type LedgerRow = {
  v: 1;
  event_id: string;
  tenant_id: string;
  api_key_id: string | null;
  user_id: string | null;
  event_type: string;
  payload: unknown;
  event_time: string | null;
  ingested_at: string;
  payload_hash: string;
  request_hash: string;
  event_hash: string;
  idempotency_key: string | null;
  trace_id: string | null;
  source: 'api' | 'system';
  key_id: string;
  public_key: Buffer;
  signature: Buffer;
  signed_bytes: Buffer;
  /** Position in the tenant's transparency log (absent on rows logged by the first-start migration). */
  leaf_index?: number;
};
export type IdempotencyRecord = { request_hash: string; created_at: number; status: 201; body: { event_id: string; ingested_at: string } };
export type VerificationRecord = { event_id: string; at: string; api_key_id: string; method: 'hash' | 'payload'; match_result: boolean; matched_field: string | null };

/** Key [event_id]: the signed rows; never updated, never deleted. */
export const ledgerRows = () => appendOnly<LedgerRow>('ledger_events');
/** Key [tenant_id, ingested_at, event_id]: active rows only (the retention pass moves sealed rows out). */
export const byTime = () => subDb<null, [string, string, string]>('ledger_by_time');
/** Key [tenant_id, event_type, ingested_at, event_id]: active rows only. */
export const byType = () => subDb<null, [string, string, string, string]>('ledger_by_type');
/** Key [tenant_id, event_id] -> sealed_at: rows in access tier sealed. */
export const sealedRows = () => subDb<string, [string, string]>('ledger_sealed');
/** Key [tenant_id] -> number of active rows (maintained in the same transactions that change them). */
export const activeCounts = () => subDb<number, string>('ledger_active_counts');
/** Key [tenant_id, api_key_id, endpoint, idempotency_key]. */
export const idempotency = () => subDb<IdempotencyRecord, [string, string, string, string]>('ledger_idempotency');
/** Key [tenant_id, ulid]: every verify call that reached comparison. */
export const verifications = () => appendOnly<VerificationRecord>('ledger_verifications');
