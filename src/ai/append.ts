// Owns the signed append of AI attestations (docs/ai-and-documents.md#ai-attestations-post-v1aiattestations-scope-write), run by the writer thread: signing outside the
// transaction; the payload-hash claim, idempotency record, row and trace item entry inside it.
import { canonicalBytes } from '../crypto/canonical';
import { aiSignedPayload } from '../crypto/signed';
import type { Applier } from '../store/writer-core';
import { signedColumns, tenantSigner } from '../signing/keys';
import { sandboxMark } from '../tenants/service';
import { appendTracedLeafInTxn } from '../traces/service';
import {
  aiIdempotency,
  aiRows,
  byPayloadHash,
  type AiFields,
  type AiIdempotencyRecord,
  type AiRow,
  type FirstSeen,
} from './repo';

export const AI_ATTESTATION = 'ai.attestation';

export type AiQueueItem = AiFields & {
  attestation_id: string;
  tenant_id: string;
  api_key_id: string;
  created_at: string;
  input?: unknown;
  output?: unknown;
  idempotency?: { key: [string, string, string]; record: AiIdempotencyRecord } | null;
  /** Queued by an earlier version, whose enqueue already wrote the claim and the idempotency record. */
  legacy?: true;
};
/** duplicate: an earlier attestation of the same payload_hash won (nothing was written for this one). */
export type AiWriteResult = { duplicate?: FirstSeen };

/** Signs one accepted attestation (docs/ai-and-documents.md#ai-attestations-post-v1aiattestations-scope-write) with the tenant's active key. */
export function buildAiRow(d: AiQueueItem): AiRow {
  const signer = tenantSigner(d.tenant_id);
  const sandbox = sandboxMark(d.tenant_id);
  const signed_bytes = Buffer.from(canonicalBytes(aiSignedPayload({ ...d, ...sandbox })));
  const row: AiRow = {
    v: 1,
    attestation_id: d.attestation_id,
    tenant_id: d.tenant_id,
    api_key_id: d.api_key_id,
    attestation_type: d.attestation_type,
    input_hash: d.input_hash,
    output_hash: d.output_hash,
    payload_hash: d.payload_hash,
    model_provider: d.model_provider,
    model_name: d.model_name,
    model_version: d.model_version,
    subject: d.subject,
    trace_id: d.trace_id,
    created_at: d.created_at,
    ...signedColumns(signer, signed_bytes, sandbox),
  };
  if ('input' in d) Object.assign(row, { input: d.input, output: d.output });
  return row;
}

/** The writer's applier: of two identical attestations the first committed wins; the other answers duplicate. */
export const aiAttestationApplier: Applier<AiQueueItem, AiWriteResult> = {
  prepare(data) {
    const row = buildAiRow(data);
    return {
      apply() {
        const claim: [string, string] = [row.tenant_id, row.payload_hash];
        if (!data.legacy) {
          const seen = byPayloadHash().get(claim);
          if (seen) return { duplicate: seen };
          byPayloadHash().putSync(claim, { attestation_id: row.attestation_id, created_at: row.created_at });
        }
        if (data.idempotency) aiIdempotency().putSync(data.idempotency.key, data.idempotency.record);
        row.leaf_index = appendTracedLeafInTxn(row, 'a', {
          type: 'ai_attestation',
          id: row.attestation_id,
          timestamp: row.created_at,
          content_hash: row.payload_hash,
        });
        aiRows().appendInTxn(row.attestation_id, row);
        return {};
      },
    };
  },
};
