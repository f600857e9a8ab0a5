// Owns the durable intake queue: accepted writes land here (fsync'd) before the API answers.
import type { Database, Key } from 'lmdb';
import { ulid } from '../crypto/ids';
import { subDb } from './env';
import { ApiError } from '../errors';
import { log } from '../log';

export type QueueItem<D = any> = { kind: string; data: D; at: number };
type Listener = () => void;

const db = (): Database<QueueItem, string> => subDb<QueueItem, string>('intake_queue');
/** The intake queue sub-database (for store/batch.ts, which applies and removes its items). */
export const queueDb = db;
const listeners = new Set<Listener>();

export type EnqueueOptions = {
  /** Enqueue only when this key does not exist yet in `db` (checked at commit). */
  unlessExists?: { db: Database; key: Key };
  /** Extra writes committed atomically with the item (same condition). */
  with?: Array<{ db: Database; key: Key; value: unknown }>;
};

/**
 * Durably writes `value` at `key` of `target` (with the extra writes, under the condition) and resolves
 * true once fsync'd, false when `unlessExists` failed. Concurrent calls share commits. Throws ingest_failed.
 */
export async function durablePut(target: Database, key: Key, value: unknown, opts: EnqueueOptions = {}): Promise<boolean> {
  const writes = () => {
    target.put(key, value);
    for (const w of opts.with ?? []) w.db.put(w.key, w.value);
  };
  try {
    if (opts.unlessExists) return await opts.unlessExists.db.ifNoExists(opts.unlessExists.key, writes);
    if (opts.with?.length) return await target.transaction(() => { writes(); return true; });
    return await target.put(key, value);
  } catch (e) {
    log('error', 'durable write failed', { error: String((e as Error).message) });
    throw new ApiError('ingest_failed', 'Record not persisted or queued; safe to retry');
  }
}

/**
 * Durably appends an item to the intake queue; resolves as durablePut does. Items are keyed by a
 * monotonic ULID, so the worker drains them in acceptance order.
 */
export async function enqueue(kind: string, data: unknown, opts: EnqueueOptions = {}): Promise<boolean> {
  const ok = await durablePut(db(), ulid(), { kind, data, at: Date.now() } satisfies QueueItem, opts);
  if (ok) for (const l of listeners) l();
  return ok;
}

/** The oldest `limit` items, in acceptance order. */
export function peek(limit: number): Array<{ key: string; value: QueueItem }> {
  return [...db().getRange({ limit })] as Array<{ key: string; value: QueueItem }>;
}

export function depth(): number {
  return db().getCount();
}
/** Age in ms of the oldest waiting item (0 when empty). */
export function oldestAgeMs(): number {
  for (const { value } of db().getRange({ limit: 1 })) return Date.now() - (value as QueueItem).at;
  return 0;
}

export function onEnqueue(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
