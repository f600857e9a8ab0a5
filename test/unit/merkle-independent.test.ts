// The Merkle proofs of src/verify/merkle.ts agree with an independent RFC 6962 implementation written here from the
// RFC's recursive definitions (MTH, PATH, PROOF/SUBPROOF) and checked by verifiers that follow the same recursion.
import { describe, expect, it } from 'bun:test';
import { createHash, randomBytes } from 'node:crypto';
import {
  consistencyPath,
  inclusionPath,
  leafHash,
  rootFromLeafHashes,
  verifyConsistency,
  verifyInclusion,
  type NodeReader,
} from '../../src/verify/merkle';

// ---------- the independent implementation (node:crypto and Buffers only; nothing from src/) ----------
const H = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const LEAF = Buffer.from([0]);
const NODE = Buffer.from([1]);
/** The largest power of two smaller than n (n > 1), RFC 6962 §2.1. */
const kOf = (n: number) => 2 ** Math.ceil(Math.log2(n) - 1);
function MTH(d: Buffer[]): Buffer {
  if (d.length === 0) return H();
  if (d.length === 1) return H(LEAF, d[0]!);
  const k = kOf(d.length);
  return H(NODE, MTH(d.slice(0, k)), MTH(d.slice(k)));
}
/** RFC 6962 §2.1.1 PATH(m, D[n]). */
function PATH(m: number, d: Buffer[]): Buffer[] {
  if (d.length <= 1) return [];
  const k = kOf(d.length);
  return m < k ? [...PATH(m, d.slice(0, k)), MTH(d.slice(k))] : [...PATH(m - k, d.slice(k)), MTH(d.slice(0, k))];
}
/** RFC 6962 §2.1.2 SUBPROOF(m, D[n], b); PROOF(m, D[n]) = SUBPROOF(m, D[n], true). */
function SUBPROOF(m: number, d: Buffer[], b: boolean): Buffer[] {
  if (m === d.length) return b ? [] : [MTH(d)];
  const k = kOf(d.length);
  return m <= k
    ? [...SUBPROOF(m, d.slice(0, k), b), MTH(d.slice(k))]
    : [...SUBPROOF(m - k, d.slice(k), false), MTH(d.slice(0, k))];
}
/** Rebuilds the root from a PATH by walking the same recursion from the top (the last path element is the top sibling). */
function rootFromPath(m: number, n: number, leaf: Buffer, path: Buffer[]): Buffer | null {
  if (n === 1) return path.length === 0 ? leaf : null;
  if (path.length === 0) return null;
  const k = kOf(n);
  const sib = path[path.length - 1]!;
  const rest = path.slice(0, -1);
  const sub = m < k ? rootFromPath(m, k, leaf, rest) : rootFromPath(m - k, n - k, leaf, rest);
  if (!sub) return null;
  return m < k ? H(NODE, sub, sib) : H(NODE, sib, sub);
}
function independentVerifyInclusion(m: number, n: number, leaf: Buffer, path: Buffer[], root: Buffer): boolean {
  if (!(m >= 0 && m < n)) return false;
  const r = rootFromPath(m, n, leaf, path);
  return !!r && r.equals(root);
}
/** The old and new roots a SUBPROOF yields, walking the recursion from the top; null when the proof has the wrong length. */
function rootsFromSubproof(
  m: number,
  n: number,
  b: boolean,
  proof: Buffer[],
  oldRoot: Buffer,
): { old: Buffer; new: Buffer } | null {
  if (m === n) {
    if (b) return proof.length === 0 ? { old: oldRoot, new: oldRoot } : null;
    return proof.length === 1 ? { old: proof[0]!, new: proof[0]! } : null;
  }
  if (proof.length === 0) return null;
  const k = kOf(n);
  const sib = proof[proof.length - 1]!;
  const rest = proof.slice(0, -1);
  if (m <= k) {
    const r = rootsFromSubproof(m, k, b, rest, oldRoot);
    return r && { old: r.old, new: H(NODE, r.new, sib) };
  }
  const r = rootsFromSubproof(m - k, n - k, false, rest, oldRoot);
  return r && { old: H(NODE, sib, r.old), new: H(NODE, sib, r.new) };
}
function independentVerifyConsistency(
  m: number,
  n: number,
  proof: Buffer[],
  oldRoot: Buffer,
  newRoot: Buffer,
): boolean {
  if (!(m >= 1 && m <= n)) return false;
  const r = rootsFromSubproof(m, n, true, proof, oldRoot);
  return !!r && r.old.equals(oldRoot) && r.new.equals(newRoot);
}

