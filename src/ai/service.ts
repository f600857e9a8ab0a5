// Owns AI attestations (SPEC "AI attestation", DECISIONS 4): ingest with payload-hash de-duplication, signed append, get, public proof.
import { ApiError } from '../errors';
import { canonicalBytes, canonicalJson } from '../crypto/canonical';
import { HEX64, sha256Hex } from '../crypto/hash';
import { isUuid, uuidv7 } from '../crypto/ids';
import { verifyBytes } from '../crypto/ed25519';
import { aiSignedPayload } from '../crypto/signed';
import { aiPayloadHashOf, valueHashOf } from '../proof/recompute';
import { enqueue } from '../store/queue';
import { getTenant, issuerBlock, pinnedPublicKey, tenantSigner, type TenantRow } from '../tenants/service';
import { assertQuotaLeft, chargeQuota } from '../usage/service';
import { registerApplier } from '../workers/intake';
import { assertTraceAcceptsItems } from '../traces/gate';
import { recordTraceItemInTxn } from '../traces/items';
import type { ApiKeyRow } from '../keys/service';
import { aiIdempotency, aiRows, byPayloadHash, type AiRow, type FirstSeen } from './repo';

export type { AiRow };
const KB = 1024;
const SUBJECT_MAX_BYTES = 4 * KB;
const SUBJECT_MAX_KEYS = 32;
const IDEM_TTL_MS = 24 * 3600_000;
const TYPES = new Set(['output', 'decision', 'approval']);
const MODEL_FIELDS = ['model_provider', 'model_name', 'model_version'] as const;
const utf8 = new TextEncoder();

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

// ---------- ingest ----------

