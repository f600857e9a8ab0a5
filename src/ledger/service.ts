// Owns the event ledger (SPEC "Ledger event", DECISIONS 2): ingest, signed append, list, get, verify, proof.
import { ApiError, PlainError } from '../errors';
import { transact } from '../store/env';
import { CanonicalText, canonicalBytes, canonicalJson } from '../crypto/canonical';
import { compactInSourceOrder, hasIndexLikeKeys } from '../crypto/ordered-json';
import { sha256Hex } from '../crypto/hash';
import { isUuid, ulid, uuidv7 } from '../crypto/ids';
import { verifyBytes } from '../crypto/ed25519';
import { ledgerSignedPayload } from '../crypto/signed';
import { enqueue } from '../store/queue';
import { planOf, retentionPolicy } from '../plans/plans';
import { getTenant, issuerBlock, pinnedPublicKey, tenantSigner, type TenantRow } from '../tenants/service';
import { chargeQuota } from '../usage/service';
import { registerApplier, registerBatchHook } from '../workers/intake';
import { activeCounts, byTime, byType, idempotency, ledgerRows, sealedRows, verifications, type IdempotencyRecord, type LedgerRow } from './repo';
import type { ApiKeyRow } from '../keys/service';
import { assertTraceAcceptsItems } from '../traces/gate';

export type { LedgerRow };
const ENDPOINT = 'POST /v1/events';
const IDEM_TTL_MS = 24 * 3600_000;
const PAYLOAD_LIMIT = 65536;
const utf8 = new TextEncoder();

// ---------- ingest ----------

/** SPEC: Idempotency-Key is 1-128 bytes after trimming; checked before the API key. Returns null when absent. */
export function checkIdempotencyKey(raw: string | null): string | null {
  if (raw === null) return null;
  const k = raw.trim();
  const bytes = utf8.encode(k).length;
  if (bytes < 1 || bytes > 128 || k.includes('\ufffd')) throw new ApiError('invalid_idempotency_key', 'Idempotency-Key must be 1-128 bytes');
  return k;
}

export type IngestInput = { tenant: TenantRow; key: ApiKeyRow; body: Record<string, unknown>; rawBody: string; idempotencyKey: string | null };
export type IngestResult = { status: 201 | 202; body: Record<string, unknown>; replayed: boolean };

const inFlight = new Set<string>();
const idemId = (k: [string, string, string, string]) => k.join('\u0000');

/** SPEC rule 3: the idempotency request hash covers event_type, event_time (when sent) and the canonical payload. */
function idempotencyHash(body: Record<string, unknown>): string {
  const o: Record<string, unknown> = { event_type: body.event_type, payload: body.payload };
  if (body.event_time !== undefined) o.event_time = body.event_time;
  return sha256Hex(canonicalJson(o));
}

function replay(rec: IdempotencyRecord, hash: string): IngestResult {
  if (rec.request_hash !== hash) throw new ApiError('idempotency_key_reuse_mismatch', 'Idempotency-Key was used with a different event_type, event_time or payload');
  return { status: 201, body: rec.body, replayed: true };
}

/**
 * Ledger ingest after authentication: replay check, quota (counted before validation, SPEC rule 2),
 * validation, then a durable enqueue. Resolves only once the item is fsync'd on the intake queue.
 */
export async function ingestEvent(input: IngestInput, beforeQuota: () => void): Promise<IngestResult> {
  const { tenant, key, body, idempotencyKey } = input;
  const idemKey: [string, string, string, string] | null = idempotencyKey ? [tenant.tenant_id, key.key_id, ENDPOINT, idempotencyKey] : null;
  const reqHash = idempotencyKey ? idempotencyHash(body) : '';
  if (idemKey) {
    if (inFlight.has(idemId(idemKey))) {
      return { status: 202, body: { status: 'processing' }, replayed: false };
    }
    const rec = idempotency().get(idemKey);
    if (rec && Date.now() - rec.created_at < IDEM_TTL_MS) return replay(rec, reqHash);
    if (rec) await idempotency().remove(idemKey);
  }
  beforeQuota();
  chargeQuota(tenant, 'events_per_month');
  const item = validateEvent(body, input.rawBody, tenant.tenant_id);
  const event_id = uuidv7();
  const ingested_at = new Date().toISOString();
  const data: LedgerQueueItem = { ...item, event_id, tenant_id: tenant.tenant_id, api_key_id: key.key_id, ingested_at, idempotency_key: idempotencyKey };
  const response = { event_id, ingested_at };
  if (!idemKey) {
    await enqueue('ledger.event', data);
    return { status: 201, body: response, replayed: false };
  }
  const id = idemId(idemKey);
  inFlight.add(id);
  try {
    const record: IdempotencyRecord = { request_hash: reqHash, created_at: Date.now(), status: 201, body: response };
    const won = await enqueue('ledger.event', data, { unlessExists: { db: idempotency(), key: idemKey }, with: [{ db: idempotency(), key: idemKey, value: record }] });
    if (won) return { status: 201, body: response, replayed: false };
    // Another process (or an expired record being replaced) won the race: answer as its replay.
    return replay(idempotency().get(idemKey)!, reqHash);
  } finally {
    inFlight.delete(id);
  }
}

