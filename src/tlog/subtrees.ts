// Owns reading perfect subtrees: stored nodes (upper levels cached), small subtrees computed from their leaves,
// the root at a size, and the aligned cover of a leaf range that cold audit segments record.
import { emptyRoot, nodeHash, rootFromLeafHashes, subtreeRoot, type NodeReader } from '../verify/merkle';
import { toHex } from '../verify/primitives';
import { eachLeaf, leafAt } from './leaf-runs';
import { leafHashOf, MIN_STORED_LEVEL, nodes } from './repo';
import { appendedSize, orgLog, sha } from './logs';
import { checkpointAt } from './checkpoints';

// Stored subtrees never change: the upper levels (few, and on every proof's path) are kept in memory.
const CACHED_LEVEL = 4;
const nodeCache = new Map<string, Uint8Array>();

/** A subtree below MIN_STORED_LEVEL, from its (at most 8) leaves read in one pass over their run. */
function smallSubtree(num: number, level: number, index: number): Uint8Array {
  const from = index * 2 ** level;
  const hashes: Uint8Array[] = [];
  eachLeaf(num, from, from + 2 ** level, (i, entry) => {
    if (i === from + hashes.length) hashes.push(leafHashOf(entry));
  });
  if (hashes.length !== 2 ** level) throw new Error(`log ${num}: subtree (${level}, ${index}) missing`);
  return rootFromLeafHashes(sha, hashes);
}

/**
 * Reads subtrees: leaves and stored nodes from the store, the small subtrees that are not stored computed from
 * their leaves; throws when one is missing (the integrator has not reached it, or it was removed).
 */
export function nodeReader(num: number): NodeReader {
  const read: NodeReader = (level, index) => {
    if (level > 0 && level < MIN_STORED_LEVEL) return smallSubtree(num, level, index);
    const ck = level >= CACHED_LEVEL ? `${num}/${level}/${index}` : null;
    const hit = ck ? nodeCache.get(ck) : undefined;
    if (hit) return hit;
    const v = level === 0 ? leafAt(num, index) : nodes.get(num, level, index);
    if (!v) throw new Error(`log ${num}: subtree (${level}, ${index}) missing`);
    const h = level === 0 ? leafHashOf(v) : v;
    if (ck) {
      if (nodeCache.size >= 1_000_000) nodeCache.clear();
      nodeCache.set(ck, h);
    }
    return h;
  };
  return read;
}

/** The root of the first `size` leaves (from stored subtrees; `size` must be integrated). */
export function rootAt(num: number, size: number): Uint8Array {
  const cp = checkpointAt(num, size);
  if (cp) return cp.root;
  return size === 0 ? emptyRoot(sha) : subtreeRoot(sha, nodeReader(num), 0, size);
}

export type SubtreeRoot = { level: number; index: number; hash: string };

/** The perfect subtrees that exactly cover leaves [from, to), largest first (an aligned decomposition). */
export function coverOf(from: number, to: number): Array<{ level: number; index: number }> {
  const out: Array<{ level: number; index: number }> = [];
  let at = from;
  while (at < to) {
    let size = 1;
    while (at % (size * 2) === 0 && at + size * 2 <= to) size *= 2;
    out.push({ level: Math.log2(size), index: at / size });
    at += size;
  }
  return out;
}

/**
 * Roots of the perfect subtrees covering org-log leaves [from, to), for a cold segment's manifest: with them,
 * evacuated leaves stay checkable against the log (a subtree is a node of every later tree). Computed from
 * stored nodes, or from the leaves where the integrator has not stored one yet.
 */
export function orgSubtreeRoots(tenantId: string, orgId: string, from: number, to: number): SubtreeRoot[] | null {
  const log = orgLog(tenantId, orgId);
  if (!log || appendedSize(log.num) < to) return null;
  const stored = nodeReader(log.num);
  const read = (level: number, index: number): Uint8Array => {
    try {
      return stored(level, index);
    } catch (e) {
      if (level === 0) throw e;
      return nodeHash(sha, read(level - 1, 2 * index), read(level - 1, 2 * index + 1));
    }
  };
  return coverOf(from, to).map(({ level, index }) => ({ level, index, hash: toHex(read(level, index)) }));
}

/** The same roots recomputed from leaf hashes [from, to) (the rows of a segment). */
export function subtreeRootsOf(from: number, leafHashes: Uint8Array[]): SubtreeRoot[] {
  return coverOf(from, from + leafHashes.length).map(({ level, index }) => {
    const start = index * 2 ** level - from;
    return { level, index, hash: toHex(rootFromLeafHashes(sha, leafHashes.slice(start, start + 2 ** level))) };
  });
}
