// Owns AI attestation ingest (docs/ai-and-documents.md#ai-attestations-post-v1aiattestations-scope-write): validation, Idempotency-Key replay, payload-hash
// de-duplication, quota, then the hand-over to the writer; the 201 goes out once the signed record is durable.
import { ApiError } from '../errors';
import { isPlainObject } from '../crypto/json-value';
import { canonicalJson } from '../crypto/canonical';
import { sha256Hex } from '../crypto/hash';
import { uuidv7 } from '../crypto/ids';
import { aiPayloadHashOf, valueHashOf } from '../verify/recompute';
import { submit } from '../store/writer';
import type { TenantRow } from '../tenants/service';
import { assertQuotaLeft, chargedMonth, chargeWrite, settleWrite, type Charged } from '../usage/service';
import { assertTraceAcceptsItems } from '../traces/service';
import type { ApiKeyRow } from '../api-keys/service';
import { AI_ATTESTATION, type AiQueueItem, type AiWriteResult } from './append';
import { aiIdempotency, byPayloadHash, type AiFields, type FirstSeen } from './repo';
import { idemLive } from '../idempotency';

const KB = 1024;
const SUBJECT_MAX_BYTES = 4 * KB;
const SUBJECT_MAX_KEYS = 32;
const TYPES = new Set(['output', 'decision', 'approval']);
const MODEL_FIELDS = ['model_provider', 'model_name', 'model_version'] as const;
const utf8 = new TextEncoder();

