// Owns RFC 6962 / RFC 9162 Merkle tree hashing: leaf and node hashes, roots, and the generation and
// verification of inclusion and consistency proofs. Pure: SHA-256 comes in as a parameter.
import { concat, equalBytes, type Sha256 } from './primitives';

const LEAF = new Uint8Array([0]);
const NODE = new Uint8Array([1]);
const HASH_SIZE = 32;

/** RFC 6962 §2.1: leaf hash = SHA-256(0x00 || leaf data). */
export const leafHash = (sha: Sha256, data: Uint8Array): Uint8Array => sha(concat(LEAF, data));
/** RFC 6962 §2.1: interior node = SHA-256(0x01 || left || right). */
export const nodeHash = (sha: Sha256, left: Uint8Array, right: Uint8Array): Uint8Array =>
  sha(concat(NODE, left, right));
/** The root of the empty tree: SHA-256 of the empty string. */
export const emptyRoot = (sha: Sha256): Uint8Array => sha(new Uint8Array(0));

// Arithmetic, not bitwise: tree sizes may pass 2^31.
export const isPowerOfTwo = (n: number): boolean => n >= 1 && 2 ** Math.round(Math.log2(n)) === n;

/** The largest power of two strictly below n (n >= 2). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * Root of a tree given its leaf hashes in order, in O(n) time and O(log n) memory: a stack of perfect
 * subtrees merged as they complete, then folded right to left (the RFC's MTH for any size).
 */
export function rootFromLeafHashes(sha: Sha256, leaves: Iterable<Uint8Array>): Uint8Array {
  const stack: Array<{ h: Uint8Array; size: number }> = [];
  for (const h of leaves) {
    let cur = { h, size: 1 };
    while (stack.length && stack[stack.length - 1]!.size === cur.size) {
      const left = stack.pop()!;
      cur = { h: nodeHash(sha, left.h, cur.h), size: cur.size * 2 };
    }
    stack.push(cur);
  }
  if (!stack.length) return emptyRoot(sha);
  let root = stack.pop()!.h;
  while (stack.length) root = nodeHash(sha, stack.pop()!.h, root);
  return root;
}

/**
 * Reads the hash of a stored perfect subtree: `level` 0 is a leaf hash, and (level, index) covers leaves
 * [index * 2^level, (index + 1) * 2^level).
 */
export type NodeReader = (level: number, index: number) => Uint8Array;

/** MTH(D[start:end]) from stored perfect subtrees; `start` must be aligned as RFC 6962's splits align it. */
export function subtreeRoot(sha: Sha256, node: NodeReader, start: number, end: number): Uint8Array {
  const n = end - start;
  if (n <= 0) throw new RangeError('empty range');
  if (isPowerOfTwo(n) && start % n === 0) return node(Math.log2(n), start / n);
  const k = splitPoint(n);
  return nodeHash(sha, subtreeRoot(sha, node, start, start + k), subtreeRoot(sha, node, start + k, end));
}

/** RFC 6962 §2.1.1 PATH(index, D[0:size]), leaf side first. */
export function inclusionPath(sha: Sha256, node: NodeReader, index: number, size: number): Uint8Array[] {
  if (!(index >= 0 && index < size)) throw new RangeError('leaf index outside the tree');
  const path: Uint8Array[] = [];
  const walk = (m: number, start: number, end: number): void => {
    const n = end - start;
    if (n === 1) return;
    const k = splitPoint(n);
    if (m < k) {
      walk(m, start, start + k);
      path.push(subtreeRoot(sha, node, start + k, end));
    } else {
      walk(m - k, start + k, end);
      path.push(subtreeRoot(sha, node, start, start + k));
    }
  };
  walk(index, 0, size);
  return path;
}

/** RFC 6962 §2.1.2 PROOF(first, D[0:second]); empty when first is 0 or equals second. */
export function consistencyPath(sha: Sha256, node: NodeReader, first: number, second: number): Uint8Array[] {
  if (!(first >= 0 && first <= second)) throw new RangeError('first must be between 0 and second');
  if (first === 0 || first === second) return [];
  const path: Uint8Array[] = [];
  const sub = (m: number, start: number, end: number, whole: boolean): void => {
    const n = end - start;
    if (m === n) {
      if (!whole) path.push(subtreeRoot(sha, node, start, end));
      return;
    }
    const k = splitPoint(n);
    if (m <= k) {
      sub(m, start, start + k, whole);
      path.push(subtreeRoot(sha, node, start + k, end));
    } else {
      sub(m - k, start + k, end, false);
      path.push(subtreeRoot(sha, node, start, start + k));
    }
  };
  sub(first, 0, second, true);
  return path;
}

/** The root an inclusion proof leads to (RFC 9162 §2.1.3.2), or null when the proof has the wrong shape. */
export function rootFromInclusion(
  sha: Sha256,
  index: number,
  size: number,
  leaf: Uint8Array,
  path: Uint8Array[],
): Uint8Array | null {
  if (!(Number.isSafeInteger(index) && Number.isSafeInteger(size) && index >= 0 && index < size)) return null;
  // Every hash of the scheme is a 32-byte SHA-256 digest; anything else is a malformed proof, never a match.
  if (leaf.length !== HASH_SIZE || path.some((p) => p.length !== HASH_SIZE)) return null;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of path) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(sha, p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      r = nodeHash(sha, r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? r : null;
}

/** True when `path` proves leaf `leaf` at `index` in the tree of `size` leaves with root `root`. */
export function verifyInclusion(
  sha: Sha256,
  index: number,
  size: number,
  leaf: Uint8Array,
  path: Uint8Array[],
  root: Uint8Array,
): boolean {
  const r = rootFromInclusion(sha, index, size, leaf, path);
  return r !== null && equalBytes(r, root);
}

/**
 * True when `path` proves that the tree of `first` leaves with root `firstRoot` is a prefix of the tree of
 * `second` leaves with root `secondRoot` (RFC 9162 §2.1.4.2). first = 0 (firstRoot must be the empty root) and first =
 * second (equal roots) take an empty path.
 */
export function verifyConsistency(
  sha: Sha256,
  first: number,
  second: number,
  path: Uint8Array[],
  firstRoot: Uint8Array,
  secondRoot: Uint8Array,
): boolean {
  if (!(Number.isSafeInteger(first) && Number.isSafeInteger(second) && first >= 0 && first <= second)) return false;
  // From the empty tree every tree is an extension: only the empty root (SHA-256 of "") and an empty path are accepted.
  if (first === 0)
    return (
      path.length === 0 && equalBytes(firstRoot, emptyRoot(sha)) && (second > 0 || equalBytes(secondRoot, firstRoot))
    );
  if (first === second) return path.length === 0 && equalBytes(firstRoot, secondRoot);
  if (!path.length) return false;
  const proof = isPowerOfTwo(first) ? [firstRoot, ...path] : path;
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = proof[0]!;
  let sr = proof[0]!;
  for (const c of proof.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(sha, c, fr);
      sr = nodeHash(sha, c, sr);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      sr = nodeHash(sha, sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equalBytes(fr, firstRoot) && equalBytes(sr, secondRoot);
}