type LedgerQueueItem = {
  event_id: string; tenant_id: string; api_key_id: string | null; ingested_at: string; idempotency_key: string | null;
  event_type: string; payload: unknown; payload_source: string | null; event_time: string | null; trace_id: string | null;
  /** Canonical JSON of the payload, computed once at acceptance (the size check needs it anyway). */
  payload_canonical?: string;
};

const ISO = /^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/;

/** SPEC POST /v1/events rules: event_type 1-128 bytes trimmed, payload <= 65,536 canonical bytes, event_time ISO 8601. */
function validateEvent(body: Record<string, unknown>, rawBody: string, tenantId: string) {
  const et = body.event_type;
  if (typeof et !== 'string') throw new ApiError('invalid_event_type', 'event_type must be a string of 1-128 bytes');
  const event_type = et.trim();
  const etBytes = utf8.encode(event_type).length;
  if (etBytes < 1 || etBytes > 128) throw new ApiError('invalid_event_type', 'event_type must be 1-128 bytes after trimming');
  const payload = body.payload;
  let canonical: string;
  try {
    canonical = canonicalJson(payload);
  } catch {
    throw new ApiError('invalid_payload', 'payload is not serializable');
  }
  // UTF-8 length is at most 3 bytes per UTF-16 unit: encode only when the string could be over the limit.
  if (canonical.length * 3 > PAYLOAD_LIMIT && utf8.encode(canonical).length > PAYLOAD_LIMIT) throw new ApiError('payload_too_large', `payload is over ${PAYLOAD_LIMIT} bytes as canonical JSON`, {}, 400);
  let event_time: string | null = null;
  if (body.event_time !== undefined && body.event_time !== null) {
    if (typeof body.event_time !== 'string' || !ISO.test(body.event_time) || Number.isNaN(Date.parse(body.event_time))) {
      throw new ApiError('invalid_payload', 'event_time must be an ISO 8601 timestamp');
    }
    event_time = body.event_time;
  }
  let trace_id: string | null = null;
  if (body.trace_id !== undefined && body.trace_id !== null) trace_id = assertTraceAcceptsItems(tenantId, body.trace_id);
  // DECISIONS 2: event_hash follows the request text; keep that text only when JSON.parse reordered keys.
  const payload_source = hasIndexLikeKeys(payload) ? compactInSourceOrder(rawBody, body, 'payload') : null;
  return { event_type, payload, payload_source, event_time, trace_id, payload_canonical: canonical };
}

// ---------- signed append (intake worker) ----------

export type NewLedgerEvent = Omit<LedgerQueueItem, 'idempotency_key'> & { idempotency_key: string | null; source?: 'api' | 'system' };

/** Hashes and signs one event (DECISIONS 2). Pure apart from reading the tenant's active key. */
export function buildLedgerRow(e: NewLedgerEvent): LedgerRow {
  const payloadCanonical = e.payload_canonical ?? canonicalJson(e.payload);
  const payload_hash = sha256Hex(payloadCanonical);
  const event_hash = sha256Hex(e.payload_source ?? JSON.stringify(e.payload));
  const request_hash = sha256Hex(canonicalJson({
    v: 1, event_id: e.event_id, tenant_id: e.tenant_id, api_key_id: e.api_key_id, user_id: null, ingested_at: e.ingested_at,
    event_type: e.event_type, event_time: e.event_time, payload: new CanonicalText(payloadCanonical), idempotency_key: e.idempotency_key, payload_hash,
  }));
  const signer = tenantSigner(e.tenant_id);
  const signed_bytes = Buffer.from(canonicalBytes(ledgerSignedPayload({ event_id: e.event_id, tenant_id: e.tenant_id, event_type: e.event_type, payload_hash, request_hash, ingested_at: e.ingested_at })));
  return {
    v: 1, event_id: e.event_id, tenant_id: e.tenant_id, api_key_id: e.api_key_id, user_id: null, event_type: e.event_type,
    payload: e.payload, event_time: e.event_time, ingested_at: e.ingested_at, payload_hash, request_hash, event_hash,
    idempotency_key: e.idempotency_key, trace_id: e.trace_id, source: e.source ?? 'api', key_id: signer.key_id,
    public_key: signer.public_key, signature: signer.sign(signed_bytes), signed_bytes,
  };
}