// ---------- the product's code, over a store of perfect subtrees ----------
const sha = (d: Uint8Array) => new Uint8Array(createHash('sha256').update(d).digest());
/** Perfect subtree hashes of `leaves`, level by level, as the log store would keep them. */
function storeOf(leaves: Buffer[]): NodeReader {
  const levels: Uint8Array[][] = [leaves.map((l) => leafHash(sha, l))];
  while (levels[levels.length - 1]!.length > 1) {
    const prev = levels[levels.length - 1]!;
    const next: Uint8Array[] = [];
    for (let i = 0; i + 1 < prev.length; i += 2) next.push(sha(Buffer.concat([NODE, prev[i]!, prev[i + 1]!])));
    levels.push(next);
  }
  return (level, index) => {
    const h = levels[level]?.[index];
    if (!h) throw new Error(`no stored node ${level}/${index}`);
    return h;
  };
}
const buf = (u: Uint8Array) => Buffer.from(u);
const flip = (b: Buffer, at = 0) => {
  const c = Buffer.from(b);
  c[at]! ^= 1;
  return c;
};

const MAX = 70;
const leaves = Array.from({ length: MAX }, (_, i) => randomBytes(i % 5 === 0 ? 0 : 1 + (i % 40)));
const store = storeOf(leaves);

