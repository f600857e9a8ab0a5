// Owns the LMDB environment: opening it, named sub-databases, and every write transaction.
import { open, type Database, type RootDatabase } from 'lmdb';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkFormat, forgetFormat } from './format';

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
  const opened = open({ path, overlappingSync: false, maxDbs: 64, mapSize: 64 * 1024 ** 3, noMemInit: true });
  try {
    checkFormat(opened);
  } catch (e) {
    void opened.close();
    throw e;
  }
  root = opened;
  return root;
}

function env(): RootDatabase {
  if (!root) throw new Error('store not open');
  return root;
}

/** A named sub-database with ordered-binary keys (arrays sort element-wise) and msgpack values. */
export function subDb<V = any, K extends import('lmdb').Key = import('lmdb').Key>(name: string, opts: { dupSort?: boolean; encoding?: 'msgpack' | 'binary' | 'string' } = {}): Database<V, K> {
  let d = dbs.get(name);
  if (!d) {
    d = env().openDB({ name, keyEncoding: 'ordered-binary', encoding: opts.encoding ?? 'msgpack', dupSort: opts.dupSort });
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

/** Resolves once every write issued so far is durable. */
export function flushed(): Promise<void> {
  return env().flushed as unknown as Promise<void>;
}

/** Lets readers see commits made by other processes (CLI, console) right away. */
export function refreshReads(): void {
  env().resetReadTxn();
}

/** Size of the memory map and the bytes of it in use (up to the last written page), for metrics and `svc doctor`. */
export function storeStats(): { mapSize: number; usedBytes: number } {
  const s = env().getStats() as { mapSize: number; lastPageNumber: number; pageSize: number };
  return { mapSize: s.mapSize, usedBytes: (s.lastPageNumber + 1) * s.pageSize };
}

export async function closeStore(): Promise<void> {
  if (!root) return;
  const r = root;
  root = null;
  dbs.clear();
  forgetFormat();
  await r.close();
}