const itemListeners: Array<(row: LedgerRow) => void> = [];
/** Called inside the append transaction for every row that carries a trace_id (traces keep their item index). */
export function onLedgerAppendInTxn(fn: (row: LedgerRow) => void): void {
  itemListeners.push(fn);
}

// Active-row counts gathered while a batch is applied, written once per tenant by the batch hook.
const pendingCounts = new Map<string, number>();
function flushActiveCountsInTxn(): void {
  for (const [tenantId, n] of pendingCounts) activeCounts().putSync(tenantId, (activeCounts().get(tenantId) ?? 0) + n);
  pendingCounts.clear();
}

/** Inside transact(): appends the row and its list index entries, and counts it as active. */
export function appendLedgerRowInTxn(row: LedgerRow): void {
  ledgerRows().appendInTxn(row.event_id, row);
  byTime().putSync([row.tenant_id, row.ingested_at, row.event_id], null);
  byType().putSync([row.tenant_id, row.event_type, row.ingested_at, row.event_id], null);
  pendingCounts.set(row.tenant_id, (pendingCounts.get(row.tenant_id) ?? 0) + 1);
  if (row.trace_id) for (const fn of itemListeners) fn(row);
}

registerApplier('ledger.event', (data: LedgerQueueItem) => {
  const row = buildLedgerRow(data);
  return { apply: () => appendLedgerRowInTxn(row) };
}, () => pendingCounts.clear());
registerBatchHook(flushActiveCountsInTxn);

// ---------- reads ----------

/** Active rows of a tenant ingested in [fromIso, toIso) (console ingest rate); counts index keys only. */
export function countLedgerRows(tenantId: string, fromIso: string, toIso: string): number {
  return byTime().getCount({ start: [tenantId, fromIso], end: [tenantId, toIso] });
}

export function findLedgerRow(eventId: string): LedgerRow | undefined {
  return ledgerRows().get(eventId.toLowerCase());
}
export const isSealed = (row: LedgerRow): boolean => sealedRows().doesExist([row.tenant_id, row.event_id]);

const DAY = 86400_000;
/** expires_at and retention_policy follow the tenant's current plan (DECISIONS 9). */
export function retentionOf(tenant: TenantRow, ingestedAt: string) {
  const days = planOf(tenant.plan).ledger_retention_days;
  const policy = retentionPolicy(days);
  const expires_at = policy === 'indefinite' || days === null ? null : new Date(Date.parse(ingestedAt) + days * DAY).toISOString();
  return { retention_policy: policy, expires_at };
}

function assertEventId(id: string): string {
  if (!isUuid(id)) throw new ApiError('invalid_path_parameter', 'event_id must be a UUID');
  return id.toLowerCase();
}

/** GET /v1/events/{id}: SPEC "Ledger event"; 410 retention_expired once sealed. */
export function getEvent(tenant: TenantRow, eventId: string) {
  const row = findLedgerRow(assertEventId(eventId));
  if (!row || row.tenant_id !== tenant.tenant_id) throw new ApiError('event_not_found', 'No such event (it may not be written yet)');
  if (isSealed(row)) throw new ApiError('retention_expired', 'Event sealed by retention');
  const out: Record<string, unknown> = {
    event_id: row.event_id, tenant_id: row.tenant_id, event_type: row.event_type, payload: row.payload, event_time: row.event_time,
    ...retentionOf(tenant, row.ingested_at), api_key_id: row.api_key_id,
  };
  if (row.user_id) out.user_id = row.user_id;
  Object.assign(out, {
    ingested_at: row.ingested_at, payload_hash: row.payload_hash, request_hash: row.request_hash, event_hash: row.event_hash,
    idempotency_key: row.idempotency_key, organization: issuerBlock(tenant),
  });
  return out;
}

