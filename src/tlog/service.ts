// Owns reading the transparency logs (DECISIONS 10): checkpoints, inclusion and consistency proofs, and the
// `log` block that record proofs carry. Proofs are read from stored perfect-subtree nodes: O(log n) reads.
import { config, publicUrl } from '../config';
import { findTenant } from '../tenants/service';
import { verifierKey } from '../verify/note';
import { originOf, publicHostOf } from './append';
import { ApiError } from '../errors';
import { sha256Raw } from '../crypto/hash';
import { consistencyPath, emptyRoot, inclusionPath, nodeHash, rootFromLeafHashes, subtreeRoot, type NodeReader } from '../verify/merkle';
import { toHex } from '../verify/primitives';
import { eachLeaf, leafAt } from './leaf-runs';
import { checkpoints, heads, integrated, leafHashOf, logIds, logs, migratedRefs, MIN_STORED_LEVEL, nodes, type CheckpointRow, type LogRow } from './repo';

export const sha = (d: Uint8Array): Uint8Array => sha256Raw(d);
export type { LogRow, CheckpointRow };

export const tenantLog = (tenantId: string): LogRow | undefined => logById(logIds().get([tenantId, '']));
export const orgLog = (tenantId: string, orgId: string): LogRow | undefined => logById(logIds().get([tenantId, orgId]));
const logById = (num: number | undefined): LogRow | undefined => (num === undefined ? undefined : logs().get(num));
export const allLogs = (): LogRow[] => [...logs().getRange({})].map((e) => e.value);

/** Leaves appended to the log so far (durable, possibly not yet integrated or checkpointed). */
export const appendedSize = (num: number): number => heads().get(num) ?? 0;
/** Tree size whose completed subtrees are stored. */
export const integratedSize = (num: number): number => integrated().get(num) ?? 0;

// The newest checkpoint per log: read on every proof, changed only by this process's integrator (rememberCheckpoint).
const latestCache = new Map<number, (CheckpointRow & { tree_size: number }) | null>();

/** The newest signed checkpoint of a log, or null. */
export function latestCheckpoint(num: number): (CheckpointRow & { tree_size: number }) | null {
  const hit = latestCache.get(num);
  if (hit !== undefined) return hit;
  let found: (CheckpointRow & { tree_size: number }) | null = null;
  for (const { key, value } of checkpoints().getRange({ start: [num, Number.MAX_SAFE_INTEGER], end: [num, -1], reverse: true, limit: 1 })) {
    found = { ...value, tree_size: (key as [number, number])[1] };
  }
  latestCache.set(num, found);
  return found;
}
/** Called by the integrator once a new checkpoint is committed. */
export function rememberCheckpoint(num: number, cp: CheckpointRow & { tree_size: number }): void {
  latestCache.set(num, cp);
}
export function checkpointAt(num: number, size: number): CheckpointRow | undefined {
  return checkpoints().get([num, size]);
}
/** Every stored checkpoint of a log in size order (integrity scan). */
export function checkpointsOf(num: number): Array<CheckpointRow & { tree_size: number }> {
  return [...checkpoints().getRange({ start: [num, 0], end: [num, Number.MAX_SAFE_INTEGER] })].map(({ key, value }) => ({ ...value, tree_size: (key as [number, number])[1] }));
}

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

/** Seconds a client should wait for the next checkpoint (Retry-After of leaf_pending). */
export const retryAfterSeconds = (): number => config().checkpointSeconds + 1;

function requireCheckpoint(log: LogRow | undefined) {
  const cp = log ? latestCheckpoint(log.num) : null;
  if (!log || !cp) throw new ApiError('checkpoint_not_found', 'This log has no signed checkpoint yet');
  return { log, cp };
}

/** GET {base}/checkpoint. */
export function checkpointOut(log: LogRow | undefined) {
  const { cp } = requireCheckpoint(log);
  return { origin: log!.origin, tree_size: cp.tree_size, root_hash: toHex(cp.root), checkpoint: cp.note, key_id: cp.key_id, issued_at: cp.issued_at };
}

const INT = /^(0|[1-9][0-9]{0,15})$/;
function intParam(v: unknown, code: 'invalid_leaf_index' | 'invalid_tree_size', name: string): number {
  if (typeof v !== 'string' || !INT.test(v) || !Number.isSafeInteger(Number(v))) throw new ApiError(code, `${name} must be a non-negative integer`);
  return Number(v);
}

function pending(leafIndex: number): ApiError {
  const s = retryAfterSeconds();
  return new ApiError('leaf_pending', `Leaf ${leafIndex} is not covered by a signed checkpoint yet; retry in ${s} s`, { leaf_index: leafIndex, retry_after: s }).withHeaders({ 'Retry-After': String(s) });
}

export type InclusionQuery = { leaf_index?: string; record_id?: string; tree_size?: string };

/**
 * GET {base}/inclusion: `resolve` maps a record id of this log to its leaf index (undefined: unknown).
 * tree_size defaults to the latest checkpoint; it may name any size up to it.
 */
