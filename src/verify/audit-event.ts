// Owns the rules of an audit event document, GET /v1/audit/events/{id} (docs/audit.md#rows-and-what-is-signed): the signed bytes rebuilt
// from its fields, payload_hash, the signature by signing_public_key, and its place in its org's log.
import { orgLog, verifyLog } from './log-rules';
import { checkAuditEvent, hexBytes, keyIdOf, type AuditEventFields } from './records';
import { short, type Ctx, type Obj } from './report';
import { checkPublicKey } from './signed-rules';

/** `domain`: the one the key list names, when given (the document itself states none). Every field is signed. */
export function verifyAuditEventDoc(x: Ctx, d: Obj, domain: string | null): string[] {
  const { c, p } = x;
  const item = 'record';
  const pk = hexBytes(d.signing_public_key, 32);
  if (checkPublicKey(x, item, pk, 'signing_public_key') && pk) {
    const kid = keyIdOf(p.sha256, pk);
    c.add(
      item,
      'key_id',
      d.key_id === kid,
      d.key_id === kid
        ? `${kid} = first 16 hex of SHA-256(public key)`
        : `key_id ${short(d.key_id)} but SHA-256(public key) starts ${kid}`,
    );
  }
  const r = checkAuditEvent(p, d as AuditEventFields, d.payload_hash, pk, hexBytes(d.signature, 64));
  // docs/verification.md#sandbox-records: the field is part of the rebuilt signed bytes, so the signature binds it.
  if (d.sandbox === true) x.sandbox = true;
  c.add(
    item,
    'payload_hash',
    r.hashOk,
    r.hashOk
      ? 'payload_hash = SHA-256 of the canonical signed fields'
      : r.computed
        ? `the signed fields hash to ${r.computed}`
        : 'the event cannot be encoded',
  );
  c.add(
    item,
    'signature',
    r.signatureOk,
    r.signatureOk
      ? `Ed25519 signature valid over ${r.bytes!.length} signed bytes`
      : 'Ed25519 signature does not verify over the rebuilt signed bytes',
  );
  verifyLog(x, item, r.bytes, d.log, d.signing_public_key, orgLog(domain, d.org_id), true);
  return [];
}
