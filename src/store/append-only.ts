// Owns the append-only view of ledger-like sub-databases: records can be added and read, never changed.
import type { Database, Key, RangeOptions } from 'lmdb';
import { subDb } from './env';

export class AppendConflict extends Error {}

/** The only API over a ledger sub-database: no put, no remove, no update exists here by design. */
export type AppendOnly<V> = Readonly<{
  get(key: Key): V | undefined;
  has(key: Key): boolean;
  range(opts: RangeOptions): Iterable<{ key: Key; value: V }>;
  count(opts?: RangeOptions): number;
  /** Inside transact(): adds the record; throws AppendConflict when the key is taken. */
  appendInTxn(key: Key, value: V): void;
}>;

/**
 * Inside a write transaction: writes `key` with MDB_APPEND when it sorts after every key of `db`, so pages
 * fill up instead of being split in half (LMDB splits in the middle on an ordinary insert); otherwise an
 * ordinary put. For indexes whose keys mostly grow (time-ordered, sequence numbers).
 */
export function putGrowing(db: Database, key: Key, value: unknown): void {
  if (!db.putSync(key, value, { append: true })) db.putSync(key, value);
}

export function appendOnly<V>(name: string): AppendOnly<V> {
  const d = subDb<V>(name);
  return Object.freeze({
    get: (key: Key) => d.get(key),
    has: (key: Key) => d.doesExist(key),
    range: (opts: RangeOptions) => d.getRange(opts) as Iterable<{ key: Key; value: V }>,
    count: (opts?: RangeOptions) => d.getCount(opts),
    appendInTxn(key: Key, value: V) {
      // Record keys mostly only grow (time-ordered ids): MDB_APPEND then fills pages instead of splitting
      // them in half. It refuses a key below the last one; that record is inserted the ordinary way.
      if (d.putSync(key, value, { append: true, noOverwrite: true })) return;
      if (!d.putSync(key, value, { noOverwrite: true })) throw new AppendConflict(`record exists: ${String(key)}`);
    },
  });
}
