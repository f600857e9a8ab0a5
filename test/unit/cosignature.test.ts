// C2SP tlog-cosignature v1 (Ed25519, type 0x04): key ids and vkeys, the signed message and the signature line, checked
// against the spec's example, transparency-dev's vectors, a pinned RFC 8032 key vector and a node:crypto reimplementation.
import { describe, expect, it } from 'bun:test';
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import {
  checkCosignatures,
  cosignedMessage,
  cosignerKeyId,
  cosignerVerifierKey,
  createCosignature,
  parseCosignerKey,
  readCosignature,
} from '../../src/verify/cosignature';
import { nodePrimitives } from '../../src/verify/node-primitives';
import { checkpointBody, parseNote, verifierKey } from '../../src/verify/note';
import { toHex } from '../../src/verify/primitives';

const sha = nodePrimitives.sha256;
const DASH = '\u2014';

// ---------- an independent implementation, from the spec text, on node:crypto ----------
const keyHash = (name: string, raw: Buffer) =>
  createHash('sha256')
    .update(Buffer.concat([Buffer.from(`${name}\n`), Buffer.from([0x04]), raw]))
    .digest()
    .subarray(0, 4);
const rawPublic = (k: KeyObject) => Buffer.from(k.export({ format: 'der', type: 'spki' }).subarray(12));
const publicFromRaw = (raw: Buffer) =>
  createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]),
    format: 'der',
    type: 'spki',
  });
function cosignIndependently(body: string, name: string, priv: KeyObject, time: number): string {
  const sig = sign(null, Buffer.from(`cosignature/v1\ntime ${time}\n${body}`), priv);
  const t = Buffer.alloc(8);
  t.writeBigUInt64BE(BigInt(time));
  return `${DASH} ${name} ${Buffer.concat([keyHash(name, rawPublic(createPublicKey(priv))), t, sig]).toString('base64')}\n`;
}
function verifyIndependently(body: string, line: string, name: string, raw: Buffer): { time: number; ok: boolean } {
  const m = new RegExp(`^${DASH} (\\S+) ([A-Za-z0-9+/=]+)\\n$`).exec(line);
  const blob = Buffer.from(m![2]!, 'base64');
  expect(m![1]).toBe(name);
  expect(blob.subarray(0, 4).equals(keyHash(name, raw))).toBe(true);
  const time = Number(blob.readBigUInt64BE(4));
  return {
    time,
    ok: verify(null, Buffer.from(`cosignature/v1\ntime ${time}\n${body}`), publicFromRaw(raw), blob.subarray(12)),
  };
}

// RFC 8032 §7.1 TEST 1 key: the vector below is reproducible by anyone.
const SEED = Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex');
const PUB = Buffer.from('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a', 'hex');
const PRIV = createPrivateKey({
  key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), SEED]),
  format: 'der',
  type: 'pkcs8',
});
const signWith = (k: KeyObject) => (m: Uint8Array) => new Uint8Array(sign(null, m, k));
const NAME = 'witness.example/w1';
// The checkpoint of the tlog-cosignature spec's example.
const BODY = 'example.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n';
const SPEC_LOG_LINE = `${DASH} example.com/behind-the-sofa Az3grlgtzPICa5OS8npVmf1Myq/5IZniMp+ZJurmRDeOoRDe4URYN7u5/Zhcyv2q1gGzGku9nTo+zyWE+xeMcTOAYQ8=`;
const SPEC_WITNESS_LINE = `${DASH} witness.example.com/w1 jWbPPwAAAABkGFDLEZMHwSRaJNiIDoe9DYn/zXcrtPHeolMI5OWXEhZCB9dlrDJsX3b2oyin1nPZqhf5nNo0xUe+mbIUBkBIfZ+qnA==`;

