// CBOR and COSE as the appliance writes them: RFC 8949 core deterministic encoding against hand-checked bytes (map keys
// in bytewise order of their encodings, not length-first), the RFC 9679 thumbprint, the receipt's protected header and
// Sig_structure byte for byte, and receipts/tlog-proofs checked by src/verify: every one-bit change refused, any input
// answered with a verdict, never an exception.
import { describe, expect, it } from 'bun:test';
import { createHash, generateKeyPairSync, sign, verify } from 'node:crypto';
import fc from 'fast-check';
import { decodeCbor, encodeCbor, Tag } from '../../src/crypto/cbor';
import { coseKey, coseThumbprint, encodeReceipt, receiptProtected, sigStructure } from '../../src/verify/cose';
import { keysOfCoseKeySet, verifyCoseReceipt } from '../../src/verify/cose-receipt';
import { inclusionPath, leafHash, rootFromLeafHashes } from '../../src/verify/merkle';
import { checkpointBody, formatNote, noteKeyId, verifierKey } from '../../src/verify/note';
import { nodePrimitives } from '../../src/verify/node-primitives';
import { parsePolicy } from '../../src/verify/policy';
import { cosignatureLine, cosignedMessage, cosignerKeyId, cosignerVerifierKey } from '../../src/verify/cosignature';
import { formatTlogProof, parseTlogProof, verifyTlogProof } from '../../src/verify/tlog-proof';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const H = (b: Uint8Array) => createHash('sha256').update(b).digest();
const p = nodePrimitives;

function keyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'der', type: 'spki' })).subarray(12);
  return { raw, sign: (m: Uint8Array) => sign(null, m, privateKey) };
}

describe('RFC 8949 core deterministic encoding (cbor2, cde)', () => {
  it('writes every integer in its shortest form', () => {
    const cases: Array<[number, string]> = [
      [0, '00'],
      [23, '17'],
      [24, '1818'],
      [255, '18ff'],
      [256, '190100'],
      [65535, '19ffff'],
      [65536, '1a00010000'],
      [4294967295, '1affffffff'],
      [4294967296, '1b0000000100000000'],
      [-1, '20'],
      [-24, '37'],
      [-25, '3818'],
      [-8, '27'],
      [395, '19018b'],
      [396, '19018c'],
    ];
    for (const [n, h] of cases) expect(hex(encodeCbor(n))).toBe(h);
  });

  it('sorts map keys by the bytes of their encodings, not length first', () => {
    // Encodings: 1 -> 01, 10 -> 0a, 100 -> 1864, 1000 -> 1903e8, -1 -> 20, -100 -> 3863, "a" -> 6161.
    // Length-first order (RFC 7049) would put -1 (one byte) before 100 (two bytes); bytewise puts 0x18 before 0x20.
    const m = new Map<number | string, number>([
      ['a', 7],
      [-100, 6],
      [-1, 5],
      [1000, 4],
      [100, 3],
      [10, 2],
      [1, 1],
    ]);
    expect(hex(encodeCbor(m))).toBe('a7' + '0101' + '0a02' + '186403' + '1903e804' + '2005' + '386306' + '616107');
  });

  it('writes definite lengths, byte and text strings, arrays, nil and tags as RFC 8949 says', () => {
    expect(hex(encodeCbor(['Signature1', new Uint8Array([1, 2]), new Uint8Array(0), null]))).toBe(
      '84' + '6a5369676e617475726531' + '420102' + '40' + 'f6',
    );
    expect(hex(encodeCbor(new Tag(18, [])))).toBe('d280');
    expect(hex(encodeCbor(new Uint8Array(32)))).toBe('5820' + '00'.repeat(32));
  });

  it('reads one data item, refusing trailing bytes, truncation and indefinite lengths', () => {
    expect(decodeCbor(Buffer.from('a201022000', 'hex'))).toEqual(
      new Map([
        [1, 2],
        [-1, 0],
      ]),
    );
    for (const bad of ['0101', '5820', '9f01ff', '1b00']) expect(() => decodeCbor(Buffer.from(bad, 'hex'))).toThrow();
    const t = decodeCbor(Buffer.from('d28101', 'hex'));
    expect(t instanceof Tag && t.tag === 18).toBe(true);
  });
});

