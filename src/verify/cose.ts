// Owns the COSE structures of receipts (docs/verification.md#18-cose-receipts): the Ed25519 COSE_Key and its RFC 9679
// thumbprint (the kid), the receipt's protected header, the Sig_structure its signature covers, and the receipt
// itself, all in deterministic CBOR. Pure: SHA-256 comes in as a parameter; the appliance signs, verifiers check.
import { encodeCbor, Tag } from '../crypto/cbor';
import type { Sha256 } from './primitives';

/** COSE labels and values used here (RFC 9052, RFC 9053, COSE Receipts). */
export const COSE = {
  tagSign1: 18,
  alg: 1,
  kid: 4,
  cwtClaims: 15,
  iss: 1,
  vds: 395,
  vdp: 396,
  inclusionProofs: -1,
  eddsa: -8,
  rfc9162Sha256: 1,
  kty: 1,
  keyKid: 2,
  okp: 1,
  crv: -1,
  ed25519: 6,
  x: -2,
} as const;

/**
 * An Ed25519 public key as a COSE_Key: {1 (kty): 1 (OKP), -1 (crv): 6 (Ed25519), -2 (x): key}, with 2 (kid) when
 * given. A Map, so that its integer labels stay integers.
 */
export function coseKey(publicKey: Uint8Array, kid?: Uint8Array): Map<number, number | Uint8Array> {
  const m = new Map<number, number | Uint8Array>([
    [COSE.kty, COSE.okp],
    [COSE.crv, COSE.ed25519],
    [COSE.x, publicKey],
  ]);
  if (kid) m.set(COSE.keyKid, kid);
  return m;
}

/**
 * RFC 9679: the COSE Key thumbprint (SHA-256) of an Ed25519 key, over the deterministic encoding of its required
 * members only: a3 01 01 20 06 21 58 20 <32-byte key>. This is the kid of every receipt the key signs.
 */
export const coseThumbprint = (sha: Sha256, publicKey: Uint8Array): Uint8Array => sha(encodeCbor(coseKey(publicKey)));

/**
 * The receipt's protected header, as the byte string it is signed as: {1 (alg): -8 (EdDSA), 4 (kid): kid,
 * 15 (CWT claims): {1 (iss): the log's origin}, 395 (vds): 1 (RFC9162_SHA256)}.
 */
export function receiptProtected(kid: Uint8Array, issuer: string): Uint8Array {
  return encodeCbor(
    new Map<number, unknown>([
      [COSE.alg, COSE.eddsa],
      [COSE.kid, kid],
      [COSE.cwtClaims, new Map([[COSE.iss, issuer]])],
      [COSE.vds, COSE.rfc9162Sha256],
    ]),
  );
}

/** RFC 9052 §4.4: what a COSE_Sign1 signature covers, ["Signature1", protected, h'' (no external AAD), payload]. */
export const sigStructure = (protectedBytes: Uint8Array, payload: Uint8Array): Uint8Array =>
  encodeCbor(['Signature1', protectedBytes, new Uint8Array(0), payload]);

/**
 * A receipt of inclusion (COSE Receipts, RFC9162_SHA256): COSE_Sign1 tag 18 of [protected, {396 (vdp): {-1:
 * [bstr .cbor [tree_size, leaf_index, [audit path]]]}}, nil (the detached Merkle root), signature].
 */
export function encodeReceipt(
  protectedBytes: Uint8Array,
  treeSize: number,
  leafIndex: number,
  path: readonly Uint8Array[],
  signature: Uint8Array,
): Uint8Array {
  const proof = encodeCbor([treeSize, leafIndex, [...path]]);
  const unprotected = new Map([[COSE.vdp, new Map([[COSE.inclusionProofs, [proof]]])]]);
  return encodeCbor(new Tag(COSE.tagSign1, [protectedBytes, unprotected, null, signature]));
}