describe('RFC 6962 proofs against an independent implementation', () => {
  it('roots: the streaming root equals MTH for every size 0..70', () => {
    for (let n = 0; n <= MAX; n++)
      expect(
        buf(
          rootFromLeafHashes(
            sha,
            leaves.slice(0, n).map((l) => leafHash(sha, l)),
          ),
        ).equals(MTH(leaves.slice(0, n))),
      ).toBe(true);
  });

  it('inclusion: every leaf of every tree size 1..70 has the RFC PATH, and both verifiers accept it', () => {
    let n0 = 0;
    for (let n = 1; n <= MAX; n++) {
      const d = leaves.slice(0, n);
      const root = MTH(d);
      for (let m = 0; m < n; m++) {
        const ours = inclusionPath(sha, store, m, n).map(buf);
        const ref = PATH(m, d);
        expect(ours.length).toBe(ref.length);
        expect(ours.every((h, i) => h.equals(ref[i]!))).toBe(true);
        const leaf = H(LEAF, d[m]!);
        expect(verifyInclusion(sha, m, n, leaf, ours, root)).toBe(true);
        expect(independentVerifyInclusion(m, n, leaf, ours, root)).toBe(true);
        n0++;
      }
    }
    expect(n0).toBe((MAX * (MAX + 1)) / 2);
  });

  it('inclusion: both verifiers refuse the same altered proofs', () => {
    for (let n = 1; n <= MAX; n += 3) {
      const d = leaves.slice(0, n);
      const root = MTH(d);
      for (let m = 0; m < n; m += 2) {
        const path = PATH(m, d);
        const leaf = H(LEAF, d[m]!);
        const bad: Array<[number, Buffer, Buffer[], Buffer]> = [
          [m, flip(leaf), path, root],
          [m, leaf, path, flip(root, 31)],
          [m, leaf, [...path, root], root],
          ...(path.length ? [[m, leaf, path.slice(1), root] as [number, Buffer, Buffer[], Buffer]] : []),
          ...path.map((_, i): [number, Buffer, Buffer[], Buffer] => [
            m,
            leaf,
            path.map((h, j) => (j === i ? flip(h, 7) : h)),
            root,
          ]),
        ];
        if (n > 1) bad.push([(m + 1) % n, leaf, path, root]);
        for (const [i, l, p, r] of bad) {
          // A different index may still be a valid position for the same path shape only if the leaf sits there too.
          if (i !== m && d[i]!.equals(d[m]!)) continue;
          expect(verifyInclusion(sha, i, n, l, p, r)).toBe(false);
          expect(independentVerifyInclusion(i, n, l, p, r)).toBe(false);
        }
      }
    }
  });

  it('consistency: every pair 1 <= m <= n <= 70 has the RFC PROOF, and both verifiers accept it', () => {
    let count = 0;
    for (let n = 1; n <= MAX; n++) {
      const d = leaves.slice(0, n);
      const newRoot = MTH(d);
      for (let m = 1; m <= n; m++) {
        const oldRoot = MTH(d.slice(0, m));
        const ours = consistencyPath(sha, store, m, n).map(buf);
        const ref = m === n ? [] : SUBPROOF(m, d, true);
        expect(ours.length).toBe(ref.length);
        expect(ours.every((h, i) => h.equals(ref[i]!))).toBe(true);
        expect(verifyConsistency(sha, m, n, ours, oldRoot, newRoot)).toBe(true);
        expect(independentVerifyConsistency(m, n, ours, oldRoot, newRoot)).toBe(true);
        count++;
      }
    }
    expect(count).toBe((MAX * (MAX + 1)) / 2);
  });

  it('consistency: both verifiers refuse a wrong old root, a wrong new root, a changed or shortened proof', () => {
    for (let n = 2; n <= MAX; n += 2) {
      const d = leaves.slice(0, n);
      const newRoot = MTH(d);
      for (let m = 1; m < n; m += 3) {
        const oldRoot = MTH(d.slice(0, m));
        const proof = SUBPROOF(m, d, true);
        const cases: Array<[Buffer[], Buffer, Buffer]> = [
          [proof, flip(oldRoot), newRoot],
          [proof, oldRoot, flip(newRoot, 3)],
          [proof.slice(0, -1), oldRoot, newRoot],
          [[...proof, newRoot], oldRoot, newRoot],
          ...proof.map((_, i): [Buffer[], Buffer, Buffer] => [
            proof.map((h, j) => (j === i ? flip(h, 9) : h)),
            oldRoot,
            newRoot,
          ]),
        ];
        for (const [p, o, r] of cases) {
          expect(verifyConsistency(sha, m, n, p, o, r)).toBe(false);
          expect(independentVerifyConsistency(m, n, p, o, r)).toBe(false);
        }
      }
    }
  });

  it('random larger trees: proofs equal the RFC ones and verify both ways', () => {
    const big = Array.from({ length: 3000 }, (_, i) => Buffer.from(`record ${i}`));
    const bigStore = storeOf(big);
    for (let t = 0; t < 25; t++) {
      const n = 71 + Math.floor(Math.random() * (big.length - 71));
      const m = Math.floor(Math.random() * n);
      const d = big.slice(0, n);
      const root = MTH(d);
      const inc = inclusionPath(sha, bigStore, m, n).map(buf);
      expect(inc.map((h) => h.toString('hex'))).toEqual(PATH(m, d).map((h) => h.toString('hex')));
      expect(independentVerifyInclusion(m, n, H(LEAF, d[m]!), inc, root)).toBe(true);
      const first = 1 + Math.floor(Math.random() * n);
      const con = consistencyPath(sha, bigStore, first, n).map(buf);
      expect(con.map((h) => h.toString('hex'))).toEqual(
        (first === n ? [] : SUBPROOF(first, d, true)).map((h) => h.toString('hex')),
      );
      expect(independentVerifyConsistency(first, n, con, MTH(d.slice(0, first)), root)).toBe(true);
      expect(verifyConsistency(sha, first, n, con, MTH(d.slice(0, first)), root)).toBe(true);
    }
  });
});