describe('COSE structures of a receipt', () => {
  const x = Buffer.alloc(32, 0xab);

  it('kid = SHA-256 of a3 01 01 20 06 21 58 20 || x (RFC 9679: kty, crv, x only, deterministic)', () => {
    const expected = H(Buffer.concat([Buffer.from('a3010120062158 20'.replace(/ /g, ''), 'hex'), x]));
    expect(hex(coseThumbprint(p.sha256, x))).toBe(hex(expected));
    // The key set's COSE_Key adds 2 (kid) between 1 and -1 in key order.
    expect(hex(encodeCbor(coseKey(x, expected)))).toBe(
      `a4010102 5820${hex(expected)}20062158 20${hex(x)}`.replace(/ /g, ''),
    );
  });

  it('protected header = {1: -8, 4: kid, 15: {1: origin}, 395: 1} in that order; Sig_structure over the root', () => {
    const kid = Buffer.alloc(32, 1);
    const prot = receiptProtected(kid, 'ex.test/a');
    expect(hex(prot)).toBe(
      `a4 0127 045820${hex(kid)} 0fa1 01 69${hex(Buffer.from('ex.test/a'))} 19018b01`.replace(/ /g, ''),
    );
    const root = Buffer.alloc(32, 2);
    expect(hex(sigStructure(prot, root))).toBe(
      `84 6a${hex(Buffer.from('Signature1'))} 58${prot.length.toString(16)}${hex(prot)} 40 5820${hex(root)}`.replace(
        / /g,
        '',
      ),
    );
  });

  it('a receipt is tag 18 [protected, {396: {-1: [bstr .cbor [size, index, path]]}}, nil, signature]', () => {
    const prot = receiptProtected(Buffer.alloc(32, 1), 'o');
    const path = [Buffer.alloc(32, 3)];
    const sig = Buffer.alloc(64, 4);
    const proof = `83 03 02 81 5820${hex(path[0]!)}`.replace(/ /g, '');
    const r = encodeReceipt(prot, 3, 2, path, sig);
    expect(hex(r)).toBe(
      `d284 58${prot.length.toString(16)}${hex(prot)} a1 19018c a1 20 81 58${(proof.length / 2).toString(16)}${proof} f6 5840${hex(sig)}`.replace(
        / /g,
        '',
      ),
    );
  });
});

/** A log of `n` leaves, a checkpoint note of it signed by `k`, and a receipt of leaf `i` signed by `k`. */
function fixture(n: number, i: number, origin = 'ex.test/log') {
  const k = keyPair();
  const leaves = Array.from({ length: n }, (_, j) => Buffer.from(`leaf ${j}`));
  const hashes = leaves.map((l) => leafHash(p.sha256, l));
  const node = (level: number, index: number): Uint8Array =>
    rootFromLeafHashes(p.sha256, hashes.slice(index * 2 ** level, (index + 1) * 2 ** level));
  const root = rootFromLeafHashes(p.sha256, hashes);
  const path = inclusionPath(p.sha256, node, i, n);
  const body = checkpointBody(origin, n, root);
  const note = formatNote(body, origin, noteKeyId(p.sha256, origin, k.raw), k.sign(Buffer.from(body)));
  const prot = receiptProtected(coseThumbprint(p.sha256, k.raw), origin);
  const receipt = encodeReceipt(prot, n, i, path, k.sign(sigStructure(prot, root)));
  return { k, leaves, root, path, note, receipt, origin, vkey: verifierKey(p.sha256, origin, k.raw) };
}

function flips(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let b = 0; b < bytes.length * 8; b++) {
    const c = Uint8Array.from(bytes);
    c[b >> 3]! ^= 0x80 >> (b & 7);
    out.push(c);
  }
  return out;
}