/** SPEC: input and output are required and non-empty; empty means missing, null, '', {} or []. */
function isEmptyValue(v: unknown): boolean {
  if (v === undefined || v === null || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  return isPlainObject(v) && Object.keys(v).length === 0;
}

type Validated = {
  attestation_type: string; input: unknown; output: unknown; input_hash: string; output_hash: string; payload_hash: string;
  model_provider: string | null; model_name: string | null; model_version: string | null;
  subject: Record<string, unknown> | null; store_plaintext: boolean; trace_id: string | null;
};

/** SPEC and DECISIONS 4/9 body rules, in the order the codes are listed; computes the three hashes. */
function validateAttestation(body: unknown): Validated {
  if (!isPlainObject(body)) {
    if (body === null || body === undefined) throw new ApiError('invalid_attestation_type', 'attestation_type is required (output, decision or approval)');
    throw new ApiError('invalid_payload', 'The body must be a JSON object');
  }
  const type = body.attestation_type;
  if (typeof type !== 'string' || !TYPES.has(type)) throw new ApiError('invalid_attestation_type', 'attestation_type must be output, decision or approval');
  if (isEmptyValue(body.input)) throw new ApiError('empty_payload', 'input is required and must not be empty');
  if (isEmptyValue(body.output)) throw new ApiError('empty_payload', 'output is required and must not be empty');
  const model: Record<string, string | null> = {};
  for (const f of MODEL_FIELDS) {
    const v = body[f];
    if (v !== undefined && (typeof v !== 'string' || v.trim() === '')) throw new ApiError('invalid_context', `${f} must be a non-empty string when provided`);
    model[f] = v ?? null;
  }
  let subject: Record<string, unknown> | null = null;
  if (body.subject !== undefined && body.subject !== null) {
    if (!isPlainObject(body.subject)) throw new ApiError('invalid_payload', 'subject must be a JSON object');
    if (Object.keys(body.subject).length > SUBJECT_MAX_KEYS) throw new ApiError('subject_too_many_keys', `subject has more than ${SUBJECT_MAX_KEYS} keys`);
    if (utf8.encode(canonicalJson(body.subject)).length > SUBJECT_MAX_BYTES) throw new ApiError('subject_too_large', `subject is over ${SUBJECT_MAX_BYTES} bytes as canonical JSON`);
    subject = body.subject;
  }
  const sp = body.store_plaintext;
  if (sp !== undefined && sp !== null && typeof sp !== 'boolean') throw new ApiError('invalid_payload', 'store_plaintext must be a boolean');
  const trace_id = body.trace_id ?? null;
  if (trace_id !== null && typeof trace_id !== 'string') throw new ApiError('invalid_payload', 'trace_id must be a string');
  const input_hash = valueHashOf(body.input);
  const output_hash = valueHashOf(body.output);
  const fields = { attestation_type: type, input_hash, output_hash, model_provider: model.model_provider!, model_name: model.model_name!, model_version: model.model_version!, subject };
  return { ...fields, input: body.input, output: body.output, payload_hash: aiPayloadHashOf(fields), store_plaintext: sp === true, trace_id };
}


type AiQueueItem = Omit<Validated, 'store_plaintext' | 'input' | 'output'> & {
  attestation_id: string; tenant_id: string; api_key_id: string; created_at: string; input?: unknown; output?: unknown;
};
export type AttestInput = { tenant: TenantRow; key: ApiKeyRow; body: unknown; idempotencyKey: string | null };
export type AttestResult = { body: Record<string, unknown>; replayed: boolean };

const answer = (v: Validated, first: FirstSeen, status: 'accepted' | 'duplicate') => ({
  attestation_id: first.attestation_id, created_at: first.created_at, input_hash: v.input_hash, output_hash: v.output_hash,
  payload_hash: v.payload_hash, status,
});

/**
 * POST /v1/ai/attestations after authentication and 402: Idempotency-Key replay, quota, validation, then
 * either an answer naming the first acceptance of this payload_hash (status duplicate) or a durable enqueue
 * whose commit also claims [tenant, payload_hash], so of two concurrent identical requests only one is new.
 */
export async function attest(input: AttestInput): Promise<AttestResult> {
  const { tenant, key, body, idempotencyKey } = input;
  const idemKey: [string, string, string] | null = idempotencyKey ? [tenant.tenant_id, key.key_id, idempotencyKey] : null;
  const requestHash = idemKey ? sha256Hex(canonicalJson(body ?? null)) : '';
  if (idemKey) {
    const rec = aiIdempotency().get(idemKey);
    if (rec && Date.now() - rec.created_at < IDEM_TTL_MS) {
      if (rec.request_hash !== requestHash) throw new ApiError('idempotency_key_reuse_mismatch', 'Idempotency-Key was used with a different body');
      return { body: rec.body, replayed: true };
    }
  }
  assertQuotaLeft(tenant, 'ai_attestations_per_month'); // DECISIONS 9: refused before validation, counted once created
  const v = validateAttestation(body);
  const dedupeKey: [string, string] = [tenant.tenant_id, v.payload_hash];
  const seen = byPayloadHash().get(dedupeKey);
  if (seen) {
    const dup = answer(v, seen, 'duplicate');
    // Kept so that this key keeps meaning this body: a later different body is a reuse mismatch.
    if (idemKey) await aiIdempotency().put(idemKey, { request_hash: requestHash, created_at: Date.now(), body: dup });
    return { body: dup, replayed: false };
  }
  // The trace gate counts what it admits, so it is asked only for an item that is about to be enqueued.
  if (v.trace_id !== null) v.trace_id = assertTraceAcceptsItems(tenant.tenant_id, v.trace_id);

  const first: FirstSeen = { attestation_id: uuidv7(), created_at: new Date().toISOString() };
  const response = answer(v, first, 'accepted');
  const { store_plaintext, input: inText, output: outText, ...hashes } = v;
  // Hash-only unless asked: plaintext never reaches the queue or the store otherwise (DECISIONS 4).
  const item: AiQueueItem = { ...hashes, ...first, tenant_id: tenant.tenant_id, api_key_id: key.key_id, ...(store_plaintext ? { input: inText, output: outText } : {}) };
  const writes: Array<{ db: any; key: any; value: unknown }> = [{ db: byPayloadHash(), key: dedupeKey, value: first }];
  if (idemKey) writes.push({ db: aiIdempotency(), key: idemKey, value: { request_hash: requestHash, created_at: Date.now(), body: response } });
  chargeQuota(tenant, 'ai_attestations_per_month');
  let won = false;
  try {
    won = await enqueue('ai.attestation', item, { unlessExists: { db: byPayloadHash(), key: dedupeKey }, with: writes });
  } finally {
    // A lost race or a failed write created nothing, so the unit counted above is given back.
    if (!won) chargeQuota(tenant, 'ai_attestations_per_month', -1);
  }
  if (won) return { body: response, replayed: false };
  return { body: answer(v, byPayloadHash().get(dedupeKey)!, 'duplicate'), replayed: false };
}

// ---------- signed append (intake worker) ----------

/** Signs one accepted attestation (DECISIONS 4) with the tenant's active key. */
export function buildAiRow(d: AiQueueItem): AiRow {
  const signer = tenantSigner(d.tenant_id);
  const signed_bytes = Buffer.from(canonicalBytes(aiSignedPayload(d)));
  const row: AiRow = {
    v: 1, attestation_id: d.attestation_id, tenant_id: d.tenant_id, api_key_id: d.api_key_id, attestation_type: d.attestation_type,
    input_hash: d.input_hash, output_hash: d.output_hash, payload_hash: d.payload_hash, model_provider: d.model_provider,
    model_name: d.model_name, model_version: d.model_version, subject: d.subject, trace_id: d.trace_id, created_at: d.created_at,
    key_id: signer.key_id, public_key: signer.public_key, signature: signer.sign(signed_bytes), signed_bytes,
  };
  if ('input' in d) Object.assign(row, { input: d.input, output: d.output });
  return row;
}

registerApplier('ai.attestation', (data: AiQueueItem) => {
  const row = buildAiRow(data);
  return {
    apply() {
      aiRows().appendInTxn(row.attestation_id, row);
      if (row.trace_id) {
        recordTraceItemInTxn({ tenant_id: row.tenant_id, trace_id: row.trace_id, type: 'ai_attestation', id: row.attestation_id, timestamp: row.created_at, content_hash: row.payload_hash });
      }
    },
  };
});

// ---------- reads ----------

export function findAttestation(id: string): AiRow | undefined {
  return isUuid(id) ? aiRows().get(id.toLowerCase()) : undefined;
}

/** GET /v1/ai/attestations/{id} (DECISIONS 4); input/output only when they were stored. */
export function getAttestation(tenant: TenantRow, id: string) {
  if (!isUuid(id)) throw new ApiError('invalid_path_parameter', 'attestation_id must be a UUID');
  const row = findAttestation(id);
  if (!row || row.tenant_id !== tenant.tenant_id) throw new ApiError('attestation_not_found', 'No such attestation (it may not be written yet)');
  const out: Record<string, unknown> = {
    attestation_id: row.attestation_id, attestation_type: row.attestation_type, created_at: row.created_at,
    input_hash: row.input_hash, output_hash: row.output_hash, payload_hash: row.payload_hash,
    model_provider: row.model_provider, model_name: row.model_name, model_version: row.model_version, subject: row.subject,
    trace_id: row.trace_id, key_id: row.key_id, public_key: Buffer.from(row.public_key).toString('hex'),
    signature: Buffer.from(row.signature).toString('hex'),
  };
  if ('input' in row) Object.assign(out, { input: row.input, output: row.output });
  return out;
}

/** The signature checked with the tenant's pinned key over stored bytes that must equal the ones rebuilt from the columns. */
function signatureValid(row: AiRow): boolean {
  const pinned = pinnedPublicKey(row.tenant_id, row.key_id);
  const rebuilt = Buffer.from(canonicalBytes(aiSignedPayload(row)));
  return !!pinned && rebuilt.equals(Buffer.from(row.signed_bytes)) && verifyBytes(pinned, row.signed_bytes, row.signature);
}

/** payload_hash recomputed from the stored fields, and the plaintext (when stored) against its hashes. */
function payloadHashValid(row: AiRow): boolean {
  if ('input' in row && (valueHashOf(row.input) !== row.input_hash || valueHashOf(row.output) !== row.output_hash)) return false;
  return aiPayloadHashOf(row) === row.payload_hash;
}

/** Every attestation with the result of its proof checks (restore verification). */
export function* attestationChecks(): Generator<{ id: string; ok: boolean }> {
  for (const { value } of aiRows().range({})) yield { id: value.attestation_id, ok: signatureValid(value) && payloadHashValid(value) };
}

// ---------- public proof ----------

function proofRow(id: string): { row: AiRow; tenant: TenantRow } {
  if (!isUuid(id)) throw new ApiError('invalid_path_parameter', 'attestation_id must be a UUID');
  const row = findAttestation(id);
  const tenant = row ? getTenant(row.tenant_id) : undefined;
  if (!row || !tenant) throw new ApiError('proof_not_found', 'No proof for this attestation');
  return { row, tenant };
}

/** GET /v1/proof/ai/{id} (DECISIONS 4): hash-only record, hex key material, checks recomputed now with the pinned key. */
export function aiProof(id: string) {
  const { row, tenant } = proofRow(id);
  const pinned = pinnedPublicKey(row.tenant_id, row.key_id);
  return {
    attestation_id: row.attestation_id,
    record: {
      attestation_type: row.attestation_type, input_hash: row.input_hash, output_hash: row.output_hash, payload_hash: row.payload_hash,
      model_provider: row.model_provider, model_name: row.model_name, model_version: row.model_version, created_at: row.created_at,
    },
    algorithm: 'ed25519', key_id: row.key_id, public_key: Buffer.from(pinned ?? row.public_key).toString('hex'),
    signature: Buffer.from(row.signature).toString('hex'), signed_payload: Buffer.from(row.signed_bytes).toString('hex'),
    verification: { signature_valid: signatureValid(row), payload_hash_valid: payloadHashValid(row) },
    organization: issuerBlock(tenant),
  };
}

const MATCH_FIELDS = ['input_hash', 'output_hash', 'payload_hash'] as const;

/** POST /v1/proof/ai/{id}/verify: compares a SHA-256 with input_hash, output_hash and payload_hash, in that order. */
export function verifyAiContent(id: string, body: unknown) {
  const { row, tenant } = proofRow(id);
  const h = isPlainObject(body) && typeof body.content_hash === 'string' ? body.content_hash.toLowerCase() : '';
  if (!HEX64.test(h)) throw new ApiError('bad_request', 'content_hash must be a SHA-256 as 64 hex characters');
  const matched_field = MATCH_FIELDS.find((f) => row[f] === h) ?? null;
  return {
    attestation_id: row.attestation_id, match: matched_field !== null, matched_field, signature_valid: signatureValid(row),
    signed_by: tenant.issuer_name, signed_at: row.created_at,
  };
}

// ---------- trace bundle ----------

/** The hash-only record (DECISIONS 3/4): every field payload_hash covers, so a verifier can recompute it. */
function hashOnlyRecord(row: AiRow) {
  return {
    attestation_type: row.attestation_type, input_hash: row.input_hash, output_hash: row.output_hash, payload_hash: row.payload_hash,
    model_provider: row.model_provider, model_name: row.model_name, model_version: row.model_version, subject: row.subject,
    created_at: row.created_at,
  };
}

/**
 * One attestation as a trace bundle item: the payload is the hash-only record, plus input and output when
 * plaintext was stored, unless `hashOnly` (public trace pages). undefined when no such record is written.
 */
export function traceItemRecord(id: string, opts: { hashOnly?: boolean } = {}) {
  const row = findAttestation(id);
  if (!row) return undefined;
  const pinned = pinnedPublicKey(row.tenant_id, row.key_id);
  const payload: Record<string, unknown> = hashOnlyRecord(row);
  if ('input' in row && !opts.hashOnly) Object.assign(payload, { input: row.input, output: row.output });
  return {
    type: 'ai_attestation' as const, id: row.attestation_id, timestamp: row.created_at, payload, content_hash: row.payload_hash,
    key_id: row.key_id, public_key: Buffer.from(pinned ?? row.public_key), signature: Buffer.from(row.signature),
    signed_payload: Buffer.from(row.signed_bytes),
  };
}
