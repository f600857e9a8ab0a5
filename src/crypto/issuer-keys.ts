// Owns the public keys of SCITT issuers (docs/scitt.md#issuers): reading one from PEM (Ed25519 or P-256), its RFC 9679
// COSE Key thumbprint, and checking a COSE signature by it with node:crypto (EdDSA, or ES256 with the raw r || s form
// COSE uses).
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import * as ed from '@noble/ed25519';
import { remembered } from '../memo';
import { encodeCbor } from './cbor';
import { sha256Raw } from './hash';

/** The COSE algorithms an issuer key signs with (RFC 9053): -8 EdDSA (Ed25519), -7 ES256 (P-256). */
export type IssuerAlg = -8 | -7;
export const ALG_NAMES: Readonly<Record<IssuerAlg, string>> = { [-8]: 'EdDSA', [-7]: 'ES256' };

export type IssuerKey = {
  alg: IssuerAlg;
  /** The key as SubjectPublicKeyInfo DER: what is stored. */
  spki: Buffer;
  /** RFC 9679: SHA-256 of the deterministic COSE_Key of its required members (hex). */
  key_id: string;
};

const bytesOf = (b64url: string | undefined): Buffer => Buffer.from(b64url ?? '', 'base64url');

/**
 * The required members of the key as a COSE_Key (RFC 9052 §7, RFC 9053): OKP {1: 1, -1: 6, -2: x} for Ed25519, EC2
 * {1: 2, -1: 1, -2: x, -3: y} for P-256. A Map, so its integer labels stay integers.
 */
function coseKeyOf(key: KeyObject): Map<number, number | Uint8Array> {
  const jwk = key.export({ format: 'jwk' });
  if (jwk.kty === 'OKP')
    return new Map<number, number | Uint8Array>([
      [1, 1],
      [-1, 6],
      [-2, bytesOf(jwk.x)],
    ]);
  return new Map<number, number | Uint8Array>([
    [1, 2],
    [-1, 1],
    [-2, bytesOf(jwk.x)],
    [-3, bytesOf(jwk.y)],
  ]);
}

/**
 * An Ed25519 or P-256 public key in PEM (SubjectPublicKeyInfo); throws an Error saying why not. An Ed25519 key with a
 * small-order component is refused, as for every Ed25519 key the appliance trusts (docs/verification.md).
 */
export function readIssuerKey(pem: string): IssuerKey {
  let key: KeyObject;
  try {
    key = createPublicKey({ key: pem, format: 'pem' });
  } catch {
    throw new Error('not a PEM public key (-----BEGIN PUBLIC KEY-----)');
  }
  let alg: IssuerAlg;
  if (key.asymmetricKeyType === 'ed25519') {
    const x = bytesOf(key.export({ format: 'jwk' }).x);
    let primeOrder = false;
    try {
      const point = ed.Point.fromBytes(x);
      primeOrder = point.isTorsionFree() && !point.isSmallOrder();
    } catch {
      primeOrder = false;
    }
    if (!primeOrder) throw new Error('the Ed25519 key is not a point of prime order');
    alg = -8;
  } else if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') {
    alg = -7;
  } else {
    throw new Error('the key is neither Ed25519 nor P-256');
  }
  const spki = key.export({ format: 'der', type: 'spki' });
  return { alg, spki, key_id: sha256Raw(encodeCbor(coseKeyOf(key))).toString('hex') };
}

/** The key as PEM, as `svc issuer list` and the operator API show it. */
export const issuerKeyPem = (spki: Uint8Array): string =>
  createPublicKey({ key: Buffer.from(spki), format: 'der', type: 'spki' }).export({
    format: 'pem',
    type: 'spki',
  }) as string;

/** node:crypto's object for a stored key, by its base64 (remembered: a key never changes). */
const keyObjectOf = remembered(10_000, (spki: string) =>
  createPublicKey({ key: Buffer.from(spki, 'base64'), format: 'der', type: 'spki' }),
);
const keyObject = (spki: Uint8Array): KeyObject => keyObjectOf(Buffer.from(spki).toString('base64'));

/**
 * True when `signature` is the issuer's signature over `message` (a COSE Sig_structure) by `alg`: Ed25519 (64 bytes),
 * or ECDSA P-256 with SHA-256 as COSE writes it (RFC 9053 §2.1: r || s, 32 bytes each, not DER). Never throws. The
 * synchronous form, for the row checks; registration uses issuerSignatureVerified.
 */
export function issuerSignatureOk(
  alg: IssuerAlg,
  spki: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
): boolean {
  try {
    if (signature.length !== 64) return false;
    const key = keyObject(spki);
    if (alg === -8) return key.asymmetricKeyType === 'ed25519' && verify(null, message, key, signature);
    return key.asymmetricKeyType === 'ec' && verify('sha256', message, { key, dsaEncoding: 'ieee-p1363' }, signature);
  } catch {
    return false;
  }
}

/** WebCrypto's key for a stored key, by its base64, per alg (remembered: a key never changes). */
const importer = (algorithm: Algorithm | EcKeyImportParams) =>
  remembered(
    10_000,
    (spki: string): Promise<CryptoKey> =>
      crypto.subtle.importKey('spki', new Uint8Array(Buffer.from(spki, 'base64')), algorithm, false, ['verify']),
  );
const cryptoKeys: Record<IssuerAlg, (spki: string) => Promise<CryptoKey>> = {
  [-8]: importer({ name: 'Ed25519' }),
  [-7]: importer({ name: 'ECDSA', namedCurve: 'P-256' }),
};
const cryptoKey = (alg: IssuerAlg, spki: Uint8Array): Promise<CryptoKey> =>
  cryptoKeys[alg](Buffer.from(spki).toString('base64'));

/**
 * issuerSignatureOk by WebCrypto, whose ECDSA signatures are r || s as in COSE. Bun runs WebCrypto off the calling
 * thread, so the registration route does not hold the event loop for a signature check (measured with
 * scripts/bench-scitt.ts: docs/scitt.md#figures). Never rejects.
 */
export async function issuerSignatureVerified(
  alg: IssuerAlg,
  spki: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
): Promise<boolean> {
  try {
    if (signature.length !== 64) return false;
    const params = alg === -8 ? { name: 'Ed25519' } : { name: 'ECDSA', hash: 'SHA-256' };
    return await crypto.subtle.verify(
      params,
      await cryptoKey(alg, spki),
      new Uint8Array(signature),
      new Uint8Array(message),
    );
  } catch {
    return false;
  }
}
