// Builds the head-step example of docs/verification.md straight from its rules, RFC 6962 and C2SP (node:crypto only,
// nothing from src/): the seven-record log's checkpoint of section 13 as a leaf of a three-leaf head log, its inclusion,
// the head note signed by the platform key and cosigned by one witness, the verifier's policy, and the SHA-256 a
// time-stamp token over the head must carry as its message imprint.
// Usage: bun scripts/head-example.ts [--write]   (--write refreshes test/unit/vectors/head-example.json)
import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { merkleExample } from './merkle-example';
import { PLATFORM_SEED } from './verification-example';

const H = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const leafHash = (d: Buffer) => H(Buffer.from([0]), d);
const node = (l: Buffer, r: Buffer) => H(Buffer.from([1]), l, r);
const hex = (b: Buffer) => b.toString('hex');
const keyOf = (seed: string) => {
  const priv = createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(seed, 'hex')]),
    format: 'der',
    type: 'pkcs8',
  });
  return { priv, pub: createPublicKey(priv).export({ format: 'der', type: 'spki' }).subarray(12) };
};
const keyId = (name: string, type: number, pub: Buffer) =>
  H(Buffer.from(name), Buffer.from([0x0a, type]), pub).subarray(0, 4);

export const HEAD_ORIGIN = 'proof.acme.example/head';
/** RFC 8032 section 7.1 test key 1, the witness of the example (as in the cosignature example above it). */
export const WITNESS_SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';
export const WITNESS_NAME = 'witness.example/w1';
/** 2026-11-25 10:04:11 UTC. */
export const COSIGNED_AT = 1795601051;

/** docs/transparency-logs.md#head-leaves: `svc-head-leaf/v1\n<hex SHA-256 of the origin>\n<size>\n<base64 root>\n`. */
const headLeafText = (origin: string, size: number, root: Buffer) =>
  `svc-head-leaf/v1\n${hex(H(Buffer.from(origin)))}\n${size}\n${root.toString('base64')}\n`;

export function headExample() {
  const log = merkleExample();
  // Signing order: the tenant log's checkpoint of 3, an operator log checkpoint (a stand-in root), the tenant's of 7.
  const checkpoints = [
    { origin: log.origin, size: 3, root: Buffer.from(log.root_3, 'hex') },
    { origin: 'proof.acme.example/operator', size: 1, root: leafHash(Buffer.from('operator entry 0')) },
    { origin: log.origin, size: 7, root: Buffer.from(log.root_7, 'hex') },
  ];
  const leaves = checkpoints.map((c) => {
    const text = headLeafText(c.origin, c.size, c.root);
    return {
      origin: c.origin,
      size: c.size,
      root_base64: c.root.toString('base64'),
      data_utf8: text,
      leaf_hash: hex(leafHash(Buffer.from(text))),
    };
  });
  const [m0, m1, m2] = leaves.map((l) => Buffer.from(l.leaf_hash, 'hex')) as [Buffer, Buffer, Buffer];
  const left = node(m0, m1);
  const root = node(left, m2);
  const body = `${HEAD_ORIGIN}\n3\n${root.toString('base64')}\n`;

  const platform = keyOf(PLATFORM_SEED);
  const platformId = keyId(HEAD_ORIGIN, 0x01, platform.pub);
  const platformLine = `\u2014 ${HEAD_ORIGIN} ${Buffer.concat([platformId, sign(null, Buffer.from(body), platform.priv)]).toString('base64')}`;
  const witness = keyOf(WITNESS_SEED);
  const witnessId = keyId(WITNESS_NAME, 0x04, witness.pub);
  const time = Buffer.alloc(8);
  time.writeBigUInt64BE(BigInt(COSIGNED_AT));
  const cosigned = `cosignature/v1\ntime ${COSIGNED_AT}\n${body}`;
  const cosignatureLine = `\u2014 ${WITNESS_NAME} ${Buffer.concat([witnessId, time, sign(null, Buffer.from(cosigned), witness.priv)]).toString('base64')}`;
  const platformVkey = `${HEAD_ORIGIN}+${hex(platformId)}+${Buffer.concat([Buffer.from([1]), platform.pub]).toString('base64')}`;
  const witnessVkey = `${WITNESS_NAME}+${hex(witnessId)}+${Buffer.concat([Buffer.from([4]), witness.pub]).toString('base64')}`;
  return {
    log_checkpoint: log.checkpoint_7.note,
    leaves,
    head: {
      leaf_index: 2,
      tree_size: 3,
      leaf_hash: leaves[2]!.leaf_hash,
      audit_path: [hex(left)],
      root_hash: hex(root),
      checkpoint: `${body}\n${platformLine}\n${cosignatureLine}\n`,
      timestamps: [] as unknown[],
    },
    head_body: body,
    /** What a token's message imprint must be: SHA-256 of the head body. */
    imprint: hex(H(Buffer.from(body))),
    cosigned_message: cosigned,
    platform: { public_key: hex(platform.pub), vkey: platformVkey },
    witness: { name: WITNESS_NAME, vkey: witnessVkey, time: COSIGNED_AT, line: cosignatureLine },
    policy: `log ${platformVkey}\nwitness ${WITNESS_NAME} ${witnessVkey}\nquorum ${WITNESS_NAME}\n`,
  };
}

if (import.meta.main) {
  const ex = headExample();
  if (process.argv.includes('--write'))
    writeFileSync(
      join(resolve(import.meta.dir, '..'), 'test/unit/vectors/head-example.json'),
      `${JSON.stringify(ex, null, 2)}\n`,
    );
  console.log(JSON.stringify(ex, null, 2));
}