const INT = /^[+-]?\d+$/;
function intParam(v: string | undefined, def: number): number {
  if (v === undefined || v === '') return def;
  if (!INT.test(v.trim())) throw new PlainError(400, 'Bad Request: page and limit must be integers');
  return Number(v.trim());
}

function isoParam(v: string | undefined, name: string): string | null {
  if (v === undefined || v === '') return null;
  const ms = ISO.test(v) ? Date.parse(v) : NaN;
  if (Number.isNaN(ms)) throw new ApiError('bad_request', `${name} must be an ISO 8601 timestamp`);
  return new Date(ms).toISOString();
}

type ListResult = { events: unknown[]; page: number; limit: number; total: number; has_more: boolean };
const listCache = new Map<string, { at: number; value: ListResult }>();
const LIST_TTL = 30_000;

/** GET /v1/events: newest first over the (tenant, ingested_at) index; cached 30 s per tenant and query (SPEC). */
export function listEvents(tenant: TenantRow, q: { page?: string; limit?: string; date_from?: string; date_to?: string; event_type?: string }): ListResult {
  const page = Math.max(1, intParam(q.page, 1));
  const limit = Math.min(500, Math.max(1, intParam(q.limit, 50)));
  const from = isoParam(q.date_from, 'date_from');
  const to = isoParam(q.date_to, 'date_to');
  const type = q.event_type;
  const cacheKey = `${tenant.tenant_id}|${page}|${limit}|${from}|${to}|${type ?? ''}`;
  const hit = listCache.get(cacheKey);
  if (hit && Date.now() - hit.at < LIST_TTL) return hit.value;
  const pre: string[] = type !== undefined ? [tenant.tenant_id, type] : [tenant.tenant_id];
  // Keys are [...pre, ingested_at, event_id]: [...pre, to] excludes `to` itself, [...pre, from] includes `from`.
  const hi = to ? [...pre, to] : [...pre, '\uffff'];
  const lo = from ? [...pre, from] : pre;
  const index = type !== undefined ? byType() : byTime();
  const events: unknown[] = [];
  for (const key of (index as any).getKeys({ start: hi, end: lo, reverse: true, offset: (page - 1) * limit, limit }) as Iterable<string[]>) {
    const id = key[key.length - 1]!;
    const row = ledgerRows().get(id);
    if (row) events.push(listItem(tenant, row));
  }
  const total = !from && !to && type === undefined ? activeCounts().get(tenant.tenant_id) ?? 0 : (index as any).getCount({ start: lo, end: hi });
  const value = { events, page, limit, total, has_more: page * limit < total };
  if (listCache.size > 10000) listCache.clear();
  listCache.set(cacheKey, { at: Date.now(), value });
  return value;
}

function listItem(tenant: TenantRow, row: LedgerRow) {
  const o: Record<string, unknown> = {
    event_id: row.event_id, event_type: row.event_type, payload_hash: row.payload_hash, event_hash: row.event_hash,
    retention_policy: retentionOf(tenant, row.ingested_at).retention_policy, ingested_at: row.ingested_at,
  };
  if (row.event_time !== null) o.event_time = row.event_time;
  if (row.idempotency_key !== null) o.idempotency_key = row.idempotency_key;
  return o;
}

// ---------- verify ----------

type VerifyTarget = { event_id: string; tenant_id: string; payload_hash: string; request_hash: string; event_hash: string; ingested_at: string; organization: Record<string, unknown> };
const verifyCache = new Map<string, { at: number; value: VerifyTarget }>();
const VERIFY_TTL = 60_000;

function verifyTarget(tenant: TenantRow, eventId: string): VerifyTarget {
  const c = verifyCache.get(eventId);
  if (c && Date.now() - c.at < VERIFY_TTL && c.value.tenant_id === tenant.tenant_id) return c.value;
  const row = findLedgerRow(eventId);
  if (!row || row.tenant_id !== tenant.tenant_id) throw new ApiError('event_not_found', 'No such event (it may not be written yet)');
  const value = { event_id: row.event_id, tenant_id: row.tenant_id, payload_hash: row.payload_hash, request_hash: row.request_hash, event_hash: row.event_hash, ingested_at: row.ingested_at, organization: issuerBlock(tenant) };
  if (verifyCache.size > 100000) verifyCache.clear();
  verifyCache.set(eventId, { at: Date.now(), value });
  return value;
}

/**
 * POST /v1/events/{id}/verify after authentication: counts one verification first (SPEC: even a
 * rejected call counts), then validates, compares payload_hash, request_hash, event_hash in that order.
 */
