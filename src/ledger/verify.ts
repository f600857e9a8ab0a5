// Owns ledger verification (POST /v1/events/{id}/verify) and the public event proof (docs/verification.md#5-event-proof).
import { ApiError } from '../errors';
import { canonicalJson } from '../crypto/canonical';
import { sha256Hex } from '../crypto/hash';
import { ulid } from '../crypto/ids';
import { isPlainObject } from '../crypto/json-value';
import { submitInternal } from '../store/writer';
import type { Applier } from '../store/writer-core';
import { getTenant, issuerBlock, type TenantRow } from '../tenants/service';
import { pinnedPublicKey, proofSignature } from '../signing/keys';
import { chargeQuota } from '../usage/service';
import { assertEventId, findLedgerRow } from './query';
import { ledgerRows, storedHashes, verifications, type LedgerRow, type VerificationRecord } from './repo';
import { uuidParam } from '../params';
import { checkRow } from '../records/check';
import { ledgerEventKind } from './kind';
import { logBlockFor, type RecordLeaf } from '../tlog/index';

type VerifyTarget = {
  event_id: string;
  tenant_id: string;
  payload_hash: string;
  request_hash: string;
  event_hash: string;
  ingested_at: string;
  organization: Record<string, unknown>;
};
const verifyCache = new Map<string, { at: number; value: VerifyTarget }>();
const VERIFY_TTL = 60_000;

function verifyTarget(tenant: TenantRow, eventId: string): VerifyTarget {
  const c = verifyCache.get(eventId);
  if (c && Date.now() - c.at < VERIFY_TTL && c.value.tenant_id === tenant.tenant_id) return c.value;
  const row = ledgerRows.raw(eventId);
  if (!row || row.tenant_id !== tenant.tenant_id)
    throw new ApiError('event_not_found', 'No such event (it may not be written yet)');
  const value = {
    event_id: row.event_id,
    tenant_id: row.tenant_id,
    ...storedHashes(row),
    ingested_at: row.ingested_at,
    organization: issuerBlock(tenant),
  };
  if (verifyCache.size > 100000) verifyCache.clear();
  verifyCache.set(eventId, { at: Date.now(), value });
  return value;
}

/**
 * POST /v1/events/{id}/verify after authentication: counts one verification first (docs/operations.md#counting-and-limits: even a
 * rejected call counts), then validates, compares payload_hash, request_hash, event_hash in that order.
 */
export function verifyEvent(tenant: TenantRow, apiKeyId: string, eventId: string, body: unknown) {
  chargeQuota(tenant, 'api_verifications_per_month');
  const id = assertEventId(eventId);
  const b = isPlainObject(body) ? body : {};
  // A null payload_hash is no hash; a present payload is one even when null (an event may be ingested with
  // "payload": null, and verifying it by payload needs exactly that). An absent payload is not given.
  const hasHash = b.payload_hash !== undefined && b.payload_hash !== null;
  const hasPayload = b.payload !== undefined;
  if (hasHash === hasPayload) throw new ApiError('bad_request', 'Send exactly one of payload_hash or payload');
  let submitted: string;
  let method: 'hash' | 'payload';
  if (hasHash) {
    if (typeof b.payload_hash !== 'string' || !/^[0-9a-fA-F]{64}$/.test(b.payload_hash))
      throw new ApiError('bad_request', 'payload_hash must be 64 hex characters');
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
  const matched_field =
    submitted === t.payload_hash
      ? 'payload_hash'
      : submitted === t.request_hash
        ? 'request_hash'
        : submitted === t.event_hash
          ? 'event_hash'
          : null;
  // Kept in memory and handed to the writer with the counters (flushVerifications), off the request's path.
  pendingRecords.push([
    tenant.tenant_id,
    Date.now(),
    { event_id: id, api_key_id: apiKeyId, method, match_result: matched_field !== null, matched_field },
  ]);
  return {
    event_id: t.event_id,
    match_result: matched_field !== null,
    matched_field,
    anchored_hash: t.payload_hash,
    submitted_hash: submitted,
    anchored_at: t.ingested_at,
    method,
    organization: t.organization,
  };
}

// The time is kept as a number and written out by the writer thread (one date formatting less per request).
type Recorded = Array<[tenantId: string, at: number, rec: Omit<VerificationRecord, 'at'>]>;
let pendingRecords: Recorded = [];

export const LEDGER_VERIFICATION = 'ledger.verification';
/** The writer's applier for verification records. */
export const verificationApplier: Applier<Recorded, null> = {
  prepare: (records) => ({
    apply() {
      for (const [tenantId, at, rec] of records)
        verifications().appendInTxn([tenantId, ulid()], { ...rec, at: new Date(at).toISOString() });
      return null;
    },
  }),
};

/** Hands the verification records made since the last call to the writer (server only; called with the counter flush). */
export async function flushVerifications(): Promise<void> {
  if (!pendingRecords.length) return;
  const records = pendingRecords;
  pendingRecords = [];
  await submitInternal<Recorded, null>(LEDGER_VERIFICATION, records);
}

/** Newest verification records of a tenant (console). */
export function recentVerifications(tenantId: string, limit = 50) {
  return [...verifications().range({ start: [tenantId, '\uffff'], end: [tenantId], reverse: true, limit })].map(
    (e) => e.value,
  );
}

// ---------- public proof ----------

/** The event a public proof route names; 400 invalid_path_parameter, 404 proof_not_found as GET /v1/proof/event/{id}. */
function proofRow(eventId: string): { row: LedgerRow; tenant: TenantRow } {
  uuidParam(eventId, 'event_id');
  const row = findLedgerRow(eventId);
  const tenant = row ? getTenant(row.tenant_id) : undefined;
  if (!row || !tenant) throw new ApiError('proof_not_found', 'No proof for this event');
  return { row, tenant };
}

/** The log leaf of a public event proof (a trace seal is one): what its receipt and tlog-proof are built on. */
export function eventLeaf(eventId: string): RecordLeaf {
  const { row } = proofRow(eventId);
  return { tenantId: row.tenant_id, leafIndex: row.leaf_index, id: row.event_id };
}

/** GET /v1/proof/event/{id} (docs/verification.md#5-event-proof): hex key, signature and signed bytes; never the payload. */
export function eventProof(eventId: string) {
  const { row, tenant } = proofRow(eventId);
  return {
    event_id: row.event_id,
    ...proofSignature(row),
    payload_hash: row.payload_hash,
    ingested_at: row.ingested_at,
    signature_valid: ledgerRowValid(row),
    organization: issuerBlock(tenant),
    log: logBlockFor(row.tenant_id, { leaf_index: row.leaf_index, id: row.event_id }),
  };
}

/** A row's proof check (records/check): pinned-key signature over the signed bytes rebuilt from its columns, payload hash recomputed. */
const ledgerRowValid = (row: LedgerRow): boolean => checkRow(ledgerEventKind, row, pinnedPublicKey).valid;
