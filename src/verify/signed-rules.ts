// Owns the rules every signed record of a proof document obeys: key and key_id, Ed25519 over the signed bytes,
// canonical form, the record kind of those bytes, the fields the document repeats, and the server's own claims.
import { canonicalJson } from '../crypto/canonical';
import { aiSignedPayload, documentSignedPayload, ledgerSignedPayload } from '../crypto/signed';
import { primeOrderKey } from './ed25519-rules';
import { checkSignedRecord, type SignedFields } from './records';
import { short, type Ctx, type Obj } from './report';

/** docs/verification.md#ed25519: a public key is 32 bytes encoding a point of prime order. */
export function checkPublicKey(x: Ctx, item: string, key: Uint8Array | null, field = 'public_key'): boolean {
  const ok = !!key && primeOrderKey(key);
  return x.c.add(
    item,
    'public_key',
    ok,
    ok
      ? 'raw Ed25519 public key, 32 bytes, a point of prime order'
      : key
        ? `${field} is not the canonical encoding of an Ed25519 point of prime order (a small-order component, or not a point)`
        : `${field} is not 64 hex characters`,
  );
}

/**
 * The checks common to every signed record: public key (docs/verification.md#ed25519), key_id = first 16 hex of
 * SHA-256(public key), the Ed25519 signature over the hex-decoded signed_payload, and that signed_payload is
 * canonical JSON. Returns the decoded signed object, or null when it cannot be read; notes a sandbox record.
 */
export function verifySigned(x: Ctx, item: string, r: SignedFields): Obj | null {
  const { c } = x;
  const v = checkSignedRecord(x.p, r);
  if (checkPublicKey(x, item, v.publicKey) && v.computedKeyId) {
    const kid = v.computedKeyId;
    c.add(
      item,
      'key_id',
      v.keyIdOk,
      v.keyIdOk
        ? `${kid} = first 16 hex of SHA-256(public key)`
        : `key_id ${short(r.key_id)} but SHA-256(public key) starts ${kid}`,
    );
  }
  if (!v.signatureShapeOk) c.add(item, 'signature', false, 'signature is not 128 hex characters');
  else if (!v.message) c.add(item, 'signature', false, 'signed_payload is not hex');
  else if (v.publicKey)
    c.add(
      item,
      'signature',
      v.signatureOk,
      v.signatureOk
        ? `Ed25519 signature valid over ${v.message.length} signed bytes`
        : 'Ed25519 signature does not verify over signed_payload',
    );
  if (!v.message) return null;
  if (v.decodeError === 'not_json') {
    c.add(item, 'canonical', false, 'signed_payload is not UTF-8 JSON');
    return null;
  }
  if (v.decodeError === 'not_object' || !v.signed) {
    c.add(item, 'canonical', false, 'signed_payload is not a JSON object');
    return null;
  }
  c.add(
    item,
    'canonical',
    v.canonical,
    v.canonical
      ? 'signed_payload is canonical JSON'
      : 'signed_payload is not in canonical form (key order, spacing or escapes)',
  );
  if (v.signed.sandbox === true) x.sandbox = true;
  return v.signed;
}

const KINDS = {
  ledger: { name: 'ledger event', build: ledgerSignedPayload },
  ai: { name: 'AI attestation', build: aiSignedPayload },
  document: { name: 'document anchor', build: documentSignedPayload },
} as const;
export type RecordKind = keyof typeof KINDS;

/**
 * The signed object must hold exactly the fields of its record kind (rebuilt with the one signed-payload function),
 * plus `"sandbox": true` for a sandbox tenant's record (docs/verification.md#sandbox-records): an audit event's or an
 * attestation's bytes, validly signed by the same key, are not an event proof.
 */
export function checkKind(x: Ctx, item: string, kind: RecordKind, s: Obj): boolean {
  // The builders pick their record's fields; handed the unchecked object, a missing or extra field shows up as a
  // difference in the canonical comparison below, which is the check itself. Hence the cast from the typed record.
  const rebuild = KINDS[kind].build as unknown as (r: Obj) => Obj;
  const { sandbox, ...rest } = s;
  const fields = sandbox === true ? rest : s;
  const ok = canonicalJson(rebuild(fields)) === canonicalJson(fields);
  return x.c.add(
    item,
    'record_kind',
    ok,
    ok
      ? `signed payload is a v1 ${KINDS[kind].name}`
      : `signed payload is not a v1 ${KINDS[kind].name} (fields: ${Object.keys(s).sort().join(', ')})`,
  );
}

/** Each pair [field, signed value, document value] must be equal (compared as canonical JSON). */
export function checkFields(x: Ctx, item: string, pairs: Array<[string, unknown, unknown]>): boolean {
  const bad = pairs.filter(([, a, b]) => canonicalJson(a ?? null) !== canonicalJson(b ?? null) || b === undefined);
  return x.c.add(
    item,
    'fields',
    bad.length === 0,
    bad.length === 0
      ? `${pairs.map((p) => p[0]).join(', ')} agree with the signed payload`
      : bad
          .map(([f, a, b]) => `${f}: signed ${short(a)} vs document ${b === undefined ? 'missing' : short(b)}`)
          .join('; '),
  );
}

/** The server's own results, carried in the document: they can only lower the verdict, never raise it. */
export function checkClaims(x: Ctx, item: string, claims: Array<[string, unknown]>): void {
  const bad = claims.filter(([, v]) => v !== true).map(([k]) => k);
  x.c.add(
    item,
    'reported',
    bad.length === 0,
    bad.length === 0
      ? `server reported ${claims.map((c) => c[0]).join(', ')} true`
      : `server reported ${bad.join(', ')} not true`,
  );
}

export function checkAlgorithm(x: Ctx, item: string, algorithm: unknown): void {
  x.c.add(item, 'algorithm', algorithm === 'ed25519', `algorithm ${short(algorithm)}`);
}
