// Owns the proofs a log answers (docs/transparency-logs.md#proofs): the checkpoint, inclusion and consistency reads of the log
// endpoints, and the `log` block that record proofs carry (with its head, docs/verification.md#15-the-head-step-head-leaf-cosignatures-time-stamp-tokens). Read from stored subtrees:
// O(log n) reads.
import { config } from '../config';
import { ApiError } from '../errors';
import { consistencyPath, inclusionPath } from '../verify/merkle';
import { verifierKey } from '../verify/note';
import { toHex } from '../verify/primitives';
import { recordTable } from '../records/table';
import { appendedSize, migratedLeafIndex, orgLog, sha, tenantLog, type CheckpointRow, type LogRow } from './logs';
import { checkpointAt, latestCheckpoint } from './checkpoints';
import { platformLog } from './platform';
import { recordHead } from './record-head';
import type { PublishedHead } from './heads';
import { nodeReader, rootAt } from './subtrees';

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
  return {
    origin: log!.origin,
    tree_size: cp.tree_size,
    root_hash: toHex(cp.root),
    checkpoint: cp.note,
    key_id: cp.key_id,
    issued_at: cp.issued_at,
  };
}

const INT = /^(0|[1-9][0-9]{0,15})$/;
/** A query parameter as a non-negative integer; throws `code` naming the parameter. */
export function intParam(v: unknown, code: 'invalid_leaf_index' | 'invalid_tree_size', name: string): number {
  if (typeof v !== 'string' || !INT.test(v) || !Number.isSafeInteger(Number(v)))
    throw new ApiError(code, `${name} must be a non-negative integer`);
  return Number(v);
}

/**
 * What proofs of a log are bounded by: the largest size proofs are served for (the latest checkpoint; for the head
 * log, the latest published head), the Retry-After of leaf_pending, and how a covering tree is called in messages.
 */
export type ProofBound = { size: number | null; retryAfter: number; covered: string };
export const checkpointBound = (log: LogRow | undefined): ProofBound => ({
  size: log ? (latestCheckpoint(log.num)?.tree_size ?? null) : null,
  retryAfter: retryAfterSeconds(),
  covered: 'a signed checkpoint',
});

/** 409 leaf_pending for a leaf `b` does not cover yet (null: a record whose leaf is not known yet), with its Retry-After. */
export function pending(leafIndex: number | null, b: ProofBound): ApiError {
  const s = b.retryAfter;
  const what = leafIndex === null ? 'The record' : `Leaf ${leafIndex}`;
  return new ApiError(
    'leaf_pending',
    `${what} is not covered by ${b.covered} yet; retry in ${s} s`,
    leafIndex === null ? { retry_after: s } : { leaf_index: leafIndex, retry_after: s },
  ).withHeaders({ 'Retry-After': String(s) });
}

export type InclusionQuery = { leaf_index?: string; record_id?: string; tree_size?: string };

/**
 * GET {base}/inclusion: `resolve` maps a record id of this log to its leaf index (undefined: unknown).
 * tree_size defaults to the latest checkpoint; it may name any size up to it.
 */
export function inclusionOut(
  log: LogRow | undefined,
  q: InclusionQuery,
  resolve: (recordId: string) => number | undefined,
) {
  return inclusionWithin(log, q, resolve, checkpointBound(log));
}

