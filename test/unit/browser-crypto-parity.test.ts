// The browser bundle's crypto (@noble/ed25519, @noble/hashes, shared canonical JSON) gives byte-identical results to node:crypto.
import { describe, expect, it } from 'bun:test';
import { randomBytes, createHash, verify as nodeVerify } from 'node:crypto';
import * as ed from '@noble/ed25519';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { browserSha256, browserVerify } from '../../src/verify/browser-primitives';
import { fromHex } from '../../src/verify/primitives';
import { compositeHash, keyIdOf as keyIdWith, sha256Hex as sha256HexWith } from '../../src/verify/records';
import { nodeSha256 } from '../../src/verify/node-primitives';
import { canonicalBytes } from '../../src/crypto/canonical';
import {
  generateSigningKey,
  privateKeyObject,
  publicKeyObject,
  signBytes,
  verifyBytes,
} from '../../src/crypto/ed25519';
import { sha256Hex } from '../../src/crypto/hash';
import { compositeHashOf } from '../../src/verify/recompute';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
/** What the pages run: the rules' primitives on @noble, fed hex as proofs carry it. */
const browser = {
  verifyEd25519: (pk: string, msg: string, sig: string) => {
    const [k, m, s] = [fromHex(pk), fromHex(msg), fromHex(sig)];
    return !!k && !!m && !!s && browserVerify(k, m, s);
  },
  sha256Hex: (d: string | Uint8Array) => sha256HexWith(browserSha256, d),
  keyIdOf: (pk: string) => keyIdWith(browserSha256, fromHex(pk)!),
  compositeHash: (hashes: string[]) => compositeHash(browserSha256, hashes),
};
const L = 2n ** 252n + 27742317777372353535851937790883648493n;
// @noble signs with a synchronous SHA-512 it is given (the verifiers never sign).
ed.hashes.sha512 = sha512;

const messages: Uint8Array[] = [
  new Uint8Array(0),
  new TextEncoder().encode('abc'),
  canonicalBytes({
    v: 1,
    event_id: '01a203be-9bd6-75e7-9717-52a0ef6b110f',
    payload_hash: 'ab'.repeat(32),
    note: 'é 日本 🚀',
  }),
  randomBytes(10_000),
];

describe('Ed25519: @noble/ed25519 (browser) and node:crypto (server)', () => {
  it('derive the same public key from the same seed', () => {
    for (let i = 0; i < 40; i++) {
      const k = generateSigningKey();
      expect(hex(ed.getPublicKey(k.seed))).toBe(hex(k.publicKey));
    }
  });

  it('produce the same signature bytes for the same message and verify each other', () => {
    for (let i = 0; i < 10; i++) {
      const k = generateSigningKey();
      for (const m of messages) {
        const fromNode = signBytes(privateKeyObject(k.seed), m);
        const fromNoble = ed.sign(m, k.seed);
        expect(hex(fromNoble)).toBe(fromNode.toString('hex'));
        expect(nodeVerify(null, m, publicKeyObject(k.publicKey), fromNoble)).toBe(true);
        expect(browser.verifyEd25519(hex(k.publicKey), hex(m), fromNode.toString('hex'))).toBe(true);
      }
    }
  });

  it('matches RFC 8032 test vector 1 on both sides', () => {
    const seed = Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex');
    const pub = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';
    const sig =
      'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b';
    expect(hex(ed.getPublicKey(seed))).toBe(pub);
    expect(hex(ed.sign(new Uint8Array(0), seed))).toBe(sig);
    expect(signBytes(privateKeyObject(seed), new Uint8Array(0)).toString('hex')).toBe(sig);
  });

  it('reject the same tampered and malleated signatures', () => {
    const k = generateSigningKey();
    const m = messages[2];
    const sig = signBytes(privateKeyObject(k.seed), m);
    const cases: [string, Uint8Array, Uint8Array][] = [];
    for (const bit of [0, 7, 255, 300, 511]) {
      const s = Buffer.from(sig);
      s[bit >> 3] ^= 1 << (bit & 7);
      cases.push([`signature bit ${bit}`, m, s]);
    }
    const m2 = Buffer.from(m);
    m2[5] ^= 1;
    cases.push(['message byte', m2, sig]);
    // S + L: the same point equation holds, but RFC 8032 requires S < L; both sides must refuse it.
    let s = 0n;
    for (let i = 63; i >= 32; i--) s = (s << 8n) | BigInt(sig[i]);
    s += L;
    const mall = Buffer.from(sig);
    for (let i = 32; i < 64; i++) {
      mall[i] = Number(s & 0xffn);
      s >>= 8n;
    }
    cases.push(['S + L', m, mall]);
    for (const [, msg, bad] of cases) {
      expect(verifyBytes(k.publicKey, msg, bad)).toBe(false);
      expect(browser.verifyEd25519(hex(k.publicKey), hex(msg), hex(bad))).toBe(false);
    }
    // A wrong key and malformed hex never verify and never throw.
    expect(browser.verifyEd25519(hex(generateSigningKey().publicKey), hex(m), sig.toString('hex'))).toBe(false);
    expect(browser.verifyEd25519('zz'.repeat(32), hex(m), sig.toString('hex'))).toBe(false);
    expect(browser.verifyEd25519(hex(k.publicKey), 'abc', sig.toString('hex'))).toBe(false);
  });
});