describe('cosigner keys', () => {
  it('derives the key id as SHA-256(name || 0x0A || 0x04 || key)[:4] and the vkey as name+id+base64(0x04 || key)', () => {
    expect(toHex(cosignerKeyId(sha, NAME, PUB))).toBe('eb762cc2');
    expect(toHex(cosignerKeyId(sha, NAME, PUB))).toBe(keyHash(NAME, PUB).toString('hex'));
    expect(cosignerVerifierKey(sha, NAME, PUB)).toBe(
      'witness.example/w1+eb762cc2+BNdamAGCsQq31Uv+08lkBzoO4XLz2qYjJa8CGmj3B1Ea',
    );
    // The same key as a plain signed-note key (type 0x01) has another id: the type byte separates the two uses.
    expect(verifierKey(sha, NAME, PUB)).not.toContain('eb762cc2');
  });

  it('reads a real witness vkey (transparency-dev/formats test vector) and refuses others', () => {
    const k = parseCosignerKey(sha, 'remora.n621.de+da77ade7+BOvN63jn/bLvkieywe8R6UYAtVtNbZpXh34x7onlmtw2');
    expect(k?.name).toBe('remora.n621.de');
    expect(toHex(cosignerKeyId(sha, k!.name, k!.publicKey))).toBe('da77ade7');
    // A type 0x01 (plain Ed25519) vkey, a wrong key id, a truncated vkey and bad base64 are not cosigner keys.
    expect(parseCosignerKey(sha, 'TEST+7997405c+AQcC+FTVKf0jlTdHDY3rbevmnKxxPjigCXlVtGe6RIr6')).toBeNull();
    expect(parseCosignerKey(sha, 'remora.n621.de+00000000+BOvN63jn/bLvkieywe8R6UYAtVtNbZpXh34x7onlmtw2')).toBeNull();
    expect(parseCosignerKey(sha, 'bananas.sigstore.dev+12344556')).toBeNull();
    expect(parseCosignerKey(sha, 'rekor.sigstore.dev+12345678+THIS_IS_NOT_BASE64!')).toBeNull();
    expect(parseCosignerKey(sha, cosignerVerifierKey(sha, NAME, PUB))).toEqual({
      name: NAME,
      publicKey: new Uint8Array(PUB),
    });
  });
});

describe('cosignature lines', () => {
  it('reads the timestamp and key id of the spec example and of the transparency-dev vector', () => {
    const note = parseNote(`${BODY}\n${SPEC_LOG_LINE}\n${SPEC_WITNESS_LINE}\n`)!;
    const w = note.signatures[1]!;
    const c = readCosignature(w.name, w.keyId, w.signature);
    expect(c?.time).toBe(1679315147n); // the spec's `time 1679315147`
    expect(toHex(c!.keyId)).toBe('8d66cf3f');
    // The log's own signature is a plain 68-byte Ed25519 note signature, not a cosignature.
    const l = note.signatures[0]!;
    expect(readCosignature(l.name, l.keyId, l.signature)).toBeNull();
    const raw = Buffer.from(
      'ZGhGuQAAAABm/qTPeyKXD+R2rzyQsxPiP8mXum7qq/iF0u4vanlqJyocWODBt97w9uL+8qT7S5gxEHWWOworDcFiEBYJXORmnFBOBA==',
      'base64',
    );
    expect(readCosignature('x', raw.subarray(0, 4), raw.subarray(4))?.time).toBe(1727964367n);
  });

  it('signs `cosignature/v1\\ntime <t>\\n` + body: the pinned RFC 8032-key vector, equal to an independent signer', () => {
    expect(new TextDecoder().decode(cosignedMessage(BODY, 1679315147))).toBe(
      `cosignature/v1\ntime 1679315147\n${BODY}`,
    );
    const line = createCosignature(sha, signWith(PRIV), { name: NAME, publicKey: PUB }, BODY, 1679315147);
    expect(line).toBe(
      `${DASH} witness.example/w1 63YswgAAAABkGFDL+TPmh4BYuAjsYRoqMJCWb/gWJaeRF/kmm5tlCr9sJ57DLErur7K0yDXc2ArN+TIuotuB/HbuL3AJsp3bv/aNCQ==\n`,
    );
    expect(line).toBe(cosignIndependently(BODY, NAME, PRIV, 1679315147));
    expect(verifyIndependently(BODY, line, NAME, PUB)).toEqual({ time: 1679315147, ok: true });
  });

  it("refuses times the format cannot carry, and reads every time it can (the bound is the verifier's)", () => {
    expect(() => cosignedMessage(BODY, -1)).toThrow();
    expect(() => cosignedMessage(BODY, 1.5)).toThrow();
    expect(() => cosignedMessage(BODY, 2n ** 64n)).toThrow();
    expect(new TextDecoder().decode(cosignedMessage(BODY, 2n ** 64n - 1n))).toStartWith(
      'cosignature/v1\ntime 18446744073709551615\n',
    );
    const huge = Buffer.alloc(72);
    huge.writeBigUInt64BE(2n ** 64n - 1n);
    expect(readCosignature(NAME, new Uint8Array(4), huge)?.time).toBe(2n ** 64n - 1n);
  });
});

