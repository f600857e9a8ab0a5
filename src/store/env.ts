// Owns the LMDB environment: opening it, named sub-databases, and every write transaction.
import { open, type Database, type RootDatabase } from 'lmdb';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

let root: RootDatabase | null = null;
const dbs = new Map<string, Database>();

/**
 * Opens (once per process) the environment at DATA/db. overlappingSync is off so that a resolved
 * put() means fsync'd, not merely committed: an answered 201 survives a kill -9 or power loss.
 */
export function openStore(dataDir: string): RootDatabase {
  if (root) return root;
  const path = join(dataDir, 'db');
  mkdirSync(path, { recursive: true });
  root = open({ path, overlappingSync: false, maxDbs: 64, mapSize: 64 * 1024 ** 3, noMemInit: true });
  return root;
}

function env(): RootDatabase {
  if (!root) throw new Error('store not open');
  return root;
}

/** A named sub-database with ordered-binary keys (arrays sort element-wise) and msgpack values. */
export function subDb<V = any, K extends import('lmdb').Key = import('lmdb').Key>(name: string, opts: { dupSort?: boolean; encoding?: 'msgpack' | 'binary' | 'string'; sharedStructures?: boolean } = {}): Database<V, K> {
  let d = dbs.get(name);
  if (!d) {
    d = env().openDB({
      name, keyEncoding: 'ordered-binary', encoding: opts.encoding ?? 'msgpack', dupSort: opts.dupSort,
      // Record shapes stored once in the database instead of in every value (rows written before still decode).
      ...(opts.sharedStructures ? { sharedStructuresKey: Symbol.for('structures') } : {}),
    });
    dbs.set(name, d);
  }
  return d as unknown as Database<V, K>;
}

/**
 * Runs `fn` inside the next batched, durable write transaction (shared with concurrent puts).
 * Reads inside `fn` see the transaction's own writes. Resolves to fn's result once fsync'd.
 */
export function transact<T>(fn: () => T): Promise<T> {
  return env().transaction(fn) as Promise<T>;
}

/**
 * As transact(), but all or nothing: when `fn` throws, none of its writes is committed (an abortable child
 * transaction; plain transact() keeps the writes made before the throw). Rejects with what `fn` threw.
 */
export function transactAtomic<T>(fn: () => T): Promise<T> {
  return env().childTransaction(fn) as Promise<T>;
}

/**
 * Read-modify-write of one row in one durable transaction: merges `change(current)` into the row at
 * `key` and writes it back; `also` runs in the same transaction with the new row. Resolves to the new
 * row, or null when there is no row at `key` (nothing is written).
 */
export function updateRow<V extends object, K extends import('lmdb').Key>(db: Database<V, K>, key: K, change: (cur: V) => Partial<V>, also?: (next: V) => void): Promise<V | null> {
  return transact(() => {
    const cur = db.get(key);
    if (cur === undefined) return null;
    const next = { ...cur, ...change(cur) };
    db.putSync(key, next);
    also?.(next);
    return next;
  });
}

/** Resolves once every write issued so far is durable. */
export function flushed(): Promise<void> {
  return env().flushed as unknown as Promise<void>;
}

/** Lets readers see commits made by other processes (CLI, console) right away. */
export function refreshReads(): void {
  env().resetReadTxn();
}

export async function closeStore(): Promise<void> {
  if (!root) return;
  const r = root;
  root = null;
  dbs.clear();
  await r.close();
}