describe('SHA-256, key_id, composite hash', () => {
  it('@noble/hashes sha256 equals node:crypto for every length around block edges', () => {
    for (const n of [0, 1, 55, 56, 63, 64, 65, 127, 128, 1000, 100_000]) {
      const data = randomBytes(n);
      expect(bytesToHex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'));
      expect(browser.sha256Hex(data)).toBe(sha256Hex(data));
    }
    expect(browser.sha256Hex('é 日本 🚀')).toBe(sha256Hex('é 日本 🚀'));
  });
  it('key_id computed in the browser equals the server one', () => {
    for (let i = 0; i < 10; i++) {
      const k = generateSigningKey();
      expect(browser.keyIdOf(hex(k.publicKey))).toBe(keyIdWith(nodeSha256, k.publicKey));
    }
  });
  it('composite hash over raw digests equals the server computation', () => {
    const hashes = Array.from({ length: 7 }, () => randomBytes(32).toString('hex'));
    expect(browser.compositeHash(hashes)).toBe(compositeHashOf(hashes));
    // Raw digests, not hex text: the two differ.
    expect(browser.compositeHash(hashes)).not.toBe(sha256Hex(hashes.join('')));
  });
});

describe('canonical JSON in the browser bundle', () => {
  it('is what the bundle built from src/web/client ships', async () => {
    const out = await Bun.build({
      entrypoints: [`${import.meta.dir}/../../src/web/client/checks.ts`],
      target: 'browser',
      format: 'esm',
    });
    const text = await out.outputs[0].text();
    // The shipped code carries the code point comparison of src/crypto/canonical.ts (surrogate shift 0x2000/0x800).
    expect(text).toContain('compareCodePoints');
    expect(text).toMatch(/8192|0x2000/);
  });
});

describe('the page bundles are built from the one verification module', () => {
  for (const entry of ['src/web/client/main.ts', 'src/web/portal/client/main.ts']) {
    it(`${entry} bundles src/verify for the browser, without node:crypto`, async () => {
      const out = await Bun.build({
        entrypoints: [`${import.meta.dir}/../../${entry}`],
        target: 'browser',
        format: 'esm',
        minify: true,
      });
      expect(out.success).toBe(true);
      const text = await out.outputs[0]!.text();
      // String literals of src/verify/log-block.ts and note.ts survive minification.
      expect(text).toContain('the checkpoint is not a signed note');
      expect(text).toContain('the log block is not {leaf_index < tree_size');
      // ... and the rules of the proof documents themselves (src/verify/trace-bundle.ts, audit-event.ts).
      expect(text).toContain("signed payload_hash does not match this bundle's trace id");
      expect(text).toContain('Ed25519 signature does not verify over the rebuilt signed bytes');
      expect(text).not.toContain('node:crypto');
      expect(text).not.toContain('createHash');
    });
  }
});
