// Owns the event ledger's sub-databases: signed rows (append-only), list indexes, idempotency, verifications.
import { canonicalBytes } from '../crypto/canonical';
import { ledgerSignedPayload } from '../crypto/signed';
import { appendOnly } from '../store/append-only';
import { subDb } from '../store/env';
import type { LoggedRecord } from '../records/table';

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
  /** The tenant's pinned key for key_id (not stored on the row). */
  public_key: Buffer;
  signature: Buffer;
  /** Rebuilt from the columns by the one signed-payload function (not stored on the row). */
  signed_bytes: Buffer;
  /** Position in the tenant's transparency log, fixed in the transaction that appends the row; null before logs existed. */
  leaf_index: number | null;
  /** docs/api.md#sandbox-tenants: a sandbox tenant's row; its signed bytes say "sandbox": true. */
  sandbox?: true;
};

/**
 * What is stored: hashes as raw 32-byte digests, no copy of the signed bytes and no public key (both follow
 * from the columns and the tenant's key records). Rows written by earlier versions hold hex text and the two
 * copies; decoding accepts both.
 */
type StoredRow = Omit<
  LedgerRow,
  'payload_hash' | 'request_hash' | 'event_hash' | 'public_key' | 'signed_bytes' | 'leaf_index'
> & {
  payload_hash: Uint8Array | string;
  request_hash: Uint8Array | string;
  event_hash: Uint8Array | string;
  leaf_index?: number | null;
};
const hexOf = (h: Uint8Array | string): string => (typeof h === 'string' ? h : Buffer.from(h).toString('hex'));

/** The three hashes of a stored row as hex, without decoding the rest (the verify path needs no more). */
export function storedHashes(r: StoredRow): { payload_hash: string; request_hash: string; event_hash: string } {
  return { payload_hash: hexOf(r.payload_hash), request_hash: hexOf(r.request_hash), event_hash: hexOf(r.event_hash) };
}
export type IdempotencyRecord = {
  request_hash: string;
  created_at: number;
  status: 201;
  body: { event_id: string; ingested_at: string };
};
export type VerificationRecord = {
  event_id: string;
  at: string;
  api_key_id: string;
  method: 'hash' | 'payload';
  match_result: boolean;
  matched_field: string | null;
};

const rows = () => appendOnly<StoredRow>('ledger_events');

/** Key [event_id]: the signed rows; never updated, never deleted. */
export const ledgerRows = {
  /** The stored row, undecoded. */
  raw: (eventId: string): StoredRow | undefined => rows().get(eventId),
  has: (eventId: string): boolean => rows().has(eventId),
  /** The row decoded; `publicKey` resolves the tenant's pinned key of a key_id. */
  get(eventId: string, publicKey: (tenantId: string, keyId: string) => Buffer | undefined): LedgerRow | undefined {
    const r = rows().get(eventId);
    return r ? ledgerRows.decode(r, publicKey) : undefined;
  },
  /**
   * Every row's signed bytes (rebuilt from its columns) with what places it in its tenant's log, in key order,
   * without decoding the rest of the row (the transparency logs' first-start migration reads every row).
   */
  *signed(): Generator<LoggedRecord> {
    for (const { value: r } of rows().range({})) {
      const signed_bytes = canonicalBytes(
        ledgerSignedPayload({
          event_id: r.event_id,
          tenant_id: r.tenant_id,
          event_type: r.event_type,
          payload_hash: hexOf(r.payload_hash),
          request_hash: hexOf(r.request_hash),
          ingested_at: r.ingested_at,
          sandbox: r.sandbox,
        }),
      );
      yield {
        tenant_id: r.tenant_id,
        id: r.event_id,
        at: r.ingested_at,
        leaf_index: r.leaf_index ?? null,
        signed_bytes,
      };
    }
  },
  /**
   * Every row decoded, in key order (restore verification reads them all). Read in chunks: a caller's check
   * may renew the read transaction, which would end a single open cursor.
   */
  *all(publicKey: (tenantId: string, keyId: string) => Buffer | undefined): Generator<LedgerRow> {
    let after: string | null = null;
    for (;;) {
      const chunk = [...rows().range(after ? { start: after, limit: 1001 } : { limit: 1000 })].filter(
        (e, i) => !(after && i === 0 && e.key === after),
      );
      if (!chunk.length) return;
      for (const { value } of chunk) yield ledgerRows.decode(value, publicKey);
      after = chunk[chunk.length - 1]!.key as string;
    }
  },
  decode(r: StoredRow, publicKey: (tenantId: string, keyId: string) => Buffer | undefined): LedgerRow {
    const h = storedHashes(r);
    const row = { ...r, ...h, leaf_index: r.leaf_index ?? null } as LedgerRow;
    row.public_key = publicKey(r.tenant_id, r.key_id) ?? Buffer.alloc(0);
    row.signed_bytes = Buffer.from(canonicalBytes(ledgerSignedPayload(row)));
    return row;
  },
  /** Inside the write transaction: stores the row in its compact form. */
  appendInTxn(row: LedgerRow): void {
    const { public_key: _pk, signed_bytes: _sb, ...rest } = row;
    rows().appendInTxn(row.event_id, {
      ...rest,
      payload_hash: Buffer.from(row.payload_hash, 'hex'),
      request_hash: Buffer.from(row.request_hash, 'hex'),
      event_hash: Buffer.from(row.event_hash, 'hex'),
    });
  },
};
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
