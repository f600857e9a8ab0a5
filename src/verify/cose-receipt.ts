// Owns the check of a COSE Receipt of inclusion (docs/verification.md#18-cose-receipts), written once for the CLI, the
// TypeScript client and the single-file verifier: decode, protected header, key by kid, the RFC 9162 inclusion of the
// entry, and the Ed25519 signature over the recomputed root. Pure, never throws: every problem is a failed check.
import { decodeCbor, Tag } from '../crypto/cbor';
import { COSE, coseThumbprint, sigStructure } from './cose';
import { leafHash, rootFromInclusion } from './merkle';
import { parseCheckpoint, parseNote } from './note';
import { equalBytes, toHex, type Primitives } from './primitives';

/** One named verdict of an evidence file check. */
export type EvidenceCheck = { name: string; ok: boolean; detail: string };

/** What a receipt states once it decodes (hex for bytes). */
export type ReceiptFacts = { issuer: string; kid: string; tree_size: number; leaf_index: number; root: string | null };

export type ReceiptVerdict = { valid: boolean; checks: EvidenceCheck[]; receipt: ReceiptFacts | null };

/**
 * keys: the Ed25519 public keys (raw 32 bytes) the verifier trusts; the receipt's kid must be the RFC 9679 thumbprint
 * of one of them. issuer: the log origin the receipt must name. checkpoint: a signed checkpoint note of that log
 * whose size and root must be the receipt's (the receipt's signature covers the root only, not the tree size).
 */
export type ReceiptTrust = { keys: readonly Uint8Array[]; issuer?: string; checkpoint?: string };

const isMap = (v: unknown): v is Map<unknown, unknown> => v instanceof Map;
const isBytes = (v: unknown): v is Uint8Array => v instanceof Uint8Array;
const isUint = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** Decodes without throwing: undefined when `bytes` are not one well-formed CBOR data item. */
function tryDecode(bytes: Uint8Array): { value: unknown } | undefined {
  try {
    return { value: decodeCbor(bytes) };
  } catch {
    return undefined;
  }
}

type Protected = { kid: Uint8Array; issuer: string };

/** The protected header's values, or why it is not the receipt header this format defines. */
function readProtected(bytes: Uint8Array): Protected | string {
  const d = tryDecode(bytes);
  if (!d || !isMap(d.value)) return 'the protected header is not a CBOR map';
  const h = d.value;
  if (h.get(COSE.alg) !== COSE.eddsa) return `alg (1) is ${String(h.get(COSE.alg))}, not -8 (EdDSA)`;
  if (h.get(COSE.vds) !== COSE.rfc9162Sha256) return `vds (395) is ${String(h.get(COSE.vds))}, not 1 (RFC9162_SHA256)`;
  // RFC 9052 §3.1: a critical header this verifier does not understand makes the message unverifiable.
  if (h.has(2)) return 'crit (2) names header parameters this verifier does not process';
  const kid = h.get(COSE.kid);
  if (!isBytes(kid) || kid.length !== 32) return 'kid (4) is not a 32-byte COSE Key thumbprint';
  const claims = h.get(COSE.cwtClaims);
  const issuer = isMap(claims) ? claims.get(COSE.iss) : undefined;
  if (typeof issuer !== 'string' || issuer === '') return 'CWT claims (15) carry no iss (1)';
  return { kid, issuer };
}

type Proof = { treeSize: number; leafIndex: number; path: Uint8Array[] };

/** The one RFC9162_SHA256 inclusion proof of the unprotected header, or why there is none. */
function readProof(unprotected: unknown): Proof | string {
  if (!isMap(unprotected)) return 'the unprotected header is not a map';
  const vdp = unprotected.get(COSE.vdp);
  const proofs = isMap(vdp) ? vdp.get(COSE.inclusionProofs) : undefined;
  if (!Array.isArray(proofs)) return 'no inclusion proofs (396 -> -1) in the unprotected header';
  if (proofs.length !== 1 || !isBytes(proofs[0])) return 'expected exactly one inclusion proof (a byte string)';
  const d = tryDecode(proofs[0]);
  const v = d?.value;
  if (!Array.isArray(v) || v.length !== 3) return 'the inclusion proof is not [tree_size, leaf_index, [path]]';
  const [treeSize, leafIndex, path] = v as [unknown, unknown, unknown];
  if (!isUint(treeSize) || !isUint(leafIndex) || leafIndex >= treeSize)
    return 'tree_size and leaf_index are not integers with leaf_index < tree_size';
  if (!Array.isArray(path) || !path.every((h) => isBytes(h) && h.length === 32))
    return 'the inclusion path is not a list of 32-byte hashes';
  return { treeSize, leafIndex, path: path as Uint8Array[] };
}

/**
 * Verifies a COSE Receipt of inclusion of `entry` (the leaf data: for a record its signed bytes, for a checkpoint its
 * head leaf data) against the trusted keys. Checks, in order: receipt_structure (a tagged COSE_Sign1 with a detached
 * payload), receipt_protected, receipt_issuer (with trust.issuer), receipt_key, receipt_proof, receipt_inclusion (the
 * root computed from the entry's leaf hash), receipt_signature (Ed25519 over the Sig_structure of that root) and
 * receipt_checkpoint (with trust.checkpoint). It stops at the first check the next ones depend on.
 */
