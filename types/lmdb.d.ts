// Corrects one return type in lmdb-js's declarations: putSync with conditional options reports whether it wrote.
import type { Key, PutOptions } from 'lmdb';

declare module 'lmdb' {
  interface Database<V, K extends Key> {
    /**
     * lmdb 3.5 (write.js) returns put(...) === SYNC_PROMISE_SUCCESS, inside or outside a write transaction:
     * false when noOverwrite or ifVersion refused the write. Its index.d.ts declares void.
     */
    putSync(id: K, value: V, options: PutOptions): boolean;
  }
}
