// Owns reading perfect subtrees: stored nodes (cached, node-cache.ts), small subtrees computed from their leaves,
// the root at a size, and the aligned cover of a leaf range that cold audit segments record.
import { emptyRoot, nodeHash, rootFromLeafHashes, subtreeRoot, type NodeReader } from '../verify/merkle';
import { toHex } from '../verify/primitives';
import { eachLeaf } from './leaf-runs';
import { leafHashOf, MIN_STORED_LEVEL, nodes } from './repo';
import { appendedSize, orgLog, sha } from './logs';
import { checkpointAt } from './checkpoints';
import { cachedNode, cacheNode } from './node-cache';

// The leaves of one aligned block cover every subtree below MIN_STORED_LEVEL that a proof path crosses in it.
const BLOCK = 2 ** MIN_STORED_LEVEL;

/** The hashes of leaves [from, to) read in one pass over their run, or null when one is missing. */
function leafHashes(num: number, from: number, to: number): Uint8Array[] | null {
  const hashes: Uint8Array[] = [];
  eachLeaf(num, from, to, (i, entry) => {
    if (i === from + hashes.length) hashes.push(leafHashOf(entry));
  });
  return hashes.length === to - from ? hashes : null;
}

/**
 * Reads subtrees: leaves and stored nodes from the store, the small subtrees that are not stored computed from
 * their leaves; throws when one is missing (the integrator has not reached it, or it was removed). A reader serves
 * one proof or one pass: the complete leaf block it last read is kept, as a path's lowest siblings all lie in one.
 */
export function nodeReader(num: number): NodeReader {
  let block: { start: number; hashes: Uint8Array[] } | null = null;
  const small = (level: number, index: number): Uint8Array => {
    const from = index * 2 ** level;
    const start = from - (from % BLOCK);
    if (block?.start !== start) {
      const hashes = leafHashes(num, start, start + BLOCK);
      // The last block of a log may be incomplete: then only the leaves asked for are read.
      block = hashes ? { start, hashes } : null;
    }
    const hashes = block
      ? block.hashes.slice(from - start, from - start + 2 ** level)
      : leafHashes(num, from, from + 2 ** level);
    if (!hashes) throw new Error(`log ${num}: subtree (${level}, ${index}) missing`);
    return level === 0 ? hashes[0]! : rootFromLeafHashes(sha, hashes);
  };
  const read: NodeReader = (level, index) => {
    if (level < MIN_STORED_LEVEL) return small(level, index);
    const hit = cachedNode(num, level, index);
    if (hit) return hit;
    const h = nodes.get(num, level, index);
    if (!h) throw new Error(`log ${num}: subtree (${level}, ${index}) missing`);
    cacheNode(num, level, index, h);
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
