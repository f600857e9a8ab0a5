// Owns change counters ("epochs") that let a process cache decoded rows which other processes (the CLI, the
// console) may change: every such change bumps the counter in its transaction, and a cache entry is trusted
// only while the counter still reads what it read when the entry was made.
import { subDb, txnState } from './env';

const db = () => subDb<number, string>('epochs');

/** Inside a write transaction: marks every cached copy of `name` rows as stale, in every process. */
export function bumpEpochInTxn(name: string): void {
  // Once per transaction is enough (readers compare the value only between transactions).
  const names = txnState(BUMPS, () => new Set<string>(), bumpAll);
  if (names) names.add(name);
  else bumpAll([name]);
}
const BUMPS = {};
function bumpAll(names: Iterable<string>): void {
  for (const name of names) db().putSync(name, (db().get(name) ?? 0) + 1);
}

/**
 * A read-through cache of `load` valid while the epoch of `name` is unchanged. The epoch is read at most
 * once per turn of the event loop: LMDB's read snapshot is renewed per turn as well, so a change made by
 * another process is seen by the next turn either way.
 */
export function epochCache<V>(
  name: string,
  load: (key: string) => V | undefined,
  max = 10_000,
): (key: string) => V | undefined {
  let seen = -1;
  let readThisTurn = false;
  const cache = new Map<string, V | undefined>();
  return (key) => {
    if (!readThisTurn) {
      readThisTurn = true;
      setImmediate(() => {
        readThisTurn = false;
      });
    } else if (cache.has(key)) {
      return cache.get(key);
    }
    const now = db().get(name) ?? 0;
    if (now !== seen) {
      cache.clear();
      seen = now;
    }
    if (cache.has(key)) return cache.get(key);
    const v = load(key);
    if (cache.size >= max) cache.clear();
    cache.set(key, v);
    return v;
  };
}
