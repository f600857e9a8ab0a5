// The rules every verifier applies alike (docs/verification.md): the RFC 3339 and GeneralizedTime grammar and bounds,
// the cosignature time bound, and the Ed25519 rule (prime-order keys, S < L, cofactorless) on node:crypto and @noble.
import { describe, expect, it } from 'bun:test';
import { generateKeyPairSync, sign } from 'node:crypto';
import { etc, Point } from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import { browserVerify } from '../../src/verify/browser-primitives';
import { L, littleEndian, primeOrderKey, scalarCanonical } from '../../src/verify/ed25519-rules';
import { nodeVerify } from '../../src/verify/node-primitives';
import {
  compareInstants,
  cosignatureTimeOk,
  formatInstant,
  parseGeneralizedTime,
  parseRfc3339,
} from '../../src/verify/time-rules';

describe('RFC 3339 times', () => {
  it('reads Z, numeric offsets and up to nine fraction digits as the same instants (hand-checked)', () => {
    // 2026-11-25T10:04:11Z is 1795601051 s (docs/verification.md, the head-step example).
    expect(parseRfc3339('2026-11-25T10:04:11Z')).toEqual({ seconds: 1795601051, nanos: 0 });
    expect(parseRfc3339('2026-11-25T12:04:11+02:00')).toEqual({ seconds: 1795601051, nanos: 0 });
    expect(parseRfc3339('2026-11-25T05:34:11-04:30')).toEqual({ seconds: 1795601051, nanos: 0 });
    expect(parseRfc3339('2026-11-25T10:04:11-00:00')).toEqual({ seconds: 1795601051, nanos: 0 });
    expect(parseRfc3339('2026-11-25T10:04:11.000000000Z')).toEqual({ seconds: 1795601051, nanos: 0 });
    expect(parseRfc3339('2026-11-25T10:04:11.5Z')).toEqual({ seconds: 1795601051, nanos: 500_000_000 });
    expect(parseRfc3339('2026-11-25T10:04:11.123456789Z')).toEqual({ seconds: 1795601051, nanos: 123456789 });
    expect(parseRfc3339('1970-01-01T00:00:00Z')).toEqual({ seconds: 0, nanos: 0 });
    expect(parseRfc3339('2024-02-29T00:00:00Z')).toEqual({ seconds: 1709164800, nanos: 0 });
    expect(parseRfc3339('0000-01-01T00:00:00Z')).toEqual({ seconds: -62167219200, nanos: 0 });
    expect(parseRfc3339('9999-12-31T23:59:59.999999999Z')).toEqual({ seconds: 253402300799, nanos: 999999999 });
  });

  it('refuses every other form, and never throws', () => {
    for (const bad of [
      '2026-11-25T10:04:11',
      '2026-11-25t10:04:11Z',
      '2026-11-25T10:04:11z',
      '2026-11-25 10:04:11Z',
      'Wed, 25 Nov 2026 10:04:11 GMT',
      '+002026-11-25T10:04:11Z',
      '10000-01-01T00:00:00Z',
      '2026-11-25T10:04:11.0000000000Z',
      '2026-11-25T10:04:11+0000',
      '2026-11-25T10:04Z',
      '2026-11-25',
      '2026-02-29T00:00:00Z',
      '2026-02-30T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-11-25T24:00:00Z',
      '2026-11-25T23:59:60Z',
      '2026-11-25T10:04:11+24:00',
      '2026-11-25T10:04:11.Z',
      '２０２６-11-25T10:04:11Z',
      ' 2026-11-25T10:04:11Z',
      '2026-11-25T10:04:11Z\n',
      '',
    ])
      expect([bad, parseRfc3339(bad)]).toEqual([bad, null]);
    for (const v of [1795601051, Number.NaN, Number.POSITIVE_INFINITY, Number('1e400'), null, undefined, {}, []])
      expect(parseRfc3339(v)).toBeNull();
  });

  it('prints an instant back in UTC, without trailing zeros, for any year the grammar allows', () => {
    for (const t of [
      '2026-11-25T10:04:11Z',
      '2026-11-25T10:04:11.5Z',
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999999999Z',
    ])
      expect(formatInstant(parseRfc3339(t)!)).toBe(t);
    expect(formatInstant(parseRfc3339('2026-11-25T12:04:11.120+02:00')!)).toBe('2026-11-25T10:04:11.12Z');
    expect(
      compareInstants(parseRfc3339('2026-11-25T10:04:11.1Z')!, parseRfc3339('2026-11-25T10:04:11Z')!),
    ).toBeGreaterThan(0);
  });

  it('reads a token genTime (DER GeneralizedTime) strictly', () => {
    expect(parseGeneralizedTime('20261125100411Z')).toEqual({ seconds: 1795601051, nanos: 0 });
    expect(parseGeneralizedTime('20261125100411.25Z')).toEqual({ seconds: 1795601051, nanos: 250_000_000 });
    for (const bad of [
      '20261125100411',
      '20261125100411.20Z',
      '20261125100411.Z',
      '2026112510041Z',
      '20261125100411.1234567891Z',
      '20260230100411Z',
    ])
      expect(parseGeneralizedTime(bad)).toBeNull();
  });
});

