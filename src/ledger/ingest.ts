// Owns ledger ingest (POST /v1/events, docs/operations.md#ledger): Idempotency-Key, replay, quota, validation,
// then the hand-over to the writer; the 201 goes out once the signed row is durable.
import { ApiError } from '../errors';
import { canonicalJson } from '../crypto/canonical';
import { compactInSourceOrder, hasIndexLikeKeys } from '../crypto/ordered-json';
import { sha256Hex } from '../crypto/hash';
import { parseIso8601 } from '../time';
import { uuidv7 } from '../crypto/ids';
import { submit } from '../store/writer';
import type { TenantRow } from '../tenants/service';
import type { ApiKeyRow } from '../api-keys/service';
import { chargedMonth, chargeWrite, settleWrite, type Charged } from '../usage/service';
import { assertTraceAcceptsItems } from '../traces/service';
import { LEDGER_EVENT, type LedgerEventResult, type LedgerQueueItem } from './append';
import { idempotency, type IdempotencyRecord } from './repo';
import { idemLive } from '../idempotency';

const ENDPOINT = 'POST /v1/events';
const PAYLOAD_LIMIT = 65536;
const utf8 = new TextEncoder();

export type IngestInput = {
  tenant: TenantRow;
  key: ApiKeyRow;
  body: Record<string, unknown>;
  rawBody: string;
  idempotencyKey: string | null;
};
export type IngestResult = { status: 201 | 202; body: Record<string, unknown>; replayed: boolean };

// Keys whose first request is still being written by this process: a second one answers 202 processing.
const inFlight = new Set<string>();
const idemId = (k: readonly string[]) => k.join('\u0000');

/** docs/api.md#idempotency: the idempotency request hash covers event_type, event_time (when sent) and the canonical payload. */
function idempotencyHash(body: Record<string, unknown>): string {
  const o: Record<string, unknown> = { event_type: body.event_type, payload: body.payload };
  if (body.event_time !== undefined) o.event_time = body.event_time;
  return sha256Hex(canonicalJson(o));
}

function replay(rec: IdempotencyRecord, hash: string): IngestResult {
  if (rec.request_hash !== hash)
    throw new ApiError(
      'idempotency_key_reuse_mismatch',
      'Idempotency-Key was used with a different event_type, event_time or payload',
    );
  return { status: 201, body: rec.body, replayed: true };
}

/**
 * Ledger ingest after authentication and the 402 check: replay check, quota (counted before validation, docs/operations.md#counting-and-limits
 * rule 2), validation, then the writer. Resolves once the signed row (and its idempotency record) is fsync'd.
 */
export async function ingestEvent(input: IngestInput): Promise<IngestResult> {
  const { tenant, key, body, idempotencyKey } = input;
  const idemKey: [string, string, string, string] | null = idempotencyKey
    ? [tenant.tenant_id, key.key_id, ENDPOINT, idempotencyKey]
    : null;
  const reqHash = idempotencyKey ? idempotencyHash(body) : '';
  if (idemKey) {
    if (inFlight.has(idemId(idemKey))) return { status: 202, body: { status: 'processing' }, replayed: false };
    const rec = idempotency().get(idemKey);
    if (rec && idemLive(rec.created_at)) return replay(rec, reqHash);
  }
  // docs/operations.md#counting-and-limits: counted before validation. The unit travels with the event and is stored in its transaction; when no
  // event is written (invalid body, refused write) it still counts, flushed with the other counters.
  const usage = chargeWrite(tenant, 'events_per_month');
  let written = false;
  try {
    const item = validateEvent(body, input.rawBody, tenant.tenant_id);
    const event_id = uuidv7();
    const ingested_at = new Date().toISOString();
    const data: LedgerQueueItem & Charged = {
      ...item,
      event_id,
      tenant_id: tenant.tenant_id,
      api_key_id: key.key_id,
      ingested_at,
      idempotency_key: idempotencyKey,
      idempotency: idemKey ? { key: idemKey, request_hash: reqHash } : null,
      usage: chargedMonth(usage),
    };
    if (!idemKey) {
      await submit<LedgerQueueItem & Charged, LedgerEventResult>(LEDGER_EVENT, data);
      written = true;
      return { status: 201, body: { event_id, ingested_at }, replayed: false };
    }
    const id = idemId(idemKey);
    inFlight.add(id);
    try {
      const r = await submit<LedgerQueueItem & Charged, LedgerEventResult>(LEDGER_EVENT, data);
      written = true;
      // Another writer of the same key (an expired record being replaced) won: answer as its replay.
      if (r.replay) return replay(r.replay, reqHash);
      return { status: 201, body: { event_id, ingested_at }, replayed: false };
    } finally {
      inFlight.delete(id);
    }
  } finally {
    settleWrite(usage, written, true);
  }
}

/** POST /v1/events rules (docs/operations.md#ledger, docs/api.md#conventions): event_type 1-128 bytes trimmed, payload <= 65,536 canonical bytes, event_time ISO 8601. */
function validateEvent(body: Record<string, unknown>, rawBody: string, tenantId: string) {
  const et = body.event_type;
  if (typeof et !== 'string') throw new ApiError('invalid_event_type', 'event_type must be a string of 1-128 bytes');
  const event_type = et.trim();
  const etBytes = utf8.encode(event_type).length;
  if (etBytes < 1 || etBytes > 128)
    throw new ApiError('invalid_event_type', 'event_type must be 1-128 bytes after trimming');
  const payload = body.payload;
  let canonical: string;
  try {
    canonical = canonicalJson(payload);
  } catch {
    throw new ApiError('invalid_payload', 'payload is not serializable');
  }
  // UTF-8 length is at most 3 bytes per UTF-16 unit: encode only when the string could be over the limit.
  if (canonical.length * 3 > PAYLOAD_LIMIT && utf8.encode(canonical).length > PAYLOAD_LIMIT)
    throw ApiError.at('payload_too_large', 'ledger_ingest', `payload is over ${PAYLOAD_LIMIT} bytes as canonical JSON`);
  let event_time: string | null = null;
  if (body.event_time !== undefined && body.event_time !== null) {
    if (typeof body.event_time !== 'string' || parseIso8601(body.event_time) === null) {
      throw new ApiError('invalid_payload', 'event_time must be an ISO 8601 timestamp');
    }
    event_time = body.event_time;
  }
  let trace_id: string | null = null;
  if (body.trace_id !== undefined && body.trace_id !== null)
    trace_id = assertTraceAcceptsItems(tenantId, body.trace_id);
  // docs/verification.md#3-hashes-and-key-ids: event_hash follows the request text; keep that text only when JSON.parse reordered keys.
  const payload_source = hasIndexLikeKeys(payload) ? compactInSourceOrder(rawBody, body, 'payload') : null;
  return { event_type, payload, payload_source, event_time, trace_id, payload_canonical: canonical };
}