export function inclusionOut(log: LogRow | undefined, q: InclusionQuery, resolve: (recordId: string) => number | undefined) {
  const hasLeaf = q.leaf_index !== undefined && q.leaf_index !== '';
  const hasRecord = q.record_id !== undefined && q.record_id !== '';
  if (hasLeaf === hasRecord) throw new ApiError('invalid_leaf_index', 'Send exactly one of leaf_index or record_id');
  let leafIndex: number;
  if (hasLeaf) leafIndex = intParam(q.leaf_index, 'invalid_leaf_index', 'leaf_index');
  else {
    const found = log ? resolve(q.record_id!) : undefined;
    if (found === undefined) throw new ApiError('leaf_not_found', 'No record with this id in this log (it may not be written yet)');
    leafIndex = found;
  }
  const hasSize = q.tree_size !== undefined && q.tree_size !== '';
  const size = hasSize ? intParam(q.tree_size, 'invalid_tree_size', 'tree_size') : undefined;
  if (size === 0) throw new ApiError('invalid_tree_size', 'tree_size must be at least 1 for an inclusion proof');
  const cp = log ? latestCheckpoint(log.num) : null;
  if (size !== undefined && size > (cp?.tree_size ?? 0)) throw new ApiError('invalid_tree_size', `tree_size is above the latest checkpointed size (${cp?.tree_size ?? 0})`);
  if (!log || !cp) {
    if (log && leafIndex < appendedSize(log.num)) throw pending(leafIndex);
    throw new ApiError('checkpoint_not_found', 'This log has no signed checkpoint yet');
  }
  const treeSize = size ?? cp.tree_size;
  if (leafIndex >= treeSize) {
    if (size === undefined && leafIndex < appendedSize(log.num)) throw pending(leafIndex);
    throw new ApiError('invalid_leaf_index', `leaf_index must be below tree_size (${treeSize})`);
  }
  return inclusionAt(log.num, leafIndex, treeSize);
}

function inclusionAt(num: number, leafIndex: number, treeSize: number) {
  const read = nodeReader(num);
  return {
    leaf_index: leafIndex, tree_size: treeSize, leaf_hash: toHex(read(0, leafIndex)),
    audit_path: inclusionPath(sha, read, leafIndex, treeSize).map(toHex), root_hash: toHex(rootAt(num, treeSize)),
  };
}

/** GET {base}/consistency?first=M&second=N, 0 <= M <= N <= latest checkpointed size. */
export function consistencyOut(log: LogRow | undefined, q: { first?: string; second?: string }) {
  const first = intParam(q.first, 'invalid_tree_size', 'first');
  const second = intParam(q.second, 'invalid_tree_size', 'second');
  const cpSize = log ? latestCheckpoint(log.num)?.tree_size ?? 0 : 0;
  if (first > second) throw new ApiError('invalid_tree_size', 'first must not be above second');
  if (second > cpSize) throw new ApiError('invalid_tree_size', `second is above the latest checkpointed size (${cpSize})`);
  const num = log?.num ?? 0;
  return {
    first, second, consistency_path: consistencyPath(sha, nodeReader(num), first, second).map(toHex),
    first_root: toHex(rootAt(num, first)), second_root: toHex(rootAt(num, second)),
  };
}

/** Leaf index of a record logged by the first-start migration (its row carries none). */
export const migratedLeafIndex = (num: number, recordId: string): number | undefined => migratedRefs().get([num, recordId.toLowerCase()]);

export type LogBlock =
  | { leaf_index: number; tree_size: number; leaf_hash: string; audit_path: string[]; root_hash: string; checkpoint: string }
  | { status: 'pending' };

/**
 * The `log` block of a record proof (DECISIONS 10): its inclusion in the latest checkpoint, or
 * {status: "pending"} until a checkpoint covers it. `orgId` selects the org log (leaf_index = seq - 1).
 */
export function logBlockFor(tenantId: string, rec: { leaf_index?: number | null; id: string }, orgId?: string): LogBlock {
  const log = orgId ? orgLog(tenantId, orgId) : tenantLog(tenantId);
  if (!log) return { status: 'pending' };
  const leafIndex = rec.leaf_index ?? migratedLeafIndex(log.num, rec.id);
  const cp = latestCheckpoint(log.num);
  if (leafIndex === undefined || !cp || leafIndex >= cp.tree_size) return { status: 'pending' };
  return { ...inclusionAt(log.num, leafIndex, cp.tree_size), checkpoint: cp.note };
}

/**
 * GET /keys/{domain}: each key gains `note_verifier_key`, the signed-note vkey under the tenant log's origin
 * (the origin it will get when the log does not exist yet).
 */
export function withNoteVerifierKeys<D extends { domain: string; keys: Array<{ public_key: string }> }>(doc: D): D {
  const t = findTenant(doc.domain);
  const origin = tenantLog(t.tenant_id)?.origin ?? originOf(publicHostOf(publicUrl()), t.primary_domain, null);
  return { ...doc, keys: doc.keys.map((k) => ({ ...k, note_verifier_key: verifierKey(sha, origin, Buffer.from(k.public_key, 'base64url')) })) };
}

/** The org's latest checkpoint as exports record it and the portal shows it: {tree_size, root_hash, note}, or null. */
export function orgCheckpoint(tenantId: string, orgId: string): { tree_size: number; root_hash: string; note: string } | null {
  const log = orgLog(tenantId, orgId);
  const cp = log ? latestCheckpoint(log.num) : null;
  return cp ? { tree_size: cp.tree_size, root_hash: toHex(cp.root), note: cp.note } : null;
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
