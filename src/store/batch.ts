// Owns applying a batch of durable queue items exactly once: prepared outside the transaction, then
// applied and removed from their queue inside one transaction; an item that cannot be prepared is moved
// to a dead-letter sub-database, never lost.
import type { Database, Key } from 'lmdb';
import { log } from '../log';
import { transact } from './env';

export type Applicable = { apply(): void };

/**
 * Prepares every item (hashing, signing: CPU work outside the write lock), then in one transaction applies
 * the prepared ones, moves the others to `deadLetters`, removes all from `queue`, and runs `inTxn`.
 * Resolves to the prepared items (null where preparing failed) once the transaction is durable.
 */
export async function applyBatch<K extends Key, V, P extends Applicable>(
  items: Array<{ key: K; value: V }>,
  queue: Database<V, K>,
  deadLetters: Database<V, K>,
  prepare: (value: V, key: K) => P,
  what: string,
  inTxn?: () => void,
): Promise<Array<P | null>> {
  const prepared = items.map(({ key, value }) => {
    try {
      return prepare(value, key);
    } catch (e) {
      log('error', `${what} could not be applied`, { queue_key: String(key), error: String((e as Error).message) });
      return null;
    }
  });
  await transact(() => {
    items.forEach(({ key, value }, i) => {
      const p = prepared[i];
      if (p) p.apply();
      else deadLetters.putSync(key, value);
      queue.removeSync(key);
    });
    inTxn?.();
  });
  return prepared;
}
