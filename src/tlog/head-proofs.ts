// Owns the head log's public reads (docs/transparency-logs.md#head-endpoints-public-rate-limited-like-the-other-public-routes): a published head, inclusion of a head leaf (by index, or by the
// origin and size of the log checkpoint it commits to) and consistency, all bounded by the latest PUBLISHED head:
// a head signed but not yet cosigned and stamped is never served.
import { ApiError } from '../errors';
import { consistencyOut, inclusionWithin, intParam, pending, type ProofBound } from './proofs';
import { headOfLeaf } from './record-head';
import {
  headLeafOf,
  headLog,
  headRetryAfterSeconds,
  latestPublishedHead,
  logOfOrigin,
  publishedHeadAt,
  type PublishedHead,
} from './heads';

const bound = (): ProofBound => ({
  size: latestPublishedHead()?.tree_size ?? null,
  retryAfter: headRetryAfterSeconds(),
  covered: 'a published head',
});
const given = (v: string | undefined): v is string => v !== undefined && v !== '';

function headOut(h: PublishedHead) {
  return {
    origin: headLog()!.origin,
    tree_size: h.tree_size,
    root_hash: h.root.toString('hex'),
    checkpoint: h.note,
    cosignatures: h.cosignatures,
    timestamps: h.timestamps,
    issued_at: h.issued_at,
  };
}

/** GET /v1/proof/head/checkpoint[?tree_size=N]: the latest published head, or the published head of N leaves. */
export function headCheckpointOut(q: { tree_size?: string }) {
  const h = given(q.tree_size)
    ? publishedHeadAt(intParam(q.tree_size, 'invalid_tree_size', 'tree_size'))
    : latestPublishedHead();
  if (!h)
    throw new ApiError(
      'checkpoint_not_found',
      given(q.tree_size) ? `No published head of ${q.tree_size} leaves` : 'No head has been published yet',
    );
  return headOut(h);
}

export type HeadInclusionQuery = { leaf_index?: string; origin?: string; size?: string; tree_size?: string };

/** GET /v1/proof/head/inclusion?leaf_index=N | ?origin=O&size=S [&tree_size=M]. */
export function headInclusionOut(q: HeadInclusionQuery) {
  const byCheckpoint = given(q.origin) || given(q.size);
  if (byCheckpoint && given(q.leaf_index))
    throw new ApiError('invalid_leaf_index', 'Send either leaf_index or origin and size');
  if (!byCheckpoint)
    return inclusionWithin(headLog(), { leaf_index: q.leaf_index, tree_size: q.tree_size }, () => undefined, bound());
  const { index } = checkpointHeadLeaf(q);
  return inclusionWithin(headLog(), { leaf_index: String(index), tree_size: q.tree_size }, () => undefined, bound());
}

/** A log checkpoint named by ?origin=O&size=S: its log, and the index of its head leaf; 404 leaf_not_found when none. */
export function checkpointHeadLeaf(q: { origin?: string; size?: string }): {
  num: number;
  size: number;
  index: number;
} {
  if (!given(q.origin)) throw new ApiError('leaf_not_found', 'origin is required with size');
  const size = intParam(q.size, 'invalid_tree_size', 'size');
  const num = logOfOrigin(q.origin);
  const index = num === undefined ? undefined : headLeafOf(num, size);
  if (num === undefined || index === undefined)
    throw new ApiError('leaf_not_found', `No signed checkpoint of ${q.origin} at size ${size} is in the head`);
  return { num, size, index };
}

/**
 * A log checkpoint (?origin=O&size=S) in its head: its head leaf, the head log and the earliest published head that
 * contains it (the head of its records' proofs). 404 leaf_not_found for no such checkpoint, 409 leaf_pending (with the
 * head's Retry-After) until that head is published.
 */
export function checkpointInHead(q: { origin?: string; size?: string }) {
  const { index } = checkpointHeadLeaf(q);
  const head = headOfLeaf(index);
  const log = headLog();
  if (!head || !log) throw pending(index, bound());
  return { index, log, head };
}

/** GET /v1/proof/head/consistency?first=M&second=N, N at most the latest published head's size. */
export const headConsistencyOut = (q: { first?: string; second?: string }) => consistencyOut(headLog(), q, bound());