export function verifyEvent(tenant: TenantRow, apiKeyId: string, eventId: string, body: unknown) {
  chargeQuota(tenant, 'api_verifications_per_month');
  const id = assertEventId(eventId);
  const b = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  // null counts as not given: "exactly one of" needs one real value.
  const hasHash = b.payload_hash !== undefined && b.payload_hash !== null;
  const hasPayload = b.payload !== undefined && b.payload !== null;
  if (hasHash === hasPayload) throw new ApiError('bad_request', 'Send exactly one of payload_hash or payload');
  let submitted: string;
  let method: 'hash' | 'payload';
  if (hasHash) {
    if (typeof b.payload_hash !== 'string' || !/^[0-9a-fA-F]{64}$/.test(b.payload_hash)) throw new ApiError('bad_request', 'payload_hash must be 64 hex characters');
    submitted = b.payload_hash.toLowerCase();
    method = 'hash';
  } else {
    try {
      submitted = sha256Hex(canonicalJson(b.payload));
    } catch {
      throw new ApiError('bad_request', 'payload is not serializable');
    }
    method = 'payload';
  }
  const t = verifyTarget(tenant, id);
  const matched_field = submitted === t.payload_hash ? 'payload_hash' : submitted === t.request_hash ? 'request_hash' : submitted === t.event_hash ? 'event_hash' : null;
  // Recorded without awaiting: batched into the next commit, off the request's critical path.
  void recordVerification(tenant.tenant_id, { event_id: id, at: new Date().toISOString(), api_key_id: apiKeyId, method, match_result: matched_field !== null, matched_field });
  return {
    event_id: t.event_id, match_result: matched_field !== null, matched_field, anchored_hash: t.payload_hash,
    submitted_hash: submitted, anchored_at: t.ingested_at, method, organization: t.organization,
  };
}

function recordVerification(tenantId: string, rec: { event_id: string; at: string; api_key_id: string; method: 'hash' | 'payload'; match_result: boolean; matched_field: string | null }) {
  return transact(() => verifications().appendInTxn([tenantId, ulid()], rec));
}

/** Newest verification records of a tenant (console). */
export function recentVerifications(tenantId: string, limit = 50) {
  return [...verifications().range({ start: [tenantId, '\uffff'], end: [tenantId], reverse: true, limit })].map((e) => e.value);
}

// ---------- public proof ----------

/** GET /v1/proof/event/{id} (DECISIONS 2): hex key, signature and signed bytes; never the payload. */
export function eventProof(eventId: string) {
  if (!isUuid(eventId)) throw new ApiError('invalid_path_parameter', 'event_id must be a UUID');
  const row = findLedgerRow(eventId);
  const tenant = row ? getTenant(row.tenant_id) : undefined;
  if (!row || !tenant) throw new ApiError('proof_not_found', 'No proof for this event');
  const pinned = pinnedPublicKey(row.tenant_id, row.key_id);
  return {
    event_id: row.event_id, algorithm: 'ed25519', key_id: row.key_id, public_key: (pinned ?? row.public_key).toString('hex'),
    signature: Buffer.from(row.signature).toString('hex'), signed_payload: Buffer.from(row.signed_bytes).toString('hex'),
    payload_hash: row.payload_hash, ingested_at: row.ingested_at,
    signature_valid: ledgerRowValid(row),
    organization: issuerBlock(tenant),
  };
}

/** A row's proof check: pinned-key signature over stored bytes equal to the ones rebuilt from its columns. */
function ledgerRowValid(row: LedgerRow): boolean {
  const pinned = pinnedPublicKey(row.tenant_id, row.key_id);
  return !!pinned && verifyBytes(pinned, row.signed_bytes, row.signature) && signedBytesMatch(row);
}

/** Every ledger row with the result of its proof check (restore verification). */
export function* ledgerRowChecks(): Generator<{ id: string; ok: boolean }> {
  for (const { value } of ledgerRows().range({})) yield { id: value.event_id, ok: ledgerRowValid(value) };
}

/** The stored signed bytes must be exactly the ones rebuilt from the row's columns. */
export function signedBytesMatch(row: LedgerRow): boolean {
  const rebuilt = canonicalBytes(ledgerSignedPayload(row));
  return Buffer.from(rebuilt).equals(Buffer.from(row.signed_bytes)) && sha256Hex(canonicalJson(row.payload)) === row.payload_hash;
}