/** inclusionOut within `b` (the head log's endpoint bounds it by its latest published head). */
export function inclusionWithin(
  log: LogRow | undefined,
  q: InclusionQuery,
  resolve: (recordId: string) => number | undefined,
  b: ProofBound,
) {
  const hasLeaf = q.leaf_index !== undefined && q.leaf_index !== '';
  const hasRecord = q.record_id !== undefined && q.record_id !== '';
  if (hasLeaf === hasRecord) throw new ApiError('invalid_leaf_index', 'Send exactly one of leaf_index or record_id');
  let leafIndex: number;
  if (hasLeaf) leafIndex = intParam(q.leaf_index, 'invalid_leaf_index', 'leaf_index');
  else {
    const found = log ? resolve(q.record_id!) : undefined;
    if (found === undefined)
      throw new ApiError('leaf_not_found', 'No record with this id in this log (it may not be written yet)');
    leafIndex = found;
  }
  const hasSize = q.tree_size !== undefined && q.tree_size !== '';
  const size = hasSize ? intParam(q.tree_size, 'invalid_tree_size', 'tree_size') : undefined;
  if (size === 0) throw new ApiError('invalid_tree_size', 'tree_size must be at least 1 for an inclusion proof');
  const latest = b.size;
  if (size !== undefined && size > (latest ?? 0))
    throw new ApiError(
      'invalid_tree_size',
      `tree_size is above the latest size covered by ${b.covered} (${latest ?? 0})`,
    );
  if (!log || latest === null) {
    if (log && leafIndex < appendedSize(log.num)) throw pending(leafIndex, b);
    throw new ApiError('checkpoint_not_found', `This log has no ${b.covered} yet`);
  }
  const treeSize = size ?? latest;
  if (leafIndex >= treeSize) {
    if (size === undefined && leafIndex < appendedSize(log.num)) throw pending(leafIndex, b);
    throw new ApiError('invalid_leaf_index', `leaf_index must be below tree_size (${treeSize})`);
  }
  return inclusionAt(log.num, leafIndex, treeSize);
}

/** RFC 6962 audit path of leaf `leafIndex` in the first `size` leaves of log `num`, leaf side first. */
export const auditPath = (num: number, leafIndex: number, size: number): Uint8Array[] =>
  inclusionPath(sha, nodeReader(num), leafIndex, size);

function inclusionAt(num: number, leafIndex: number, treeSize: number) {
  const read = nodeReader(num);
  return {
    leaf_index: leafIndex,
    tree_size: treeSize,
    leaf_hash: toHex(read(0, leafIndex)),
    audit_path: inclusionPath(sha, read, leafIndex, treeSize).map(toHex),
    root_hash: toHex(rootAt(num, treeSize)),
  };
}

/** GET {base}/consistency?first=M&second=N, 0 <= M <= N <= latest checkpointed size. */
export function consistencyOut(
  log: LogRow | undefined,
  q: { first?: string; second?: string },
  b: ProofBound = checkpointBound(log),
) {
  const first = intParam(q.first, 'invalid_tree_size', 'first');
  const second = intParam(q.second, 'invalid_tree_size', 'second');
  const cpSize = b.size ?? 0;
  if (first > second) throw new ApiError('invalid_tree_size', 'first must not be above second');
  if (second > cpSize)
    throw new ApiError('invalid_tree_size', `second is above the latest size covered by ${b.covered} (${cpSize})`);
  const num = log?.num ?? 0;
  return {
    first,
    second,
    consistency_path: consistencyPath(sha, nodeReader(num), first, second).map(toHex),
    first_root: toHex(rootAt(num, first)),
    second_root: toHex(rootAt(num, second)),
  };
}

/** A leaf's inclusion in a log checkpoint: its place, its audit path, and the signed note stating that root. */
type Inclusion = {
  leaf_index: number;
  tree_size: number;
  leaf_hash: string;
  audit_path: string[];
  root_hash: string;
  checkpoint: string;
};
/** docs/verification.md#15-the-head-step-head-leaf-cosignatures-time-stamp-tokens: where the record's checkpoint sits in the earliest qualifying published head, with its evidence. */
export type HeadBlock =
  | (Inclusion & {
      /** docs/verification.md#keys-in-the-file: the head note's key, in the vkey form of /.well-known/svc-platform-key. */
      note_verifier_key: string;
      timestamps: PublishedHead['timestamps'];
    })
  | { status: 'pending' };
export type LogBlock =
  | (Inclusion & {
      /** Absent for a log whose checkpoints never enter the head (a sandbox tenant's: docs/verification.md#sandbox-records). */
      head?: HeadBlock;
    })
  | { status: 'pending' };

