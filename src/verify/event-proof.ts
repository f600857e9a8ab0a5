// Owns the rules of an event proof, GET /v1/proof/event/{event_id} (docs/verification.md#5-event-proof): a ledger event's signed bytes,
// the fields the proof repeats, the server's claim, and the event's place in the tenant's log; and the steps the AI
// and document proofs share with it.
import { canonicalHash, hexBytes } from './records';
import { tenantLog, verifyLog } from './log-rules';
import type { Ctx, Obj } from './report';
import { checkAlgorithm, checkClaims, checkFields, checkKind, verifySigned, type RecordKind } from './signed-rules';

/** The proof's domain: the issuer block's primary_domain (unsigned; the key list and the log origin vouch for it). */
export const proofDomain = (d: Obj): unknown =>
  d.organization && typeof d.organization === 'object' ? (d.organization as Obj).primary_domain : undefined;

/**
 * The steps a proof of one record (event, AI, document) opens with: the algorithm, the signature over the signed
 * bytes, the record kind of those bytes, and the fields the proof repeats (`repeated` pairs each signed value with
 * the proof's copy). Returns the signed record, or null when it cannot be read.
 */
export function checkProofRecord(
  x: Ctx,
  item: string,
  d: Obj,
  kind: RecordKind,
  repeated: (s: Obj) => Array<[string, unknown, unknown]>,
): Obj | null {
  checkAlgorithm(x, item, d.algorithm);
  const s = verifySigned(x, item, d);
  if (s && checkKind(x, item, kind, s)) checkFields(x, item, repeated(s));
  return s;
}

/** The step a proof of one record closes with: the record's place in its tenant's log, whose checkpoint the report keeps. */
export function checkProofLog(x: Ctx, item: string, d: Obj): void {
  verifyLog(x, item, hexBytes(d.signed_payload), d.log, d.public_key, tenantLog(proofDomain(d)), true);
}

/** Returns the fields no signature covers. */
export function verifyEventProof(x: Ctx, d: Obj): string[] {
  const item = 'record';
  const s = checkProofRecord(x, item, d, 'ledger', (s) => [
    ['event_id', s.event_id, d.event_id],
    ['payload_hash', s.payload_hash, d.payload_hash],
    ['ingested_at', s.ingested_at, d.ingested_at],
  ]);
  // The proof never carries the payload (docs/verification.md#5-event-proof); whoever holds it (the console, a customer) adds it as `payload`.
  if ('payload' in d) {
    const h = canonicalHash(x.p.sha256, d.payload);
    const ok = !!s && h === s.payload_hash;
    x.c.add(
      item,
      'payload',
      ok,
      ok
        ? 'SHA-256 of the canonical payload given = signed payload_hash'
        : `SHA-256 of the canonical payload given is ${h}, not the signed payload_hash`,
    );
  }
  checkClaims(x, item, [['signature_valid', d.signature_valid]]);
  checkProofLog(x, item, d);
  return ['organization'];
}
