// Builds the 7-leaf transparency-log example of docs/verification.md straight from RFC 6962 and C2SP (node:crypto only,
// nothing from src/): leaf and node hashes, the root, an inclusion and a consistency proof, and two signed checkpoints.
// Usage: bun scripts/merkle-example.ts [--write]   (--write refreshes test/unit/vectors/merkle-7-leaf.json)
import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TENANT_SEED } from './verification-example';

const H = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const leafHash = (d: Buffer) => H(Buffer.from([0]), d);
const node = (l: Buffer, r: Buffer) => H(Buffer.from([1]), l, r);
const hex = (b: Buffer) => b.toString('hex');

export const ORIGIN = 'proof.acme.example/acme.example';

/** A checkpoint note for ORIGIN signed with the tenant seed of the other examples (Ed25519 is deterministic). */
function checkpoint(size: number, root: Buffer) {
  const priv = createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(TENANT_SEED, 'hex')]),
    format: 'der',
    type: 'pkcs8',
  });
  const pub = createPublicKey(priv).export({ format: 'der', type: 'spki' }).subarray(12);
  const body = `${ORIGIN}\n${size}\n${root.toString('base64')}\n`;
  const keyId = H(Buffer.from(ORIGIN), Buffer.from([0x0a, 0x01]), pub).subarray(0, 4);
  const signature = sign(null, Buffer.from(body), priv);
  return {
    body,
    key_id_input_hex: hex(Buffer.concat([Buffer.from(ORIGIN), Buffer.from([0x0a, 0x01]), pub])),
    note_key_id: hex(keyId),
    signature: hex(signature),
    note: `${body}\n\u2014 ${ORIGIN} ${Buffer.concat([keyId, signature]).toString('base64')}\n`,
    verifier_key: `${ORIGIN}+${hex(keyId)}+${Buffer.concat([Buffer.from([1]), pub]).toString('base64')}`,
    public_key: hex(pub),
  };
}

/**
 * The RFC 6962 §2.1.3 tree of seven leaves d0..d6, with the RFC's names: a..c, d, e..g and j are leaf hashes or
 * nodes as in its figure; inclusion of d4 is [f, j, k] and the consistency proof from 3 to 7 is [c, d, g, l].
 */
export function merkleExample() {
  const data = Array.from({ length: 7 }, (_, i) => Buffer.from(`record ${i}`, 'utf8'));
  const [a, b, c, d, e, f, j] = data.map(leafHash) as [Buffer, Buffer, Buffer, Buffer, Buffer, Buffer, Buffer];
  const g = node(a, b); // d0 d1
  const h = node(c, d); // d2 d3
  const i = node(e, f); // d4 d5
  const k = node(g, h); // d0..d3
  const l = node(i, j); // d4..d6
  const root7 = node(k, l);
  const root3 = node(g, c);
  return {
    origin: ORIGIN,
    leaves: data.map((x, n) => ({
      index: n,
      data_utf8: x.toString('utf8'),
      data_hex: hex(x),
      leaf_hash: hex(leafHash(x)),
    })),
    nodes: {
      a: hex(a),
      b: hex(b),
      c: hex(c),
      d: hex(d),
      e: hex(e),
      f: hex(f),
      j: hex(j),
      g: hex(g),
      h: hex(h),
      i: hex(i),
      k: hex(k),
      l: hex(l),
    },
    root_3: hex(root3),
    root_7: hex(root7),
    inclusion: {
      leaf_index: 4,
      tree_size: 7,
      leaf_hash: hex(e),
      audit_path: [hex(f), hex(j), hex(k)],
      root_hash: hex(root7),
    },
    consistency: {
      first: 3,
      second: 7,
      consistency_path: [hex(c), hex(d), hex(g), hex(l)],
      first_root: hex(root3),
      second_root: hex(root7),
    },
    checkpoint_3: checkpoint(3, root3),
    checkpoint_7: checkpoint(7, root7),
  };
}

if (import.meta.main) {
  const ex = merkleExample();
  if (process.argv.includes('--write'))
    writeFileSync(
      join(resolve(import.meta.dir, '..'), 'test/unit/vectors/merkle-7-leaf.json'),
      `${JSON.stringify(ex, null, 2)}\n`,
    );
  console.log(JSON.stringify(ex, null, 2));
}