export function verifyCoseReceipt(
  p: Primitives,
  receipt: Uint8Array,
  entry: Uint8Array,
  trust: ReceiptTrust,
): ReceiptVerdict {
  const checks: EvidenceCheck[] = [];
  let facts: ReceiptFacts | null = null;
  const add = (name: string, ok: boolean, detail: string): boolean => {
    checks.push({ name, ok, detail });
    return ok;
  };
  const done = (): ReceiptVerdict => ({ valid: checks.every((c) => c.ok), checks, receipt: facts });
  try {
    const d = receipt instanceof Uint8Array ? tryDecode(receipt) : undefined;
    const sign1 = d?.value instanceof Tag && d.value.tag === COSE.tagSign1 ? d.value.contents : undefined;
    const shapeOk =
      Array.isArray(sign1) &&
      sign1.length === 4 &&
      isBytes(sign1[0]) &&
      sign1[2] === null &&
      isBytes(sign1[3]) &&
      sign1[3].length === 64;
    if (
      !add(
        'receipt_structure',
        shapeOk,
        shapeOk
          ? 'a COSE_Sign1 (tag 18) with a detached payload and a 64-byte signature'
          : 'not a CBOR COSE_Sign1 (tag 18) of [protected, unprotected, nil, 64-byte signature]',
      )
    )
      return done();
    const [protectedBytes, unprotected, , signature] = sign1 as [Uint8Array, unknown, null, Uint8Array];
    const header = readProtected(protectedBytes);
    if (
      !add(
        'receipt_protected',
        typeof header !== 'string',
        typeof header === 'string' ? header : 'EdDSA, RFC9162_SHA256',
      )
    )
      return done();
    const { kid, issuer } = header as Protected;
    if (trust.issuer !== undefined)
      add(
        'receipt_issuer',
        issuer === trust.issuer,
        issuer === trust.issuer ? `issued by ${issuer}` : `issued by ${issuer}, expected ${trust.issuer}`,
      );
    const key = trust.keys.find((k) => k.length === 32 && equalBytes(coseThumbprint(p.sha256, k), kid));
    add(
      'receipt_key',
      !!key,
      key ? `kid ${toHex(kid)} is a trusted key` : `kid ${toHex(kid)} is the thumbprint of no trusted key`,
    );
    const proof = readProof(unprotected);
    if (!add('receipt_proof', typeof proof !== 'string', typeof proof === 'string' ? proof : 'one inclusion proof'))
      return done();
    const { treeSize, leafIndex, path } = proof as Proof;
    const root =
      entry instanceof Uint8Array
        ? rootFromInclusion(p.sha256, leafIndex, treeSize, leafHash(p.sha256, entry), path)
        : null;
    facts = { issuer, kid: toHex(kid), tree_size: treeSize, leaf_index: leafIndex, root: root ? toHex(root) : null };
    if (
      !add(
        'receipt_inclusion',
        !!root,
        root
          ? `leaf ${leafIndex} of ${treeSize} leads to root ${toHex(root)}`
          : `the inclusion path does not fit leaf ${leafIndex} of a tree of ${treeSize}`,
      )
    )
      return done();
    const sigOk = !!key && p.verify(key, sigStructure(protectedBytes, root!), signature);
    add(
      'receipt_signature',
      sigOk,
      sigOk
        ? 'Ed25519 signature over the Sig_structure of the computed root'
        : key
          ? 'the signature does not verify over the computed root (the entry or the receipt was changed)'
          : 'not checked: no trusted key for this kid',
    );
    if (trust.checkpoint !== undefined) {
      const note = typeof trust.checkpoint === 'string' ? parseNote(trust.checkpoint) : null;
      const cp = note ? parseCheckpoint(note.body) : null;
      const same = !!cp && cp.origin === issuer && cp.treeSize === treeSize && equalBytes(cp.root, root!);
      add(
        'receipt_checkpoint',
        same,
        same
          ? `the checkpoint of ${issuer} at size ${treeSize} has this root`
          : cp
            ? `the checkpoint says ${cp.origin} size ${cp.treeSize} root ${toHex(cp.root)}`
            : 'the checkpoint given is not a checkpoint note',
      );
    }
  } catch (e) {
    add('receipt_structure', false, `unreadable receipt: ${String((e as Error)?.message ?? e).slice(0, 80)}`);
  }
  return done();
}

/**
 * The Ed25519 keys of a COSE Key Set (a GET /.well-known/scitt-keys answer): each an OKP Ed25519 COSE_Key whose
 * kid (2), when present, is its RFC 9679 thumbprint. Null when the bytes are not such a set.
 */
export function keysOfCoseKeySet(p: Primitives, bytes: Uint8Array): Uint8Array[] | null {
  const d = bytes instanceof Uint8Array ? tryDecode(bytes) : undefined;
  if (!d || !Array.isArray(d.value)) return null;
  const keys: Uint8Array[] = [];
  for (const k of d.value) {
    if (!isMap(k) || k.get(COSE.kty) !== COSE.okp || k.get(COSE.crv) !== COSE.ed25519) return null;
    const x = k.get(COSE.x);
    if (!isBytes(x) || x.length !== 32) return null;
    const kid = k.get(COSE.keyKid);
    if (kid !== undefined && !(isBytes(kid) && equalBytes(kid, coseThumbprint(p.sha256, x)))) return null;
    keys.push(x);
  }
  return keys;
}
