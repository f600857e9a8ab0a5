// Owns the AI attestation sub-databases: signed records (append-only), the payload-hash de-duplication index, idempotency.
import { appendOnly } from '../store/append-only';
import { subDb } from '../store/env';
import { isUuid } from '../crypto/ids';
import type { TenantSigned } from '../records/tenant-kind';

/** What an attestation says, as its body gave it (payload_hash covers all but trace_id), and the trace it joins. */
export type AiFields = {
  attestation_type: string;
  input_hash: string;
  output_hash: string;
  payload_hash: string;
  model_provider: string | null;
  model_name: string | null;
  model_version: string | null;
  subject: Record<string, unknown> | null;
  trace_id: string | null;
};
export type AiRow = AiFields &
  TenantSigned & {
    v: 1;
    attestation_id: string;
    api_key_id: string;
    /** Present only when the client sent store_plaintext: true (docs/ai-and-documents.md#ai-attestations-post-v1aiattestations-scope-write: hash-only by default). */
    input?: unknown;
    output?: unknown;
  };
/** What the first acceptance of a payload_hash answered; a duplicate answers the same id and time. */
export type FirstSeen = { attestation_id: string; created_at: string };
export type AiIdempotencyRecord = { request_hash: string; created_at: number; body: Record<string, unknown> };

/** Key [attestation_id]: the signed records; never updated, never deleted. */
export const aiRows = () => appendOnly<AiRow>('ai_attestations');
/** Key [tenant_id, payload_hash]: written with the queue item, so two concurrent identical requests cannot both be new. */
export const byPayloadHash = () => subDb<FirstSeen, [string, string]>('ai_by_payload_hash');
/** Key [tenant_id, api_key_id, idempotency_key]: the stored 201 of a request that carried Idempotency-Key. */
export const aiIdempotency = () => subDb<AiIdempotencyRecord, [string, string, string]>('ai_idempotency');

export const findAttestation = (id: string): AiRow | undefined =>
  isUuid(id) ? aiRows().get(id.toLowerCase()) : undefined;