describe('verifyCoseReceipt', () => {
  it('accepts a genuine receipt, and node:crypto verifies its signature over the Sig_structure', () => {
    const f = fixture(7, 3);
    const v = verifyCoseReceipt(p, f.receipt, f.leaves[3]!, { keys: [f.k.raw], issuer: f.origin, checkpoint: f.note });
    expect(v.valid).toBe(true);
    expect(v.checks.map((c) => c.name)).toEqual([
      'receipt_structure',
      'receipt_protected',
      'receipt_issuer',
      'receipt_key',
      'receipt_proof',
      'receipt_inclusion',
      'receipt_signature',
      'receipt_checkpoint',
    ]);
    expect(v.receipt).toEqual({
      issuer: f.origin,
      kid: hex(coseThumbprint(p.sha256, f.k.raw)),
      tree_size: 7,
      leaf_index: 3,
      root: hex(f.root),
    });
    const [prot, , , sig] = (decodeCbor(f.receipt) as Tag).contents as [Uint8Array, unknown, null, Uint8Array];
    const pub = {
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), f.k.raw]),
      format: 'der' as const,
      type: 'spki' as const,
    };
    expect(verify(null, sigStructure(prot, f.root), pub, sig)).toBe(true);
  });

  it('refuses another entry, an untrusted key, another issuer', () => {
    const f = fixture(5, 4);
    const bad = (v: ReturnType<typeof verifyCoseReceipt>) => v.checks.filter((c) => !c.ok).map((c) => c.name);
    expect(bad(verifyCoseReceipt(p, f.receipt, f.leaves[3]!, { keys: [f.k.raw] }))).toEqual(['receipt_signature']);
    expect(bad(verifyCoseReceipt(p, f.receipt, f.leaves[4]!, { keys: [keyPair().raw] }))).toEqual([
      'receipt_key',
      'receipt_signature',
    ]);
    expect(bad(verifyCoseReceipt(p, f.receipt, f.leaves[4]!, { keys: [f.k.raw], issuer: 'other' }))).toEqual([
      'receipt_issuer',
    ]);
  });

  it('refuses every one-bit change of a receipt when checked with its checkpoint', () => {
    for (const [n, i] of [
      [1, 0],
      [6, 2],
      [13, 12],
    ] as const) {
      const f = fixture(n, i);
      const accepted = flips(f.receipt).filter(
        (r) => verifyCoseReceipt(p, r, f.leaves[i]!, { keys: [f.k.raw], checkpoint: f.note }).valid,
      );
      expect(accepted.length).toBe(0);
    }
  });

  it('names the one thing a receipt alone does not bind: its tree size (the signature covers the root only)', () => {
    // Leaf 0 of 5 has the same audit path in a tree of 7: flipping one bit of the size (5 -> 7) still verifies
    // without the checkpoint; with it, receipt_checkpoint refuses it.
    const f = fixture(5, 0);
    const changed = flips(f.receipt).filter((r) => verifyCoseReceipt(p, r, f.leaves[0]!, { keys: [f.k.raw] }).valid);
    expect(changed.map((r) => verifyCoseReceipt(p, r, f.leaves[0]!, { keys: [f.k.raw] }).receipt?.tree_size)).toEqual([
      7,
    ]);
    const withCp = verifyCoseReceipt(p, changed[0]!, f.leaves[0]!, { keys: [f.k.raw], checkpoint: f.note });
    expect(withCp.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['receipt_checkpoint']);
  });

  it('answers any input with a verdict, never an exception', () => {
    const f = fixture(3, 1);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.uint8Array({ maxLength: 40 }), (bytes, entry) => {
        const v = verifyCoseReceipt(p, bytes, entry, { keys: [f.k.raw], checkpoint: 'x' });
        return v.valid === false && v.checks.length > 0;
      }),
      { numRuns: 2000 },
    );
    for (const junk of [null, undefined, 'text', 42, {}] as unknown[])
      expect(verifyCoseReceipt(p, junk as Uint8Array, junk as Uint8Array, { keys: [] }).valid).toBe(false);
  });

  it('reads the keys of a COSE Key Set, refusing a kid that is not the thumbprint', () => {
    const a = keyPair().raw;
    const b = keyPair().raw;
    const set = encodeCbor([coseKey(a, coseThumbprint(p.sha256, a)), coseKey(b, coseThumbprint(p.sha256, b))]);
    expect(keysOfCoseKeySet(p, set)?.map(hex)).toEqual([hex(a), hex(b)]);
    expect(keysOfCoseKeySet(p, encodeCbor([coseKey(a, coseThumbprint(p.sha256, b))]))).toBeNull();
    expect(keysOfCoseKeySet(p, new Uint8Array([0xff]))).toBeNull();
  });
});

