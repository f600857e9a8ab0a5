// SCITT Signed Statements as the appliance reads them (src/verify/signed-statement.ts) against bytes written out by hand
// from RFC 9052, RFC 9597 and the COSE Hash Envelope draft: the fields read, the registered form and the Transparent
// Statement byte for byte, each refusal with its code, any input answered (never an exception); and issuer keys
// (src/crypto/issuer-keys.ts): Ed25519 and P-256 accepted with their RFC 9679 thumbprints, ES256 r || s signatures
// checked, other curves and small-order Ed25519 keys refused.
import { describe, expect, it } from 'bun:test';
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import fc from 'fast-check';
import { issuerSignatureOk, issuerSignatureVerified, readIssuerKey } from '../../src/crypto/issuer-keys';
import {
  readSignedStatement,
  registeredForm,
  statementToBeSigned,
  transparentStatement,
} from '../../src/verify/signed-statement';

type IssuerAlgLabel = -8 | -7;
const hx = (s: string) => new Uint8Array(Buffer.from(s.replace(/\s+/g, ''), 'hex'));
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

// Protected header {1: -8, 15: {1: "i", 2: "s"}}: a2 01 27 0f a2 01 61 69 02 61 73 (11 bytes).
const PROTECTED = 'a201270fa2016169026173';
const SIG = '11'.repeat(64);
/** 18([h'<protected>', {unprotected}, h'6869' ("hi"), h'<64 bytes>']), with the unprotected map's bytes as given. */
const statementHex = (unprotected: string, protectedHex = PROTECTED, payload = '426869', sig = SIG) =>
  `d2 84 4b ${protectedHex} ${unprotected} ${payload} 5840 ${sig}`;

