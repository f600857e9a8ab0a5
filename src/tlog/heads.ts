// Owns the head log's published state (docs/transparency-logs.md#head-checkpoints-and-publication): the signed head waiting for witnesses and TSAs, the published
// heads (the platform note with its cosignature lines and timestamps; every one kept, nothing else served), where a
// log checkpoint sits in the head, and the clock skew measured against the latest token.
import { config } from '../config';
import { transact } from '../store/env';
import { consistencyPath } from '../verify/merkle';
import { latestCheckpoint } from './checkpoints';
import { allLogs, sha, type LogRow } from './logs';
import { platformLog } from './platform';
import { headLeaves, meta, publishedHeads, type PublishedHeadRow } from './repo';
import { nodeReader } from './subtrees';

export type { PublishedHeadRow };
export type PublishedHead = PublishedHeadRow & { tree_size: number };

/** The head log's registry row (made at boot), or undefined before. */
export const headLog = (): LogRow | undefined => platformLog('head');

// The newest published head, read on every head request. Kept in memory only while this process's publisher runs
// (it then makes every newer head itself): a standby's heads arrive by replication and the CLI's by other processes,
// so they read the store each time, as latestCheckpoint does for the integrator's checkpoints.
let latest: PublishedHead | undefined;
let caching = false;

/** The head publisher's start and stop: whether this process publishes the heads, and so may keep the newest. */
export function cacheLatestHead(on: boolean): void {
  caching = on;
  latest = undefined;
}

/** The newest published head, or null before the first. */
export function latestPublishedHead(): PublishedHead | null {
  if (caching && latest !== undefined) return latest;
  let found: PublishedHead | null = null;
  for (const { key, value } of publishedHeads().getRange({ reverse: true, limit: 1 }))
    found = { ...value, tree_size: key as number };
  // Only a found head is remembered: another process (a restore, the CLI) may see the first one appear.
  if (caching && found) latest = found;
  return found;
}

/** The published head of exactly `size` leaves, or null. */
export function publishedHeadAt(size: number): PublishedHead | null {
  const row = publishedHeads().get(size);
  return row ? { ...row, tree_size: size } : null;
}

/** The latest signed head checkpoint not yet published (what the publisher works on), or null. */
export function unpublishedHead(): { tree_size: number; note: string; root: Buffer; issued_at: string } | null {
  const log = headLog();
  const cp = log ? latestCheckpoint(log.num) : null;
  if (!cp || cp.tree_size <= (latestPublishedHead()?.tree_size ?? 0)) return null;
  return cp;
}

/**
 * Stores a published head (publisher only; a size is published once) and, in the same write, the clock skew measured
 * against its newest token: one write transaction per head, which the writers' transactions wait for.
 */
export async function storePublishedHead(
  size: number,
  row: PublishedHeadRow,
  skew: ClockSkew | null = null,
): Promise<void> {
  await transact(() => {
    if (publishedHeads().get(size) === undefined) publishedHeads().putSync(size, row);
    if (skew) meta().putSync(CLOCK, skew);
  });
  if (!caching) return;
  const stored = publishedHeads().get(size)!;
  if (!latest || size > latest.tree_size) latest = { ...stored, tree_size: size };
}

/** RFC 6962 consistency proof of the head log from `from` to `to` leaves (both integrated), for a witness push. */
export function headConsistency(from: number, to: number): Uint8Array[] {
  const log = headLog();
  if (!log) throw new Error('the head log does not exist yet');
  return consistencyPath(sha, nodeReader(log.num), from, to);
}

/** The head leaf index of the checkpoint of `size` leaves of log `num`, or undefined when it was signed before the head existed. */
export const headLeafOf = (num: number, size: number): number | undefined => headLeaves().get([num, size]);

// Origins of the logs, for ?origin=: a log's origin never changes once set, and logs are only added.
const byOrigin = new Map<string, number>();
/** The log number of an origin, or undefined. */
export function logOfOrigin(origin: string): number | undefined {
  let num = byOrigin.get(origin);
  if (num === undefined) {
    for (const l of allLogs()) if (l.origin) byOrigin.set(l.origin, l.num);
    num = byOrigin.get(origin);
  }
  return num;
}

/** Seconds a client should wait for a head covering a checkpoint (Retry-After of the head's leaf_pending). */
export const headRetryAfterSeconds = (): number => config().headSeconds + 1;

/** The appliance clock against the latest kept token: local receipt time minus its genTime, in seconds. */
export type ClockSkew = { skew_seconds: number; gen_time: string; tsa: string; measured_at: string };
const CLOCK = 'clock';
export const clockSkew = (): ClockSkew | null => (meta().get(CLOCK) as ClockSkew | undefined) ?? null;