/** docs/ai-and-documents.md#ai-attestations-post-v1aiattestations-scope-write: input and output are required and non-empty; empty means missing, null, '', {} or []. */
function isEmptyValue(v: unknown): boolean {
  if (v === undefined || v === null || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  return isPlainObject(v) && Object.keys(v).length === 0;
}

type Validated = AiFields & { input: unknown; output: unknown; store_plaintext: boolean };

/** The body rules of docs/ai-and-documents.md#ai-attestations-post-v1aiattestations-scope-write, in the order the codes are listed; computes the three hashes. */
function validateAttestation(body: unknown): Validated {
  if (!isPlainObject(body)) {
    if (body === null || body === undefined)
      throw new ApiError('invalid_attestation_type', 'attestation_type is required (output, decision or approval)');
    throw new ApiError('invalid_payload', 'The body must be a JSON object');
  }
  const type = body.attestation_type;
  if (typeof type !== 'string' || !TYPES.has(type))
    throw new ApiError('invalid_attestation_type', 'attestation_type must be output, decision or approval');
  if (isEmptyValue(body.input)) throw new ApiError('empty_payload', 'input is required and must not be empty');
  if (isEmptyValue(body.output)) throw new ApiError('empty_payload', 'output is required and must not be empty');
  const model: Record<string, string | null> = {};
  for (const f of MODEL_FIELDS) {
    const v = body[f];
    if (v !== undefined && (typeof v !== 'string' || v.trim() === ''))
      throw new ApiError('invalid_context', `${f} must be a non-empty string when provided`);
    model[f] = v ?? null;
  }
  let subject: Record<string, unknown> | null = null;
  if (body.subject !== undefined && body.subject !== null) {
    if (!isPlainObject(body.subject)) throw new ApiError('invalid_payload', 'subject must be a JSON object');
    if (Object.keys(body.subject).length > SUBJECT_MAX_KEYS)
      throw new ApiError('subject_too_many_keys', `subject has more than ${SUBJECT_MAX_KEYS} keys`);
    if (utf8.encode(canonicalJson(body.subject)).length > SUBJECT_MAX_BYTES)
      throw new ApiError('subject_too_large', `subject is over ${SUBJECT_MAX_BYTES} bytes as canonical JSON`);
    subject = body.subject;
  }
  const sp = body.store_plaintext;
  if (sp !== undefined && sp !== null && typeof sp !== 'boolean')
    throw new ApiError('invalid_payload', 'store_plaintext must be a boolean');
  const trace_id = body.trace_id ?? null;
  if (trace_id !== null && typeof trace_id !== 'string')
    throw new ApiError('invalid_payload', 'trace_id must be a string');
  const input_hash = valueHashOf(body.input);
  const output_hash = valueHashOf(body.output);
  const fields = {
    attestation_type: type,
    input_hash,
    output_hash,
    model_provider: model.model_provider!,
    model_name: model.model_name!,
    model_version: model.model_version!,
    subject,
  };
  return {
    ...fields,
    input: body.input,
    output: body.output,
    payload_hash: aiPayloadHashOf(fields),
    store_plaintext: sp === true,
    trace_id,
  };
}

export type AttestInput = { tenant: TenantRow; key: ApiKeyRow; body: unknown; idempotencyKey: string | null };
export type AttestResult = { status: 201 | 202; body: Record<string, unknown>; replayed: boolean };

// Keys whose first request is still being written by this process: another request with one answers 202 processing.
const inFlight = new Set<string>();

const answer = (v: Validated, first: FirstSeen, status: 'accepted' | 'duplicate') => ({
  attestation_id: first.attestation_id,
  created_at: first.created_at,
  input_hash: v.input_hash,
  output_hash: v.output_hash,
  payload_hash: v.payload_hash,
  status,
});

/**
 * POST /v1/ai/attestations after authentication and 402: Idempotency-Key replay, quota, validation, then
 * either an answer naming the first acceptance of this payload_hash (status duplicate) or a durable enqueue
 * whose commit also claims [tenant, payload_hash], so of two concurrent identical requests only one is new.
 */
export async function attest(input: AttestInput): Promise<AttestResult> {
  const { tenant, key, body, idempotencyKey } = input;
  const idemKey: [string, string, string] | null = idempotencyKey
    ? [tenant.tenant_id, key.key_id, idempotencyKey]
    : null;
  const requestHash = idemKey ? sha256Hex(canonicalJson(body ?? null)) : '';
  const flightId = idemKey ? JSON.stringify(idemKey) : null;
  if (idemKey && flightId) {
    if (inFlight.has(flightId)) return { status: 202, body: { status: 'processing' }, replayed: false };
    const rec = aiIdempotency().get(idemKey);
    if (rec && idemLive(rec.created_at)) {
      if (rec.request_hash !== requestHash)
        throw new ApiError('idempotency_key_reuse_mismatch', 'Idempotency-Key was used with a different body');
      return { status: 201, body: rec.body, replayed: true };
    }
  }
  assertQuotaLeft(tenant, 'ai_attestations_per_month'); // docs/api.md#authentication-and-the-order-of-checks: refused before validation, counted once created
  const v = validateAttestation(body);
  const dedupeKey: [string, string] = [tenant.tenant_id, v.payload_hash];
  const seen = byPayloadHash().get(dedupeKey);
  if (seen) {
    const dup = answer(v, seen, 'duplicate');
    // Kept so that this key keeps meaning this body: a later different body is a reuse mismatch.
    if (idemKey) await aiIdempotency().put(idemKey, { request_hash: requestHash, created_at: Date.now(), body: dup });
    return { status: 201, body: dup, replayed: false };
  }
  // The trace gate counts what it admits, so it is asked only for an item that is about to be enqueued.
  if (v.trace_id !== null) v.trace_id = assertTraceAcceptsItems(tenant.tenant_id, v.trace_id);

  const first: FirstSeen = { attestation_id: uuidv7(), created_at: new Date().toISOString() };
  const response = answer(v, first, 'accepted');
  const { store_plaintext, input: inText, output: outText, ...hashes } = v;
  // Hash-only unless asked: plaintext never reaches the writer or the store otherwise (docs/ai-and-documents.md#ai-attestations-post-v1aiattestations-scope-write).
  const item: AiQueueItem = {
    ...hashes,
    ...first,
    tenant_id: tenant.tenant_id,
    api_key_id: key.key_id,
    ...(store_plaintext ? { input: inText, output: outText } : {}),
    idempotency: idemKey
      ? { key: idemKey, record: { request_hash: requestHash, created_at: Date.now(), body: response } }
      : null,
  };
  // The unit travels with the attestation and is stored in its transaction.
  const usage = chargeWrite(tenant, 'ai_attestations_per_month');
  let r: AiWriteResult | null = null;
  if (flightId) inFlight.add(flightId);
  try {
    r = await submit<AiQueueItem & Charged, AiWriteResult>(AI_ATTESTATION, { ...item, usage: chargedMonth(usage) });
  } finally {
    if (flightId) inFlight.delete(flightId);
    // A lost race or a failed write created nothing, and stored no unit.
    settleWrite(usage, !!r && !r.duplicate);
  }
  if (r.duplicate) return { status: 201, body: answer(v, r.duplicate, 'duplicate'), replayed: false };
  return { status: 201, body: response, replayed: false };
}
