// Owns the form of a SCITT Signed Statement as this appliance registers it (docs/scitt.md#what-a-statement-must-be): the
// reading of a COSE_Sign1 (RFC 9052) with its CWT claims (RFC 9597) and, for a hash envelope, its payload hash headers
// (COSE Hash Envelope), its registered form (the leaf data of its log), and the Transparent Statement that carries its
// receipts. Pure, never throws: a statement that does not read is a refusal with a code and a reason.
import { decodeCborMaps, encodeCbor, Tag } from '../crypto/cbor';
import { sigStructure } from './cose';

/** Header and claim labels read here (RFC 9052, RFC 9597, COSE Hash Envelope, SCITT architecture). */
const L = {
  alg: 1,
  crit: 2,
  contentType: 3,
  kid: 4,
  cwtClaims: 15,
  typ: 16,
  payloadHashAlg: 258,
  preimageContentType: 259,
  payloadLocation: 260,
  receipts: 394,
  iss: 1,
  sub: 2,
} as const;

/** The signature algorithms a statement may use: -8 EdDSA (Ed25519), -7 ES256 (ECDSA P-256 with SHA-256). */
export const STATEMENT_ALGS = [-8, -7] as const;
export type StatementAlg = (typeof STATEMENT_ALGS)[number];

/** Hash envelope payload hash algorithms and the length of their output (IANA COSE Algorithms). */
const HASH_LENGTHS = new Map<number, number>([
  [-16, 32], // SHA-256
  [-43, 48], // SHA-384
  [-44, 64], // SHA-512
]);

/** The labels this reading understands, the only ones a statement may mark critical. */
const UNDERSTOOD = new Set<unknown>([
  L.alg,
  L.contentType,
  L.kid,
  L.cwtClaims,
  L.typ,
  L.payloadHashAlg,
  L.preimageContentType,
  L.payloadLocation,
]);

export type SignedStatement = {
  /** The protected header as sent: the bytes the signature covers. */
  protectedBytes: Uint8Array;
  payload: Uint8Array;
  signature: Uint8Array;
  alg: StatementAlg;
  iss: string;
  sub: string;
  /** The payload hash algorithm (258) of a hash envelope, null for an attached payload. */
  payloadHashAlg: number | null;
};

export type StatementRefusal = {
  code: 'invalid_statement' | 'unsupported_algorithm' | 'missing_claims';
  detail: string;
};

export type StatementReading = { ok: true; statement: SignedStatement } | ({ ok: false } & StatementRefusal);

const isMap = (v: unknown): v is Map<unknown, unknown> => v instanceof Map;
const isBytes = (v: unknown): v is Uint8Array => v instanceof Uint8Array;
const isText = (v: unknown): v is string => typeof v === 'string';
const isUint = (v: unknown): boolean => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

const invalid = (detail: string): StatementReading => ({ ok: false, code: 'invalid_statement', detail });

function decode(bytes: Uint8Array): { value: unknown } | null {
  try {
    return { value: decodeCborMaps(bytes) };
  } catch {
    return null;
  }
}

/** The hash envelope headers (258, 259, 260) of a protected header, or why they are not well-formed. */
function readHashEnvelope(h: Map<unknown, unknown>, u: Map<unknown, unknown>, payload: Uint8Array): string | null {
  for (const label of [L.payloadHashAlg, L.preimageContentType, L.payloadLocation])
    if (u.has(label)) return `label ${label} must be in the protected header, never the unprotected one`;
  if (!h.has(L.payloadHashAlg)) {
    if (h.has(L.preimageContentType) || h.has(L.payloadLocation))
      return 'preimage content type (259) or payload location (260) without payload hash algorithm (258)';
    return null;
  }
  const alg = h.get(L.payloadHashAlg);
  const length = typeof alg === 'number' ? HASH_LENGTHS.get(alg) : undefined;
  if (length === undefined)
    return `payload hash algorithm (258) ${String(alg)} is not -16 (SHA-256), -43 (SHA-384) or -44 (SHA-512)`;
  if (payload.length !== length)
    return `the payload of a hash envelope is the ${length}-byte hash its algorithm (258) names, not ${payload.length} bytes`;
  const type = h.get(L.preimageContentType);
  if (h.has(L.preimageContentType) && !isUint(type) && !isText(type))
    return 'preimage content type (259) is neither a content-format number nor a media type';
  if (h.has(L.payloadLocation) && !isText(h.get(L.payloadLocation))) return 'payload location (260) is not text';
  if (h.has(L.contentType) || u.has(L.contentType))
    return 'a hash envelope carries no content type (3); the preimage content type (259) says what was hashed';
  return null;
}

