// The RFC 6962 / CT reference vectors of transparency-dev/merkle (inclusion and consistency, happy paths and every
// mutation they list) give the expected verdict with src/verify/merkle.ts.
import { describe, expect, it } from 'bun:test';
import { createHash } from 'node:crypto';
import { verifyConsistency, verifyInclusion } from '../../src/verify/merkle';
import vectors from './vectors/rfc6962-transparency-dev.json';

const sha = (d: Uint8Array) => new Uint8Array(createHash('sha256').update(d).digest());
const b64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));
const EMPTY_ROOT = Buffer.from(sha(new Uint8Array(0))).toString('base64');

describe('transparency-dev/merkle reference vectors', () => {
  it('are all here (98 inclusion, 98 consistency)', () => {
    expect(vectors.inclusion.length).toBe(98);
    expect(vectors.consistency.length).toBe(98);
    expect(vectors.inclusion.filter((v) => !v.want_error).length).toBeGreaterThan(5);
  });

  for (const v of vectors.inclusion) {
    it(`inclusion ${v.name}: ${v.want_error ? 'refused' : 'accepted'}`, () => {
      expect(verifyInclusion(sha, v.leaf_index, v.tree_size, b64(v.leaf_hash), v.proof.map(b64), b64(v.root))).toBe(
        !v.want_error,
      );
    });
  }

  for (const v of vectors.consistency) {
    // One deliberate difference: the Go verifier refuses any proof from size 0 as "meaningless"; docs/verification.md#12-the-transparency-log serves
    // first = 0 with an empty path, and every tree extends the empty one, so an empty proof from the empty root is accepted.
    const fromEmpty = v.size1 === 0 && v.size2 > 0 && v.proof.length === 0 && v.root1 === EMPTY_ROOT;
    it(`consistency ${v.name}: ${v.want_error && !fromEmpty ? 'refused' : 'accepted'}${fromEmpty ? ' (from the empty tree)' : ''}`, () => {
      expect(verifyConsistency(sha, v.size1, v.size2, v.proof.map(b64), b64(v.root1), b64(v.root2))).toBe(
        fromEmpty || !v.want_error,
      );
    });
  }
});
