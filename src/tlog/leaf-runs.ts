// Owns how leaves are stored: in runs of consecutive leaves of one log, one LMDB value per run. The writer makes
// one put per transaction and log instead of one per record, and the integrator and the integrity scans read a
// run per cursor step instead of a leaf per step.
import { putGrowing } from '../store/append-only';
import { subDb, transact } from '../store/env';

/**
 * [logNum, first leaf_index] -> the leaves first, first+1, ...: per leaf a 2-byte big-endian length, then its
 * entry (repo.ts encodeLeaf: the 32-byte leaf hash, then the record reference of a tenant leaf).
 */
const runDb = () => subDb<Buffer, [number, number]>('tlog_leaf_runs', { encoding: 'binary' });

/**
 * A run stays under LMDB's largest value kept inside a 4 KB page (about 2 KB): a larger value takes whole
 * overflow pages of its own, half empty on average. 1,900 bytes hold 37 tenant leaves or 55 org leaves.
 */
export const RUN_MAX_BYTES = 1_900;

/** Inside a write transaction: stores `entries` as leaves first, first+1, ... in as few runs as fit. */
export function putLeavesInTxn(num: number, first: number, entries: readonly Uint8Array[]): void {
  let i = 0;
  while (i < entries.length) {
    let bytes = 2 + entries[i]!.length;
    let j = i + 1;
    while (j < entries.length && bytes + 2 + entries[j]!.length <= RUN_MAX_BYTES) bytes += 2 + entries[j++]!.length;
    const run = Buffer.allocUnsafe(bytes);
    let o = 0;
    for (let k = i; k < j; k++) {
      const e = entries[k]!;
      run.writeUInt16BE(e.length, o);
      run.set(e, o + 2);
      o += 2 + e.length;
    }
    // Runs of one log are appended in index order; other logs' runs may sort after them (then an ordinary put).
    putGrowing(runDb(), [num, first + i], run);
    i = j;
  }
}

/** The first index of the run that would hold leaf `index` (the last run starting at or before it), or null. */
function runStartOf(num: number, index: number): number | null {
  for (const key of runDb().getKeys({ start: [num, index], end: [num, -1], reverse: true, limit: 1 }))
    return (key as [number, number])[1];
  return null;
}

/**
 * Calls `fn` with every stored leaf of [from, to) in index order (entries are views into the run read); a leaf
 * missing from the store is skipped, so callers that need every index compare it with the one they expect.
 */
export function eachLeaf(num: number, from: number, to: number, fn: (index: number, entry: Buffer) => void): void {
  if (from >= to) return;
  const start = runStartOf(num, from) ?? from;
  for (const { key, value: run } of runDb().getRange({ start: [num, start], end: [num, to] })) {
    let index = (key as [number, number])[1];
    for (let o = 0; o < run.length && index < to; index++) {
      const len = run.readUInt16BE(o);
      if (index >= from) fn(index, run.subarray(o + 2, o + 2 + len));
      o += 2 + len;
    }
  }
}

/** The stored entry of leaf `index`, or undefined. */
export function leafAt(num: number, index: number): Buffer | undefined {
  let found: Buffer | undefined;
  eachLeaf(num, index, index + 1, (_, e) => {
    found = e;
  });
  return found;
}

/** The stored leaves of [from, to) as [index, entry] pairs, in order, read a run at a time (integrity scans). */
export function* leavesIn(num: number, from: number, to: number): Generator<[number, Buffer]> {
  let at = from;
  while (at < to) {
    // One run's worth of leaves per read: a scan of a long log holds one run, not the log, in memory.
    const upTo = Math.min(to, at + 64);
    const part: Array<[number, Buffer]> = [];
    eachLeaf(num, at, upTo, (i, e) => part.push([i, e]));
    yield* part;
    at = upTo;
  }
}

/** Leaves a format migration groups into one write transaction. */
const MIGRATION_STEP = 20_000;

/**
 * Format migration (1 -> 2): leaves stored one per value (`tlog_leaves`, [logNum, leaf_index] -> entry) become
 * runs. Safe to interrupt: runs written by an interrupted attempt are dropped first, and the old leaves are
 * cleared only once every run is committed (an empty old database means there is nothing, or nothing more, to do).
 */
export async function leavesToRuns(): Promise<number> {
  const old = subDb<Buffer, [number, number]>('tlog_leaves', { encoding: 'binary' });
  if (!old.getCount()) return 0;
  await transact(() => runDb().clearSync());
  let moved = 0;
  let after: [number, number] | null = null;
  for (;;) {
    // Read a step synchronously (one snapshot), then commit it: no read cursor is held across a commit.
    const groups: Array<{ num: number; first: number; entries: Buffer[] }> = [];
    let cur: (typeof groups)[number] | null = null;
    let n = 0;
    for (const { key, value } of old.getRange({ start: after ?? undefined, limit: MIGRATION_STEP + 1 })) {
      const [num, index] = key as [number, number];
      if (after && num === after[0] && index === after[1]) continue;
      if (n === MIGRATION_STEP) break;
      if (!cur || cur.num !== num || cur.first + cur.entries.length !== index)
        groups.push((cur = { num, first: index, entries: [] }));
      cur.entries.push(value);
      after = [num, index];
      n++;
    }
    if (!n) break;
    await transact(() => {
      for (const g of groups) putLeavesInTxn(g.num, g.first, g.entries);
    });
    moved += n;
  }
  await transact(() => old.clearSync());
  return moved;
}
