// The store: append-only sub-databases refuse updates and second records, transactSync commits all or nothing,
// transact runs what is handed to it meanwhile in one transaction.
import { afterAll, describe, expect, it } from 'bun:test';
import { closeStore, openStore, subDb, transact, transactSync, txnState } from '../../src/store/env';
import { appendOnly, AppendConflict } from '../../src/store/append-only';
import { cleanup, tempDir } from '../helpers';

const dir = tempDir();
openStore(dir);
afterAll(async () => {
  await closeStore();
  cleanup(dir);
});

describe('append-only sub-databases', () => {
  it('expose no way to update or delete a record', () => {
    const rows = appendOnly<{ n: number }>('unit_rows');
    const api = Object.keys(rows).sort();
    expect(api).toEqual(['appendInTxn', 'count', 'get', 'has', 'range']);
    for (const forbidden of ['put', 'putSync', 'remove', 'removeSync', 'update', 'delete', 'clear', 'drop'])
      expect((rows as any)[forbidden]).toBeUndefined();
    expect(Object.isFrozen(rows)).toBe(true);
  });
  it('refuse a second record under the same key and keep the first', async () => {
    const rows = appendOnly<{ n: number }>('unit_rows');
    await transact(() => rows.appendInTxn(['a', 1], { n: 1 }));
    await expect(transact(() => rows.appendInTxn(['a', 1], { n: 2 }))).rejects.toBeInstanceOf(AppendConflict);
    expect(rows.get(['a', 1])).toEqual({ n: 1 });
    expect(rows.count()).toBe(1);
  });
  it('still takes a record whose key sorts before the last one, and refuses it a second time', async () => {
    const rows = appendOnly<{ n: number }>('unit_rows_order');
    await transact(() => rows.appendInTxn(['b'], { n: 2 }));
    await transact(() => rows.appendInTxn(['a'], { n: 1 }));
    await expect(transact(() => rows.appendInTxn(['a'], { n: 3 }))).rejects.toBeInstanceOf(AppendConflict);
    expect([...rows.range({})].map((e) => e.value.n)).toEqual([1, 2]);
  });
});

describe('store transactions', () => {
  it('transactSync commits nothing of a callback that throws', () => {
    const db = subDb<number, string>('atomic_test');
    expect(() =>
      transactSync(() => {
        db.putSync('a', 1);
        throw new Error('half way');
      }),
    ).toThrow('half way');
    expect(db.get('a')).toBeUndefined();
    transactSync(() => db.putSync('b', 2));
    expect(db.get('b')).toBe(2);
  });
  it('plain transact keeps what was written before a throw (why the writer uses transactSync)', async () => {
    const db = subDb<number, string>('atomic_test');
    await transact(() => {
      db.putSync('c', 3);
      throw new Error('half way');
    }).catch(() => null);
    expect(db.get('c')).toBe(3);
  });
  it('transact runs the functions handed to it meanwhile in one transaction: each gets its own result or error', async () => {
    const db = subDb<number, string>('group_test');
    const seen: string[] = [];
    // Each function sees the writes of those before it: they run in one transaction, in the order handed.
    const results = await Promise.allSettled([
      transact(() => {
        db.putSync('x', 1);
        return 'first';
      }),
      transact(() => {
        seen.push(`x=${db.get('x')}`);
        throw new Error('second fails');
      }),
      transact(() => {
        db.putSync('y', (db.get('x') ?? 0) + 1);
        return 'third';
      }),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'first',
      'second fails',
      'third',
    ]);
    expect(seen).toEqual(['x=1']);
    expect([db.get('x'), db.get('y')]).toEqual([1, 2]);
  });
  it('txnState keeps one state per transaction, written once after its last function; null outside transact', async () => {
    const db = subDb<number, string>('group_state_test');
    const key = {};
    let ends = 0;
    const add = (n: number) => {
      const s = txnState(
        key,
        () => ({ total: 0 }),
        (st) => {
          ends++;
          db.putSync('total', (db.get('total') ?? 0) + st.total);
        },
      );
      if (!s) throw new Error('no transaction state');
      s.total += n;
    };
    await Promise.all([transact(() => add(1)), transact(() => add(2)), transact(() => add(3))]);
    expect([ends, db.get('total')]).toEqual([1, 6]);
    // Another transaction, another state.
    await transact(() => add(4));
    expect([ends, db.get('total')]).toEqual([2, 10]);
    const none = () => txnState(key, Object, String);
    expect(none()).toBeNull();
    expect(transactSync(none)).toBeNull();
  });
  it('transact refuses a function that returns a promise (its awaited work would land outside the transaction)', async () => {
    await expect(transact(async () => 1)).rejects.toThrow('transact() takes a synchronous function');
  });
});
