// Owns the operator log (docs/transparency-logs.md#operator-log): one leaf per state-changing operator command, the canonical JSON bytes of
// {action, at, by, target, details}; its checkpoints are signed with the platform key and go into the head like any
// other. Listing it (whole, in pages, or the entries about one tenant), and recomputing it from the stored entries
// against its checkpoints.
import { canonicalBytes } from '../crypto/canonical';
import { decodeCursor, encodeCursor } from '../params';
import { transact } from '../store/env';
import { checkLog, type LogReport } from './integrity';
import { appendedSize } from './logs';
import { appendPlatformLeavesInTxn, platformLeafData, platformLog } from './platform';
import { leafData, operatorLeavesByTenant } from './repo';

/** One operator action. `details` never holds a secret (no API key plaintext, no private key, no master key). */
export type OperatorEntry = {
  action: string;
  at: string;
  by: string;
  target: Record<string, string>;
  details: Record<string, unknown>;
};
export type ListedEntry = { leaf_index: number; entry: unknown };
export type EntryPage = { entries: ListedEntry[]; next_cursor: string | null };

/**
 * Inside the write transaction of the change it records: appends an entry to the operator log and returns its leaf
 * index. An entry whose target names a tenant is indexed under it (that tenant's activity).
 */
export function appendOperatorEntryInTxn(entry: OperatorEntry): number {
  const leaf = appendPlatformLeavesInTxn('operator', [canonicalBytes(entry)]);
  const tenant = entry.target.tenant_id;
  if (tenant) operatorLeavesByTenant().putSync([tenant, leaf], true);
  return leaf;
}

const decoder = new TextDecoder();
/** An entry's stored bytes as JSON, or as its text when they are not JSON. */
function parseEntry(data: Buffer): unknown {
  const text = decoder.decode(data);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Entries from `from`, at most `limit`, in log order; an entry whose bytes are not JSON is shown as its text. */
export function operatorEntries(from = 0, limit = Number.MAX_SAFE_INTEGER): ListedEntry[] {
  const log = platformLog('operator');
  if (!log) return [];
  const to = Math.min(appendedSize(log.num), from + limit);
  return platformLeafData(log.num, from, to).map(([leaf_index, data]) => ({ leaf_index, entry: parseEntry(data) }));
}

/** Entries counted from the end: the newest `limit` (the console's panel). */
export function latestOperatorEntries(limit: number): ListedEntry[] {
  const log = platformLog('operator');
  const n = log ? appendedSize(log.num) : 0;
  return operatorEntries(Math.max(0, n - limit), limit);
}

// docs/api.md#paging-the-operator-log: a cursor names the next leaf index, opaque to clients (src/params.ts, kind l;
// no leading zero, so that one leaf has one cursor).
const entryCursor = (leaf: number): string => encodeCursor('l', String(leaf));
/** The leaf index a cursor of ours names, 0 without one; anything else is 400 bad_request. */
export const decodeEntryCursor = (cursor: string | undefined): number =>
  cursor === undefined || cursor === '' ? 0 : Number(decodeCursor('l', cursor, /^(0|[1-9]\d{0,14})$/));

/** A page of the whole operator log from leaf `from`: at most `limit` entries, and the cursor of the next page. */
export function operatorLogPage(from: number, limit: number): EntryPage {
  const entries = operatorEntries(from, limit + 1);
  const more = entries.length > limit;
  return { entries: entries.slice(0, limit), next_cursor: more ? entryCursor(entries[limit]!.leaf_index) : null };
}

/** A page of the entries about `tenantId` (their target names it), from leaf `from`, in log order. */
export function tenantActivityPage(tenantId: string, from: number, limit: number): EntryPage {
  const log = platformLog('operator');
  if (!log) return { entries: [], next_cursor: null };
  const leaves = [
    ...operatorLeavesByTenant().getKeys({
      start: [tenantId, from],
      end: [tenantId, Number.MAX_SAFE_INTEGER],
      limit: limit + 1,
    }),
  ].map((k) => (k as [string, number])[1]);
  const more = leaves.length > limit;
  const entries = leaves.slice(0, limit).flatMap((i) => {
    const data = leafData().get([log.num, i]);
    return data ? [{ leaf_index: i, entry: parseEntry(data) }] : [];
  });
  return { entries, next_cursor: more ? entryCursor(leaves[limit]!) : null };
}

/**
 * Indexes every stored entry under the tenant `tenantOf` names (upgrade of a data directory written before the
 * index existed; idempotent). Entries written then name a revoked key by its id only: `tenantOf` resolves it.
 */
export async function indexOperatorEntries(tenantOf: (entry: OperatorEntry) => string | undefined): Promise<number> {
  const log = platformLog('operator');
  if (!log) return 0;
  const n = appendedSize(log.num);
  let indexed = 0;
  for (let from = 0; from < n; from += 1000) {
    const rows = platformLeafData(log.num, from, Math.min(n, from + 1000)).flatMap(([i, data]) => {
      const entry = parseEntry(data) as OperatorEntry;
      const tenant = typeof entry === 'object' && entry?.target ? tenantOf(entry) : undefined;
      return tenant ? [[tenant, i] as [string, number]] : [];
    });
    await transact(() => {
      for (const k of rows) operatorLeavesByTenant().putSync(k, true);
    });
    indexed += rows.length;
  }
  return indexed;
}

/**
 * `svc operator verify`: every stored entry hashed again and compared with its leaf, every stored checkpoint's root
 * recomputed from the entries, and the latest checkpoint's signature checked with the platform key.
 */
export function verifyOperatorLog(): LogReport {
  const log = platformLog('operator');
  return checkLog(log, (i) => (log ? (leafData().get([log.num, i]) ?? null) : null));
}
