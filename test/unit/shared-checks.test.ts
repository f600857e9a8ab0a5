// The rules written once and shared by many callers: integer and UUID parameters, the idempotency window,
// published key records (parsing and signed bytes), certificate validity and free disk space.
import { describe, expect, it } from 'bun:test';
import { tmpdir } from 'node:os';
import selfsigned from 'selfsigned';
import { intParam, parseInteger, uuidParam } from '../../src/params';
import { ApiError, PlainError } from '../../src/errors';
import { IDEM_TTL_MS, idemLive } from '../../src/idempotency';
import { fromBase64Url } from '../../src/verify/primitives';
import { publishedKeys } from '../../src/verify/key-rules';
import { keyRecordSignedPayload } from '../../src/crypto/signed';
import { canonicalJson } from '../../src/crypto/canonical';
import { certificateValidity } from '../../src/crypto/certificate';
import { diskSpace } from '../../src/store/disk-space';

const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (e) {
    return e;
  }
  return null;
};

describe('parseInteger', () => {
  it('reads decimal integers with an optional sign and surrounding spaces', () => {
    expect(['12', '+12', '-3', ' 7 ', '0', '9007199254740991'].map(parseInteger)).toEqual([
      12, 12, -3, 7, 0, 9007199254740991,
    ]);
  });
  it('refuses anything else: exponents, hex, fractions, trailing text, empty, beyond safe integers', () => {
    for (const bad of ['1e3', '0x10', '1.5', '12abc', '', ' ', '+', '9007199254740993', '99999999999999999'])
      expect([bad, parseInteger(bad)]).toEqual([bad, null]);
  });
});

describe('intParam', () => {
  it('gives the default for an absent or empty parameter and the integer otherwise', () => {
    expect([intParam(undefined, 50, 'x'), intParam('', 50, 'x'), intParam('7', 50, 'x')]).toEqual([50, 50, 7]);
  });
  it('answers a non-integer with the plain-text 400 naming the parameter', () => {
    const e = thrown(() => intParam('abc', 50, 'limit must be an integer')) as PlainError;
    expect(e).toBeInstanceOf(PlainError);
    expect([e.status, e.message]).toEqual([400, 'Bad Request: limit must be an integer']);
  });
});

describe('uuidParam', () => {
  it('lowercases a UUID in any case', () => {
    expect(uuidParam('0190A4B2-7C1E-7D3A-9F00-00000000ABCD', 'trace_id')).toBe('0190a4b2-7c1e-7d3a-9f00-00000000abcd');
  });
  it('answers 400 invalid_path_parameter naming the parameter for anything else', () => {
    for (const bad of [
      '',
      'abc',
      '0190a4b2-7c1e-7d3a-9f00-00000000abc',
      '0190a4b2-7c1e-7d3a-9f00-00000000abcdx',
      'g190a4b2-7c1e-7d3a-9f00-00000000abcd',
    ]) {
      const e = thrown(() => uuidParam(bad, 'event_id')) as ApiError;
      expect(e).toBeInstanceOf(ApiError);
      expect([e.code, e.message]).toEqual(['invalid_path_parameter', 'event_id must be a UUID']);
    }
  });
});

describe('idemLive', () => {
  it('keeps a record for 24 hours, not a millisecond more', () => {
    const at = Date.parse('2025-01-15T09:00:00Z');
    expect(IDEM_TTL_MS).toBe(86_400_000);
    expect([idemLive(at, at), idemLive(at, at + IDEM_TTL_MS - 1), idemLive(at, at + IDEM_TTL_MS)]).toEqual([
      true,
      true,
      false,
    ]);
  });
});

describe('published key records', () => {
  const key = new Uint8Array(32).map((_, i) => i * 7);
  const b64url = Buffer.from(key).toString('base64url');
  it('decodes unpadded base64url exactly as Buffer does, and refuses other alphabets', () => {
    for (const n of [0, 1, 2, 3, 31, 32, 33]) {
      const bytes = new Uint8Array(n).map((_, i) => 250 - i);
      expect(fromBase64Url(Buffer.from(bytes).toString('base64url'))).toEqual(bytes);
    }
    for (const bad of ['ab+c', 'ab/c', 'abc=', 'a', 'ab cd']) expect([bad, fromBase64Url(bad)]).toEqual([bad, null]);
  });
  it('reads every 32-byte key of a GET /keys/{domain} answer and skips malformed entries', () => {
    const answer = {
      domain: 'acme.example',
      keys: [
        { public_key: b64url },
        { public_key: 'short' },
        { public_key: 7 },
        null,
        'x',
        { public_key: `${b64url}+` },
      ],
    };
    expect(publishedKeys(answer)).toEqual([key]);
    expect([publishedKeys(null), publishedKeys({ keys: 'no' }), publishedKeys([])]).toEqual([[], [], []]);
  });
  it('signs a key record over canonical {domain, key_id, public_key}', () => {
    const rec = { public_key: b64url, key_id: '0123456789abcdef', domain: 'acme.example', extra: 'ignored' };
    expect(canonicalJson(keyRecordSignedPayload(rec))).toBe(
      `{"domain":"acme.example","key_id":"0123456789abcdef","public_key":"${b64url}"}`,
    );
  });
});

describe('certificateValidity', () => {
  it('reads the validity window of a PEM certificate and null for anything else', async () => {
    const notBefore = new Date('2025-01-01T00:00:00Z');
    const notAfter = new Date('2026-01-01T00:00:00Z');
    const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notBeforeDate: notBefore,
      notAfterDate: notAfter,
    } as never);
    expect(certificateValidity(pems.cert)).toEqual({ notBefore: notBefore.getTime(), notAfter: notAfter.getTime() });
    expect(certificateValidity(Buffer.from(pems.cert))).toEqual({
      notBefore: notBefore.getTime(),
      notAfter: notAfter.getTime(),
    });
    expect([certificateValidity('not a certificate'), certificateValidity(pems.private)]).toEqual([null, null]);
  });
});

describe('diskSpace', () => {
  it('gives free bytes no larger than the file system, and null for a missing directory', () => {
    const s = diskSpace(tmpdir())!;
    expect(s.size).toBeGreaterThan(0);
    expect(s.free).toBeGreaterThanOrEqual(0);
    expect(s.free).toBeLessThanOrEqual(s.size);
    expect(diskSpace('/nonexistent/svc-disk-space')).toBeNull();
  });
});
