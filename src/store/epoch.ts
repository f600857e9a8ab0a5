// Owns change counters ("epochs") that let a process cache decoded rows which other processes (the CLI, the
// console) may change: every such change bumps the counter in its transaction, and a cache entry is trusted
// only while the counter still reads what it read when the entry was made.
import { subDb } from './env';

const db = () => subDb<number, string>('epochs');

/** Inside a write transaction: marks every cached copy of `name` rows as stale, in every process. */
export function bumpEpochInTxn(name: string): void {
  db().putSync(name, (db().get(name) ?? 0) + 1);
}

/** A read-through cache of `load` valid while the epoch of `name` is unchanged (one small read per lookup). */
export function epochCache<V>(name: string, load: (key: string) => V | undefined, max = 10_000): (key: string) => V | undefined {
  let seen = -1;
  const cache = new Map<string, V | undefined>();
  return (key) => {
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
