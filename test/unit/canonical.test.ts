// Canonical JSON (keys by code point, numbers and escapes as ECMAScript prints them) and the event_hash source order.
import { describe, expect, it } from 'bun:test';
import { canonicalJson, compareCodePoints } from '../../src/crypto/canonical';
import { compactInSourceOrder } from '../../src/crypto/ordered-json';
import { sha256Hex } from '../../src/crypto/hash';

// Expected texts below were written out by hand from the rules of docs/verification.md#2-canonical-json.
describe('canonical JSON', () => {
  it('sorts keys at every level and drops whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });
  it('sorts keys by code point, not UTF-16 unit (U+1F600 after U+FF5E)', () => {
    // UTF-16 puts "\ud83d\ude00" (U+1F600) before "\uff5e"; code point order puts it after.
    expect(canonicalJson({ '\u{1F600}': 1, '\uff5e': 2 })).toBe('{"\uff5e":2,"\u{1F600}":1}');
    expect(compareCodePoints('\u{1F600}', '\uff5e')).toBeGreaterThan(0);
    expect(compareCodePoints('a', 'ab')).toBeLessThan(0);
    expect(canonicalJson({ B: 1, a: 2, _: 3, '10': 4, '9': 5 })).toBe('{"10":4,"9":5,"B":1,"_":3,"a":2}');
  });
  it('keeps nested arrays in order', () => {
    expect(canonicalJson([[3, 2], [], [[1]], { a: [] }])).toBe('[[3,2],[],[[1]],{"a":[]}]');
  });
  it('escapes strings as JSON.stringify does', () => {
    expect(canonicalJson({ s: 'é"\\\n\u0001\u2028' })).toBe('{"s":"é\\"\\\\\\n\\u0001\u2028"}');
    expect(canonicalJson(JSON.parse('{"s":"\\u00e9\\u0041"}'))).toBe('{"s":"éA"}');
    expect(canonicalJson({ s: '\ud800' })).toBe('{"s":"\\ud800"}');
  });
  it('prints numbers as ECMAScript does', () => {
    expect(canonicalJson([1e21, 1e20, 0.1, -0, 1.5e-7, 100, 2.0, 0.000001])).toBe(
      '[1e+21,100000000000000000000,0.1,0,1.5e-7,100,2,0.000001]',
    );
  });
  it('has the hand-checked SHA-256 of a small object', () => {
    // echo -n '{"a":1,"b":[true,null]}' | sha256sum
    expect(sha256Hex(canonicalJson({ b: [true, null], a: 1 }))).toBe(
      '1cc69c7fa23616ca2ec3ee70d24390a6225c8832db8a4c814c7e0e7f942f8668',
    );
  });
});

describe('event_hash source order', () => {
  it('keeps integer-like keys where the request text put them', () => {
    const raw = '{"event_type":"x","payload":{"b":1,"10":{"2":"y","a":0},"2":[{"9":1,"1":2}]}}';
    const parsed = JSON.parse(raw);
    expect(JSON.stringify(parsed.payload)).toBe('{"2":[{"1":2,"9":1}],"10":{"2":"y","a":0},"b":1}');
    expect(compactInSourceOrder(raw, parsed.payload, 'payload')).toBe(
      '{"b":1,"10":{"2":"y","a":0},"2":[{"9":1,"1":2}]}',
    );
  });
  it('re-serializes strings and numbers compactly', () => {
    const raw = '{ "payload" : { "10" : "\\u0041" , "x" : 1.50 } }';
    const parsed = JSON.parse(raw);
    expect(compactInSourceOrder(raw, parsed.payload, 'payload')).toBe('{"10":"A","x":1.5}');
  });
  it('uses JSON.stringify when no key was moved', () => {
    const raw = '{"payload":{"z":1,"a":2}}';
    expect(compactInSourceOrder(raw, JSON.parse(raw).payload, 'payload')).toBe('{"z":1,"a":2}');
  });
});

describe('CanonicalText', () => {
  it('splices known canonical text exactly where canonicalJson would put it', () => {
    const { CanonicalText } = require('../../src/crypto/canonical');
    const payload = { z: [1, { b: 2, a: 1 }], a: 'x' };
    const direct = canonicalJson({ v: 1, payload, k: null });
    expect(canonicalJson({ v: 1, payload: new CanonicalText(canonicalJson(payload)), k: null })).toBe(direct);
  });
});