describe('reading a Signed Statement', () => {
  it('reads alg, iss, sub and the payload of an attached statement', () => {
    const r = readSignedStatement(hx(statementHex('a0')));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.statement).toMatchObject({ alg: -8, iss: 'i', sub: 's', payloadHashAlg: null });
    expect(hex(r.statement.payload)).toBe('6869');
    expect(hex(r.statement.protectedBytes)).toBe(PROTECTED);
    // RFC 9052 §4.4: ["Signature1", h'<protected>', h'', h'6869'].
    expect(hex(statementToBeSigned(r.statement))).toBe(
      `84 6a 5369676e617475726531 4b ${PROTECTED} 40 42 6869`.replace(/ /g, ''),
    );
  });

  it('writes the registered form with an empty unprotected header and the Transparent Statement with 394', () => {
    // The unprotected header sent ({4: h'01'}) is dropped.
    const r = readSignedStatement(hx(statementHex('a1 04 41 01')));
    if (!r.ok) throw new Error(r.detail);
    expect(hex(registeredForm(r.statement))).toBe(statementHex('a0').replace(/ /g, ''));
    // {394 (19 018a): [h'aa', h'bbcc']}
    expect(hex(transparentStatement(r.statement, [hx('aa'), hx('bbcc')]))).toBe(
      statementHex('a1 19018a 82 41aa 42bbcc').replace(/ /g, ''),
    );
  });

  it('reads a hash envelope: 258 -16 with a 32-byte payload, 259 and 260', () => {
    // {1: -7, 15: {1: "i", 2: "s"}, 258: -16, 259: "t/x", 260: "u"}
    const prot = 'a5 01 26 0f a2 01 61 69 02 61 73 19 0102 2f 19 0103 63 742f78 19 0104 61 75'.replace(/ /g, '');
    const bytes = hx(`d2 84 58 ${(prot.length / 2).toString(16)} ${prot} a0 5820 ${'ab'.repeat(32)} 5840 ${SIG}`);
    const r = readSignedStatement(bytes);
    expect(r.ok && r.statement).toMatchObject({ alg: -7, payloadHashAlg: -16 });
  });

  it('refuses each malformed statement with its code and reason', () => {
    const cases: Array<[string, string, string, string]> = [
      ['not CBOR', 'ff', 'invalid_statement', 'not one well-formed CBOR'],
      ['untagged', statementHex('a0').replace(/^d2/, ''), 'invalid_statement', 'tag 18'],
      ['tag 17', statementHex('a0').replace(/^d2/, 'd1'), 'invalid_statement', 'tag 18'],
      ['bytes after the item', `${statementHex('a0')} 00`, 'invalid_statement', 'not one well-formed CBOR'],
      ['detached payload', statementHex('a0', PROTECTED, 'f6'), 'invalid_statement', 'detached'],
      ['unprotected not a map', statementHex('80'), 'invalid_statement', 'unprotected header is not a map'],
      ['short signature', `d2 84 4b ${PROTECTED} a0 426869 5820 ${'11'.repeat(32)}`, 'invalid_statement', '32 bytes'],
      // {1: -35, 15: {...}}: 12 bytes.
      ['ES384', `d2 84 4c a2013822 0fa2016169026173 a0 426869 5840 ${SIG}`, 'unsupported_algorithm', '-35'],
      // {15: {...}}: no alg.
      ['no alg', `d2 84 49 a1 0fa2016169026173 a0 426869 5840 ${SIG}`, 'invalid_statement', 'no alg'],
      // {1: -8, 15: {1: "i"}}: no sub.
      ['no sub', `d2 84 48 a201270fa10161 69 a0 426869 5840 ${SIG}`, 'missing_claims', 'sub (2)'],
      // {1: -8, 1: -8, ...}: a label twice.
      ['repeated label', `d2 84 4d a3 0127 0127 0fa2016169026173 a0 426869 5840 ${SIG}`, 'invalid_statement', 'map'],
      // {1: -8, 3: "a", 15: {...}, 258: -16} over a 32-byte hash: an envelope with a content type.
      [
        'envelope with 3',
        `d2 84 52 a4 0127 03 6161 0fa2016169026173 190102 2f a0 5820 ${'ab'.repeat(32)} 5840 ${SIG}`,
        'invalid_statement',
        'content type (3)',
      ],
      // {1: -8, 15: {...}, 258: -16} over 2 bytes.
      [
        'envelope hash of 2 bytes',
        `d2 84 4f a3 0127 0fa2016169026173 190102 2f a0 426869 5840 ${SIG}`,
        'invalid_statement',
        'not 2 bytes',
      ],
      // {1: -8, 15: {...}, 260: "u"}: a location without 258.
      ['260 alone', `d2 84 50 a3 0127 0fa2016169026173 190104 6175 a0 426869 5840 ${SIG}`, 'invalid_statement', '258'],
      // {1: -8, 2: [99], 15: {...}}: critical label it does not process.
      ['crit 99', `d2 84 4f a3 0127 02 81 1863 0fa2016169026173 a0 426869 5840 ${SIG}`, 'invalid_statement', 'crit'],
    ];
    for (const [name, h, code, why] of cases) {
      const r = readSignedStatement(hx(h));
      expect([name, r.ok ? 'accepted' : r.code]).toEqual([name, code]);
      expect([name, r.ok ? '' : r.detail]).toEqual([name, expect.stringContaining(why)]);
    }
  });

  it('answers any input with a reading or a refusal, never an exception', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (b) => {
        const r = readSignedStatement(b);
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('issuer keys', () => {
  it('reads Ed25519 and P-256 keys with their RFC 9679 thumbprints, and checks their COSE signatures', () => {
    const ed = generateKeyPairSync('ed25519');
    const edKey = readIssuerKey(ed.publicKey.export({ format: 'pem', type: 'spki' }) as string);
    const x = Buffer.from(ed.publicKey.export({ format: 'der', type: 'spki' })).subarray(12);
    expect(edKey.alg).toBe(-8);
    expect(edKey.key_id).toBe(
      createHash('sha256')
        .update(Buffer.concat([hx('a301012006215820'), x]))
        .digest('hex'),
    );
    const msg = new TextEncoder().encode('to be signed');
    expect(issuerSignatureOk(-8, edKey.spki, msg, sign(null, msg, ed.privateKey))).toBe(true);
    expect(issuerSignatureOk(-7, edKey.spki, msg, sign(null, msg, ed.privateKey))).toBe(false);

    const p = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pKey = readIssuerKey(p.publicKey.export({ format: 'pem', type: 'spki' }) as string);
    const jwk = p.publicKey.export({ format: 'jwk' });
    // {1: 2, -1: 1, -2: x, -3: y}: a4 01 02 20 01 21 58 20 x 22 58 20 y.
    const thumb = Buffer.concat([
      hx('a40102200121 5820'),
      Buffer.from(jwk.x!, 'base64url'),
      hx('225820'),
      Buffer.from(jwk.y!, 'base64url'),
    ]);
    expect([pKey.alg, pKey.key_id]).toEqual([-7, createHash('sha256').update(thumb).digest('hex')]);
    const raw = sign('sha256', msg, { key: p.privateKey, dsaEncoding: 'ieee-p1363' });
    expect(issuerSignatureOk(-7, pKey.spki, msg, raw)).toBe(true);
    // A DER signature is not what COSE carries.
    expect(issuerSignatureOk(-7, pKey.spki, msg, sign('sha256', msg, p.privateKey))).toBe(false);
    raw[0]! ^= 1;
    expect(issuerSignatureOk(-7, pKey.spki, msg, raw)).toBe(false);
  });

  it('gives the same verdict synchronously (row checks) and through WebCrypto (registration)', async () => {
    const msg = new TextEncoder().encode('Sig_structure');
    for (const [kind, alg] of [
      ['ed25519', -8],
      ['p256', -7],
    ] as const) {
      const k =
        kind === 'ed25519' ? generateKeyPairSync('ed25519') : generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const key = readIssuerKey(k.publicKey.export({ format: 'pem', type: 'spki' }) as string);
      const good = new Uint8Array(
        alg === -8
          ? sign(null, msg, k.privateKey)
          : sign('sha256', msg, { key: k.privateKey, dsaEncoding: 'ieee-p1363' }),
      );
      const bad = Uint8Array.from(good);
      bad[10]! ^= 0x04;
      const cases: Array<[IssuerAlgLabel, Uint8Array, Uint8Array, boolean]> = [
        [alg, msg, good, true],
        [alg, msg, bad, false],
        [alg, new TextEncoder().encode('other'), good, false],
        [alg === -8 ? -7 : -8, msg, good, false],
        [alg, msg, good.subarray(0, 63), false],
      ];
      for (const [a, m, sig, want] of cases) {
        expect([kind, a, want, issuerSignatureOk(a, key.spki, m, sig)]).toEqual([kind, a, want, want]);
        expect([kind, a, want, await issuerSignatureVerified(a, key.spki, m, sig)]).toEqual([kind, a, want, want]);
      }
    }
  });

  it('refuses other curves, RSA, a small-order Ed25519 key and what is not a public key', () => {
    const pem = (k: { publicKey: { export(o: object): string | Buffer } }) =>
      k.publicKey.export({ format: 'pem', type: 'spki' }) as string;
    expect(() => readIssuerKey(pem(generateKeyPairSync('ec', { namedCurve: 'P-384' })))).toThrow('neither');
    expect(() => readIssuerKey(pem(generateKeyPairSync('rsa', { modulusLength: 1024 })))).toThrow('neither');
    // The Ed25519 point of order 4 (0, -1) encoded: y = p - 1, 0xec ff .. ff 7f.
    const small = `-----BEGIN PUBLIC KEY-----\n${Buffer.concat([hx('302a300506032b6570032100'), hx(`ec${'ff'.repeat(30)}7f`)]).toString('base64')}\n-----END PUBLIC KEY-----\n`;
    expect(() => readIssuerKey(small)).toThrow('prime order');
    expect(() => readIssuerKey('hello')).toThrow('PEM');
  });
});
