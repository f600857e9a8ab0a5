// A SCITT client written from the SCITT reference API (SCRAPI) and architecture drafts, RFC 9052 (COSE_Sign1), RFC 9597
// (CWT claims in COSE headers) and the COSE Hash Envelope draft, independent of the appliance's code: it builds and
// signs Signed Statements with npm cbor2 and node:crypto, registers them and follows the registration's redirects by
// hand (redirect: 'manual'), and reads RFC 9290 concise problem details.
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { decode, encode, Tag } from 'cbor2';

export type Issuer = { alg: -8 | -7; privateKey: KeyObject; publicKeyPem: string };

/** A new issuer key pair: Ed25519 (alg -8, EdDSA) or P-256 (alg -7, ES256). */
export function newIssuer(kind: 'ed25519' | 'p256'): Issuer {
  const { privateKey, publicKey } =
    kind === 'ed25519' ? generateKeyPairSync('ed25519') : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    alg: kind === 'ed25519' ? -8 : -7,
    privateKey,
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }) as string,
  };
}

export type StatementSpec = {
  iss?: string;
  sub?: string;
  payload: Uint8Array | null;
  /** Content type (3) of an attached payload. */
  contentType?: string;
  /** COSE Hash Envelope: payload is the SHA-256 of `preimage`, with 258 = -16, 259 and 260 in the protected header. */
  hashEnvelope?: { preimage: Uint8Array; contentType: string; location: string };
  /** Header parameters to set (or, with undefined, to drop) in the protected header. */
  protectedExtra?: Map<number, unknown>;
  unprotected?: Map<number, unknown>;
  /** The alg label written in the header (default: the issuer's). */
  alg?: number;
};

/** RFC 9052 §4.4: Sig_structure = ["Signature1", body_protected, external_aad (empty), payload]. */
const toBeSigned = (protectedBytes: Uint8Array, payload: Uint8Array) =>
  encode(['Signature1', protectedBytes, new Uint8Array(0), payload]);

/** RFC 9053 §2.1: ES256 signatures are r || s (32 bytes each), EdDSA signatures the 64 bytes of RFC 8032. */
function signWith(issuer: Issuer, message: Uint8Array): Uint8Array {
  const sig =
    issuer.alg === -8
      ? sign(null, message, issuer.privateKey)
      : sign('sha256', message, { key: issuer.privateKey, dsaEncoding: 'ieee-p1363' });
  // A plain byte array: cbor2 writes a Node.js Buffer as its JSON form, not as a byte string.
  return new Uint8Array(sig);
}

/** The protected header map of a statement: alg (1), content type (3), CWT claims (15) {iss (1), sub (2)}, envelope. */
function protectedHeader(issuer: Issuer, spec: StatementSpec): Map<number, unknown> {
  const claims = new Map<number, string>();
  if (spec.iss !== undefined) claims.set(1, spec.iss);
  if (spec.sub !== undefined) claims.set(2, spec.sub);
  const h = new Map<number, unknown>([[1, spec.alg ?? issuer.alg]]);
  if (spec.contentType) h.set(3, spec.contentType);
  if (spec.hashEnvelope) {
    h.set(258, -16);
    h.set(259, spec.hashEnvelope.contentType);
    h.set(260, spec.hashEnvelope.location);
  }
  h.set(15, claims);
  for (const [k, v] of spec.protectedExtra ?? []) {
    if (v === undefined) h.delete(k);
    else h.set(k, v);
  }
  return h;
}

/** A Signed Statement: COSE_Sign1 (tag 18) signed by `issuer` over the header and payload of `spec`. */
export function signedStatement(issuer: Issuer, spec: StatementSpec): Uint8Array {
  const payload = spec.hashEnvelope
    ? new Uint8Array(createHash('sha256').update(spec.hashEnvelope.preimage).digest())
    : spec.payload;
  const protectedBytes = encode(protectedHeader(issuer, spec));
  const signature = signWith(issuer, toBeSigned(protectedBytes, payload ?? new Uint8Array(0)));
  return encode(new Tag(18, [protectedBytes, spec.unprotected ?? new Map(), payload, signature]));
}

export type ScrapiAnswer = {
  status: number;
  location: string | null;
  retryAfter: string | null;
  type: string | null;
  body: Buffer;
};

async function exchange(url: string, init: RequestInit): Promise<ScrapiAnswer> {
  const r = await fetch(url, { ...init, redirect: 'manual', tls: { rejectUnauthorized: false } } as RequestInit);
  return {
    status: r.status,
    location: r.headers.get('location'),
    retryAfter: r.headers.get('retry-after'),
    type: r.headers.get('content-type'),
    body: Buffer.from(await r.arrayBuffer()),
  };
}

/** SCRAPI "Register Signed Statement": POST /entries, Content-Type application/cose (no key when `apiKey` is ''). */
export const register = (
  base: string,
  apiKey: string,
  statement: Uint8Array | string,
  headers: Record<string, string> = {},
): Promise<ScrapiAnswer> =>
  exchange(`${base}/entries`, {
    method: 'POST',
    headers: {
      ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
      'content-type': 'application/cose',
      accept: 'application/cose',
      ...headers,
    },
    body: typeof statement === 'string' ? statement : new Uint8Array(statement),
  });

/** SCRAPI "Query Registration Status" / "Resolve Receipt": GET on a location (absolute, or relative to `base`). */
export const resolve = (base: string, location: string, apiKey?: string): Promise<ScrapiAnswer> =>
  exchange(new URL(location, base).toString(), {
    headers: { accept: 'application/cose', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
  });

/** RFC 9290 concise problem details: {-1: title, -2: detail}. */
export function problem(a: ScrapiAnswer): { title: unknown; detail: unknown } {
  const m = decode(a.body, { preferMap: true }) as Map<number, unknown>;
  return { title: m.get(-1), detail: m.get(-2) };
}

/** A COSE_Sign1 as its four parts, its protected header decoded. */
export function coseParts(bytes: Uint8Array) {
  const t = decode(bytes, { preferMap: true }) as Tag;
  const [p, u, payload, signature] = t.contents as [Uint8Array, Map<number, unknown>, Uint8Array | null, Uint8Array];
  return {
    tag: Number(t.tag),
    protectedBytes: p,
    protectedHeader: decode(p, { preferMap: true }) as Map<number, unknown>,
    unprotected: u,
    payload,
    signature,
  };
}
