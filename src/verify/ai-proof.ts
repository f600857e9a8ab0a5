// Owns the rules of an AI proof, GET /v1/proof/ai/{attestation_id} (docs/verification.md#6-ai-proof): the attestation's signed bytes,
// the record fields they bind, payload_hash recomputed where the record allows it, and the tenant-log inclusion.
import { isPlainObject } from '../crypto/json-value';
import { checkProofLog, checkProofRecord } from './event-proof';
import { aiPayloadHash } from './records';
import type { Ctx, Obj } from './report';
import { checkClaims } from './signed-rules';

/** Returns the fields no signature covers: the model fields too when payload_hash could not be recomputed. */
export function verifyAiProof(x: Ctx, d: Obj): string[] {
  const item = 'record';
  const r = isPlainObject(d.record) ? d.record : {};
  checkProofRecord(x, item, d, 'ai', (s) => [
    ['attestation_id', s.attestation_id, d.attestation_id],
    ['attestation_type', s.attestation_type, r.attestation_type],
    ['payload_hash', s.payload_hash, r.payload_hash],
    ['input_hash', s.input_hash, r.input_hash],
    ['output_hash', s.output_hash, r.output_hash],
    ['created_at', s.created_at, r.created_at],
  ]);
  // docs/verification.md#6-ai-proof puts no subject in the proof record; payload_hash covers it, so it is recomputable only when
  // the record carries subject or the attestation had none.
  const recomputed = aiPayloadHash(x.p.sha256, r);
  const checkable = 'subject' in r || recomputed === r.payload_hash;
  if (checkable)
    x.c.add(
      item,
      'payload_hash',
      recomputed === r.payload_hash,
      recomputed === r.payload_hash
        ? 'payload_hash recomputed from the record'
        : `payload_hash recomputes to ${recomputed}`,
    );
  else
    x.c.skip(
      item,
      'payload_hash',
      'not recomputable offline: the record has no subject (signed payload_hash still checked)',
    );
  const v = isPlainObject(d.verification) ? d.verification : {};
  checkClaims(x, item, [
    ['signature_valid', v.signature_valid],
    ['payload_hash_valid', v.payload_hash_valid],
  ]);
  checkProofLog(x, item, d);
  return ['organization', ...(checkable ? [] : ['record.model_provider', 'record.model_name', 'record.model_version'])];
}
