// Transparency log layout: tenant leaf bytes, the leaf hash of the append path and subtree covers.
import { describe, expect, it } from 'bun:test';
import { decodeRef, encodeLeaf } from '../../src/tlog/repo';
import { coverOf } from '../../src/tlog/index';
import { appendLeafHash } from '../../src/tlog/append';
import { leafHash } from '../../src/verify/merkle';
import { createHash } from 'node:crypto';

describe('tenant leaf layout', () => {
  it('stores a UUID reference in 17 bytes after the hash and reads it back', () => {
    const hash = new Uint8Array(32).fill(7);
    const v = encodeLeaf(hash, 'e:0190A3C4-1111-7000-8000-00000000000F');
    expect(v.length).toBe(32 + 1 + 16);
    expect(decodeRef(v)).toEqual({ kind: 'e', id: '0190a3c4-1111-7000-8000-00000000000f' });
    expect(decodeRef(encodeLeaf(hash, null))).toBeNull();
    expect(decodeRef(encodeLeaf(hash, 'a:not-a-uuid'))).toEqual({ kind: 'a', id: 'not-a-uuid' });
    // Almost a UUID (a misplaced dash, a non-hex digit): kept as text, not as 16 bytes.
    expect(decodeRef(encodeLeaf(hash, 'd:0190a3c41-111-7000-8000-00000000000f'))).toEqual({
      kind: 'd',
      id: '0190a3c41-111-7000-8000-00000000000f',
    });
    expect(decodeRef(encodeLeaf(hash, 'd:0190a3c4-1111-7000-8000-00000000000g'))).toEqual({
      kind: 'd',
      id: '0190a3c4-1111-7000-8000-00000000000g',
    });
  });
});

describe('leaf hash of the append path', () => {
  it('is the RFC 6962 leaf hash of verify/merkle', () => {
    const sha = (d: Uint8Array) => createHash('sha256').update(d).digest();
    for (const text of ['', 'a', '{"event_id":"x","v":1}', 'x'.repeat(5000)]) {
      const data = new TextEncoder().encode(text);
      expect(Buffer.from(appendLeafHash(data)).toString('hex')).toBe(Buffer.from(leafHash(sha, data)).toString('hex'));
    }
    // Hand-checked: SHA-256 of the single byte 0x00 (the leaf hash of empty data).
    expect(appendLeafHash(new Uint8Array(0)).toString('hex')).toBe(
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
    );
  });
});

describe('coverOf', () => {
  it('covers a leaf range with aligned perfect subtrees, largest first, without overlap', () => {
    expect(coverOf(0, 11)).toEqual([
      { level: 3, index: 0 },
      { level: 1, index: 4 },
      { level: 0, index: 10 },
    ]);
    expect(coverOf(3, 9)).toEqual([
      { level: 0, index: 3 },
      { level: 2, index: 1 },
      { level: 0, index: 8 },
    ]);
    for (let a = 0; a < 40; a++) {
      for (let b = a; b < 45; b++) {
        let at = a;
        for (const { level, index } of coverOf(a, b)) {
          expect(index * 2 ** level).toBe(at);
          at += 2 ** level;
        }
        expect(at).toBe(b);
      }
    }
  });
});
