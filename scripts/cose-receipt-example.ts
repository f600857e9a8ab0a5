// Builds the COSE receipt, key set and tlog-proof worked examples of docs/verification.md for leaf d4 of the 7-leaf log of
// scripts/merkle-example.ts, byte by byte from RFC 8949, RFC 9052, RFC 9679, the COSE Receipts draft and C2SP tlog-proof
// (node:crypto only, nothing from src/). Ed25519 is deterministic, so the same seed always gives the same bytes.
// Usage: bun scripts/cose-receipt-example.ts [--write]   (--write refreshes test/unit/vectors/cose-receipt-7-leaf.json)
import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { merkleExample } from './merkle-example';
import { TENANT_SEED } from './verification-example';

const hex = (b: Buffer) => b.toString('hex');
const sha = (b: Buffer) => createHash('sha256').update(b).digest();

/** RFC 8949 §3: the head of a data item of major type `major` with argument `n`, in its shortest form (§4.2.1). */
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  throw new RangeError('not needed here');
}
const uint = (n: number) => head(0, n);
const nint = (n: number) => head(1, -1 - n);
const bstr = (b: Buffer) => Buffer.concat([head(2, b.length), b]);
const tstr = (s: string) => Buffer.concat([head(3, Buffer.byteLength(s, 'utf8')), Buffer.from(s, 'utf8')]);
const array = (items: Buffer[]) => Buffer.concat([head(4, items.length), ...items]);
/** A map whose entries are given already in the order of their encoded keys (RFC 8949 §4.2.1: bytewise lexicographic). */
const map = (entries: Array<[Buffer, Buffer]>) => Buffer.concat([head(5, entries.length), ...entries.flat()]);
const tag = (n: number, item: Buffer) => Buffer.concat([head(6, n), item]);
const NIL = Buffer.from([0xf6]);

export function coseReceiptExample() {
  const m = merkleExample();
  const priv = createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(TENANT_SEED, 'hex')]),
    format: 'der',
    type: 'pkcs8',
  });
  const x = createPublicKey(priv).export({ format: 'der', type: 'spki' }).subarray(12);

  // RFC 9679: the thumbprint input is the COSE_Key's required members only, {1 (kty): 1 (OKP), -1 (crv): 6 (Ed25519),
  // -2 (x): x}; their keys encode as 01, 20, 21, already in bytewise order.
  const thumbprintInput = map([
    [uint(1), uint(1)],
    [nint(-1), uint(6)],
    [nint(-2), bstr(x)],
  ]);
  const kid = sha(thumbprintInput);
  // The key set entry adds 2 (kid), whose key 02 sorts between 01 and 20.
  const coseKey = map([
    [uint(1), uint(1)],
    [uint(2), bstr(kid)],
    [nint(-1), uint(6)],
    [nint(-2), bstr(x)],
  ]);

  // Protected header {1 (alg): -8 (EdDSA), 4 (kid), 15 (CWT claims): {1 (iss): origin}, 395 (vds): 1}: keys 01, 04, 0f, 19018b.
  const protectedHeader = map([
    [uint(1), nint(-8)],
    [uint(4), bstr(kid)],
    [uint(15), map([[uint(1), tstr(m.origin)]])],
    [uint(395), uint(1)],
  ]);
  const { leaf_index, tree_size, audit_path, root_hash } = m.inclusion;
  const root = Buffer.from(root_hash, 'hex');
  // RFC 9052 §4.4: ["Signature1", protected (as a byte string), external_aad (empty), payload (the detached root)].
  const sigStructure = array([tstr('Signature1'), bstr(protectedHeader), bstr(Buffer.alloc(0)), bstr(root)]);
  const signature = sign(null, sigStructure, priv);
  const proof = array([uint(tree_size), uint(leaf_index), array(audit_path.map((h) => bstr(Buffer.from(h, 'hex'))))]);
  const unprotected = map([[uint(396), map([[nint(-1), array([bstr(proof)])]])]]);
  const receipt = tag(18, array([bstr(protectedHeader), unprotected, NIL, bstr(signature)]));

  const note = m.checkpoint_7.note;
  const tlogProof = `c2sp.org/tlog-proof@v1\nindex ${leaf_index}\n${audit_path.map((h) => `${Buffer.from(h, 'hex').toString('base64')}\n`).join('')}\n${note}`;
  return {
    origin: m.origin,
    entry_hex: m.leaves[leaf_index]!.data_hex,
    public_key: hex(x),
    thumbprint_input: hex(thumbprintInput),
    kid: hex(kid),
    cose_key: hex(coseKey),
    key_set: hex(array([coseKey])),
    protected: hex(protectedHeader),
    root: root_hash,
    sig_structure: hex(sigStructure),
    signature: hex(signature),
    inclusion_proof: hex(proof),
    unprotected: hex(unprotected),
    receipt: hex(receipt),
    checkpoint: note,
    tlog_proof: tlogProof,
  };
}

if (import.meta.main) {
  const ex = coseReceiptExample();
  if (process.argv.includes('--write'))
    writeFileSync(
      join(resolve(import.meta.dir, '..'), 'test/unit/vectors/cose-receipt-7-leaf.json'),
      `${JSON.stringify(ex, null, 2)}\n`,
    );
  console.log(JSON.stringify(ex, null, 2));
}
