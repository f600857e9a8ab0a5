// Owns the platform logs (docs/transparency-logs.md#platform-logs-the-head-log-and-the-operator-log): the appliance's own logs, signed with the platform key, not a tenant's:
// the head log and the operator log. Their leaf data is stored with each leaf (nothing else could rebuild it).
import { config, publicUrl, runtime } from '../config';
import { putGrowing } from '../store/append-only';
import { transact, txnState } from '../store/env';
import { appendLeafHash, originOf, publicHostOf } from './append';
import { putLeavesInTxn } from './leaf-runs';
import { encodeLeaf, heads, leafData, logIds, logs, type LogRow, type PlatformLogName } from './repo';

export type { PlatformLogName };

const key = (name: PlatformLogName): [string, string] => ['', name];

// A platform log's number never changes once made: found once per process.
const nums = new Map<PlatformLogName, number>();

/** The registry row of a platform log, or undefined before its first leaf (or boot). */
export function platformLog(name: PlatformLogName): LogRow | undefined {
  let num = nums.get(name);
  if (num === undefined) {
    num = logIds().get(key(name));
    if (num === undefined) return undefined;
    nums.set(name, num);
  }
  return logs().get(num);
}

/**
 * Inside a write transaction: the platform log's number, creating its registry row on first use. Its origin is
 * `<public host>/<name>` (fixed here when the public host is known, else by the integrator before the first checkpoint).
 */
export function platformLogNumInTxn(name: PlatformLogName): number {
  const found = logIds().get(key(name));
  if (found !== undefined) return found;
  const host = config().publicUrl || runtime.port !== null ? publicHostOf(publicUrl()) : null;
  let num = 1;
  for (const k of logs().getKeys({ reverse: true, limit: 1 })) num = (k as number) + 1;
  const row: LogRow = {
    num,
    tenant_id: '',
    org_id: null,
    domain: name,
    origin: host ? originOf(host, name, null) : null,
    created_at: new Date().toISOString(),
    platform: name,
  };
  logs().putSync(num, row);
  logIds().putSync(key(name), num);
  return num;
}

/** Boot, once the public host is known: registers the head and operator logs, so that their origins name it. */
export function ensurePlatformLogs(): Promise<void> {
  return transact(() => {
    platformLogNumInTxn('head');
    platformLogNumInTxn('operator');
  });
}

/**
 * Inside a write transaction: appends `data` as the next leaves of the platform log (created on first use) and
 * stores each leaf's data; returns the first leaf index. The head is read inside the transaction: the CLI,
 * the console and the server may all append to the operator log, and LMDB serialises their transactions.
 */
export function appendPlatformLeavesInTxn(name: PlatformLogName, data: readonly Uint8Array[]): number {
  // Many operator actions may share one write transaction (a burst of key creations through the API): their leaves
  // are written together at its end, one head and one run for all of them instead of one each.
  const batch = txnState(batches[name], () => startBatch(name), writeBatch);
  if (batch) {
    const at = batch.first + batch.data.length;
    batch.data.push(...data);
    return at;
  }
  const now = startBatch(name);
  now.data.push(...data);
  writeBatch(now);
  return now.first;
}

type Batch = { num: number; first: number; data: Uint8Array[] };
// One key per platform log for txnState.
const batches: Record<PlatformLogName, object> = { head: {}, operator: {} };

/** The log's number (made on first use) and its head, read inside the write transaction. */
function startBatch(name: PlatformLogName): Batch {
  const num = platformLogNumInTxn(name);
  return { num, first: heads().get(num) ?? 0, data: [] };
}

function writeBatch({ num, first, data }: Batch): void {
  if (!data.length) return;
  putLeavesInTxn(
    num,
    first,
    data.map((d) => encodeLeaf(appendLeafHash(d), null)),
  );
  data.forEach((d, i) => putGrowing(leafData(), [num, first + i], Buffer.from(d)));
  heads().putSync(num, first + data.length);
}

/** The stored leaf data of leaves [from, to) of a platform log, in index order (a missing one is skipped). */
export function platformLeafData(num: number, from: number, to: number): Array<[number, Buffer]> {
  return [...leafData().getRange({ start: [num, from], end: [num, to] })].map(({ key: k, value }) => [
    (k as [number, number])[1],
    value,
  ]);
}