describe('C2SP tlog-proof', () => {
  it('writes the header, index, one base64 hash per line, an empty line, then the note verbatim', () => {
    const f = fixture(6, 2);
    const text = formatTlogProof(2, f.path, f.note);
    const b64 = f.path.map((h) => Buffer.from(h).toString('base64'));
    expect(text).toBe(`c2sp.org/tlog-proof@v1\nindex 2\n${b64.join('\n')}\n\n${f.note}`);
    expect(parseTlogProof(text)).toEqual({
      index: 2,
      path: f.path.map((h) => Uint8Array.from(h)),
      checkpoint: f.note,
      extra: null,
    });
    expect(formatTlogProof(0, [], f.note)).toBe(`c2sp.org/tlog-proof@v1\nindex 0\n\n${f.note}`);
  });

  it('reads extra data, refuses leading zeroes, a bad hash line and a missing empty line', () => {
    const f = fixture(2, 1);
    const h = Buffer.from(f.path[0]!).toString('base64');
    expect(parseTlogProof(`c2sp.org/tlog-proof@v1\nextra AQI=\nindex 1\n${h}\n\n${f.note}`)?.extra).toEqual(
      Uint8Array.from([1, 2]),
    );
    for (const bad of [
      `c2sp.org/tlog-proof@v1\nindex 01\n${h}\n\n${f.note}`,
      `c2sp.org/tlog-proof@v1\nindex 1\nAAAA\n\n${f.note}`,
      `c2sp.org/tlog-proof@v1\nindex 1\n${h}`,
      `c2sp.org/tlog-proof@v2\nindex 1\n${h}\n\n${f.note}`,
    ])
      expect(parseTlogProof(bad)).toBeNull();
  });

  it('verifies against the log key and, under a policy, the witnesses quorum', () => {
    const f = fixture(9, 5);
    const text = formatTlogProof(5, f.path, f.note);
    const ok = verifyTlogProof(p, text, f.leaves[5]!, { logKeys: [f.vkey] });
    expect(ok.valid).toBe(true);
    expect(ok.checks.map((c) => c.name)).toEqual([
      'tlog_proof_format',
      'tlog_proof_checkpoint',
      'tlog_proof_log_key',
      'tlog_proof_inclusion',
    ]);
    expect(verifyTlogProof(p, text, f.leaves[4]!, { logKeys: [f.vkey] }).valid).toBe(false);
    expect(verifyTlogProof(p, text, f.leaves[5]!, {}).checks.find((c) => !c.ok)?.name).toBe('tlog_proof_log_key');

    const w = keyPair();
    const wVkey = cosignerVerifierKey(p.sha256, 'w.test', w.raw);
    const body = f.note.slice(0, f.note.indexOf('\n\n') + 1);
    const now = 1_800_000_000;
    const line = (t: number) =>
      cosignatureLine({
        name: 'w.test',
        keyId: cosignerKeyId(p.sha256, 'w.test', w.raw),
        time: t,
        signature: w.sign(cosignedMessage(body, t)),
      });
    const policy = parsePolicy(p.sha256, `log ${f.vkey}\nwitness W ${wVkey}\nquorum W\n`);
    if (!policy.ok) throw new Error(policy.error);
    const cosigned = (t: number) => formatTlogProof(5, f.path, f.note + line(t));
    const inTime = verifyTlogProof(p, cosigned(now - 5), f.leaves[5]!, { policy: policy.policy, now });
    expect(inTime.valid).toBe(true);
    expect(inTime.witnessed_by).toEqual(['w.test']);
    // Too far ahead of the checking clock: a valid line that does not count.
    const ahead = verifyTlogProof(p, cosigned(now + 3600), f.leaves[5]!, { policy: policy.policy, now });
    expect(ahead.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['tlog_proof_quorum']);
    expect(
      verifyTlogProof(p, formatTlogProof(5, f.path, f.note), f.leaves[5]!, { policy: policy.policy, now }).valid,
    ).toBe(false);
  });

  it('refuses every one-bit change of the proof lines before the note, and answers any input with a verdict', () => {
    const f = fixture(6, 5);
    const text = formatTlogProof(5, f.path, f.note);
    const bytes = Buffer.from(text);
    const proofLines = bytes.length - Buffer.byteLength(f.note);
    const accepted = flips(bytes)
      .slice(0, proofLines * 8)
      .filter((b) => verifyTlogProof(p, new TextDecoder().decode(b), f.leaves[5]!, { logKeys: [f.vkey] }).valid);
    expect(accepted.length).toBe(0);
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        (s) => verifyTlogProof(p, s, f.leaves[5]!, { logKeys: [f.vkey] }).valid === false,
      ),
      { numRuns: 1000 },
    );
  });
});
