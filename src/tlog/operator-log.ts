// Owns the operator log (DECISIONS 11): one leaf per state-changing operator command, the canonical JSON bytes of
// {action, at, by, target, details}; its checkpoints are signed with the platform key and go into the head like any
// other. Listing it, and recomputing it from the stored entries against its checkpoints.
import { canonicalBytes } from '../crypto/canonical';
import { transact } from '../store/env';
import { checkLog, type LogReport } from './integrity';
import { appendedSize } from './logs';
import { appendPlatformLeavesInTxn, platformLeafData, platformLog } from './platform';
import { leafData } from './repo';

/** One operator action. `details` never holds a secret (no API key plaintext, no private key, no master key). */
export type OperatorEntry = {
  action: string;
  at: string;
  by: string;
  target: Record<string, string>;
  details: Record<string, unknown>;
};

/** Appends an entry to the operator log in its own durable transaction; returns its leaf index. */
export function appendOperatorEntry(entry: OperatorEntry): Promise<number> {
  const bytes = canonicalBytes(entry);
  return transact(() => appendPlatformLeavesInTxn('operator', [bytes]));
}

const decoder = new TextDecoder();

/** Entries from `from`, at most `limit`, in log order; an entry whose bytes are not JSON is shown as its text. */
export function operatorEntries(
  from = 0,
  limit = Number.MAX_SAFE_INTEGER,
): Array<{ leaf_index: number; entry: unknown }> {
  const log = platformLog('operator');
  if (!log) return [];
  const to = Math.min(appendedSize(log.num), from + limit);
  return platformLeafData(log.num, from, to).map(([leaf_index, data]) => {
    const text = decoder.decode(data);
    try {
      return { leaf_index, entry: JSON.parse(text) as unknown };
    } catch {
      return { leaf_index, entry: text };
    }
  });
}

/** Entries counted from the end: the newest `limit` (the console's panel). */
export function latestOperatorEntries(limit: number): Array<{ leaf_index: number; entry: unknown }> {
  const log = platformLog('operator');
  const n = log ? appendedSize(log.num) : 0;
  return operatorEntries(Math.max(0, n - limit), limit);
}

/**
 * `svc operator verify`: every stored entry hashed again and compared with its leaf, every stored checkpoint's root
 * recomputed from the entries, and the latest checkpoint's signature checked with the platform key.
 */
export function verifyOperatorLog(): LogReport {
  const log = platformLog('operator');
  return checkLog(log, (i) => (log ? (leafData().get([log.num, i]) ?? null) : null));
}
