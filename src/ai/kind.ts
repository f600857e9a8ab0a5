// Owns the AI attestation's entry in the record table: how the logs, trace bundles and row checks find, place and
// rebuild an attestation, and what its payload hash covers.
import { canonicalBytes } from '../crypto/canonical';
import { aiSignedPayload } from '../crypto/signed';
import type { RecordKind } from '../records/table';
import { inTenantLog, keptSignedBytes, signedBundleRecord } from '../records/tenant-kind';
import { pinnedPublicKey } from '../signing/keys';
import { aiPayloadHashOf, valueHashOf } from '../verify/recompute';
import { aiRows, findAttestation, type AiRow } from './repo';

/** payload_hash recomputed from the stored fields, and the plaintext (when stored) against its hashes. */
function payloadHashValid(row: AiRow): boolean {
  if ('input' in row && (valueHashOf(row.input) !== row.input_hash || valueHashOf(row.output) !== row.output_hash))
    return false;
  return aiPayloadHashOf(row) === row.payload_hash;
}

/** The hash-only record (docs/verification.md#6-ai-proof): every field payload_hash covers, so a verifier can recompute it. */
export function hashOnlyRecord(row: AiRow) {
  return {
    attestation_type: row.attestation_type,
    ...hashesOf(row),
    ...modelOf(row),
    subject: row.subject,
    created_at: row.created_at,
  };
}
export const hashesOf = (row: AiRow) => ({
  input_hash: row.input_hash,
  output_hash: row.output_hash,
  payload_hash: row.payload_hash,
});
export const modelOf = (row: AiRow) => ({
  model_provider: row.model_provider,
  model_name: row.model_name,
  model_version: row.model_version,
});

/**
 * One attestation as a trace bundle item: the payload is the hash-only record, plus input and output when
 * plaintext was stored, unless `hashOnly` (public trace pages).
 */
function bundleItem(row: AiRow, hashOnly: boolean) {
  const payload: Record<string, unknown> = hashOnlyRecord(row);
  if ('input' in row && !hashOnly) Object.assign(payload, { input: row.input, output: row.output });
  return signedBundleRecord(row, payload, pinnedPublicKey(row.tenant_id, row.key_id));
}

export const aiAttestationKind: RecordKind<AiRow> = {
  ...inTenantLog('ai_attestation', 'AI attestation', 'a', findAttestation, (r) => r.attestation_id),
  signedBytes: (r) => canonicalBytes(aiSignedPayload(r)),
  signedPayload: (f) => aiSignedPayload(f as Parameters<typeof aiSignedPayload>[0]),
  contentOk: payloadHashValid,
  ...keptSignedBytes(aiRows, (r) => r.attestation_id),
  bundleItem,
};
