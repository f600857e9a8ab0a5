// Owns reading signed checkpoints: the newest of a log (cached: read on every proof), one by size, all of a log.
import { toHex } from '../verify/primitives';
import { checkpoints, type CheckpointRow } from './repo';
import { orgLog } from './logs';

// The newest checkpoint per log: read on every proof. Kept only while this process's integrator runs, the one writer of
// checkpoints then (rememberCheckpoint): a standby, whose checkpoints arrive by replication, and the CLI read the store.
const latestCache = new Map<number, (CheckpointRow & { tree_size: number }) | null>();
let caching = false;

/** The integrator's start and stop: whether this process signs the checkpoints, and so may keep the newest in memory. */
export function cacheLatestCheckpoints(on: boolean): void {
  caching = on;
  latestCache.clear();
}

/** The newest signed checkpoint of a log, or null. */
export function latestCheckpoint(num: number): (CheckpointRow & { tree_size: number }) | null {
  const hit = caching ? latestCache.get(num) : undefined;
  if (hit !== undefined) return hit;
  let found: (CheckpointRow & { tree_size: number }) | null = null;
  for (const { key, value } of checkpoints().getRange({
    start: [num, Number.MAX_SAFE_INTEGER],
    end: [num, -1],
    reverse: true,
    limit: 1,
  })) {
    found = { ...value, tree_size: (key as [number, number])[1] };
  }
  if (caching) latestCache.set(num, found);
  return found;
}
/** Called by the integrator once a new checkpoint is committed. */
export function rememberCheckpoint(num: number, cp: CheckpointRow & { tree_size: number }): void {
  if (caching) latestCache.set(num, cp);
}
export function checkpointAt(num: number, size: number): CheckpointRow | undefined {
  return checkpoints().get([num, size]);
}
/** Every stored checkpoint of a log in size order (integrity scan). */
export function checkpointsOf(num: number): Array<CheckpointRow & { tree_size: number }> {
  return [...checkpoints().getRange({ start: [num, 0], end: [num, Number.MAX_SAFE_INTEGER] })].map(
    ({ key, value }) => ({ ...value, tree_size: (key as [number, number])[1] }),
  );
}

/** The org's latest checkpoint as exports record it and the portal shows it: {tree_size, root_hash, note}, or null. */
export function orgCheckpoint(
  tenantId: string,
  orgId: string,
): { tree_size: number; root_hash: string; note: string } | null {
  const log = orgLog(tenantId, orgId);
  const cp = log ? latestCheckpoint(log.num) : null;
  return cp ? { tree_size: cp.tree_size, root_hash: toHex(cp.root), note: cp.note } : null;
}