describe('checkCosignatures', () => {
  const other = generateKeyPairSync('ed25519').privateKey;
  const otherPub = rawPublic(createPublicKey(other));
  const logSig = `${DASH} example.com/behind-the-sofa ${Buffer.alloc(68, 7).toString('base64')}\n`;
  const note = (lines: string) => `${BODY}\n${logSig}${lines}`;

  it('verifies an independently made cosignature of a known witness and reports its time', () => {
    const r = checkCosignatures(nodePrimitives, note(cosignIndependently(BODY, NAME, PRIV, 1700000000)), [
      { name: NAME, publicKey: PUB },
    ]);
    expect(r?.body).toBe(BODY);
    expect(r?.checks).toEqual([{ cosigner: 0, name: NAME, keyId: 'eb762cc2', time: 1700000000n, ok: true }]);
  });

  it('reports a known witness line that does not verify (tampered body, tampered time)', () => {
    const line = cosignIndependently(BODY, NAME, PRIV, 1700000000);
    const tampered = note(line).replace('20852163', '20852164');
    expect(
      checkCosignatures(nodePrimitives, tampered, [{ name: NAME, publicKey: PUB }])?.checks.map((c) => c.ok),
    ).toEqual([false]);
    const blob = Buffer.from(line.slice(NAME.length + 3, -1), 'base64');
    blob[11] = blob[11]! ^ 1;
    const retimed = note(`${DASH} ${NAME} ${blob.toString('base64')}\n`);
    expect(checkCosignatures(nodePrimitives, retimed, [{ name: NAME, publicKey: PUB }])?.checks).toEqual([
      { cosigner: 0, name: NAME, keyId: 'eb762cc2', time: 1700000001n, ok: false },
    ]);
  });

  it('ignores lines of unknown keys: another key under the same name, another name, the extension lines are signed', () => {
    const impostor = cosignIndependently(BODY, NAME, other, 1700000000);
    const renamed = cosignIndependently(BODY, 'witness.example/w2', PRIV, 1700000000);
    expect(
      checkCosignatures(nodePrimitives, note(impostor + renamed), [{ name: NAME, publicKey: PUB }])?.checks,
    ).toEqual([]);
    const both = checkCosignatures(nodePrimitives, note(impostor + cosignIndependently(BODY, NAME, PRIV, 5)), [
      { name: NAME, publicKey: otherPub },
      { name: NAME, publicKey: PUB },
    ]);
    expect(both?.checks.map((c) => [c.cosigner, c.ok, c.time])).toEqual([
      [0, true, 1700000000n],
      [1, true, 5n],
    ]);
    const extended = `${BODY}extension line\n`;
    const ext = `${extended}\n${cosignIndependently(BODY, NAME, PRIV, 9)}`;
    expect(checkCosignatures(nodePrimitives, ext, [{ name: NAME, publicKey: PUB }])?.checks.map((c) => c.ok)).toEqual([
      false,
    ]);
    expect(
      checkCosignatures(nodePrimitives, `${extended}\n${cosignIndependently(extended, NAME, PRIV, 9)}`, [
        { name: NAME, publicKey: PUB },
      ])?.checks.map((c) => c.ok),
    ).toEqual([true]);
  });

  it('answers null for text that is not a signed note', () => {
    expect(checkCosignatures(nodePrimitives, BODY, [{ name: NAME, publicKey: PUB }])).toBeNull();
  });

  it('uses the same key id and layout as checkpointBody-made checkpoints', () => {
    const body = checkpointBody('proof.example/head', 3, new Uint8Array(32).fill(1));
    const line = createCosignature(sha, signWith(PRIV), { name: NAME, publicKey: PUB }, body, 42);
    expect(verifyIndependently(body, line, NAME, PUB)).toEqual({ time: 42, ok: true });
  });
});