/**
 * Reads `bytes` as a SCITT Signed Statement: a tagged COSE_Sign1 (18) [protected, unprotected, payload, signature]
 * whose protected header holds alg (1: -8 or -7) and CWT claims (15) with iss (1) and sub (2) as text, with an
 * attached payload (for a hash envelope, 258 and the hash it names). The signature is not checked here: that is the
 * registration policy's, with the issuer's key.
 */
export function readSignedStatement(bytes: Uint8Array): StatementReading {
  const d = decode(bytes);
  if (!d) return invalid('the body is not one well-formed CBOR data item (or a map repeats a label)');
  if (!(d.value instanceof Tag) || Number(d.value.tag) !== 18) return invalid('not a tagged COSE_Sign1 (CBOR tag 18)');
  const parts = d.value.contents;
  if (!Array.isArray(parts) || parts.length !== 4) return invalid('a COSE_Sign1 is an array of 4 items');
  const [protectedBytes, unprotected, payload, signature] = parts as unknown[];
  if (!isBytes(protectedBytes) || protectedBytes.length === 0)
    return invalid('the protected header is not a non-empty byte string');
  if (!isMap(unprotected)) return invalid('the unprotected header is not a map');
  if (payload === null)
    return invalid('the payload is detached (nil): send it attached, or a hash envelope whose payload is its hash');
  if (!isBytes(payload)) return invalid('the payload is not a byte string');
  if (!isBytes(signature)) return invalid('the signature is not a byte string');
  const p = decode(protectedBytes);
  if (!p || !isMap(p.value)) return invalid('the protected header does not decode to a map');
  const h = p.value;
  if (!h.has(L.alg)) return invalid('the protected header has no alg (1)');
  const alg = h.get(L.alg);
  if (alg !== -8 && alg !== -7)
    return { ok: false, code: 'unsupported_algorithm', detail: `alg ${String(alg)} is not -8 (EdDSA) or -7 (ES256)` };
  if (signature.length !== 64)
    return invalid(`the signature is ${signature.length} bytes; EdDSA and ES256 (r || s) signatures are 64`);
  if (h.has(L.crit)) {
    const crit = h.get(L.crit);
    if (!Array.isArray(crit) || crit.length === 0) return invalid('crit (2) is not a non-empty array of labels');
    const unknown = crit.find((label) => !UNDERSTOOD.has(label) || !h.has(label));
    if (unknown !== undefined)
      return invalid(`crit (2) names ${String(unknown)}, which this service does not process or the header lacks`);
  }
  const type = h.get(L.contentType);
  if (h.has(L.contentType) && !isUint(type) && !isText(type))
    return invalid('content type (3) is neither a content-format number nor a media type');
  const envelope = readHashEnvelope(h, unprotected, payload);
  if (envelope) return invalid(envelope);
  const claims = h.get(L.cwtClaims);
  const iss = isMap(claims) ? claims.get(L.iss) : undefined;
  const sub = isMap(claims) ? claims.get(L.sub) : undefined;
  if (!isText(iss) || !iss || !isText(sub) || !sub)
    return {
      ok: false,
      code: 'missing_claims',
      detail: 'the protected header needs CWT claims (15) with iss (1) and sub (2), each non-empty text',
    };
  const hashAlg = h.get(L.payloadHashAlg);
  return {
    ok: true,
    statement: {
      protectedBytes,
      payload,
      signature,
      alg,
      iss,
      sub,
      payloadHashAlg: typeof hashAlg === 'number' ? hashAlg : null,
    },
  };
}

/** RFC 9052 §4.4: the bytes the issuer signed, ["Signature1", protected, h'', payload]. */
export const statementToBeSigned = (s: SignedStatement): Uint8Array => sigStructure(s.protectedBytes, s.payload);

/** The statement as a COSE_Sign1 with `unprotected` as its unprotected header, in deterministic CBOR. */
const withUnprotected = (s: SignedStatement, unprotected: Map<number, unknown>): Uint8Array =>
  encodeCbor(new Tag(18, [s.protectedBytes, unprotected, s.payload, s.signature]));

/**
 * The registered form (docs/scitt.md#the-registered-form): the statement with an empty unprotected header, in
 * deterministic CBOR. It is the leaf data of the statement in its tenant's log, so two submissions that differ only
 * in their unprotected header are one entry.
 */
export const registeredForm = (s: SignedStatement): Uint8Array => withUnprotected(s, new Map());

/** A Transparent Statement: the registered form with `receipts` (each a COSE_Sign1 receipt) in unprotected header 394. */
export const transparentStatement = (s: SignedStatement, receipts: readonly Uint8Array[]): Uint8Array =>
  withUnprotected(s, new Map([[L.receipts, [...receipts]]]));