describe('the cosignature time bound', () => {
  const now = 1_800_000_000;
  it('counts 2020-01-01 up to ten minutes ahead of the checking clock, nothing else, whatever the 64-bit value', () => {
    expect(cosignatureTimeOk(1_577_836_800n, now)).toBe(true);
    expect(cosignatureTimeOk(1_577_836_799n, now)).toBe(false);
    expect(cosignatureTimeOk(BigInt(now + 600), now)).toBe(true);
    expect(cosignatureTimeOk(BigInt(now + 601), now)).toBe(false);
    expect(cosignatureTimeOk(10n ** 13n, now)).toBe(false);
    expect(cosignatureTimeOk(2n ** 64n - 1n, now)).toBe(false);
    expect(cosignatureTimeOk(1_700_000_000n, Number.NaN)).toBe(false);
  });
});

const le32 = (n: bigint) => Uint8Array.from({ length: 32 }, (_, i) => Number((n >> BigInt(8 * i)) & 0xffn));
/** A point of order 8 (the torsion subgroup of Ed25519), found from random points times L. */
function torsion(): InstanceType<typeof Point> {
  for (;;) {
    try {
      const p = Point.fromBytes(etc.randomBytes(32), false);
      const t = p.multiply(L - 1n, false).add(p);
      if (!t.multiply(4n, false).is0()) return t;
    } catch {
      // not a point: draw again
    }
  }
}

describe('the Ed25519 rule', () => {
  const msg = new TextEncoder().encode('proof');
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const pub = new Uint8Array(Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url'));
  const sig = new Uint8Array(sign(null, msg, privateKey));

  it('accepts an ordinary key and signature on node:crypto and @noble alike', () => {
    expect(primeOrderKey(pub)).toBe(true);
    expect([nodeVerify(pub, msg, sig), browserVerify(pub, msg, sig)]).toEqual([true, true]);
  });

  it('refuses small-order, mixed-order and non-canonical keys, and S not below L, on both', () => {
    const t = torsion();
    const identity = Point.ZERO.toBytes();
    const a = etc.mod(littleEndian(etc.randomBytes(64)), L);
    const mixed = Point.BASE.multiply(a).add(t).toBytes();
    // y = p (non-canonical encoding of y = 0).
    const nonCanonical = le32(2n ** 255n - 19n);
    for (const k of [identity, t.toBytes(), mixed, nonCanonical, new Uint8Array(31)])
      expect(primeOrderKey(k)).toBe(false);
    // A signature by the mixed key that satisfies [S]B = R + [k]A exactly (k a multiple of 8): the key alone refuses it.
    for (;;) {
      const r = etc.mod(littleEndian(etc.randomBytes(64)), L);
      const rb = Point.BASE.multiply(r).toBytes();
      const k = etc.mod(littleEndian(sha512(Buffer.concat([rb, mixed, msg]))), L);
      if (k % 8n !== 0n) continue;
      const s = Buffer.concat([rb, le32(etc.mod(r + k * a, L))]);
      expect([nodeVerify(mixed, msg, s), browserVerify(mixed, msg, s)]).toEqual([false, false]);
      break;
    }
    const plusL = Buffer.concat([sig.subarray(0, 32), le32(littleEndian(sig.subarray(32)) + L)]);
    expect(scalarCanonical(plusL)).toBe(false);
    expect([nodeVerify(pub, msg, plusL), browserVerify(pub, msg, plusL)]).toEqual([false, false]);
    // R not canonical: R + p encodes the same point on a lenient decoder.
    const rPlusP = Buffer.concat([
      le32(littleEndian(sig.subarray(0, 32)) + 2n ** 255n - 19n).slice(0, 32),
      sig.subarray(32),
    ]);
    expect([nodeVerify(pub, msg, rPlusP), browserVerify(pub, msg, rPlusP)]).toEqual([false, false]);
  });
});