let headVkey: { origin: string; vkey: string } | null = null;
/** The platform key's vkey under the head's origin (the note's first line): the key every published head is signed with. */
function headVerifierKey(note: string): string {
  const origin = note.slice(0, note.indexOf('\n'));
  if (headVkey?.origin !== origin)
    headVkey = { origin, vkey: verifierKey(sha, origin, recordTable().tenants.platformPublicKey()) };
  return headVkey.vkey;
}

/** A record as its log holds it: its tenant, its org (audit events) and its leaf index (null: logged by the migration). */
export type RecordLeaf = { tenantId: string; orgId?: string | null; leafIndex: number | null; id: string };

/**
 * What every proof of a record is built on (the `log` block, the receipt, the tlog-proof): the checkpoint of `size`
 * leaves of its log and, once the record's head is published (record-head.ts), that head. Before the head, the
 * latest checkpoint; after, the smallest checkpoint of its log the head contains: fixed, so the proofs never change
 * again. Null until a checkpoint covers the record.
 */
export type ProofAnchor = {
  log: LogRow;
  leafIndex: number;
  size: number;
  cp: CheckpointRow;
  head: { log: LogRow; leaf: number; published: PublishedHead } | null;
};

export function proofAnchor(rec: RecordLeaf): ProofAnchor | null {
  const log = rec.orgId ? orgLog(rec.tenantId, rec.orgId) : tenantLog(rec.tenantId);
  if (!log) return null;
  const leafIndex = rec.leafIndex ?? migratedLeafIndex(log.num, rec.id);
  const cp = latestCheckpoint(log.num);
  if (leafIndex === undefined || !cp || leafIndex >= cp.tree_size) return null;
  const found = recordHead(log.num, leafIndex);
  const anchored = found ? checkpointAt(log.num, found.logSize) : undefined;
  const headLog = found && platformLog('head');
  if (!found || !anchored || !headLog) return { log, leafIndex, size: cp.tree_size, cp, head: null };
  return {
    log,
    leafIndex,
    size: found.logSize,
    cp: anchored,
    head: { log: headLog, leaf: found.headLeaf, published: found.head },
  };
}

/** The anchor of a record's proofs, or 409 leaf_pending with Retry-After until a checkpoint covers the record. */
export function requireAnchor(rec: RecordLeaf): ProofAnchor {
  const a = proofAnchor(rec);
  if (a) return a;
  const log = rec.orgId ? orgLog(rec.tenantId, rec.orgId) : tenantLog(rec.tenantId);
  const leafIndex = rec.leafIndex ?? (log ? migratedLeafIndex(log.num, rec.id) : undefined);
  throw pending(leafIndex ?? null, checkpointBound(log));
}

/**
 * The `log` block of a record proof (docs/verification.md#12-the-transparency-log): {status: "pending"} until a
 * checkpoint covers the record; then its inclusion in the checkpoint of its anchor, with `head` proving that
 * checkpoint in the record's head, or {status: "pending"} before that head is published. `orgId` selects the org log
 * (leaf_index = seq - 1).
 */
export function logBlockFor(
  tenantId: string,
  rec: { leaf_index?: number | null; id: string },
  orgId?: string,
): LogBlock {
  const a = proofAnchor({ tenantId, orgId, leafIndex: rec.leaf_index ?? null, id: rec.id });
  if (!a) return { status: 'pending' };
  const block = { ...inclusionAt(a.log.num, a.leafIndex, a.size), checkpoint: a.cp.note };
  if (!a.head && recordTable().tenants.sandbox(tenantId)) return block;
  if (!a.head) return { ...block, head: { status: 'pending' } };
  const h = a.head.published;
  return {
    ...block,
    head: {
      ...inclusionAt(a.head.log.num, a.head.leaf, h.tree_size),
      checkpoint: h.note,
      note_verifier_key: headVerifierKey(h.note),
      timestamps: h.timestamps,
    },
  };
}
