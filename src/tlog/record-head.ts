// Owns finding a record's head (docs/verification.md#15-the-head-step-head-leaf-cosignatures-time-stamp-tokens): the earliest published head that contains a checkpoint of the record's
// log covering it (and, with TSAs configured, carries a timestamp), and the smallest such checkpoint. Two bounded
// range reads over indexes the integrator and the publisher already keep: [log, checkpoint size] -> head leaf, in
// size order, and the published heads by size.
import { config } from '../config';
import type { PublishedHead } from './heads';
import { headLeaves, publishedHeads } from './repo';

/** Where a record's complete proof is anchored: its log's checkpoint of `logSize` leaves is head leaf `headLeaf` of `head`. */
export type RecordHead = { logSize: number; headLeaf: number; head: PublishedHead };

// Published heads read per lookup while looking for one with a timestamp (TSAs down for a long while): past that, pending.
const SCAN = 256;

/**
 * The head evidence of leaf `leafIndex` of log `num`, or null while no published head qualifies. Head leaves are in
 * signing order, so the first checkpoint covering the leaf that has a head leaf is in every head that holds any
 * covering checkpoint (checkpoints signed before the head log existed have no head leaf and are passed over).
 */
export function recordHead(num: number, leafIndex: number): RecordHead | null {
  let first: { logSize: number; headLeaf: number } | null = null;
  for (const { key, value } of headLeaves().getRange({ start: [num, leafIndex + 1], end: [num + 1], limit: 1 })) {
    first = { logSize: (key as [number, number])[1], headLeaf: value };
  }
  if (!first) return null;
  const head = headOfLeaf(first.headLeaf);
  return head ? { ...first, head } : null;
}

/**
 * The earliest published head that contains head leaf `headLeaf` and, with TSAs configured, carries a timestamp: the
 * head a checkpoint's head receipt and head tlog-proof are built on. Null while none is published.
 */
export function headOfLeaf(headLeaf: number): PublishedHead | null {
  const stamped = config().tsaUrls.length > 0;
  // The range is read lazily: the first published head past the leaf is nearly always the one.
  for (const { key, value } of publishedHeads().getRange({ start: headLeaf + 1, limit: SCAN })) {
    if (!stamped || value.timestamps.length > 0) return { ...value, tree_size: key as number };
  }
  return null;
}
